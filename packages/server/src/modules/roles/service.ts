// Rules of the roles area (administrators only): role names are unique and follow the role-name rule;
// ADMIN and USER cannot be renamed or deleted since signing in reads them by name; a role still given to
// users cannot be deleted.
import { roleMessages, type DeleteRoleReply, type Role, type RoleDetails, type RoleForm } from '@testbed/contract';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { authorize } from '../../security/policies.js';
import type { Caller } from '../../security/principal.js';
import { recordAudit } from '../../db/audit-writer.js';
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
} from './repo.js';

const notFound = () => new AppError('not_found', roleMessages.NOT_FOUND);
const duplicate = () => new AppError('conflict', roleMessages.DUPLICATE, { fieldErrors: { roleName: [roleMessages.DUPLICATE] } });
const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';

// Its methods follow every area's steps (authorize, load, present): alike in shape only to other services.
export class RolesService {
  constructor(private readonly db: Db) {}

  async list(caller: Caller): Promise<Role[]> {
    authorize(caller.principal, 'roles:read');
    return (await listRoles(this.db)).map(presentRole);
  }

  async get(caller: Caller, id: number): Promise<RoleDetails> {
    authorize(caller.principal, 'roles:read');
    const row = await findRole(this.db, id);
    if (!row) throw notFound();
    return presentRoleDetails(row, await listRoleUsers(this.db, id));
  }

  async create(caller: Caller, form: RoleForm): Promise<RoleDetails> {
    const actor = authorize(caller.principal, 'roles:manage');
    try {
      return await this.db.transaction().execute(async (tx) => {
        const id = await insertRole(tx, form.roleName);
        await recordAudit(tx, { actorUserId: actor.userId, action: 'role.create', targetType: 'role', targetId: id, ip: caller.ip, details: { roleName: form.roleName } });
        return presentRoleDetails((await findRole(tx, id))!, []);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw duplicate();
      throw error;
    }
  }

  async rename(caller: Caller, id: number, form: RoleForm): Promise<RoleDetails> {
    const actor = authorize(caller.principal, 'roles:manage');
    try {
      return await this.db.transaction().execute(async (tx) => {
        const role = await lockRole(tx, id);
        if (!role) throw notFound();
        if (role.name !== form.roleName) {
          if (isProtectedRole(role.name)) throw new AppError('conflict', roleMessages.PROTECTED);
          await renameRole(tx, id, form.roleName);
          await recordAudit(tx, {
            actorUserId: actor.userId,
            action: 'role.rename',
            targetType: 'role',
            targetId: id,
            ip: caller.ip,
            details: { from: role.name, to: form.roleName },
          });
        }
        return presentRoleDetails((await findRole(tx, id))!, await listRoleUsers(tx, id));
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw duplicate();
      throw error;
    }
  }

  async delete(caller: Caller, id: number): Promise<DeleteRoleReply> {
    const actor = authorize(caller.principal, 'roles:manage');
    try {
      return await this.db.transaction().execute(async (tx) => {
        const role = await lockRole(tx, id);
        if (!role) throw notFound();
        if (isProtectedRole(role.name)) throw new AppError('conflict', roleMessages.PROTECTED);
        if ((await countRoleUsers(tx, id)) > 0) throw new AppError('conflict', roleMessages.HAS_USERS);
        await deleteRole(tx, id);
        await recordAudit(tx, { actorUserId: actor.userId, action: 'role.delete', targetType: 'role', targetId: id, ip: caller.ip, details: { roleName: role.name } });
        return { roleId: id };
      });
    } catch (error) {
      // A grant made meanwhile by another request: the foreign key refuses the deletion.
      if (typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23503') {
        throw new AppError('conflict', roleMessages.HAS_USERS);
      }
      throw error;
    }
  }
}
