import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { experimentMessages as texts, messages, type FlashNodesList } from '@testbed/contract';
import { describe, expect, it } from 'vitest';
import { abilitiesOf, renderApp, signInAs, signinReply } from '../../../test/app';
import { fakeServer } from '../../../test/fake-server';

const abilities = { ...abilitiesOf('USER'), 'experiments:list': true, 'experiment:submit': true };
const me = () => {
  const { accessToken: _token, tokenType: _type, expiresAt: _expires, ...rest } = signinReply({ abilities });
  return rest;
};

const node = (ip: string) => ({ ip, up: true, images: ['openwrt-23'], isFlashableByCurrentUser: true, hasDeviceFlashableByCurrentUser: true });
const nodes: FlashNodesList = {
  'openwrt-router': { '02:00:00:02:00:01': node('10.0.2.11'), '02:00:00:02:00:02': node('10.0.2.12') },
  'nrf52840-dk': { '02:00:00:03:00:01': node('10.0.3.11') },
};
const flashable: Record<string, unknown[]> = {
  'openwrt-router': [{ ref: 'openwrt-23', label: 'openwrt-23', kind: 'operator', sha256: null }],
  'nrf52840-dk': [
    { ref: 'contiki-ng', label: 'contiki-ng', kind: 'operator', sha256: null },
    { ref: 'image:42', label: 'my-firmware 1.0', kind: 'own', sha256: 'ab'.repeat(32) },
  ],
};

const start = '2026-12-01T10:00:00.000Z';
const device = (group: number, deviceType: string, macAddress: string, ipAddress: string, image: string) => ({ group, deviceType, macAddress, ipAddress, image });

async function choose(user: ReturnType<typeof userEvent.setup>, scope: HTMLElement, label: string, option: string) {
  await user.click(within(scope).getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option, hidden: true }));
}

/** The signed-in user's portal: the device types, their images, no template; and `routes`. */
function portal(routes: Parameters<typeof fakeServer>[0]) {
  signInAs('USER', { abilities });
  return fakeServer({
      'GET /api/auth/me': () => ({ body: me() }),
      'GET /api/getNodes': () => ({ body: nodes }),
      'GET /api/experimentTemplates': () => ({ body: [] }),
      'GET /api/images/flashable': ({ url }) => ({ body: flashable[url.searchParams.get('deviceType') ?? ''] ?? [] }),
    ...routes,
  });
}

describe('new experiment page', { timeout: 30_000 }, () => {
  it('adds a second group with its own image, previews each group’s devices and books both', async () => {
    const server = portal({
      'POST /api/experiments/preview': () => ({
        body: {
          start,
          end: '2026-12-01T11:00:00.000Z',
          devices: [
            device(0, 'openwrt-router', '02:00:00:02:00:01', '10.0.2.11', 'openwrt-23'),
            device(0, 'openwrt-router', '02:00:00:02:00:02', '10.0.2.12', 'openwrt-23'),
            device(1, 'nrf52840-dk', '02:00:00:03:00:01', '10.0.3.11', 'my-firmware'),
          ],
        },
      }),
      'POST /api/experiments': () => ({ status: 201, body: { id: 5, name: 'Mesh' } }),
    });
    const user = userEvent.setup();
    renderApp('/experiment');
    const form = await screen.findByRole('form', { name: texts.NEW_EXPERIMENT });
    await user.type(within(form).getByRole('textbox', { name: texts.NAME }), 'Mesh');

    const first = within(form).getByRole('group', { name: texts.GROUP.replace('{{n}}', '1') });
    await choose(user, first, texts.DEVICE_TYPE, 'openwrt-router');
    await choose(user, first, texts.IMAGE, 'openwrt-23');
    await user.clear(within(first).getByRole('textbox', { name: texts.COUNT }));
    await user.type(within(first).getByRole('textbox', { name: texts.COUNT }), '2');

    await user.click(within(form).getByRole('button', { name: texts.ADD_GROUP }));
    const second = within(form).getByRole('group', { name: texts.GROUP.replace('{{n}}', '2') });
    // A group left empty is refused under its own fields, before any request.
    await user.click(within(form).getByRole('button', { name: texts.PREVIEW }));
    expect(await within(second).findByText(/must be the name of a device type/)).toBeInTheDocument();
    expect(server.called('POST', '/api/experiments/preview')).toHaveLength(0);

    await choose(user, second, texts.DEVICE_TYPE, 'nrf52840-dk');
    await user.click(within(second).getByRole('combobox', { name: texts.IMAGE }));
    expect(await screen.findByText(messages.IMAGE_GROUP_own)).toBeInTheDocument();
    await user.click(await screen.findByRole('option', { name: 'my-firmware 1.0', hidden: true }));
    await user.click(within(form).getByRole('button', { name: texts.PREVIEW }));

    const preview = await screen.findByTestId('experiment-preview');
    expect(within(preview).getByRole('heading', { name: 'Group 1: 2 openwrt-router' })).toBeInTheDocument();
    expect(within(preview).getByRole('heading', { name: 'Group 2: 1 nrf52840-dk' })).toBeInTheDocument();
    const secondTable = within(preview).getByRole('region', { name: texts.PREVIEW_GROUP_TABLE.replace('{{n}}', '2') });
    expect(within(secondTable).getByText('02:00:00:03:00:01')).toBeInTheDocument();
    expect(server.called('POST', '/api/experiments/preview')[0]!.body).toEqual({
      name: 'Mesh',
      notes: '',
      durationMinutes: 60,
      start: 'earliest',
      groups: [
        { type: 'openwrt-router', count: 2, image: 'openwrt-23' },
        { type: 'nrf52840-dk', count: 1, imageId: 42 },
      ],
      users: [],
      allOrNothing: false,
    });

    await user.click(within(preview).getByRole('button', { name: texts.CONFIRM }));
    await waitFor(() => expect(server.called('POST', '/api/experiments')).toHaveLength(1));
    expect(server.called('POST', '/api/experiments')[0]!.body).toEqual(server.called('POST', '/api/experiments/preview')[0]!.body);
  });

  it('removes a group, and names devices of a group by their address', async () => {
    const server = portal({
      'POST /api/experiments/preview': () => ({ body: { start, end: '2026-12-01T11:00:00.000Z', devices: [device(0, 'openwrt-router', '02:00:00:02:00:02', '10.0.2.12', 'openwrt-23')] } }),
    });
    const user = userEvent.setup();
    renderApp('/experiment');
    const form = await screen.findByRole('form', { name: texts.NEW_EXPERIMENT });
    await user.type(within(form).getByRole('textbox', { name: texts.NAME }), 'One router');
    await user.click(within(form).getByRole('button', { name: texts.ADD_GROUP }));
    await user.click(within(form).getByRole('button', { name: texts.REMOVE_GROUP.replace('{{n}}', '1') }));
    expect(within(form).queryByRole('group', { name: texts.GROUP.replace('{{n}}', '2') })).not.toBeInTheDocument();

    const only = within(form).getByRole('group', { name: texts.GROUP.replace('{{n}}', '1') });
    await choose(user, only, texts.DEVICE_TYPE, 'openwrt-router');
    await choose(user, only, texts.IMAGE, 'openwrt-23');
    await user.click(within(only).getByRole('radio', { name: texts.CHOOSE_NAMED }));
    await choose(user, only, texts.NAMED_DEVICES, '02:00:00:02:00:02 (10.0.2.12)');
    await user.click(within(form).getByRole('button', { name: texts.PREVIEW }));
    await screen.findByTestId('experiment-preview');
    expect((server.called('POST', '/api/experiments/preview')[0]!.body as { groups: unknown }).groups).toEqual([
      { type: 'openwrt-router', devices: ['02:00:00:02:00:02'], image: 'openwrt-23' },
    ]);
  });
});
