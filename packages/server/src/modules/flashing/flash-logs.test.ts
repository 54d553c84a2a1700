// Kept flash logs, the progress stream, batch flashing and device health, on the simulated testbed with
// a short flash time. One device (BOARD 4) fails every flash.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { deviceHealthListSchema, flashHistorySchema, flashJobDetailSchema, flashNodesListSchema } from '@testbed/contract';
import { bookingBody } from '../../../test/booking.js';
import { openFlashWorld, waitForJob, type Caller, type FlashWorld } from '../../../test/flash-world.js';
import { testbedFileSchema } from '../../testbed/testbed-file.js';
import { sampleValue, scrapeMetrics } from '../../../test/metrics-text.js';

const BOARD = (n: number) => `02:00:00:0b:00:0${n}`;
const testbed = testbedFileSchema.parse({
  driver: 'simulator',
  simulator: { flashSeconds: 0.4 },
  sshJumpHost: 'gateway.testbed.example.org',
  deviceTypes: [
    {
      name: 'board',
      images: ['debian-12'],
      devices: [1, 2, 3, 4, 5, 6].map((n) => ({ mac: BOARD(n), ip: `10.9.0.1${n}`, ...(n === 4 ? { failureRate: 1 } : {}) })),
    },
  ],
});

let world: FlashWorld;
let alice: Caller;
let bob: Caller;
let admin: Caller;
let admin2: Caller;

beforeAll(async () => {
  world = await openFlashWorld(testbed, { DEVICE_QUARANTINE_FAILURES: '3', FLASH_LOG_RETENTION_DAYS: '30' });
  alice = await world.caller({ username: 'alice_flash' });
  bob = await world.caller();
  admin = await world.caller({ roles: ['ADMIN', 'USER'] });
  admin2 = await world.caller({ roles: ['ADMIN', 'USER'] });
  await world.reserve(alice.id, [BOARD(1), BOARD(2), BOARD(3)]);
  await world.reserve(bob.id, [BOARD(6)]);
}, 60_000);
afterAll(() => world.close());

const flash = (caller: Caller, device: string) =>
  caller.inject({ method: 'POST', url: '/api/flashNodes', payload: { deviceType: 'board', device, image: 'debian-12' } });

async function flashToEnd(caller: Caller, device: string) {
  const reply = await flash(caller, device);
  expect(reply.statusCode, reply.body).toBe(200);
  const handle = reply.json().value2 as string;
  return { handle, state: await waitForJob(caller, handle) };
}

/** Parses an SSE body into its events. */
function events(body: string) {
  return body
    .split('\n\n')
    .filter((block) => block.includes('event: '))
    .map((block) => {
      const field = (name: string) => block.split('\n').find((line) => line.startsWith(`${name}: `))?.slice(name.length + 2);
      return { event: field('event')!, id: field('id'), data: JSON.parse(field('data') ?? 'null') as Record<string, unknown> };
    });
}

describe('kept flash logs', () => {
  let handle: string;

  beforeAll(async () => {
    const run = await flashToEnd(alice, BOARD(1));
    expect(run.state).toBe('done');
    handle = run.handle;
  });

  it('GET /api/flashJobs/{handle} keeps every stage with its time and the status lines, and says how to connect', async () => {
    const reply = await alice.inject({ method: 'GET', url: `/api/flashJobs/${handle}` });
    expect(reply.statusCode, reply.body).toBe(200);
    const job = flashJobDetailSchema.parse(reply.json());
    expect(job.log.filter((entry) => entry.kind === 'stage').map((entry) => entry.text)).toEqual([
      'pending',
      'flashing',
      'waiting_ready',
      'restoring',
      'done',
    ]);
    expect(job.log.filter((entry) => entry.kind === 'line').at(-1)?.text).toMatch(/ : Flashing done$/);
    expect(job.log.every((entry) => !Number.isNaN(Date.parse(entry.at)))).toBe(true);
    expect(job.sshCommand).toBe('ssh -J gateway.testbed.example.org alice_flash@10.9.0.11');
  });

  it("answers 404 for someone else's job and lets an administrator read it", async () => {
    expect((await bob.inject({ method: 'GET', url: `/api/flashJobs/${handle}` })).statusCode).toBe(404);
    const asAdmin = await admin.inject({ method: 'GET', url: `/api/flashJobs/${handle}` });
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.json().username).toBe('alice_flash');
    expect((await alice.inject({ method: 'GET', url: '/api/flashJobs/not-a-handle' })).statusCode).toBe(400);
  });

  it('GET /api/flashJobs/history lists my jobs newest first, a page at a time', async () => {
    const second = await flashToEnd(alice, BOARD(1));
    const first = flashHistorySchema.parse((await alice.inject({ method: 'GET', url: '/api/flashJobs/history?limit=1' })).json());
    expect(first.jobs.map((job) => job.handle)).toEqual([second.handle]);
    expect(first.next).toBe(second.handle);
    const next = flashHistorySchema.parse(
      (await alice.inject({ method: 'GET', url: `/api/flashJobs/history?limit=1&before=${first.next}` })).json(),
    );
    expect(next.jobs.map((job) => job.handle)).toEqual([handle]);
    expect(flashHistorySchema.parse((await bob.inject({ method: 'GET', url: '/api/flashJobs/history' })).json()).jobs).toEqual([]);
    const bad = await alice.inject({ method: 'GET', url: '/api/flashJobs/history?limit=0' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toHaveProperty('limit');
  });

  it("keeps at most 300 entries besides the stages, saying so, and always the job's final error", async () => {
    const reply = await flash(alice, BOARD(2));
    const jobId = (await world.db.selectFrom('flash_jobs').select('id').where('handle', '=', reply.json().value2).executeTakeFirstOrThrow()).id;
    await sql`UPDATE flash_jobs SET lease_owner = 'test', lease_until = now() + interval '1 hour' WHERE id = ${jobId}`.execute(world.db);
    for (let n = 0; n < 320; n++) await sql`UPDATE flash_jobs SET status_line = ${`line ${n}`} WHERE id = ${jobId}`.execute(world.db);
    await sql`UPDATE flash_jobs SET state = 'failed', error = 'the test stopped it', finished_at = now() WHERE id = ${jobId}`.execute(world.db);
    const job = flashJobDetailSchema.parse((await alice.inject({ method: 'GET', url: `/api/flashJobs/${reply.json().value2}` })).json());
    const kept = job.log.filter((entry) => entry.kind !== 'stage');
    expect(kept.filter((entry) => entry.kind === 'line')).toHaveLength(299);
    expect(kept.find((entry) => entry.kind === 'note')?.text).toContain('size cap');
    expect(kept.at(-1)).toMatchObject({ kind: 'error', text: 'the test stopped it' });
  });

  it('removes the logs of jobs finished longer ago than FLASH_LOG_RETENTION_DAYS, and keeps the others', async () => {
    const old = await flashToEnd(alice, BOARD(3));
    await sql`UPDATE flash_jobs SET finished_at = now() - interval '31 days' WHERE handle = ${old.handle}::uuid`.execute(world.db);
    expect(await world.app.flashJobs.pruneLogs()).toBeGreaterThan(0);
    expect((await alice.inject({ method: 'GET', url: `/api/flashJobs/${old.handle}` })).json().log).toEqual([]);
    expect((await alice.inject({ method: 'GET', url: `/api/flashJobs/${handle}` })).json().log.length).toBeGreaterThan(5);
    // A second pass, as another instance would run it, finds nothing left to do.
    expect(await world.app.flashJobs.pruneLogs()).toBe(0);
  });
});

describe('GET /api/flashJobs/{handle}/events', () => {
  it('streams the stages and lines of a running job until it ends, for a single-use ticket', async () => {
    const reply = await flash(alice, BOARD(1));
    const handle = reply.json().value2 as string;
    const ticket = await alice.inject({ method: 'POST', url: `/api/flashJobs/${handle}/streamTicket` });
    expect(ticket.statusCode, ticket.body).toBe(200);
    const url = `/api/flashJobs/${handle}/events?ticket=${ticket.json().ticket}`;
    const stream = await world.app.inject({ method: 'GET', url });
    expect(stream.statusCode).toBe(200);
    expect(stream.headers['content-type']).toContain('text/event-stream');
    const seen = events(stream.body);
    expect(seen[0]).toMatchObject({ event: 'job', data: { handle, state: expect.any(String) } });
    const stages = seen.filter((e) => e.event === 'log' && e.data.kind === 'stage').map((e) => e.data.text);
    expect(stages.at(-1)).toBe('done');
    expect(stages).toContain('restoring');
    expect(seen.some((e) => e.event === 'log' && String(e.data.text).endsWith('Flashing done'))).toBe(true);
    expect(seen.at(-1)).toMatchObject({ event: 'end', data: { state: 'done' } });
    // The ids increase, so that a client resumes after the last it saw.
    const ids = seen.filter((e) => e.id).map((e) => Number(e.id));
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);

    // Used once: a second opening is refused.
    expect((await world.app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });

  it('counts the open stream in the metrics while it is open', async () => {
    const reply = await flash(alice, BOARD(1));
    const handle = reply.json().value2 as string;
    const ticket = (await alice.inject({ method: 'POST', url: `/api/flashJobs/${handle}/streamTicket` })).json().ticket as string;
    const streaming = world.app.inject({ method: 'GET', url: `/api/flashJobs/${handle}/events?ticket=${ticket}` });
    let open: number | undefined;
    for (let look = 0; look < 200 && open !== 1; look += 1) {
      open = sampleValue(await scrapeMetrics(world.app), 'portal_flash_progress_streams');
      if (open !== 1) await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(open).toBe(1);
    expect((await streaming).statusCode).toBe(200);
    expect(sampleValue(await scrapeMetrics(world.app), 'portal_flash_progress_streams')).toBe(0);
  });

  it('resumes after a given entry, and refuses tickets of other jobs, made-up ones and strangers', async () => {
    const { handle } = await flashToEnd(alice, BOARD(2));
    const detail = flashJobDetailSchema.parse((await alice.inject({ method: 'GET', url: `/api/flashJobs/${handle}` })).json());
    const ticket = (await alice.inject({ method: 'POST', url: `/api/flashJobs/${handle}/streamTicket` })).json().ticket as string;
    const stream = await world.app.inject({
      method: 'GET',
      url: `/api/flashJobs/${handle}/events?ticket=${ticket}`,
      headers: { 'last-event-id': detail.log.at(-2)!.id },
    });
    expect(events(stream.body).filter((e) => e.event === 'log').map((e) => e.data.text)).toEqual(['done']);

    expect((await bob.inject({ method: 'POST', url: `/api/flashJobs/${handle}/streamTicket` })).statusCode).toBe(404);
    const other = await flashToEnd(alice, BOARD(3));
    const otherTicket = (await alice.inject({ method: 'POST', url: `/api/flashJobs/${other.handle}/streamTicket` })).json().ticket;
    expect((await world.app.inject({ method: 'GET', url: `/api/flashJobs/${handle}/events?ticket=${otherTicket}` })).statusCode).toBe(401);
    expect((await world.app.inject({ method: 'GET', url: `/api/flashJobs/${handle}/events?ticket=${'x'.repeat(32)}` })).statusCode).toBe(401);
    const malformed = await world.app.inject({ method: 'GET', url: `/api/flashJobs/${handle}/events?ticket=short` });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().fieldErrors).toHaveProperty('ticket');
  });

  it('keeps the answers of checkFlashing as docs/api.md has them', async () => {
    const { handle } = await flashToEnd(alice, BOARD(1));
    const reply = await alice.inject({ method: 'POST', url: '/api/checkFlashing', payload: JSON.stringify(handle), headers: { 'content-type': 'application/json' } });
    expect(Object.keys(reply.json()).sort()).toEqual(['error', 'state', 'value0', 'value1']);
    expect(reply.json()).toMatchObject({ value0: true, state: 'done' });
  });
});

describe('POST /api/flashJobs/batch', () => {
  it('starts one job per device with one image and reports the refused ones, each reaching its end', async () => {
    const reply = await alice.inject({
      method: 'POST',
      url: '/api/flashJobs/batch',
      payload: { image: 'debian-12', devices: [BOARD(1), BOARD(2), BOARD(3), BOARD(6)] },
    });
    expect(reply.statusCode, reply.body).toBe(200);
    const { jobs } = reply.json() as { jobs: Array<{ device: string; started: boolean; handle: string | null; error: string | null }> };
    expect(jobs.map((job) => job.started)).toEqual([true, true, true, false]);
    expect(jobs[3]!.error).toContain('only during an Exclusive reservation');
    const states = await Promise.all(jobs.slice(0, 3).map((job) => waitForJob(alice, job.handle!)));
    expect(states).toEqual(['done', 'done', 'done']);
    const history = flashHistorySchema.parse((await alice.inject({ method: 'GET', url: '/api/flashJobs/history?limit=3' })).json());
    expect(history.jobs.map((job) => job.sshCommand).sort()).toEqual(
      [1, 2, 3].map((n) => `ssh -J gateway.testbed.example.org alice_flash@10.9.0.1${n}`),
    );
  });

  it('refuses an empty or repeated device list, naming the field', async () => {
    const empty = await alice.inject({ method: 'POST', url: '/api/flashJobs/batch', payload: { image: 'debian-12', devices: [] } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fieldErrors).toHaveProperty('devices');
    const twice = await alice.inject({ method: 'POST', url: '/api/flashJobs/batch', payload: { image: 'debian-12', devices: [BOARD(1), BOARD(1)] } });
    expect(twice.statusCode).toBe(400);
  });
});

describe('device health and quarantine', () => {
  const outbox = () =>
    world.db.selectFrom('mail_outbox').select(['to_address', 'subject', 'text_body']).where('subject', 'like', '%quarantined%').execute();
  const health = async () => deviceHealthListSchema.parse((await admin.inject({ method: 'GET', url: '/api/deviceHealth' })).json());
  const book = (caller: Caller, mac: string) =>
    caller.inject({
      method: 'POST',
      url: '/api/reserveNodes',
      payload: bookingBody({ userId: caller.id, macs: [mac], start: new Date(Date.now() + 3 * 3_600_000), end: new Date(Date.now() + 4 * 3_600_000) }),
    });

  it('quarantines a device after 3 failed flashes in a row, tells each administrator once, and refuses its booking', async () => {
    for (let n = 1; n <= 3; n++) {
      const run = await flashToEnd(admin, BOARD(4));
      expect(run.state).toBe('failed');
      const row = (await health()).find((device) => device.device === BOARD(4))!;
      expect(row.failureStreak).toBe(n);
      expect(row.state === 'quarantined').toBe(n === 3);
    }
    const row = (await health()).find((device) => device.device === BOARD(4))!;
    expect(row.quarantine).toMatchObject({ by: null, reason: expect.stringContaining('3 failed flash(es) in a row') });
    expect(row.lastFlashes.map((flash) => flash.state)).toEqual(['failed', 'failed', 'failed']);
    expect(row.lastSuccessAt).toBeNull();

    const mails = await outbox();
    expect(mails.map((mail) => mail.to_address).sort()).toEqual([`${admin.username}@example.org`, `${admin2.username}@example.org`].sort());
    expect(mails[0]!.subject).toContain(BOARD(4));

    // A fourth failure (an administrator may still flash it to try it) sends nothing more.
    expect((await flashToEnd(admin, BOARD(4))).state).toBe('failed');
    expect(await outbox()).toHaveLength(2);

    const listed = flashNodesListSchema.parse((await bob.inject({ method: 'GET', url: '/api/getNodes' })).json());
    expect(listed.board![BOARD(4)]).toMatchObject({ up: false, quarantined: true });
    const refused = await book(bob, BOARD(4));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().value1).toEqual([expect.stringContaining(`${BOARD(4)} (10.9.0.14) is quarantined (3 failed flash(es) in a row`)]);
  });

  it('lets an administrator release it with a note, audited, and then it is bookable again', async () => {
    const release = await admin.inject({ method: 'POST', url: `/api/deviceHealth/${BOARD(4)}/release`, payload: { note: 'Replaced the SD card' } });
    expect(release.statusCode, release.body).toBe(200);
    expect(release.json()).toMatchObject({ state: 'up', failureStreak: 0, quarantine: null });
    const again = await admin.inject({ method: 'POST', url: `/api/deviceHealth/${BOARD(4)}/release`, payload: { note: 'twice' } });
    expect(again.statusCode).toBe(409);
    expect((await book(bob, BOARD(4))).statusCode).toBe(200);
    const audit = await world.db.selectFrom('audit_log').select(['action', 'actor_user_id', 'details']).where('target_id', '=', BOARD(4)).where('action', 'like', 'device.%').orderBy('id').execute();
    expect(audit.map((entry) => [entry.action, entry.actor_user_id])).toEqual([
      ['device.quarantine', null],
      ['device.release', admin.id],
    ]);
    expect(audit[1]!.details).toMatchObject({ note: 'Replaced the SD card' });
  });

  it('lets an administrator quarantine a device by hand, and refuses it to users', async () => {
    const put = await admin.inject({ method: 'POST', url: `/api/deviceHealth/${BOARD(5)}/quarantine`, payload: { note: 'Fan broken' } });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ state: 'quarantined', quarantine: { reason: 'Fan broken', by: admin.username } });
    expect((await book(bob, BOARD(5))).json().value1).toEqual([expect.stringContaining('is quarantined (Fan broken)')]);
    expect((await bob.inject({ method: 'GET', url: '/api/deviceHealth' })).statusCode).toBe(403);
    expect((await bob.inject({ method: 'POST', url: `/api/deviceHealth/${BOARD(5)}/release`, payload: { note: 'mine' } })).statusCode).toBe(403);
    const noNote = await admin.inject({ method: 'POST', url: `/api/deviceHealth/${BOARD(5)}/release`, payload: { note: ' ' } });
    expect(noNote.statusCode).toBe(400);
    expect(noNote.json().fieldErrors).toHaveProperty('note');
    expect((await admin.inject({ method: 'POST', url: '/api/deviceHealth/02:00:00:00:00:99/release', payload: { note: 'x' } })).statusCode).toBe(404);
  });
});
