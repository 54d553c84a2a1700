// The embedded database is opened by one process only. A second portal started on the same data folder (as
// a second `npm start` in one checkout would) stops at once with a sentence naming the folder and how to run
// a second portal, and the first goes on serving; a holder killed outright does not keep the folder from the
// next start.
import { generateKeyPairSync } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { at, bookingBody, HOUR } from './booking.js';
import { TEST_PASSWORD } from './helper.js';
import { exited, startOnFreePort, stopInstance, type Instance } from './instances.js';

function sshPublicKey(): string {
  const der = generateKeyPairSync('ed25519').publicKey.export({ format: 'der', type: 'spki' });
  const field = (data: Buffer) => Buffer.concat([Buffer.from([0, 0, 0, data.length]), data]);
  const blob = Buffer.concat([field(Buffer.from('ssh-ed25519')), field(der.subarray(der.length - 32))]);
  return `ssh-ed25519 ${blob.toString('base64')} lock@test`;
}

async function signIn(instance: Instance) {
  const reply = await fetch(`${instance.url}/api/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'lock_admin', password: TEST_PASSWORD }),
  });
  expect(reply.status).toBe(200);
  const { accessToken, userId } = (await reply.json()) as { accessToken: string; userId: number };
  return { userId, headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` } };
}

describe('the embedded database in DATA_DIR, opened by one process', () => {
  it.skipIf(!!process.env.TEST_DATABASE_URL)(
    'refuses a second process on the same folder at once while the first keeps booking, and survives a killed holder',
    async () => {
      const dataDir = await mkdtemp(path.join(tmpdir(), 'tp-lock-'));
      // No DATABASE_URL: the database goes where the README says, DATA_DIR/db.
      const env = { DATA_DIR: dataDir, ADMIN_USERNAME: 'lock_admin', ADMIN_EMAIL: 'lock_admin@example.org', ADMIN_PASSWORD: TEST_PASSWORD, LOG_LEVEL: 'warn' };
      const started: Instance[] = [];
      try {
        const first = await startOnFreePort(env, 120_000);
        started.push(first);
        const folder = path.join(dataDir, 'db');
        expect(existsSync(path.join(folder, 'PG_VERSION'))).toBe(true);

        const before = performance.now();
        const refusal = await startOnFreePort(env, 120_000, 1).then(
          (second) => {
            started.push(second);
            throw new Error('a second process opened the same embedded database');
          },
          (error: Error) => error.message,
        );
        // At once: it stops before opening the database, not after a start's worth of work.
        expect(performance.now() - before).toBeLessThan(20_000);
        expect(refusal).toContain('exited with 1');
        expect(refusal).toContain(`The embedded database in ${folder} is already open in another portal process (process ${first.child.pid} on`);
        expect(refusal).toContain('run a second portal with a data folder of its own, e.g. DATA_DIR=');
        expect(refusal).not.toMatch(/\n\s+at /);

        // The first still serves and books.
        const session = await signIn(first);
        const key = await fetch(`${first.url}/api/credential/addToUser/${session.userId}`, {
          method: 'POST',
          headers: session.headers,
          body: JSON.stringify({ sshKey: sshPublicKey() }),
        });
        expect(key.status).toBe(200);
        const start = at(2);
        const booking = await fetch(`${first.url}/api/reserveNodes`, {
          method: 'POST',
          headers: session.headers,
          body: JSON.stringify(bookingBody({ userId: session.userId, macs: ['02:00:00:01:00:01'], start, end: new Date(start.getTime() + HOUR) })),
        });
        expect(booking.status).toBe(200);
        const { value1: reservationId } = (await booking.json()) as { value1: number };

        // Killed outright, the first leaves its lock file behind; the next start sees its process gone and
        // takes the folder over, booking included.
        first.child.kill('SIGKILL');
        await exited(first.child);
        expect(existsSync(`${folder}.lock`)).toBe(true);
        const next = await startOnFreePort(env, 120_000, 1);
        started.push(next);
        const again = await signIn(next);
        const mine = await fetch(`${next.url}/api/userReservations/${again.userId}`, { headers: again.headers });
        expect(mine.status).toBe(200);
        const reservations = (await mine.json()) as { reservationId: number; deviceReservations: { device: { macAddress: string } }[] }[];
        expect(reservations.map((reservation) => [reservation.reservationId, reservation.deviceReservations[0]?.device.macAddress])).toEqual([
          [reservationId, '02:00:00:01:00:01'],
        ]);

        // A graceful stop gives the folder back.
        await stopInstance(next);
        expect(existsSync(`${folder}.lock`)).toBe(false);
      } finally {
        for (const instance of started) if (instance.child.exitCode === null && instance.child.signalCode === null) await stopInstance(instance);
        await rm(dataDir, { recursive: true, force: true });
      }
    },
    300_000,
  );
});
