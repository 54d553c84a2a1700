// Delivers the outbox (outbox.ts). Every instance may run a sender on the same database: a
// sender claims due rows with one UPDATE over `FOR UPDATE SKIP LOCKED`, which also pushes their next
// attempt past a lease, so no two senders take the same row and a row claimed by a sender that died is
// taken again once the lease is over. A failed delivery is retried later and later, its error kept, so a
// down SMTP server loses nothing. With no SMTP_URL each mail becomes an .eml file in <DATA_DIR>/outbox and
// its links are logged, so that a newcomer can follow the account flows on a laptop.
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../config.js';
import type { DatabaseFaultReporter, Queryable } from '../db/database.js';

export interface MailLogger {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

export interface MailSenderOptions {
  db: Queryable;
  config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM' | 'DATA_DIR'>;
  log: MailLogger;
  /** Hears database faults, which it logs once per outage. */
  faults?: DatabaseFaultReporter;
  /** Time between two looks at the outbox when it was empty. */
  pollIntervalMs?: number;
  /** Rows taken per claim. */
  batchSize?: number;
  /** Wait before the next attempt after `attempts` failed ones. */
  retryDelayMs?: (attempts: number) => number;
}

/** 30 s, 1 min, 2 min ... capped at one hour. */
export const defaultRetryDelayMs = (attempts: number) => Math.min(3_600_000, 30_000 * 2 ** Math.max(0, attempts - 1));

/** How long a claimed row stays away from other senders while it is being delivered. */
const CLAIM_LEASE_SECONDS = 300;

interface ClaimedMail {
  id: number;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  attempts: number;
}

/** The links of a mail body, for the log of the outbox folder. */
export function linksOf(text: string): string[] {
  return text.match(/https?:\/\/[^\s<>"]+/g) ?? [];
}

export class MailSender {
  private readonly transport: Transporter;
  private readonly outboxDir: string | null;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = true;
  /** When the loop last looked at the outbox (performance.now()), for the readiness check. */
  private lastTickAt = 0;
  /** Deliveries by this instance since it started, for the metrics: handed to the relay (or the folder), or failed. */
  readonly stats = { sent: 0, failed: 0 };

  constructor(private readonly options: MailSenderOptions) {
    const { config } = options;
    if (config.SMTP_URL) {
      this.transport = nodemailer.createTransport(config.SMTP_URL);
      this.outboxDir = null;
    } else {
      this.transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
      this.outboxDir = path.resolve(config.DATA_DIR, 'outbox');
    }
  }

  /** Starts the delivery loop. */
  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.lastTickAt = performance.now();
    this.schedule(0);
  }

  /**
   * Whether the loop is started and has looked at the outbox lately. A slow SMTP server holds a pass for up to
   * a few minutes without making the instance unfit to serve, so only a pass stuck longer counts.
   */
  isAlive(): boolean {
    const interval = this.options.pollIntervalMs ?? 2000;
    return !this.stopped && performance.now() - this.lastTickAt < Math.max(5 * 60_000, interval * 5);
  }

  /** Stops the loop and waits for the delivery under way, if any. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
    this.transport.close();
  }

  private schedule(delayMs: number) {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.running = this.tick().finally(() => {
        this.running = null;
      });
    }, delayMs);
    this.timer.unref?.();
  }

  private async tick() {
    this.lastTickAt = performance.now();
    let delivered = 0;
    try {
      delivered = await this.deliverDue();
    } catch (error) {
      // The database may be restarting: try again at the next interval (the outage is logged once).
      if (!this.options.faults?.reportOutage(error)) this.options.log.error({ err: error }, 'mail outbox could not be read');
    }
    // A full batch suggests more is waiting.
    this.schedule(delivered >= (this.options.batchSize ?? 10) ? 0 : (this.options.pollIntervalMs ?? 2000));
  }

  /** Claims the due mails and tries each once; answers how many were claimed. */
  async deliverDue(): Promise<number> {
    const claimed = await this.claim();
    for (const mail of claimed) await this.deliver(mail);
    return claimed.length;
  }

  private async claim(): Promise<ClaimedMail[]> {
    const { rows } = await sql<ClaimedMail>`
      UPDATE mail_outbox
      SET attempts = attempts + 1, next_attempt_at = now() + make_interval(secs => ${CLAIM_LEASE_SECONDS})
      WHERE id IN (
        SELECT id FROM mail_outbox
        WHERE sent_at IS NULL AND next_attempt_at <= now()
        ORDER BY next_attempt_at, id
        LIMIT ${this.options.batchSize ?? 10}
        FOR UPDATE SKIP LOCKED)
      RETURNING id, to_address, subject, text_body, html_body, attempts`.execute(this.options.db);
    return rows;
  }

  private async deliver(mail: ClaimedMail) {
    const { db, config, log } = this.options;
    let handedOver = false;
    try {
      const info = await this.transport.sendMail({
        from: config.MAIL_FROM,
        to: mail.to_address,
        subject: mail.subject,
        text: mail.text_body,
        ...(mail.html_body ? { html: mail.html_body } : {}),
      });
      if (this.outboxDir) {
        const file = await this.writeEml(mail.id, (info as { message: Buffer }).message);
        log.info({ mailId: mail.id, to: mail.to_address, subject: mail.subject, file, links: linksOf(mail.text_body) }, 'mail written to the outbox folder');
      }
      handedOver = true;
      this.stats.sent += 1;
      await db.updateTable('mail_outbox').set({ sent_at: sql`now()`, last_error: null }).where('id', '=', mail.id).execute();
    } catch (error) {
      // A mail handed over whose row could not be marked sent (the database went away) counts as sent once.
      if (!handedOver) this.stats.failed += 1;
      const message = error instanceof Error ? error.message : String(error);
      const delayMs = (this.options.retryDelayMs ?? defaultRetryDelayMs)(mail.attempts);
      await db
        .updateTable('mail_outbox')
        .set({ last_error: message.slice(0, 1000), next_attempt_at: new Date(Date.now() + delayMs) })
        .where('id', '=', mail.id)
        .execute();
      log.warn({ mailId: mail.id, attempts: mail.attempts, err: message }, 'mail not delivered, will retry');
    }
  }

  private async writeEml(id: number, message: Buffer): Promise<string> {
    const dir = this.outboxDir!;
    await mkdir(dir, { recursive: true });
    const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${id}.eml`;
    const file = path.join(dir, name);
    // Written aside then renamed, so that a reader of the folder never sees half a mail.
    await writeFile(`${file}.tmp`, message);
    await rename(`${file}.tmp`, file);
    return file;
  }
}
