import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { roleMessages, type Role } from '@testbed/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NewRolePage } from './new-role-page';
import { RolesPage } from './roles-page';
import { renderRoutes, signInAs } from '../../../test/app';

function signInAdmin() {
  signInAs('ADMIN', { userId: 1, username: 'admin' });
}

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function fakeServer(initial: Role[]) {
  let roles = [...initial];
  const calls: Array<{ method: string; url: string; body?: unknown }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const body = init.body ? (JSON.parse(String(init.body)) as unknown) : undefined;
      calls.push({ method, url, body });
      if (method === 'GET' && url === '/api/roles') return json(200, roles);
      if (method === 'DELETE') {
        const id = Number(url.split('/').pop());
        roles = roles.filter((role) => role.roleId !== id);
        return json(200, { roleId: id });
      }
      if (method === 'POST' && url === '/api/role') {
        const { roleName } = body as { roleName: string };
        if (roles.some((role) => role.roleName === roleName)) {
          return json(409, { message: roleMessages.DUPLICATE, fieldErrors: { roleName: [roleMessages.DUPLICATE] } });
        }
        return json(200, { roleId: 99, roleName, userCount: 0, protected: false, users: [] });
      }
      return json(404, { message: 'Not found.' });
    }),
  );
  return calls;
}

function renderAt(path: string) {
  return renderRoutes(path, { '/roles': <RolesPage />, '/role': <NewRolePage />, '/role/:id': <p>Role details page</p> });
}

afterEach(() => vi.unstubAllGlobals());

const ROLES: Role[] = [
  { roleId: 1, roleName: 'ADMIN', userCount: 1, protected: true },
  { roleId: 2, roleName: 'USER', userCount: 12, protected: true },
  { roleId: 3, roleName: 'OPERATOR', userCount: 0, protected: false },
];

describe('Roles page', () => {
  it('shows each role with its number of users, and links to its details', async () => {
    signInAdmin();
    fakeServer(ROLES);
    renderAt('/roles');
    const rows = await screen.findAllByTestId('role-row');
    expect(rows.map((row) => within(row).getAllByRole('cell').slice(0, 2).map((cell) => cell.textContent))).toEqual([
      ['ADMIN', '1'],
      ['USER', '12'],
      ['OPERATOR', '0'],
    ]);
    expect(within(rows[2]!).getByRole('link', { name: 'OPERATOR' })).toHaveAttribute('href', '/role/3');
    expect(screen.getByRole('link', { name: roleMessages.NEW_ROLE })).toHaveAttribute('href', '/role');
  });

  it('does not offer to delete ADMIN or USER, and deletes another role after confirmation', async () => {
    signInAdmin();
    const calls = fakeServer(ROLES);
    renderAt('/roles');
    const user = userEvent.setup();
    const rows = await screen.findAllByTestId('role-row');
    const adminDelete = within(rows[0]!).getByRole('button', { name: 'Delete ADMIN' });
    expect(adminDelete).toHaveAttribute('aria-disabled', 'true');
    expect(adminDelete).toHaveAccessibleDescription(roleMessages.PROTECTED_HINT);
    await user.click(adminDelete);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(within(rows[2]!).getByRole('button', { name: 'Delete OPERATOR' }));
    const dialog = await screen.findByRole('dialog', { name: roleMessages.DELETE_TITLE });
    await user.click(within(dialog).getByRole('button', { name: roleMessages.DELETE }));
    await waitFor(() => expect(screen.getAllByTestId('role-row')).toHaveLength(2));
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.url)).toEqual(['/api/role/3']);
  });
});

describe('New role page', () => {
  it("checks the role-name rule before sending and shows the server's refusal", async () => {
    signInAdmin();
    const calls = fakeServer(ROLES);
    const app = renderAt('/role');
    const user = userEvent.setup();
    const field = await screen.findByRole('textbox', { name: new RegExp(roleMessages.ROLE_NAME) });
    await user.click(screen.getByRole('button', { name: roleMessages.CREATE }));
    expect(await screen.findByText('Role name is required')).toBeInTheDocument();
    await user.type(field, 'operator');
    await user.click(screen.getByRole('button', { name: roleMessages.CREATE }));
    expect(await screen.findByText(roleMessages.INVALID_ROLE_NAME)).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await user.clear(field);
    await user.type(field, 'USER');
    await user.click(screen.getByRole('button', { name: roleMessages.CREATE }));
    expect(await screen.findByText(roleMessages.DUPLICATE)).toBeInTheDocument();

    await user.clear(field);
    await user.type(field, 'AUDITOR');
    await user.click(screen.getByRole('button', { name: roleMessages.CREATE }));
    await waitFor(() => expect(app.pathname()).toBe('/role/99'));
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([{ roleName: 'USER' }, { roleName: 'AUDITOR' }]);
  });
});
