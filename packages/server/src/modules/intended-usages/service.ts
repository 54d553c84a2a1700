// Rules of the intended usages: administrators list them all; a user reads, adds, changes and deletes
// their own, an administrator anybody's. The text is required and not only whitespace.
import { intendedUsageMessages, type IntendedUsage } from '@testbed/contract';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { authorize } from '../../security/policies.js';
import type { Caller } from '../../security/principal.js';
import { auditedTransaction } from '../list-steps.js';
import { userExists } from '../user-rows.js';
import {
  deleteIntendedUsage,
  findIntendedUsage,
  insertIntendedUsage,
  listIntendedUsages,
  presentIntendedUsage,
  updateIntendedUsage,
} from './repo.js';

const notFound = () => new AppError('not_found', intendedUsageMessages.NOT_FOUND);

export class IntendedUsagesService {
  constructor(private readonly db: Db) {}

  async list(caller: Caller): Promise<IntendedUsage[]> {
    authorize(caller.principal, 'intended-usages:list');
    return (await listIntendedUsages(this.db)).map(presentIntendedUsage);
  }

  async get(caller: Caller, id: number): Promise<IntendedUsage> {
    return presentIntendedUsage((await this.owned(caller, id, 'intended-usage:read')).row);
  }

  async create(caller: Caller, userId: number, description: string): Promise<IntendedUsage> {
    const actor = authorize(caller.principal, 'intended-usage:manage', { userId });
    if (!(await userExists(this.db, userId))) throw new AppError('not_found', intendedUsageMessages.USER_NOT_FOUND);
    const id = await auditedTransaction(this.db, actor, caller, async (tx, audit) => {
      const created = await insertIntendedUsage(tx, userId, description);
      await audit({ action: 'intended-usage.create', targetType: 'intended_usage', targetId: created, details: { userId } });
      return created;
    });
    return presentIntendedUsage((await findIntendedUsage(this.db, id))!);
  }

  async update(caller: Caller, id: number, description: string): Promise<IntendedUsage> {
    const { actor } = await this.owned(caller, id, 'intended-usage:manage');
    await auditedTransaction(this.db, actor, caller, async (tx, audit) => {
      if (!(await updateIntendedUsage(tx, id, description))) throw notFound();
      await audit({ action: 'intended-usage.update', targetType: 'intended_usage', targetId: id });
    });
    return presentIntendedUsage((await findIntendedUsage(this.db, id))!);
  }

  async delete(caller: Caller, id: number): Promise<{ deleted: true }> {
    const { row, actor } = await this.owned(caller, id, 'intended-usage:manage');
    await auditedTransaction(this.db, actor, caller, async (tx, audit) => {
      if (!(await deleteIntendedUsage(tx, id))) throw notFound();
      await audit({ action: 'intended-usage.delete', targetType: 'intended_usage', targetId: id, details: { userId: row.user_id } });
    });
    return { deleted: true };
  }

  /** The intended usage `id` and the caller, once `action` allows them on its owner's (loaded first: its owner decides). */
  private async owned(caller: Caller, id: number, action: 'intended-usage:read' | 'intended-usage:manage') {
    const row = await findIntendedUsage(this.db, id);
    if (!row) throw notFound();
    return { row, actor: authorize(caller.principal, action, { userId: row.user_id }) };
  }
}
