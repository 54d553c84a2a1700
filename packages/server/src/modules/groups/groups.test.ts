import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupMessages, type GroupDetails, type GroupSummary, type GroupType } from '@testbed/contract';
import { buildTestApp, createUser, loginAs, type TestContext } from '../../../test/helper.js';

type Caller = Awaited<ReturnType<typeof loginAs>>;
let ctx: TestContext;
let admin: Caller;
let user: Caller;
beforeAll(async () => {
  ctx = await buildTestApp();
  admin = await loginAs(ctx, { roles: ['ADMIN', 'USER'] });
  user = await loginAs(ctx);
});
afterAll(() => ctx.close());

let counter = 0;
const unique = (prefix: string) => `${prefix} ${(counter += 1)}`;

async function newGroupType(label = unique('Type')): Promise<GroupType> {
  const reply = await admin.inject({ method: 'POST', url: '/api/groupType', payload: { label } });
  expect(reply.statusCode).toBe(200);
  return reply.json();
}

async function newGroup(name = unique('Group'), groupTypeId: number | null = null): Promise<GroupDetails> {
  const reply = await admin.inject({
    method: 'POST',
    url: '/api/group',
    payload: { name, groupType: groupTypeId ? { groupTypeId } : null },
  });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json();
}

const addUser = (caller: Caller, groupId: number, userId: number, as?: string) =>
  caller.inject({ method: 'PUT', url: `/api/group/${groupId}/userToAdd/${userId}${as ? `?as=${as}` : ''}` });
const removeUser = (caller: Caller, groupId: number, userId: number, as?: string) =>
  caller.inject({ method: 'PUT', url: `/api/group/${groupId}/userToRemove/${userId}${as ? `?as=${as}` : ''}` });

async function audited(action: string, targetId: number) {
  return ctx.database.db
    .selectFrom('audit_log')
    .selectAll()
    .where('action', '=', action)
    .where('target_id', '=', String(targetId))
    .execute();
}

describe('group types', () => {
  it('creates, lists, shows, renames and deletes a group type, with its number of groups', async () => {
    const created = await newGroupType('  Research team ');
    expect(created).toMatchObject({ label: 'Research team', groupCount: 0 });
    await newGroup(unique('Team'), created.groupTypeId);

    const list = await admin.inject({ method: 'GET', url: '/api/groupTypes' });
    expect(list.statusCode).toBe(200);
    expect(list.json<GroupType[]>()).toContainEqual({ ...created, groupCount: 1 });

    const one = await admin.inject({ method: 'GET', url: `/api/groupType/${created.groupTypeId}` });
    expect(one.json()).toEqual({ ...created, groupCount: 1 });

    const renamed = await admin.inject({ method: 'PUT', url: `/api/groupType/${created.groupTypeId}`, payload: { label: 'Lab team' } });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ groupTypeId: created.groupTypeId, label: 'Lab team' });
    expect(await audited('groupType.update', created.groupTypeId)).toHaveLength(1);

    const unused = await newGroupType();
    const deleted = await admin.inject({ method: 'DELETE', url: `/api/groupType/${unused.groupTypeId}` });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ groupTypeId: unused.groupTypeId });
    expect((await admin.inject({ method: 'GET', url: `/api/groupType/${unused.groupTypeId}` })).statusCode).toBe(404);
    expect(await audited('groupType.delete', unused.groupTypeId)).toHaveLength(1);
  });

  it('lists the groups of a type with GET /api/groupType/{id}/groups', async () => {
    const type = await newGroupType();
    const a = await newGroup('Beta group', type.groupTypeId);
    const b = await newGroup('alpha group', type.groupTypeId);
    await newGroup();
    const reply = await admin.inject({ method: 'GET', url: `/api/groupType/${type.groupTypeId}/groups` });
    expect(reply.statusCode).toBe(200);
    expect(reply.json<GroupSummary[]>().map((group) => group.groupId)).toEqual([b.groupId, a.groupId]);
    expect(reply.json()[0]).toMatchObject({ groupType: { groupTypeId: type.groupTypeId, label: type.label }, memberCount: 0, managerCount: 0 });
    expect((await admin.inject({ method: 'GET', url: '/api/groupType/2000000000/groups' })).statusCode).toBe(404);
  });

  it('refuses a label already taken, whatever its case, with 409 and changes nothing', async () => {
    const type = await newGroupType('Consortium');
    for (const label of ['Consortium', 'CONSORTIUM', ' consortium ']) {
      const reply = await admin.inject({ method: 'POST', url: '/api/groupType', payload: { label } });
      expect(reply.statusCode).toBe(409);
      expect(reply.json()).toMatchObject({ message: groupMessages.DUPLICATE_GROUP_TYPE, fieldErrors: { label: [groupMessages.DUPLICATE_GROUP_TYPE] } });
    }
    const other = await newGroupType();
    const rename = await admin.inject({ method: 'PUT', url: `/api/groupType/${other.groupTypeId}`, payload: { label: 'consortium' } });
    expect(rename.statusCode).toBe(409);
    const labels = (await admin.inject({ method: 'GET', url: '/api/groupTypes' })).json<GroupType[]>().map((t) => t.label.toLowerCase());
    expect(labels.filter((label) => label === 'consortium')).toHaveLength(1);
    expect(type.label).toBe('Consortium');
  });

  it('stores one of several parallel creations of one label', async () => {
    const replies = await Promise.all(
      Array.from({ length: 5 }, () => admin.inject({ method: 'POST', url: '/api/groupType', payload: { label: 'Parallel type' } })),
    );
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
  });

  it('refuses an empty or too long label with 400 and the rule', async () => {
    for (const [label, message] of [
      ['   ', 'Label is required'],
      ['x'.repeat(101), groupMessages.GROUP_TYPE_LABEL_TOO_LONG],
    ]) {
      const reply = await admin.inject({ method: 'POST', url: '/api/groupType', payload: { label } });
      expect(reply.statusCode).toBe(400);
      expect(reply.json().fieldErrors.label).toEqual([message]);
    }
    expect((await admin.inject({ method: 'POST', url: '/api/groupType', payload: {} })).statusCode).toBe(400);
  });

  it('refuses to delete a group type used by groups', async () => {
    const type = await newGroupType();
    await newGroup(unique('Typed'), type.groupTypeId);
    const reply = await admin.inject({ method: 'DELETE', url: `/api/groupType/${type.groupTypeId}` });
    expect(reply.statusCode).toBe(409);
    expect(reply.json().message).toBe(groupMessages.GROUP_TYPE_HAS_GROUPS);
    expect((await admin.inject({ method: 'GET', url: `/api/groupType/${type.groupTypeId}` })).statusCode).toBe(200);
  });

  it('answers 404 for unknown ids and 400 for malformed ones', async () => {
    for (const [method, url] of [
      ['GET', '/api/groupType/2000000000'],
      ['PUT', '/api/groupType/2000000000'],
      ['DELETE', '/api/groupType/2000000000'],
    ] as const) {
      const reply = await admin.inject({ method, url, payload: method === 'PUT' ? { label: 'Nothing' } : undefined });
      expect(reply.statusCode, `${method} ${url}`).toBe(404);
      expect(reply.json().message).toBe(groupMessages.GROUP_TYPE_NOT_FOUND);
    }
    expect((await admin.inject({ method: 'GET', url: '/api/groupType/abc' })).statusCode).toBe(400);
  });

  it('is refused to users (403) and anonymous callers (401)', async () => {
    const type = await newGroupType();
    const calls = [
      { method: 'GET', url: '/api/groupTypes' },
      { method: 'GET', url: `/api/groupType/${type.groupTypeId}` },
      { method: 'GET', url: `/api/groupType/${type.groupTypeId}/groups` },
      { method: 'POST', url: '/api/groupType', payload: { label: 'Mine' } },
      { method: 'PUT', url: `/api/groupType/${type.groupTypeId}`, payload: { label: 'Mine' } },
      { method: 'DELETE', url: `/api/groupType/${type.groupTypeId}` },
    ] as const;
    for (const call of calls) {
      expect((await user.inject(call)).statusCode, `${call.method} ${call.url}`).toBe(403);
      expect((await ctx.app.inject(call)).statusCode, `${call.method} ${call.url}`).toBe(401);
    }
    expect((await admin.inject({ method: 'GET', url: `/api/groupType/${type.groupTypeId}` })).json().label).toBe(type.label);
  });
});

describe('groups', () => {
  it('creates a group with a type, lists it, shows it, and audits the creation', async () => {
    const type = await newGroupType();
    const group = await newGroup('  Radio lab ', type.groupTypeId);
    expect(group).toMatchObject({ name: 'Radio lab', groupType: { groupTypeId: type.groupTypeId, label: type.label }, users: [], managerUsers: [] });
    const list = await admin.inject({ method: 'GET', url: '/api/groups' });
    expect(list.statusCode).toBe(200);
    expect(list.json<GroupSummary[]>()).toContainEqual({
      groupId: group.groupId,
      name: 'Radio lab',
      groupType: { groupTypeId: type.groupTypeId, label: type.label },
      memberCount: 0,
      managerCount: 0,
    });
    expect((await admin.inject({ method: 'GET', url: `/api/group/${group.groupId}` })).json()).toEqual(group);
    expect(await audited('group.create', group.groupId)).toHaveLength(1);
  });

  it('creates a group without a type', async () => {
    const reply = await admin.inject({ method: 'POST', url: '/api/group', payload: { name: unique('Untyped') } });
    expect(reply.statusCode).toBe(200);
    expect(reply.json().groupType).toBeNull();
  });

  it('changes the name and type of a group with PUT /api/group/{id}', async () => {
    const type = await newGroupType();
    const group = await newGroup();
    const reply = await admin.inject({
      method: 'PUT',
      url: `/api/group/${group.groupId}`,
      payload: { groupId: group.groupId, name: 'Renamed group', groupType: { groupTypeId: type.groupTypeId } },
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toMatchObject({ groupId: group.groupId, name: 'Renamed group', groupType: { groupTypeId: type.groupTypeId } });
    const untyped = await admin.inject({ method: 'PUT', url: `/api/group/${group.groupId}`, payload: { name: 'Renamed group', groupType: null } });
    expect(untyped.json().groupType).toBeNull();
    const mismatch = await admin.inject({ method: 'PUT', url: `/api/group/${group.groupId}`, payload: { groupId: group.groupId + 1, name: 'X' } });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().message).toBe(groupMessages.ID_MISMATCH);
    expect((await admin.inject({ method: 'PUT', url: '/api/group/2000000000', payload: { name: 'Nothing' } })).statusCode).toBe(404);
  });

  it('refuses a name already taken, whatever its case, and an unknown group type, changing nothing', async () => {
    await newGroup('Shared name');
    const dup = await admin.inject({ method: 'POST', url: '/api/group', payload: { name: 'SHARED NAME' } });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ message: groupMessages.DUPLICATE_GROUP, fieldErrors: { name: [groupMessages.DUPLICATE_GROUP] } });
    const other = await newGroup();
    const rename = await admin.inject({ method: 'PUT', url: `/api/group/${other.groupId}`, payload: { name: 'shared name' } });
    expect(rename.statusCode).toBe(409);
    expect((await admin.inject({ method: 'GET', url: `/api/group/${other.groupId}` })).json().name).toBe(other.name);

    const badType = await admin.inject({ method: 'POST', url: '/api/group', payload: { name: 'Typeless', groupType: { groupTypeId: 2000000000 } } });
    expect(badType.statusCode).toBe(400);
    expect(badType.json()).toMatchObject({ message: groupMessages.GROUP_TYPE_NOT_FOUND, fieldErrors: { groupType: [groupMessages.GROUP_TYPE_NOT_FOUND] } });
    const names = (await admin.inject({ method: 'GET', url: '/api/groups' })).json<GroupSummary[]>().map((g) => g.name);
    expect(names).not.toContain('Typeless');
  });

  it('refuses an empty or too long name and a malformed body with 400', async () => {
    const empty = await admin.inject({ method: 'POST', url: '/api/group', payload: { name: '  ' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fieldErrors.name).toEqual(['Name is required']);
    const long = await admin.inject({ method: 'POST', url: '/api/group', payload: { name: 'g'.repeat(101) } });
    expect(long.json().fieldErrors.name).toEqual([groupMessages.GROUP_NAME_TOO_LONG]);
    for (const payload of [{}, { name: 42 }, { name: 'ok', groupType: { groupTypeId: 'abc' } }, []]) {
      expect((await admin.inject({ method: 'POST', url: '/api/group', payload })).statusCode).toBe(400);
    }
  });

  it('creates several groups at once with POST /api/groups, all or none', async () => {
    const type = await newGroupType();
    const reply = await admin.inject({
      method: 'POST',
      url: '/api/groups',
      payload: [{ name: 'Bulk one', groupType: { groupTypeId: type.groupTypeId } }, { name: 'Bulk two' }],
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json<GroupDetails[]>().map((group) => group.name)).toEqual(['Bulk one', 'Bulk two']);

    const clash = await admin.inject({ method: 'POST', url: '/api/groups', payload: [{ name: 'Bulk three' }, { name: 'bulk one' }] });
    expect(clash.statusCode).toBe(409);
    const repeated = await admin.inject({ method: 'POST', url: '/api/groups', payload: [{ name: 'Bulk four' }, { name: 'BULK FOUR' }] });
    expect(repeated.statusCode).toBe(400);
    expect(repeated.json().message).toBe(groupMessages.GROUPS_REPEATED);
    expect((await admin.inject({ method: 'POST', url: '/api/groups', payload: [] })).statusCode).toBe(400);
    const names = (await admin.inject({ method: 'GET', url: '/api/groups' })).json<GroupSummary[]>().map((g) => g.name);
    expect(names).not.toContain('Bulk three');
    expect(names).not.toContain('Bulk four');
  });

  it('deletes a group without members, and refuses one that has members', async () => {
    const group = await newGroup();
    const member = await createUser(ctx);
    expect((await addUser(admin, group.groupId, member.id)).statusCode).toBe(200);
    const refused = await admin.inject({ method: 'DELETE', url: `/api/group/${group.groupId}` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(groupMessages.GROUP_HAS_MEMBERS);

    expect((await removeUser(admin, group.groupId, member.id)).statusCode).toBe(200);
    const deleted = await admin.inject({ method: 'DELETE', url: `/api/group/${group.groupId}` });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ groupId: group.groupId });
    expect((await admin.inject({ method: 'GET', url: `/api/group/${group.groupId}` })).statusCode).toBe(404);
    expect((await admin.inject({ method: 'DELETE', url: `/api/group/${group.groupId}` })).statusCode).toBe(404);
    expect(await audited('group.delete', group.groupId)).toHaveLength(1);
  });

  it('is refused to users (403) and anonymous callers (401)', async () => {
    const group = await newGroup();
    const calls = [
      { method: 'GET', url: '/api/groups' },
      { method: 'GET', url: `/api/group/${group.groupId}` },
      { method: 'POST', url: '/api/group', payload: { name: 'Mine' } },
      { method: 'POST', url: '/api/groups', payload: [{ name: 'Mine' }] },
      { method: 'PUT', url: `/api/group/${group.groupId}`, payload: { name: 'Mine' } },
      { method: 'DELETE', url: `/api/group/${group.groupId}` },
      { method: 'PUT', url: `/api/group/${group.groupId}/userToAdd/${user.id}` },
      { method: 'PUT', url: `/api/group/${group.groupId}/userToRemove/${user.id}` },
    ] as const;
    for (const call of calls) {
      expect((await user.inject(call)).statusCode, `${call.method} ${call.url}`).toBe(403);
      expect((await ctx.app.inject(call)).statusCode, `${call.method} ${call.url}`).toBe(401);
    }
    expect((await admin.inject({ method: 'GET', url: `/api/group/${group.groupId}` })).json()).toEqual(group);
  });
});

describe('PUT /api/group/{groupId}/userToAdd/{userId} and userToRemove', () => {
  it('adds and removes members, and counts them in the list', async () => {
    const group = await newGroup();
    const member = await createUser(ctx);
    const added = await addUser(admin, group.groupId, member.id);
    expect(added.statusCode).toBe(200);
    expect(added.json<GroupDetails>().users).toEqual([
      { userId: member.id, username: member.username, firstname: 'Ada', lastname: expect.stringMatching(/^Tester/) },
    ]);
    expect(added.json<GroupDetails>().managerUsers).toEqual([]);
    const summary = (await admin.inject({ method: 'GET', url: '/api/groups' })).json<GroupSummary[]>().find((g) => g.groupId === group.groupId);
    expect(summary).toMatchObject({ memberCount: 1, managerCount: 0 });
    expect(await audited('group.member.add', group.groupId)).toHaveLength(1);

    const again = await addUser(admin, group.groupId, member.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(groupMessages.ALREADY_MEMBER);

    const removed = await removeUser(admin, group.groupId, member.id);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().users).toEqual([]);
    const twice = await removeUser(admin, group.groupId, member.id);
    expect(twice.statusCode).toBe(404);
    expect(twice.json().message).toBe(groupMessages.NOT_MEMBER);
    expect(await audited('group.member.remove', group.groupId)).toHaveLength(1);
  });

  it('adds and removes managers with ?as=manager, apart from the members', async () => {
    const group = await newGroup();
    const manager = await createUser(ctx);
    const added = await addUser(admin, group.groupId, manager.id, 'manager');
    expect(added.statusCode).toBe(200);
    expect(added.json<GroupDetails>().managerUsers.map((u) => u.userId)).toEqual([manager.id]);
    expect(added.json<GroupDetails>().users).toEqual([]);
    expect((await addUser(admin, group.groupId, manager.id, 'manager')).json().message).toBe(groupMessages.ALREADY_MANAGER);
    // A manager may also be a member.
    expect((await addUser(admin, group.groupId, manager.id)).statusCode).toBe(200);
    const removed = await removeUser(admin, group.groupId, manager.id, 'manager');
    expect(removed.json<GroupDetails>().managerUsers).toEqual([]);
    expect(removed.json<GroupDetails>().users.map((u) => u.userId)).toEqual([manager.id]);
    expect((await removeUser(admin, group.groupId, manager.id, 'manager')).json().message).toBe(groupMessages.NOT_MANAGER);
    expect((await addUser(admin, group.groupId, manager.id, 'boss')).statusCode).toBe(400);
  });

  it('answers 404 for an unknown group or user, 409 for a deleted account, 400 for malformed ids', async () => {
    const group = await newGroup();
    const noGroup = await addUser(admin, 2000000000, user.id);
    expect(noGroup.statusCode).toBe(404);
    expect(noGroup.json().message).toBe(groupMessages.GROUP_NOT_FOUND);
    const noUser = await addUser(admin, group.groupId, 2000000000);
    expect(noUser.statusCode).toBe(404);
    expect(noUser.json().message).toBe(groupMessages.USER_NOT_FOUND);
    expect((await removeUser(admin, group.groupId, 2000000000)).json().message).toBe(groupMessages.USER_NOT_FOUND);

    const gone = await createUser(ctx);
    await ctx.database.db.updateTable('users').set({ anonymised_at: new Date() }).where('id', '=', gone.id).execute();
    const deleted = await addUser(admin, group.groupId, gone.id);
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json().message).toBe(groupMessages.ACCOUNT_DELETED);

    expect((await admin.inject({ method: 'PUT', url: `/api/group/abc/userToAdd/${user.id}` })).statusCode).toBe(400);
    expect((await admin.inject({ method: 'PUT', url: `/api/group/${group.groupId}/userToRemove/0` })).statusCode).toBe(400);
    expect((await admin.inject({ method: 'GET', url: `/api/group/${group.groupId}` })).json().users).toEqual([]);
  });

  it('adds a user once when the same addition is sent in parallel', async () => {
    const group = await newGroup();
    const member = await createUser(ctx);
    const replies = await Promise.all(Array.from({ length: 6 }, () => addUser(admin, group.groupId, member.id)));
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
  });
});

describe('GET /api/group/{id} for a group manager', () => {
  it('lets the managers of a group read it, and nobody else but administrators', async () => {
    const group = await newGroup();
    const manager = await loginAs(ctx);
    const member = await loginAs(ctx);
    await addUser(admin, group.groupId, manager.id, 'manager');
    await addUser(admin, group.groupId, member.id);

    const own = await manager.inject({ method: 'GET', url: `/api/group/${group.groupId}` });
    expect(own.statusCode).toBe(200);
    expect(own.json<GroupDetails>().users.map((u) => u.userId)).toEqual([member.id]);
    expect((await member.inject({ method: 'GET', url: `/api/group/${group.groupId}` })).statusCode).toBe(403);

    const other = await newGroup();
    expect((await manager.inject({ method: 'GET', url: `/api/group/${other.groupId}` })).statusCode).toBe(403);
    // An unknown group looks the same as somebody else's to a non-administrator.
    expect((await manager.inject({ method: 'GET', url: '/api/group/2000000000' })).statusCode).toBe(403);
    // Managing a group is reading it, not administering it.
    expect((await addUser(manager, group.groupId, manager.id)).statusCode).toBe(403);
    expect((await manager.inject({ method: 'PUT', url: `/api/group/${group.groupId}`, payload: { name: 'Taken over' } })).statusCode).toBe(403);
  });
});
