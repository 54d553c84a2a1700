// The sender against a real SMTP peer (smtp-server on a loopback port) and against the outbox folder.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/helper.js';
import { freePort, startPeer, textOf } from '../../test/smtp-peer.js';
import type { DatabaseHandle } from '../db/database.js';
import { enqueueMail } from './outbox.js';
import { MailSender, type MailLogger } from './sender.js';
import { missingPath } from '../../test/missing-path.js';

let database: DatabaseHandle;
let dispose: () => Promise<void>;
beforeAll(async () => {
  ({ database, dispose } = await openTestDatabase());
});
afterAll(() => dispose());

const quiet: MailLogger = { info() {}, warn() {}, error() {} };
const senders: MailSender[] = [];
const peers: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  await Promise.all(senders.splice(0).map((sender) => sender.stop()));
  await Promise.all(peers.splice(0).map((peer) => peer.close()));
  await database.db.deleteFrom('mail_outbox').execute();
});

function smtpSender(port: number, options: Partial<ConstructorParameters<typeof MailSender>[0]> = {}) {
  const sender = new MailSender({
    db: database.db,
    config: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'portal@testbed.example', DATA_DIR: missingPath('data') },
    log: quiet,
    ...options,
  });
  senders.push(sender);
  return sender;
}

async function outboxRow(to: string) {
  return database.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', to).executeTakeFirstOrThrow();
}

describe('mail sender over SMTP', () => {
  it('delivers a queued mail with its plain-text body and marks it sent', async () => {
    const port = await freePort();
    const peer = await startPeer(port);
    peers.push(peer);
    const link = `http://localhost:3000/confirm-email/${'x'.repeat(43)}`;
    await enqueueMail(database.db, { to: 'ada@example.org', subject: 'Please validate your email', text: `Hello Ada,\n\nOpen ${link}\n` });

    expect(await smtpSender(port).deliverDue()).toBe(1);
    expect(peer.received).toHaveLength(1);
    const [mail] = peer.received;
    expect(mail!.from).toBe('portal@testbed.example');
    expect(mail!.to).toEqual(['ada@example.org']);
    expect(mail!.raw).toMatch(/^Subject: Please validate your email$/m);
    expect(mail!.raw).toMatch(/^Content-Type: text\/plain/m);
    expect(textOf(mail!.raw)).toContain(link);
    const row = await outboxRow('ada@example.org');
    expect(row.sent_at).not.toBeNull();
    expect(row.last_error).toBeNull();
    // Delivered once: nothing is due any more.
    expect(await smtpSender(port).deliverDue()).toBe(0);
  });

  it('keeps the mail queued while the peer is down and delivers it once the peer is up', async () => {
    const port = await freePort();
    await enqueueMail(database.db, { to: 'bob@example.org', subject: 'Account validated', text: 'You can now sign in.' });
    const sender = smtpSender(port, { retryDelayMs: () => 0, pollIntervalMs: 20 });

    expect(await sender.deliverDue()).toBe(1);
    const failed = await outboxRow('bob@example.org');
    expect(failed.sent_at).toBeNull();
    expect(failed.attempts).toBe(1);
    expect(failed.last_error).toMatch(/ECONNREFUSED|connect/i);

    const peer = await startPeer(port);
    peers.push(peer);
    sender.start();
    await peer.waitFor(1);
    await sender.stop();
    expect(textOf(peer.received[0]!.raw)).toContain('You can now sign in.');
    const delivered = await outboxRow('bob@example.org');
    expect(delivered.sent_at).not.toBeNull();
    expect(delivered.attempts).toBeGreaterThanOrEqual(2);
    expect(peer.received).toHaveLength(1);
  });

  it('waits longer after each failure', async () => {
    const port = await freePort();
    await enqueueMail(database.db, { to: 'carol@example.org', subject: 'Hello', text: 'Hello' });
    const sender = smtpSender(port, { retryDelayMs: (attempts) => attempts * 60_000 });
    await sender.deliverDue();
    const first = await outboxRow('carol@example.org');
    await database.db.updateTable('mail_outbox').set({ next_attempt_at: new Date() }).where('id', '=', first.id).execute();
    await sender.deliverDue();
    const second = await outboxRow('carol@example.org');
    const wait = (row: typeof first) => new Date(row.next_attempt_at).getTime() - Date.now();
    expect(second.attempts).toBe(2);
    expect(wait(second)).toBeGreaterThan(60_000);
    expect(second.sent_at).toBeNull();
  });

  it('delivers each mail once when two senders share the outbox', async () => {
    const port = await freePort();
    const peer = await startPeer(port);
    peers.push(peer);
    for (let i = 0; i < 12; i += 1) await enqueueMail(database.db, { to: `user${i}@example.org`, subject: `Mail ${i}`, text: `Body ${i}` });
    const [a, b] = [smtpSender(port, { batchSize: 3 }), smtpSender(port, { batchSize: 3 })];
    while ((await Promise.all([a.deliverDue(), b.deliverDue()])).some((n) => n > 0));
    expect(peer.received).toHaveLength(12);
    expect(new Set(peer.received.map((mail) => mail.to[0])).size).toBe(12);
  });
});

describe('mail sender without SMTP_URL', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'outbox-test-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('writes each mail as an .eml file in <DATA_DIR>/outbox and logs its links', async () => {
    const logged: Array<{ object: Record<string, unknown>; message: string }> = [];
    const sender = new MailSender({
      db: database.db,
      config: { MAIL_FROM: 'portal@testbed.example', DATA_DIR: dataDir },
      log: { ...quiet, info: (object, message) => logged.push({ object: object as Record<string, unknown>, message }) },
    });
    senders.push(sender);
    const link = 'http://localhost:3000/confirmUserAccount/abc_DEF-123';
    await enqueueMail(database.db, { to: 'dan@example.org', subject: 'Account request', text: `Validate: ${link}` });
    expect(await sender.deliverDue()).toBe(1);

    const files = await readdir(path.join(dataDir, 'outbox'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const raw = await readFile(path.join(dataDir, 'outbox', files[0]!), 'utf8');
    expect(raw).toMatch(/^To: dan@example.org$/m);
    expect(raw).toMatch(/^Subject: Account request$/m);
    expect(textOf(raw.replace(/\n/g, '\r\n'))).toContain(link);
    expect(logged).toContainEqual({ object: expect.objectContaining({ links: [link], to: 'dan@example.org' }), message: 'mail written to the outbox folder' });
    expect((await outboxRow('dan@example.org')).sent_at).not.toBeNull();
  });
});
