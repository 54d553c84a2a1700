// Two real server processes on one PostgreSQL database: the booking race is settled by the database,
// not by anything held in one process.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createPostgresDatabase, TEST_PASSWORD } from '../../../test/helper.js';
import { at, bookingBody, HOUR } from '../../../test/booking.js';
import { freePort, startInstance, stopInstance, type Instance } from '../../../test/instances.js';

const baseUrl = process.env.TEST_DATABASE_URL;

describe('POST /api/reserveNodes across two server processes', () => {
  it.skipIf(!baseUrl)(
    'lets exactly one of 20 parallel identical bookings through, split over two instances (needs PostgreSQL: TEST_DATABASE_URL)',
    async () => {
      const database = await createPostgresDatabase(baseUrl!);
      const dataDir = await mkdtemp(path.join(tmpdir(), 'tp-instances-'));
      const instances: Instance[] = [];
      // Both instances share the signing key so that one token works on either.
      const secret = randomBytes(32).toString('hex');
      try {
        const ports = [await freePort(), await freePort()];
        const env: NodeJS.ProcessEnv = {
          DATABASE_URL: database.url,
          DATA_DIR: dataDir,
          JWT_SECRET: secret,
          ADMIN_USERNAME: 'race_admin',
          ADMIN_EMAIL: 'race_admin@example.org',
          ADMIN_PASSWORD: TEST_PASSWORD,
          LOG_LEVEL: 'warn',
        };
        instances.push(...(await Promise.all(ports.map((port) => startInstance(port, env)))));
        const urls = ports.map((port) => `http://127.0.0.1:${port}`);

        const signin = await fetch(`${urls[0]}/api/auth/signin`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: 'race_admin', password: TEST_PASSWORD }),
        });
        expect(signin.status).toBe(200);
        const { accessToken, userId } = (await signin.json()) as { accessToken: string; userId: number };

        const client = new pg.Client({ connectionString: database.url });
        await client.connect();
        try {
          await client.query(
            `INSERT INTO credentials (user_id, ssh_key, key_type, fingerprint) VALUES ($1, $2, 'ssh-ed25519', $3)`,
            [userId, `ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI${randomBytes(24).toString('base64')} race`, `SHA256:${randomBytes(16).toString('hex')}`],
          );
          const start = at(3);
          const body = JSON.stringify(
            bookingBody({ userId, macs: ['02:00:00:01:00:01', '02:00:00:03:00:02'], start, end: new Date(start.getTime() + 2 * HOUR) }),
          );
          const replies = await Promise.all(
            Array.from({ length: 20 }, (_, n) =>
              fetch(`${urls[n % 2]}/api/reserveNodes`, {
                method: 'POST',
                headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
                body,
              }).then(async (reply) => ({ status: reply.status, body: (await reply.json()) as { value0: boolean; value1: unknown } })),
            ),
          );
          expect(replies.map((reply) => reply.status).sort()).toEqual([200, ...Array(19).fill(409)]);
          const winner = replies.find((reply) => reply.status === 200)!.body.value1;
          for (const reply of replies.filter((r) => r.status === 409)) {
            expect(reply.body.value0).toBe(false);
            expect(reply.body.value1).toEqual([
              expect.stringContaining(`by reservation ${winner} (Exclusive)`),
              expect.stringContaining(`by reservation ${winner} (Exclusive)`),
            ]);
          }
          const rows = await client.query('SELECT count(*)::int AS n FROM reservations');
          expect(rows.rows[0].n).toBe(1);
          const booked = await client.query('SELECT count(*)::int AS n FROM reservation_devices');
          expect(booked.rows[0].n).toBe(2);
        } finally {
          await client.end();
        }
      } finally {
        await Promise.all(instances.map(stopInstance));
        await database.drop();
        await rm(dataDir, { recursive: true, force: true });
      }
    },
    120_000,
  );
});
