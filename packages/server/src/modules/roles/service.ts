// Rules of the roles area (administrators only): role names are unique and follow the role-name rule;
// ADMIN and USER cannot be renamed or deleted since signing in reads them by name; a role still given to
// users cannot be deleted.
import { roleMessages, type DeleteRoleReply, type Role, type RoleDetails, type RoleForm } from '@testbed/contract';
import type { Db, Queryable } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { authorize } from '../../security/policies.js';
import type { Caller } from '../../security/principal.js';
import { FOREIGN_KEY_VIOLATION, refuseOnConstraint, UNIQUE_VIOLATION } from '../../db/constraint-errors.js';
import { auditedTransaction, ListReads, type AuditedChange } from '../list-steps.js';
import {
  countRoleUsers,
  deleteRole,
  findRole,
  insertRole,
  isProtectedRole,
  listRoles,
  listRoleUsers,
  lockRole,
  presentRole,
  presentRoleDetails,
  renameRole,
  type RoleRow,
} from './repo.js';

const notFound = () => new AppError('not_found', roleMessages.NOT_FOUND);
const duplicate = () => new AppError('conflict', roleMessages.DUPLICATE, { fieldErrors: { roleName: [roleMessages.DUPLICATE] } });

export class RolesService extends ListReads<RoleRow, Role, RoleDetails> {
  constructor(private readonly db: Db) {
    const presentOne = async (db: Queryable, row: RoleRow) => presentRoleDetails(row, await listRoleUsers(db, row.id));
    super({ db, action: 'roles:read', list: listRoles, find: findRole, present: presentRole, presentOne, notFound });
  }

  create(caller: Caller, form: RoleForm): Promise<RoleDetails> {
    return this.change(caller, async (tx, audit) => {
      const id = await insertRole(tx, form.roleName);
      await audit({ action: 'role.create', targetType: 'role', targetId: id, details: { roleName: form.roleName } });
      return presentRoleDetails((await findRole(tx, id))!, []);
    });
  }

  rename(caller: Caller, id: number, form: RoleForm): Promise<RoleDetails> {
    return this.change(caller, async (tx, audit) => {
      const role = await lockRole(tx, id);
      if (!role) throw notFound();
      if (role.name !== form.roleName) {
        if (isProtectedRole(role.name)) throw new AppError('conflict', roleMessages.PROTECTED);
        await renameRole(tx, id, form.roleName);
        await audit({ action: 'role.rename', targetType: 'role', targetId: id, details: { from: role.name, to: form.roleName } });
      }
      return presentRoleDetails((await findRole(tx, id))!, await listRoleUsers(tx, id));
    });
  }

  delete(caller: Caller, id: number): Promise<DeleteRoleReply> {
    // A grant made meanwhile by another request: the foreign key refuses the deletion.
    const inUse = () => new AppError('conflict', roleMessages.HAS_USERS);
    return this.change(
      caller,
      async (tx, audit) => {
        const role = await lockRole(tx, id);
        if (!role) throw notFound();
        if (isProtectedRole(role.name)) throw new AppError('conflict', roleMessages.PROTECTED);
        if ((await countRoleUsers(tx, id)) > 0) throw inUse();
        await deleteRole(tx, id);
        await audit({ action: 'role.delete', targetType: 'role', targetId: id, details: { roleName: role.name } });
        return { roleId: id };
      },
      { code: FOREIGN_KEY_VIOLATION, refusal: inUse },
    );
  }

  /**
   * An administrator's change of the roles, in one transaction with its audit rows; the database's refusal
   * (by default a concurrent duplicate name) gets the same reply as the check made first.
   */
  private async change<T>(
    caller: Caller,
    change: AuditedChange<T>,
    refused: { code: string; refusal: () => AppError } = { code: UNIQUE_VIOLATION, refusal: duplicate },
  ): Promise<T> {
    const actor = authorize(caller.principal, 'roles:manage');
    return refuseOnConstraint(() => auditedTransaction(this.db, actor, caller, change), refused.code, refused.refusal);
  }
}
