import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { intendedUsageMessages, messages } from '@testbed/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp, signInAs } from '../../../test/app';
import { fakeServer } from '../../../test/fake-server';

// Typing through the real components is slow on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

afterEach(() => vi.unstubAllGlobals());

describe('Intended usages', () => {
  it("refuses whitespace-only text with 'Please enter valid data', then adds the text and returns to the user", async () => {
    signInAs('USER', { userId: 7 });
    const server = fakeServer({
      'POST /api/intendedUsage/user/7': ({ body }) => ({
        body: { intendedUsageId: 1, description: (body as { description: string }).description, createdAt: '2026-01-01T00:00:00.000Z', user: { userId: 7, firstname: 'A', lastname: 'B', username: 'alice' } },
      }),
    });
    const app = renderApp('/intendedUsage/7');
    const field = await screen.findByLabelText(/Intended usage/);
    const user = userEvent.setup();
    await user.type(field, '   ');
    await user.click(screen.getByRole('button', { name: intendedUsageMessages.SUBMIT }));
    expect(await screen.findByText('Please enter valid data')).toBeInTheDocument();
    expect(server.calls).toEqual([]);
    await user.type(field, 'Mesh routing experiments ');
    await user.click(screen.getByRole('button', { name: intendedUsageMessages.SUBMIT }));
    await waitFor(() => expect(app.location()).toBe('/user/7'));
    expect(server.called('POST', '/api/intendedUsage/user/7')[0]!.body).toEqual({ description: 'Mesh routing experiments' });
  });

  it('lists every intended usage with its user; details and create are coming soon; delete works', async () => {
    signInAs('ADMIN');
    let list = [
      { intendedUsageId: 1, description: 'IoT', createdAt: '2026-01-01T00:00:00.000Z', user: { userId: 7, firstname: 'Alice', lastname: 'Liddell', username: 'alice' } },
    ];
    const server = fakeServer({
      'GET /api/intendedUsages': () => ({ body: list }),
      'DELETE /api/intendedUsage/1': () => {
        list = [];
        return { body: { deleted: true } };
      },
    });
    renderApp('/intendedUsages');
    const row = await screen.findByTestId('intended-usage-row');
    expect(within(row).getByText('Liddell')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: `${intendedUsageMessages.DETAILS} (${messages.COMING_SOON})` })).toBeDisabled();
    expect(screen.getByRole('button', { name: `${intendedUsageMessages.CREATE} (${messages.COMING_SOON})` })).toBeDisabled();
    const user = userEvent.setup();
    await user.click(within(row).getByRole('button', { name: /Delete Intended usage/ }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: intendedUsageMessages.DELETE }));
    expect(await screen.findByText(intendedUsageMessages.NO_INTENDED_USAGE)).toBeInTheDocument();
    expect(server.called('DELETE', '/api/intendedUsage/1')).toHaveLength(1);
  });
});
