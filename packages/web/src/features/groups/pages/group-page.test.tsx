import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { groupMessages, type GroupDetails, type GroupType, type ValidUser } from '@testbed/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GroupPage } from './group-page';
import { GroupTypesPage } from './group-types-page';
import { NewGroupTypePage } from './new-group-type-page';
import { renderRoutes, signInAs } from '../../../test/app';

function signInAdmin() {
  signInAs('ADMIN', { userId: 1, username: 'admin' });
}

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const TYPES: GroupType[] = [{ groupTypeId: 5, label: 'Project', groupCount: 1 }];
const PEOPLE: ValidUser[] = [
  { userId: 2, firstname: 'Bob', lastname: 'Durand', username: 'bob' },
  { userId: 3, firstname: 'Carol', lastname: 'Martin', username: 'carol' },
];

function fakeServer() {
  const group: GroupDetails = { groupId: 7, name: 'Radio lab', groupType: { groupTypeId: 5, label: 'Project' }, users: [], managerUsers: [] };
  const calls: Array<{ method: string; url: string; body?: unknown }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      calls.push({ method, url, body: init.body ? (JSON.parse(String(init.body)) as unknown) : undefined });
      const path = url.split('?')[0]!;
      const query = new URLSearchParams(url.split('?')[1] ?? '');
      if (method === 'GET' && path === '/api/group/7') return json(200, group);
      if (method === 'GET' && path === '/api/groupTypes') return json(200, TYPES);
      if (method === 'GET' && path === '/api/validUsers') {
        const name = (query.get('name') ?? '').toLowerCase();
        return json(200, PEOPLE.filter((person) => person.lastname.toLowerCase().includes(name)));
      }
      const move = /^\/api\/group\/7\/(userToAdd|userToRemove)\/(\d+)$/.exec(path);
      if (method === 'PUT' && move) {
        const list = query.get('as') === 'manager' ? group.managerUsers : group.users;
        const person = PEOPLE.find((p) => p.userId === Number(move[2]))!;
        if (move[1] === 'userToAdd') list.push(person);
        else list.splice(list.findIndex((p) => p.userId === person.userId), 1);
        return json(200, group);
      }
      if (method === 'POST' && path === '/api/groupType') {
        return json(409, { message: groupMessages.DUPLICATE_GROUP_TYPE, fieldErrors: { label: [groupMessages.DUPLICATE_GROUP_TYPE] } });
      }
      if (method === 'GET' && path === '/api/groupTypes') return json(200, TYPES);
      return json(404, { message: 'Not found.' });
    }),
  );
  return calls;
}

/** Types in a user picker and picks the option it offers, from that picker's own list. */
async function pick(user: ReturnType<typeof userEvent.setup>, input: HTMLElement, text: string, option: string) {
  await user.type(input, text);
  await waitFor(() => expect(input.getAttribute('aria-controls')).toBeTruthy());
  const list = document.getElementById(input.getAttribute('aria-controls')!)!;
  await user.click(await within(list).findByRole('option', { name: option, hidden: true }));
}

afterEach(() => vi.unstubAllGlobals());

describe('Group page', () => {
  it('shows the group, adds a member found by name, and removes them', async () => {
    signInAdmin();
    const calls = fakeServer();
    renderRoutes('/group/7', { '/group/:id': <GroupPage /> });
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { level: 1, name: `${groupMessages.GROUP} Radio lab` })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: new RegExp(`^${groupMessages.GROUP_NAME}`) })).toHaveValue('Radio lab');
    const members = screen.getByTestId('group-members');
    expect(within(members).getByText(groupMessages.NO_MEMBER)).toBeInTheDocument();

    await pick(user, within(members).getByRole('combobox', { name: groupMessages.ADD_MEMBER }), 'Dur', 'Durand Bob (bob)');
    await user.click(within(members).getByRole('button', { name: `${groupMessages.ADD}: ${groupMessages.ADD_MEMBER}` }));
    await waitFor(() => expect(within(members).getAllByTestId('group-member-row')).toHaveLength(1));
    expect(within(members).getByText('bob')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.url)).toEqual(['/api/group/7/userToAdd/2?as=member']);
    // The delete button now says why it cannot be used.
    expect(screen.getByRole('button', { name: groupMessages.DELETE })).toHaveAccessibleDescription(groupMessages.GROUP_HAS_MEMBERS);

    await user.click(within(members).getByRole('button', { name: new RegExp(`^${groupMessages.REMOVE} Durand Bob`) }));
    await waitFor(() => expect(within(members).getByText(groupMessages.NO_MEMBER)).toBeInTheDocument());
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.url)).toEqual([
      '/api/group/7/userToAdd/2?as=member',
      '/api/group/7/userToRemove/2?as=member',
    ]);
  }, 20_000);

  it('says under the picker that a user is needed when Add is pressed with none picked, and sends nothing', async () => {
    signInAdmin();
    const calls = fakeServer();
    renderRoutes('/group/7', { '/group/:id': <GroupPage /> });
    const user = userEvent.setup();
    const members = await screen.findByTestId('group-members');
    await user.click(within(members).getByRole('button', { name: `${groupMessages.ADD}: ${groupMessages.ADD_MEMBER}` }));
    expect(within(members).getByRole('combobox', { name: groupMessages.ADD_MEMBER })).toHaveAccessibleDescription('User is required');
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);

    await pick(user, within(members).getByRole('combobox', { name: groupMessages.ADD_MEMBER }), 'Dur', 'Durand Bob (bob)');
    expect(within(members).queryByText('User is required')).not.toBeInTheDocument();
  }, 20_000);

  it('adds a manager apart from the members', async () => {
    signInAdmin();
    const calls = fakeServer();
    renderRoutes('/group/7', { '/group/:id': <GroupPage /> });
    const user = userEvent.setup();
    const managers = await screen.findByTestId('group-managers');
    await pick(user, within(managers).getByRole('combobox', { name: groupMessages.ADD_MANAGER }), 'Mar', 'Martin Carol (carol)');
    await user.click(within(managers).getByRole('button', { name: `${groupMessages.ADD}: ${groupMessages.ADD_MANAGER}` }));
    await waitFor(() => expect(within(managers).getAllByTestId('group-manager-row')).toHaveLength(1));
    expect(within(screen.getByTestId('group-members')).getByText(groupMessages.NO_MEMBER)).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.url)).toEqual(['/api/group/7/userToAdd/3?as=manager']);
  }, 20_000);
});

describe('Group types', () => {
  it('lists the types with their number of groups; one in use cannot be deleted', async () => {
    signInAdmin();
    fakeServer();
    renderRoutes('/groupTypes', { '/groupTypes': <GroupTypesPage /> });
    const [row] = await screen.findAllByTestId('group-type-row');
    expect(within(row!).getAllByRole('cell').slice(0, 2).map((cell) => cell.textContent)).toEqual(['Project', '1']);
    expect(within(row!).getByRole('button', { name: 'Delete Project' })).toHaveAttribute('aria-disabled', 'true');
  });

  it("checks the label before sending and shows the server's refusal under the field", async () => {
    signInAdmin();
    const calls = fakeServer();
    renderRoutes('/groupType', { '/groupType': <NewGroupTypePage /> });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: groupMessages.CREATE_GROUP_TYPE }));
    expect(await screen.findByText('Label is required')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    await user.type(screen.getByRole('textbox', { name: new RegExp(`^${groupMessages.LABEL}`) }), 'Project');
    await user.click(screen.getByRole('button', { name: groupMessages.CREATE_GROUP_TYPE }));
    expect(await screen.findByText(groupMessages.DUPLICATE_GROUP_TYPE)).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([{ label: 'Project' }]);
  });
});
