import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { userMessages, type UserListItem } from '@testbed/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp, signInAs } from '../../../test/app';
import { fakeServer } from '../../../test/fake-server';
import { formatDay } from '../../../shared/time';

function person(id: number, overrides: Partial<UserListItem> = {}): UserListItem {
  return {
    userId: id,
    firstname: `First${id}`,
    lastname: `Last${id}`,
    username: `user${id}`,
    email: `user${id}@example.org`,
    signUpDate: '2026-03-04T10:00:00.000Z',
    approvedDate: '2026-03-05T10:00:00.000Z',
    lastValidationDate: null,
    expirationDate: null,
    isEnabled: true,
    isAdmin: false,
    validationPending: false,
    hasToken: false,
    ...overrides,
  };
}

// Typing through the real components is slow on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

afterEach(() => vi.unstubAllGlobals());

describe('Users list page', () => {
  it('shows Pending / No pending, the danger row and the days in the reader’s format', async () => {
    signInAs('ADMIN');
    fakeServer({
      'GET /api/users': () => ({
        body: {
          items: [
            person(1),
            person(2, { isEnabled: false, validationPending: true }),
            person(3, { isEnabled: false }),
            person(4, { isEnabled: false, hasToken: true }),
          ],
          total: 4,
          page: 1,
          size: 50,
        },
      }),
    });
    renderApp('/users');
    const rows = await screen.findAllByTestId('user-row');
    expect(rows.map((row) => within(row).getByText(/^(Pending|No pending)$/).textContent)).toEqual([
      userMessages.NO_PENDING,
      userMessages.PENDING,
      userMessages.NO_PENDING,
      userMessages.NO_PENDING,
    ]);
    expect(rows.map((row) => row.hasAttribute('data-danger'))).toEqual([false, false, true, false]);
    expect(within(rows[0]!).getByText(formatDay('2026-03-04T10:00:00.000Z'))).toBeInTheDocument();
    expect(within(rows[0]!).getByRole('link', { name: 'Last1' })).toHaveAttribute('href', '/user/1');
  });

  it('asks the server with the filters; valid user only is checked by default', async () => {
    signInAs('ADMIN');
    const server = fakeServer({ 'GET /api/users': () => ({ body: { items: [person(1)], total: 1, page: 1, size: 50 } }) });
    renderApp('/users');
    await screen.findAllByTestId('user-row');
    const checkbox = screen.getByRole('checkbox', { name: userMessages.VALID_USER_ONLY });
    expect(checkbox).toBeChecked();
    expect(server.called('GET', '/api/users')[0]!.url.searchParams.get('validOnly')).toBeNull();

    const user = userEvent.setup();
    await user.type(screen.getByLabelText(userMessages.FILTER_LAST_NAME), 'HoP');
    await user.type(screen.getByLabelText(userMessages.FILTER_FIRST_NAME), 'gr');
    await user.click(checkbox);
    await waitFor(() => {
      const last = server.called('GET', '/api/users').at(-1)!.url.searchParams;
      expect([last.get('lastname'), last.get('firstname'), last.get('validOnly')]).toEqual(['HoP', 'gr', 'false']);
    });
  });

  it('pages on the server', async () => {
    signInAs('ADMIN');
    const server = fakeServer({
      'GET /api/users': ({ url }) => ({
        body: { items: [person(Number(url.searchParams.get('page')))], total: 120, page: Number(url.searchParams.get('page')), size: 50 },
      }),
    });
    renderApp('/users');
    await screen.findByText('Last1');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Page 3 of 3' }));
    expect(await screen.findByText('Last3')).toBeInTheDocument();
    expect(server.called('GET', '/api/users').at(-1)!.url.searchParams.get('page')).toBe('3');
  });

  it('is not shown to a user', async () => {
    signInAs('USER');
    const server = fakeServer({});
    const app = renderApp('/users');
    await waitFor(() => expect(app.location()).toBe('/accessdenied'));
    expect(server.calls).toEqual([]);
  });
});
