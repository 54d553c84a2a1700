// Rules of the groups area: groups and group types are administered by administrators; a group's
// managers may read it. Names of groups and labels of group types are unique whatever their case; a
// group that has members and a group type used by groups cannot be deleted; a user is added to or removed
// from a group's members or managers one at a time, and a deleted (anonymised) account joins no group.
import {
  groupMessages,
  type GroupDetails,
  type GroupSummary,
  type GroupType,
  type GroupTypeForm,
} from '@testbed/contract';
import type { Db, Queryable } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { authorize } from '../../security/policies.js';
import type { Caller, Principal } from '../../security/principal.js';
import { recordAudit } from '../../db/audit-writer.js';
import { FOREIGN_KEY_VIOLATION, refuseOnConstraint, UNIQUE_VIOLATION } from '../../db/constraint-errors.js';
import { ListReads } from '../list-steps.js';
import {
  addGroupUser,
  deleteGroup,
  deleteGroupType,
  findGroup,
  findGroupType,
  findUserForGroup,
  insertGroup,
  insertGroupType,
  listGroups,
  listGroupsOfType,
  listGroupTypes,
  listGroupUsers,
  listManagerIds,
  lockGroup,
  lockGroupType,
  presentGroupDetails,
  presentGroupSummary,
  presentGroupType,
  removeGroupUser,
  shareGroupType,
  updateGroup,
  updateGroupType,
  type GroupRole,
} from './repo.js';

/** A group as the API receives it, after validation. */
export interface GroupInput {
  groupId?: number;
  name: string;
  groupType: { groupTypeId: number } | null;
}

const groupNotFound = () => new AppError('not_found', groupMessages.GROUP_NOT_FOUND);
const groupTypeNotFound = () => new AppError('not_found', groupMessages.GROUP_TYPE_NOT_FOUND);
/** The unique indexes on names and labels answer a concurrent duplicate; it gets the same reply as a serial one. */
const mapConflicts = <T>(run: () => Promise<T>, duplicate: () => AppError) => refuseOnConstraint(run, UNIQUE_VIOLATION, duplicate);

const duplicateGroup = (field = 'name') =>
  new AppError('conflict', groupMessages.DUPLICATE_GROUP, { fieldErrors: { [field]: [groupMessages.DUPLICATE_GROUP] } });
const duplicateGroupType = () =>
  new AppError('conflict', groupMessages.DUPLICATE_GROUP_TYPE, { fieldErrors: { label: [groupMessages.DUPLICATE_GROUP_TYPE] } });

export class GroupsService {
  private readonly groupTypes;

  constructor(private readonly db: Db) {
    this.groupTypes = new ListReads({ db, action: 'groups:read', list: listGroupTypes, find: findGroupType, present: presentGroupType, notFound: groupTypeNotFound });
  }

  // Group types ----------------------------------------------------------------------------------------

  listGroupTypes(caller: Caller): Promise<GroupType[]> {
    return this.groupTypes.list(caller);
  }

  getGroupType(caller: Caller, id: number): Promise<GroupType> {
    return this.groupTypes.get(caller, id);
  }

  async groupsOfType(caller: Caller, id: number): Promise<GroupSummary[]> {
    authorize(caller.principal, 'groups:read');
    if (!(await findGroupType(this.db, id))) throw groupTypeNotFound();
    return (await listGroupsOfType(this.db, id)).map(presentGroupSummary);
  }

  async createGroupType(caller: Caller, form: GroupTypeForm): Promise<GroupType> {
    const actor = authorize(caller.principal, 'groups:manage');
    return mapConflicts(
      () =>
        this.db.transaction().execute(async (tx) => {
          const id = await insertGroupType(tx, form.label);
          await this.audit(tx, actor, caller, 'groupType.create', 'groupType', id, { label: form.label });
          return presentGroupType((await findGroupType(tx, id))!);
        }),
      duplicateGroupType,
    );
  }

  async updateGroupType(caller: Caller, id: number, form: GroupTypeForm): Promise<GroupType> {
    const actor = authorize(caller.principal, 'groups:manage');
    return mapConflicts(
      () =>
        this.db.transaction().execute(async (tx) => {
          const current = await lockGroupType(tx, id);
          if (!current) throw groupTypeNotFound();
          if (current.label !== form.label) {
            await updateGroupType(tx, id, form.label);
            await this.audit(tx, actor, caller, 'groupType.update', 'groupType', id, { from: current.label, to: form.label });
          }
          return presentGroupType((await findGroupType(tx, id))!);
        }),
      duplicateGroupType,
    );
  }

  async deleteGroupType(caller: Caller, id: number): Promise<{ groupTypeId: number }> {
    const actor = authorize(caller.principal, 'groups:manage');
    const inUse = () => new AppError('conflict', groupMessages.GROUP_TYPE_HAS_GROUPS);
    // A group given this type meanwhile: the foreign key refuses the deletion.
    return refuseOnConstraint(
      () =>
        this.db.transaction().execute(async (tx) => {
          const current = await lockGroupType(tx, id);
          if (!current) throw groupTypeNotFound();
          if ((await listGroupsOfType(tx, id)).length > 0) throw inUse();
          await deleteGroupType(tx, id);
          await this.audit(tx, actor, caller, 'groupType.delete', 'groupType', id, { label: current.label });
          return { groupTypeId: id };
        }),
      FOREIGN_KEY_VIOLATION,
      inUse,
    );
  }

  // Groups ---------------------------------------------------------------------------------------------

  async listGroups(caller: Caller): Promise<GroupSummary[]> {
    authorize(caller.principal, 'groups:read');
    return (await listGroups(this.db)).map(presentGroupSummary);
  }

  /** Administrators read any group; a manager reads the groups they manage. */
  async getGroup(caller: Caller, id: number): Promise<GroupDetails> {
    const managerIds = await listManagerIds(this.db, id);
    const row = await findGroup(this.db, id);
    // Not telling others which group ids exist: an unknown group is "forbidden" to them like any other.
    authorize(caller.principal, 'group:read', { managerIds: row ? managerIds : [] });
    if (!row) throw groupNotFound();
    return this.details(this.db, id);
  }

  async createGroup(caller: Caller, input: GroupInput): Promise<GroupDetails> {
    const actor = authorize(caller.principal, 'groups:manage');
    return mapConflicts(
      () =>
        this.db.transaction().execute(async (tx) => {
          const id = await this.insert(tx, actor, caller, input);
          return this.details(tx, id);
        }),
      duplicateGroup,
    );
  }

  /** POST /groups: every group or none. */
  async createGroups(caller: Caller, inputs: GroupInput[]): Promise<GroupDetails[]> {
    const actor = authorize(caller.principal, 'groups:manage');
    const names = inputs.map((input) => input.name.toLowerCase());
    if (new Set(names).size !== names.length) throw new AppError('validation', groupMessages.GROUPS_REPEATED);
    return mapConflicts(
      () =>
        this.db.transaction().execute(async (tx) => {
          const ids: number[] = [];
          for (const input of inputs) ids.push(await this.insert(tx, actor, caller, input));
          return Promise.all(ids.map((id) => this.details(tx, id)));
        }),
      () => new AppError('conflict', groupMessages.DUPLICATE_GROUP),
    );
  }

  async updateGroup(caller: Caller, id: number, input: GroupInput): Promise<GroupDetails> {
    const actor = authorize(caller.principal, 'groups:manage');
    if (input.groupId !== undefined && input.groupId !== id) {
      throw new AppError('validation', groupMessages.ID_MISMATCH, { fieldErrors: { groupId: [groupMessages.ID_MISMATCH] } });
    }
    return mapConflicts(
      () =>
        this.db.transaction().execute(async (tx) => {
          const before = await findGroup(tx, id);
          if (!before || !(await lockGroup(tx, id))) throw groupNotFound();
          const groupTypeId = await this.checkGroupType(tx, input);
          await updateGroup(tx, id, { name: input.name, group_type_id: groupTypeId });
          await this.audit(tx, actor, caller, 'group.update', 'group', id, {
            from: { name: before.name, groupTypeId: before.group_type_id },
            to: { name: input.name, groupTypeId },
          });
          return this.details(tx, id);
        }),
      duplicateGroup,
    );
  }

  async deleteGroup(caller: Caller, id: number): Promise<{ groupId: number }> {
    const actor = authorize(caller.principal, 'groups:manage');
    return this.db.transaction().execute(async (tx) => {
      const group = await lockGroup(tx, id);
      if (!group) throw groupNotFound();
      if ((await listGroupUsers(tx, id, 'member')).length > 0) throw new AppError('conflict', groupMessages.GROUP_HAS_MEMBERS);
      await deleteGroup(tx, id);
      await this.audit(tx, actor, caller, 'group.delete', 'group', id, { name: group.name });
      return { groupId: id };
    });
  }

  async addUser(caller: Caller, groupId: number, userId: number, role: GroupRole): Promise<GroupDetails> {
    const actor = authorize(caller.principal, 'groups:manage');
    return this.db.transaction().execute(async (tx) => {
      if (!(await lockGroup(tx, groupId))) throw groupNotFound();
      const user = await findUserForGroup(tx, userId);
      if (!user) throw new AppError('not_found', groupMessages.USER_NOT_FOUND);
      if (user.anonymised_at) throw new AppError('conflict', groupMessages.ACCOUNT_DELETED);
      if (!(await addGroupUser(tx, groupId, userId, role))) {
        throw new AppError('conflict', role === 'manager' ? groupMessages.ALREADY_MANAGER : groupMessages.ALREADY_MEMBER);
      }
      await this.audit(tx, actor, caller, `group.${role}.add`, 'group', groupId, { userId });
      return this.details(tx, groupId);
    });
  }

  async removeUser(caller: Caller, groupId: number, userId: number, role: GroupRole): Promise<GroupDetails> {
    const actor = authorize(caller.principal, 'groups:manage');
    return this.db.transaction().execute(async (tx) => {
      if (!(await lockGroup(tx, groupId))) throw groupNotFound();
      if (!(await removeGroupUser(tx, groupId, userId, role))) {
        if (!(await findUserForGroup(tx, userId))) throw new AppError('not_found', groupMessages.USER_NOT_FOUND);
        throw new AppError('not_found', role === 'manager' ? groupMessages.NOT_MANAGER : groupMessages.NOT_MEMBER);
      }
      await this.audit(tx, actor, caller, `group.${role}.remove`, 'group', groupId, { userId });
      return this.details(tx, groupId);
    });
  }

  private async insert(tx: Queryable, actor: Principal, caller: Caller, input: GroupInput): Promise<number> {
    const groupTypeId = await this.checkGroupType(tx, input);
    const id = await insertGroup(tx, { name: input.name, group_type_id: groupTypeId });
    await this.audit(tx, actor, caller, 'group.create', 'group', id, { name: input.name, groupTypeId });
    return id;
  }

  private async checkGroupType(tx: Queryable, input: GroupInput): Promise<number | null> {
    if (!input.groupType) return null;
    const row = await shareGroupType(tx, input.groupType.groupTypeId);
    if (!row) {
      throw new AppError('validation', groupMessages.GROUP_TYPE_NOT_FOUND, {
        fieldErrors: { groupType: [groupMessages.GROUP_TYPE_NOT_FOUND] },
      });
    }
    return row.id;
  }

  private async details(db: Queryable, id: number): Promise<GroupDetails> {
    const row = await findGroup(db, id);
    if (!row) throw groupNotFound();
    const [members, managers] = [await listGroupUsers(db, id, 'member'), await listGroupUsers(db, id, 'manager')];
    return presentGroupDetails(row, members, managers);
  }

  private audit(
    tx: Queryable,
    actor: Principal,
    caller: Caller,
    action: string,
    targetType: string,
    targetId: number,
    details: Record<string, unknown>,
  ) {
    return recordAudit(tx, { actorUserId: actor.userId, action, targetType, targetId, ip: caller.ip, details });
  }
}
