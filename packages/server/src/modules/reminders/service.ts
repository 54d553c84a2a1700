// Reminders: a mail to the holder and the colleagues of a reservation before it starts and before it ends, at
// each person's lead times (15 min by default, either can be turned off on the profile). Every instance runs
// a sweep; the rows of `reservation_reminders` make each reminder go once (see claimDueReminders).
import type { DatabaseFaultReporter, Db } from '../../db/database.js';
import { enqueueMail } from '../../mail/outbox.js';
import { authorize } from '../../security/policies.js';
import type { Principal } from '../../security/principal.js';
import type { ReminderSettings } from '@testbed/contract';
import { formatInZone, MAIL_TIME_ZONE } from '../reservations/wall-clock.js';
import { claimDueReminders, readReminderSettings, reminderFacts, writeReminderSettings, type ClaimedReminder } from './repo.js';

export class ReminderSettingsService {
  constructor(private readonly db: Db) {}

  async read(principal: Principal | null): Promise<ReminderSettings> {
    const caller = authorize(principal, 'account:own-settings', { userId: principal?.userId });
    const row = await readReminderSettings(this.db, caller.userId);
    return {
      beforeStartMinutes: row?.reminder_before_start_minutes ?? null,
      beforeEndMinutes: row?.reminder_before_end_minutes ?? null,
    };
  }

  async save(principal: Principal | null, settings: ReminderSettings): Promise<ReminderSettings> {
    const caller = authorize(principal, 'account:own-settings', { userId: principal?.userId });
    await writeReminderSettings(this.db, caller.userId, settings);
    return this.read(principal);
  }
}

interface SweeperOptions {
  db: Db;
  publicUrl: string;
  log: { error(object: object, message: string): void };
  /** Hears database faults, which it logs once per outage. */
  faults?: DatabaseFaultReporter;
  /** Time between two sweeps. */
  intervalMs?: number;
}

const BATCH = 100;

export class ReminderSweeper {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = true;

  constructor(private readonly options: SweeperOptions) {}

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }

  /** Claims the due reminders and queues their mails in the same transaction; answers how many. */
  async sweep(): Promise<number> {
    return this.options.db.transaction().execute(async (tx) => {
      const claimed = await claimDueReminders(tx, BATCH);
      for (const reminder of claimed) await this.queueMail(tx, reminder);
      return claimed.length;
    });
  }

  private async queueMail(tx: Parameters<typeof enqueueMail>[0], reminder: ClaimedReminder) {
    const facts = await reminderFacts(tx, reminder.reservation_id, reminder.user_id);
    if (!facts) return;
    const zone = facts.time_zone ?? MAIL_TIME_ZONE;
    const minutes = Math.max(1, Math.round((reminder.for_time.getTime() - Date.now()) / 60_000));
    const when = reminder.kind === 'start' ? 'starts' : 'ends';
    const lines = [
      `Hello ${facts.firstname},`,
      '',
      `Reservation ${facts.id} ${when} in about ${minutes} min, at ${formatInZone(reminder.for_time, zone)} (${zone}).`,
      '',
      `Window: ${formatInZone(facts.start_date, zone)} to ${formatInZone(facts.end_date, zone)} (${zone})`,
      `Holder: ${facts.holder}`,
      ...(facts.description ? [`Description: ${facts.description}`] : []),
      `Devices: ${facts.devices.join(', ')}`,
      '',
      reminder.kind === 'end'
        ? 'Save your work: the devices go to the next user when it ends. You may extend it from your reservations if they are free.'
        : 'You can flash the devices once it has started.',
      `Your reservations: ${this.options.publicUrl}/reservations/${reminder.user_id}`,
      `Change or turn off reminders on your profile: ${this.options.publicUrl}/user/${reminder.user_id}`,
    ];
    await enqueueMail(tx, { to: facts.email, subject: `Reminder: reservation ${facts.id} ${when} at ${formatInZone(reminder.for_time, zone)}`, text: `${lines.join('\n')}\n` });
  }

  private schedule(delayMs: number) {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.running = this.sweep()
        .catch((error: unknown) => {
          // The database may be restarting: the next sweep finds what this one missed.
          if (!this.options.faults?.reportOutage(error)) this.options.log.error({ err: error }, 'reminder sweep failed');
          return 0;
        })
        .then((count) => this.schedule(count >= BATCH ? 0 : (this.options.intervalMs ?? 30_000)))
        .finally(() => {
          this.running = null;
        });
    }, delayMs);
    this.timer.unref?.();
  }
}
