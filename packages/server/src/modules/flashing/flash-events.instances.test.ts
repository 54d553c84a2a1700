// Two server instances on one PostgreSQL database: a flash job run by one is watched, as it happens, through
// the progress stream of the other (the log rows' NOTIFY reaches every instance).
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { openDatabase } from '../../db/database.js';
import { addSshKey } from '../../../test/booking.js';
import { createPostgresDatabase, createUser, signIn } from '../../../test/helper.js';
import { createTestbedDriver } from '../../testbed/create-driver.js';
import { syncInventory } from '../../testbed/inventory.js';
import { testbedFileSchema } from '../../testbed/testbed-file.js';
import { missingPath } from '../../../test/missing-path.js';

const baseUrl = process.env.TEST_DATABASE_URL;
const MAC = '02:00:00:0b:00:01';
const testbed = testbedFileSchema.parse({
  driver: 'simulator',
  simulator: { flashSeconds: 2 },
  deviceTypes: [{ name: 'board', images: ['debian-12'], devices: [{ mac: MAC, ip: '10.9.0.11' }] }],
});

describe('GET /api/flashJobs/{handle}/events across two instances', () => {
  it.skipIf(!baseUrl)(
    'streams the stages of a job run by one instance through the other, each as it happens (needs PostgreSQL: TEST_DATABASE_URL)',
    async () => {
      const created = await createPostgresDatabase(baseUrl!);
      const handles = [await openDatabase(created.url), await openDatabase(created.url)];
      const dataDir = await mkdtemp(join(tmpdir(), 'flash-events-'));
      const jwtSecret = randomBytes(32).toString('hex');
      const apps: FastifyInstance[] = [];
      try {
        await syncInventory(handles[0]!.db, testbed);
        const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
        for (const handle of handles) {
          const app = await buildApp({
            config,
            db: handle.db,
            subscribe: handle.subscribe,
            jwtSecret,
            logger: false,
            webRoot: missingPath('web-root'),
            driver: createTestbedDriver(testbed),
          });
          await app.listen({ port: 0, host: '127.0.0.1' });
          apps.push(app);
        }
        // Only the first instance runs flash jobs; the second only serves the stream.
        apps[0]!.flashJobs.start({ tickMs: 50 });
        const [runner, watcher] = apps.map((app) => `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`);

        const ctx = { app: apps[0]!, database: handles[0]!, config } as unknown as Parameters<typeof createUser>[0];
        const admin = await createUser(ctx, { roles: ['ADMIN', 'USER'] });
        await addSshKey(handles[0]!.db, admin.id);
        const { accessToken } = (await signIn(ctx, admin.username)).json() as { accessToken: string };
        const headers = { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' };

        const started = await fetch(`${runner}/api/flashNodes`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ deviceType: 'board', device: MAC, image: 'debian-12' }),
        });
        expect(started.status).toBe(200);
        const handle = ((await started.json()) as { value2: string }).value2;
        const ticket = await fetch(`${watcher}/api/flashJobs/${handle}/streamTicket`, { method: 'POST', headers, body: '{}' });
        expect(ticket.status).toBe(200);
        const stream = await fetch(`${watcher}/api/flashJobs/${handle}/events?ticket=${((await ticket.json()) as { ticket: string }).ticket}`);
        expect(stream.status).toBe(200);
        expect(stream.headers.get('content-type')).toContain('text/event-stream');

        // Each event is stamped as it arrives: the stream must deliver them during the job, not at its end.
        const arrivals: Array<{ event: string; data: { kind?: string; text?: string; state?: string }; at: number }> = [];
        const decoder = new TextDecoder();
        let buffer = '';
        for await (const chunk of stream.body as unknown as AsyncIterable<Uint8Array>) {
          buffer += decoder.decode(chunk, { stream: true });
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const event = /^event: (.+)$/m.exec(block)?.[1];
            const data = /^data: (.+)$/m.exec(block)?.[1];
            if (event) arrivals.push({ event, data: JSON.parse(data ?? '{}'), at: Date.now() });
          }
        }
        const stages = arrivals.filter((a) => a.event === 'log' && a.data.kind === 'stage');
        expect(stages.map((a) => a.data.text)).toEqual(expect.arrayContaining(['flashing', 'waiting_ready', 'restoring', 'done']));
        expect(arrivals.at(-1)).toMatchObject({ event: 'end', data: { state: 'done' } });
        // The flash takes two seconds: 'flashing' reached the watcher well before 'done'.
        const flashing = stages.find((a) => a.data.text === 'flashing')!;
        const done = stages.find((a) => a.data.text === 'done')!;
        expect(done.at - flashing.at).toBeGreaterThan(1000);
        expect(arrivals.some((a) => a.event === 'log' && a.data.kind === 'line' && a.data.text?.endsWith('Writing image debian-12'))).toBe(true);

        // The checkFlashing poll still answers the same, from either instance.
        const polled = await fetch(`${watcher}/api/checkFlashing`, { method: 'POST', headers, body: JSON.stringify(handle) });
        expect(await polled.json()).toMatchObject({ value0: true, state: 'done' });

        // A closing instance ends its open streams rather than waiting for their jobs.
        const again = await fetch(`${runner}/api/flashNodes`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ deviceType: 'board', device: MAC, image: 'debian-12' }),
        });
        const next = ((await again.json()) as { value2: string }).value2;
        const nextTicket = ((await (await fetch(`${watcher}/api/flashJobs/${next}/streamTicket`, { method: 'POST', headers, body: '{}' })).json()) as { ticket: string }).ticket;
        const open = await fetch(`${watcher}/api/flashJobs/${next}/events?ticket=${nextTicket}`);
        const reader = (open.body as ReadableStream<Uint8Array>).getReader();
        expect(decoder.decode((await reader.read()).value)).toContain('event: ');
        const closing = Date.now();
        await apps.pop()!.close();
        expect(Date.now() - closing).toBeLessThan(1500);
        for (;;) if ((await reader.read()).done) break;
      } finally {
        for (const app of apps) await app.close();
        for (const handle of handles) await handle.close();
        await created.drop();
        await rm(dataDir, { recursive: true, force: true });
      }
    },
    60_000,
  );
});
