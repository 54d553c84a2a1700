import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages, type FlashNodesList } from '@testbed/contract';
import { describe, expect, it } from 'vitest';
import { renderApp, signInAs, signinReply } from '../../../test/app';
import { fakeServer } from '../../../test/fake-server';

const me = (hasSshKey: boolean) => {
  const { accessToken: _token, tokenType: _type, expiresAt: _expires, ...rest } = signinReply({ hasSshKey });
  return rest;
};

const device = (ip: string, up: boolean, flashable: boolean, typeFlashable: boolean) => ({
  ip,
  up,
  images: ['raspios', 'ubuntu'],
  isFlashableByCurrentUser: flashable,
  hasDeviceFlashableByCurrentUser: typeFlashable,
});

const nodes: FlashNodesList = {
  'raspberry-pi-4': {
    '02:00:00:01:00:01': device('10.0.1.11', true, true, true),
    '02:00:00:01:00:02': device('10.0.1.12', true, false, true),
  },
  'openwrt-router': { '02:00:00:02:00:01': device('10.0.2.11', true, false, false) },
};

describe('flash nodes page', { timeout: 30_000 }, () => {
  it('sends a user without an SSH key to the no-key page', async () => {
    signInAs('USER', { userId: 7, hasSshKey: true });
    fakeServer({
      'GET /api/auth/me': () => ({ body: me(false) }),
      'GET /api/getNodes': () => ({ body: nodes }),
      'GET /api/flashJobs': () => ({ body: [] }),
    });
    const { location } = renderApp('/flashNodes/7');
    await waitFor(() => expect(location()).toBe('/noSshkeyValid/7'));
  });

  it('disables what cannot be flashed, starts a flash and locks only its device while it runs', async () => {
    signInAs('USER', { userId: 7 });
    const server = fakeServer({
      'GET /api/auth/me': () => ({ body: me(true) }),
      'GET /api/getNodes': () => ({ body: nodes }),
      'GET /api/flashJobs': () => ({ body: [] }),
      'POST /api/flashNodes': () => ({ body: { value0: true, value1: Math.floor(Date.now() / 1000), value2: '0b6c8f8e-3c1a-4d7e-9f55-7d7bb0b1d1c2' } }),
      'POST /api/checkFlashing': () => ({
        body: { value0: true, value1: '2026-11-22T10:00:05Z : Writing image raspios', state: 'flashing', error: null },
      }),
    });
    const user = userEvent.setup();
    renderApp('/flashNodes/7');
    // The navigation has a Flash menu too: the button is the form's.
    const form = await screen.findByRole('form', { name: messages.FLASH_FORM });
    const flash = within(form).getByRole('button', { name: messages.FLASH_BUTTON });
    expect(flash).toBeDisabled();

    await user.click(screen.getByRole('combobox', { name: messages.DEVICE_TYPE }));
    expect(await screen.findByRole('option', { name: 'openwrt-router', hidden: true })).toHaveAttribute('data-combobox-disabled', 'true');
    await user.click(await screen.findByRole('option', { name: 'raspberry-pi-4', hidden: true }));
    await user.click(screen.getByRole('combobox', { name: messages.DEVICE }));
    expect(await screen.findByRole('option', { name: `10.0.1.12 (02:00:00:01:00:02) · ${messages.DEVICE_NOT_FLASHABLE}`, hidden: true })).toHaveAttribute(
      'data-combobox-disabled',
      'true',
    );
    await user.click(await screen.findByRole('option', { name: '10.0.1.11 (02:00:00:01:00:01)', hidden: true }));
    await user.click(screen.getByRole('combobox', { name: messages.IMAGE }));
    await user.click(await screen.findByRole('option', { name: 'ubuntu', hidden: true }));
    expect(flash).toBeEnabled();
    await user.click(flash);

    expect(await screen.findByText('2026-11-22T10:00:05Z : Writing image raspios')).toBeInTheDocument();
    expect(server.called('POST', '/api/flashNodes')[0]!.body).toEqual({ deviceType: 'raspberry-pi-4', device: '02:00:00:01:00:01', image: 'ubuntu' });
    expect(server.called('POST', '/api/checkFlashing')[0]!.body).toEqual({ handle: '0b6c8f8e-3c1a-4d7e-9f55-7d7bb0b1d1c2' });
    expect(flash).toBeDisabled();
    expect(screen.getByRole('combobox', { name: messages.DEVICE })).toHaveValue(`10.0.1.11 (02:00:00:01:00:01) · ${messages.DEVICE_DOWN}`);
    // The rest of the form stays usable: another device may be flashed meanwhile.
    expect(screen.getByRole('button', { name: messages.RESET_ALL_VALUES })).toBeEnabled();
    expect(screen.getByRole('combobox', { name: messages.DEVICE_TYPE })).toBeEnabled();
  });

  it("starts with the reservation's devices chosen when opened from one", async () => {
    signInAs('USER', { userId: 7 });
    fakeServer({
      'GET /api/auth/me': () => ({ body: me(true) }),
      'GET /api/getNodes': () => ({ body: nodes }),
      'GET /api/flashJobs': () => ({ body: [] }),
    });
    renderApp(`/flashNodes/7?devices=${encodeURIComponent('02:00:00:01:00:01')}`);
    await screen.findByRole('form', { name: messages.FLASH_FORM });
    expect(screen.getByRole('combobox', { name: messages.DEVICE_TYPE })).toHaveValue('raspberry-pi-4');
    expect(screen.getByRole('combobox', { name: messages.DEVICE })).toHaveValue('10.0.1.11 (02:00:00:01:00:01)');
    expect(screen.getByRole('combobox', { name: messages.IMAGE })).toBeEnabled();
  });

  it('starts with several devices chosen, as one batch, when the reservation holds several of a type', async () => {
    signInAs('USER', { userId: 7 });
    fakeServer({
      'GET /api/auth/me': () => ({ body: me(true) }),
      'GET /api/getNodes': () => ({ body: nodes }),
      'GET /api/flashJobs': () => ({ body: [] }),
    });
    renderApp(`/flashNodes/7?devices=${encodeURIComponent('02:00:00:01:00:01,02:00:00:01:00:02')}`);
    await screen.findByRole('form', { name: messages.FLASH_FORM });
    expect(screen.getByRole('checkbox', { name: messages.FLASH_SEVERAL })).toBeChecked();
    expect(screen.getByRole('combobox', { name: messages.DEVICE_TYPE })).toHaveValue('raspberry-pi-4');
  });
});
