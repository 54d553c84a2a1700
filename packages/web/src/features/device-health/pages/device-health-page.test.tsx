import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages, type DeviceHealth } from '@testbed/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DeviceHealthPage } from './device-health-page';
import { fakeServer } from '../../../test/fake-server';
import { renderRoutes, signInAs } from '../../../test/app';

const MAC = 'aa:bb:cc:dd:ee:01';
/** The address as the request's path writes it. */
const QUARANTINE = `/api/deviceHealth/${encodeURIComponent(MAC)}/quarantine`;
const DEVICE: DeviceHealth = {
  deviceType: 'sensor',
  device: MAC,
  ip: '10.0.0.1',
  state: 'up',
  failureStreak: 0,
  lastSuccessAt: null,
  lastFailureAt: null,
  quarantine: null,
  lastFlashes: [],
};

afterEach(() => vi.unstubAllGlobals());

describe('Putting a device in quarantine', () => {
  it('asks for a note, trimmed, before sending it', async () => {
    signInAs('ADMIN');
    const server = fakeServer({
      'GET /api/deviceHealth': () => ({ body: [DEVICE] }),
      [`POST ${QUARANTINE}`]: () => ({ body: { ...DEVICE, state: 'quarantined' } }),
    });
    renderRoutes('/deviceHealth', { '/deviceHealth': <DeviceHealthPage /> });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Quarantine sensor 10.0.0.1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Quarantine sensor 10.0.0.1' });
    const note = within(dialog).getByLabelText(new RegExp(`^${messages.NOTE}`));
    await user.type(note, '   ');
    expect(within(dialog).getByRole('button', { name: messages.QUARANTINE })).toBeDisabled();
    await user.type(note, 'Radio broken  ');
    await user.click(within(dialog).getByRole('button', { name: messages.QUARANTINE }));
    await waitFor(() => expect(server.called('POST', QUARANTINE)).toHaveLength(1));
    expect(server.called('POST', QUARANTINE)[0]!.body).toEqual({ note: 'Radio broken' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  }, 30_000);
});
