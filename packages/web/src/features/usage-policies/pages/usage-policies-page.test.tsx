import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages, type UsagePolicy } from '@testbed/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UsagePoliciesPage } from './usage-policies-page';
import { fakeServer, type FakeHandler } from '../../../test/fake-server';
import { renderRoutes, signInAs } from '../../../test/app';

const POLICY: UsagePolicy = {
  usagePolicyId: 1,
  deviceType: 'raspberry-pi-4',
  groupId: null,
  groupName: null,
  maxDurationMinutes: 240,
  maxDaysAhead: 30,
  maxDevicesAtOnce: null,
  maxDeviceHoursPerWeek: null,
};
const DURATION_MESSAGE = `${messages.MAX_DURATION_MINUTES} is a whole number from 1 to 527040, or empty for no limit`;

function serve(save: FakeHandler) {
  return fakeServer({
    'GET /api/usagePolicies': () => ({ body: [POLICY] }),
    'GET /api/getNodesToReserve': () => ({ body: { 'raspberry-pi-4': { '02:00:00:01:00:01': { ip: '10.0.1.11', up: true } }, sensor: {} } }),
    'GET /api/groups': () => ({ body: [{ groupId: 3, name: 'Radio lab', groupType: null, memberCount: 2, managerCount: 1 }] }),
    'PUT /api/usagePolicies': save,
  });
}

async function choose(user: ReturnType<typeof userEvent.setup>, label: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option, hidden: true }));
}

afterEach(() => vi.unstubAllGlobals());

// Typing through user-event is slow on a busy machine.
describe('The usage policy form', { timeout: 30_000 }, () => {
  it('shows a missing device type and a limit out of its bounds under their fields and sends nothing, then sends the policy once it is right', async () => {
    signInAs('ADMIN');
    const server = serve(() => ({ body: [POLICY] }));
    renderRoutes('/usagePolicies', { '/usagePolicies': <UsagePoliciesPage /> });
    const user = userEvent.setup();
    await screen.findByRole('cell', { name: 'raspberry-pi-4' });
    await user.click(screen.getByRole('button', { name: messages.SAVE_POLICY }));
    expect(screen.getByRole('combobox', { name: messages.DEVICE_TYPE })).toHaveAccessibleDescription(`${messages.DEVICE_TYPE} is required`);
    await choose(user, messages.DEVICE_TYPE, 'sensor');
    expect(screen.queryByText(`${messages.DEVICE_TYPE} is required`)).not.toBeInTheDocument();
    const duration = screen.getByRole('textbox', { name: messages.MAX_DURATION_MINUTES });
    // Enter submits before the field is left, so that the field cannot bring the value within its bounds.
    await user.type(duration, '0{Enter}');
    await waitFor(() => expect(duration).toHaveAccessibleDescription(DURATION_MESSAGE));
    expect(duration).toHaveAttribute('aria-invalid', 'true');
    expect(server.called('PUT', '/api/usagePolicies')).toEqual([]);

    await user.clear(duration);
    expect(screen.queryByText(DURATION_MESSAGE)).not.toBeInTheDocument();
    await user.type(duration, '90');
    await choose(user, messages.GROUP, 'Radio lab');
    await user.click(screen.getByRole('button', { name: messages.SAVE_POLICY }));
    await waitFor(() => expect(server.called('PUT', '/api/usagePolicies')).toHaveLength(1));
    expect(server.called('PUT', '/api/usagePolicies')[0]!.body).toEqual({
      deviceType: 'sensor',
      groupId: 3,
      maxDurationMinutes: 90,
      maxDaysAhead: null,
      maxDevicesAtOnce: null,
      maxDeviceHoursPerWeek: null,
    });
  });

  it("fills the form with a policy to edit, and shows the server's refusal under the field it names", async () => {
    signInAs('ADMIN');
    const server = serve(() => ({ status: 400, body: { message: 'groupId: unknown group 3', fieldErrors: { groupId: ['Unknown group.'] } } }));
    renderRoutes('/usagePolicies', { '/usagePolicies': <UsagePoliciesPage /> });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: `${messages.EDIT} raspberry-pi-4 ${messages.EVERYBODY}` }));
    expect(screen.getByRole('textbox', { name: messages.MAX_DURATION_MINUTES })).toHaveValue('240');
    expect(screen.getByRole('textbox', { name: messages.MAX_DAYS_AHEAD })).toHaveValue('30');
    await choose(user, messages.GROUP, 'Radio lab');
    await user.click(screen.getByRole('button', { name: messages.SAVE_POLICY }));
    await waitFor(() => expect(screen.getByRole('combobox', { name: messages.GROUP })).toHaveAccessibleDescription('Unknown group.'));
    expect(server.called('PUT', '/api/usagePolicies')[0]!.body).toMatchObject({ deviceType: 'raspberry-pi-4', groupId: 3, maxDurationMinutes: 240, maxDaysAhead: 30 });
    expect(screen.queryByText('groupId: unknown group 3')).not.toBeInTheDocument();
  });
});
