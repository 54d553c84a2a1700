// Rules of the intended usages: administrators list them all; a user reads, adds, changes and deletes
// their own, an administrator anybody's. The text is required and not only whitespace.
import { intendedUsageMessages, type IntendedUsage } from '@testbed/contract';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { authorize } from '../../security/policies.js';
import type { Caller } from '../../security/principal.js';
import { recordAudit } from '../../db/audit-writer.js';
import {
  deleteIntendedUsage,
  findIntendedUsage,
  insertIntendedUsage,
  listIntendedUsages,
  presentIntendedUsage,
  updateIntendedUsage,
  userExists,
} from './repo.js';

const notFound = () => new AppError('not_found', intendedUsageMessages.NOT_FOUND);

// Its methods follow every area's steps (authorize, load, present): alike in shape only to other services.
export class IntendedUsagesService {
  constructor(private readonly db: Db) {}

  async list(caller: Caller): Promise<IntendedUsage[]> {
    authorize(caller.principal, 'intended-usages:list');
    return (await listIntendedUsages(this.db)).map(presentIntendedUsage);
  }

  async get(caller: Caller, id: number): Promise<IntendedUsage> {
    const row = await findIntendedUsage(this.db, id);
    if (!row) throw notFound();
    authorize(caller.principal, 'intended-usage:read', { userId: row.user_id });
    return presentIntendedUsage(row);
  }

  async create(caller: Caller, userId: number, description: string): Promise<IntendedUsage> {
    const actor = authorize(caller.principal, 'intended-usage:manage', { userId });
    if (!(await userExists(this.db, userId))) throw new AppError('not_found', intendedUsageMessages.USER_NOT_FOUND);
    const id = await this.db.transaction().execute(async (tx) => {
      const created = await insertIntendedUsage(tx, userId, description);
      await recordAudit(tx, {
        actorUserId: actor.userId,
        action: 'intended-usage.create',
        targetType: 'intended_usage',
        targetId: created,
        ip: caller.ip,
        details: { userId },
      });
      return created;
    });
    return presentIntendedUsage((await findIntendedUsage(this.db, id))!);
  }

  async update(caller: Caller, id: number, description: string): Promise<IntendedUsage> {
    const row = await findIntendedUsage(this.db, id);
    if (!row) throw notFound();
    const actor = authorize(caller.principal, 'intended-usage:manage', { userId: row.user_id });
    await this.db.transaction().execute(async (tx) => {
      if (!(await updateIntendedUsage(tx, id, description))) throw notFound();
      await recordAudit(tx, { actorUserId: actor.userId, action: 'intended-usage.update', targetType: 'intended_usage', targetId: id, ip: caller.ip });
    });
    return presentIntendedUsage((await findIntendedUsage(this.db, id))!);
  }

  async delete(caller: Caller, id: number): Promise<{ deleted: true }> {
    const row = await findIntendedUsage(this.db, id);
    if (!row) throw notFound();
    const actor = authorize(caller.principal, 'intended-usage:manage', { userId: row.user_id });
    await this.db.transaction().execute(async (tx) => {
      if (!(await deleteIntendedUsage(tx, id))) throw notFound();
      await recordAudit(tx, {
        actorUserId: actor.userId,
        action: 'intended-usage.delete',
        targetType: 'intended_usage',
        targetId: id,
        ip: caller.ip,
        details: { userId: row.user_id },
      });
    });
    return { deleted: true };
  }
}
