import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { roleMessages, type RoleDetails } from '@testbed/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RolePage } from './role-page';
import { renderRoutes, signInAs } from '../../../test/app';

function signInAdmin() {
  signInAs('ADMIN', { userId: 1, username: 'admin' });
}

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const ADMIN_ROLE: RoleDetails = {
  roleId: 1,
  roleName: 'ADMIN',
  userCount: 1,
  protected: true,
  users: [{ userId: 1, firstname: 'Ada', lastname: 'Admin', username: 'admin' }],
};

function fakeServer(role: RoleDetails) {
  let current = role;
  const puts: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      if ((init.method ?? 'GET') === 'GET' && url === `/api/role/${current.roleId}`) return json(200, current);
      if (init.method === 'PUT') {
        const body = JSON.parse(String(init.body)) as { roleName: string };
        puts.push(body);
        current = { ...current, roleName: body.roleName };
        return json(200, current);
      }
      return json(404, { message: roleMessages.NOT_FOUND });
    }),
  );
  return puts;
}

function renderAt(path: string) {
  renderRoutes(path, { '/role/:id': <RolePage /> });
}

afterEach(() => vi.unstubAllGlobals());

describe('Role page', () => {
  it('shows a protected role with its users and offers neither renaming nor deleting it', async () => {
    signInAdmin();
    fakeServer(ADMIN_ROLE);
    renderAt('/role/1');
    expect(await screen.findByRole('heading', { level: 1, name: `${roleMessages.ROLE} ADMIN` })).toBeInTheDocument();
    const field = screen.getByRole('textbox', { name: new RegExp(`^${roleMessages.ROLE_NAME}`) });
    expect(field).toHaveValue('ADMIN');
    expect(field).toBeDisabled();
    expect(screen.getAllByText(roleMessages.PROTECTED_HINT).length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: roleMessages.SAVE })).toBeDisabled();
    expect(screen.getByRole('button', { name: roleMessages.DELETE })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByTestId('role-users')).toHaveTextContent('admin');
  });

  it('renames another role', async () => {
    signInAdmin();
    const puts = fakeServer({ roleId: 4, roleName: 'OPERATOR', userCount: 0, protected: false, users: [] });
    renderAt('/role/4');
    const user = userEvent.setup();
    const field = await screen.findByDisplayValue('OPERATOR');
    expect(screen.getByText(roleMessages.NO_USER_WITH_ROLE)).toBeInTheDocument();
    await user.clear(field);
    await user.type(field, 'OPERATORS');
    await user.click(screen.getByRole('button', { name: roleMessages.SAVE }));
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('OPERATORS'));
    expect(puts).toEqual([{ roleName: 'OPERATORS' }]);
  });

  it('says when the role does not exist', async () => {
    signInAdmin();
    fakeServer(ADMIN_ROLE);
    renderAt('/role/9');
    expect(await screen.findByRole('heading', { level: 1, name: roleMessages.NOT_FOUND })).toBeInTheDocument();
  });
});
