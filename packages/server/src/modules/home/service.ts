// The home page's figures for administrators: what waits for them, each answered by one of their pages.
import { FAILING_MAILS_LIMIT, type AdminSummary, type FailingMail, type FailingMailList } from '@testbed/contract';
import { recordAudit } from '../../db/audit-writer.js';
import { AppError } from '../../errors.js';
import type { Db } from '../../db/database.js';
import { authorize } from '../../security/policies.js';
import type { Principal } from '../../security/principal.js';
import type { TestbedDriver } from '../../testbed/driver.js';
import { listFailingMails, loadAdminSummary, makeMailDue, type FailingMailRow } from './repo.js';

const present = (row: FailingMailRow): FailingMail => ({
  id: row.id,
  to: row.to_address,
  subject: row.subject,
  attempts: row.attempts,
  lastError: row.last_error ?? '',
  createdAt: new Date(row.created_at).toISOString(),
  nextAttemptAt: new Date(row.next_attempt_at).toISOString(),
});

export class HomeService {
  constructor(
    private readonly db: Db,
    /** Whether each device answers is the testbed's to say, not the database's. */
    private readonly driver: TestbedDriver,
  ) {}

  async adminSummary(principal: Principal | null): Promise<AdminSummary> {
    authorize(principal, 'admin-summary:read');
    const states = await this.driver.deviceStates();
    return loadAdminSummary(
      this.db,
      states.filter((state) => !state.up).map((state) => state.mac),
    );
  }

  /** The failing mails (the Home's last count), newest first. */
  async failingMails(principal: Principal | null): Promise<FailingMailList> {
    authorize(principal, 'mail-outbox:manage');
    const { rows, total } = await listFailingMails(this.db, FAILING_MAILS_LIMIT);
    return { mails: rows.map(present), total };
  }

  /** Makes a mail due at once: the next pass of any instance's sender takes it. */
  async retryMail(principal: Principal | null, id: number, ip?: string): Promise<FailingMail> {
    const caller = authorize(principal, 'mail-outbox:manage');
    const row = await this.db.transaction().execute(async (tx) => {
      const due = await makeMailDue(tx, id);
      if (due) {
        await recordAudit(tx, {
          actorUserId: caller.userId,
          action: 'mail.retry',
          targetType: 'mail',
          targetId: String(id),
          ip,
          details: { to: due.to_address, subject: due.subject, attempts: due.attempts },
        });
      }
      return due;
    });
    if (!row) throw new AppError('not_found', `No mail ${id} waits for delivery: it is unknown or was delivered since.`);
    return present(row);
  }
}
