// Two server instances on one PostgreSQL database and one storage folder: an upload begun through one,
// cut off halfway through a request, is resumed and finished through the other, and ends with the SHA-256 of
// the whole file (the hash's state travels in the upload's row; the bytes the broken request did write are
// read back from the shared file).
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { openDatabase } from '../../db/database.js';
import { createPostgresDatabase, createUser, signIn } from '../../../test/helper.js';
import { missingPath } from '../../../test/missing-path.js';
import { syncBuiltInTestbed } from '../../../test/booking.js';

const baseUrl = process.env.TEST_DATABASE_URL;
const SIZE = 24 * 1024 * 1024;
const TUS = { 'tus-resumable': '1.0.0' };
const meta = (value: string) => Buffer.from(value).toString('base64');

describe('an image upload across two instances', () => {
  it.skipIf(!baseUrl)(
    'is interrupted at half through one instance and finished through the other, with the right checksum (needs PostgreSQL: TEST_DATABASE_URL)',
    async () => {
      const created = await createPostgresDatabase(baseUrl!);
      const handles = [await openDatabase(created.url), await openDatabase(created.url)];
      const dataDir = await mkdtemp(join(tmpdir(), 'image-upload-'));
      const jwtSecret = randomBytes(32).toString('hex');
      const apps: FastifyInstance[] = [];
      try {
        await syncBuiltInTestbed(handles[0]!.db);
        const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
        for (const handle of handles) {
          const app = await buildApp({ config, db: handle.db, subscribe: handle.subscribe, jwtSecret, logger: false, webRoot: missingPath('web-root') });
          await app.listen({ port: 0, host: '127.0.0.1' });
          apps.push(app);
        }
        const [first, second] = apps.map((app) => `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`);
        const ctx = { app: apps[0]!, database: handles[0]!, config } as unknown as Parameters<typeof createUser>[0];
        const user = await createUser(ctx);
        const { accessToken } = (await signIn(ctx, user.username)).json() as { accessToken: string };
        const auth = { authorization: `Bearer ${accessToken}` };

        // A raw disk image: a boot signature, then random bytes.
        const bytes = randomBytes(SIZE);
        bytes[510] = 0x55;
        bytes[511] = 0xaa;
        const expected = createHash('sha256').update(bytes).digest('hex');

        const creation = await fetch(`${first}/api/imageUploads`, {
          method: 'POST',
          headers: {
            ...TUS,
            ...auth,
            'upload-length': String(SIZE),
            'upload-metadata': `name ${meta('big disk')},version ${meta('1')},deviceTypes ${meta('raspberry-pi-4')},checksum ${meta(expected)}`,
          },
        });
        expect(creation.status).toBe(201);
        const location = creation.headers.get('location')!;
        expect(location).toMatch(/^\/api\/imageUploads\/[0-9a-f]{32}$/);

        // The first instance gets the first half, then the connection breaks off in the middle of the request's body.
        const half = SIZE / 2;
        const abort = new AbortController();
        const body = new ReadableStream<Uint8Array>({
          async pull(controller) {
            controller.enqueue(bytes.subarray(0, half));
            await new Promise((resolve) => setTimeout(resolve, 500));
            abort.abort();
          },
        });
        await fetch(`${first}${location}`, {
          method: 'PATCH',
          headers: { ...TUS, ...auth, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
          body,
          duplex: 'half',
          signal: abort.signal,
        } as RequestInit).catch(() => undefined);

        // The second instance tells how far it came (the other's lock lets go, its lease or its request ended), and takes the rest.
        let offset = 0;
        for (let attempt = 0; attempt < 100; attempt += 1) {
          const head = await fetch(`${second}${location}`, { method: 'HEAD', headers: { ...TUS, ...auth } });
          expect(head.status).toBe(200);
          offset = Number(head.headers.get('upload-offset'));
          if (offset > 0) break;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        expect(offset).toBeGreaterThan(0);
        expect(offset).toBeLessThanOrEqual(half);
        const rest = await fetch(`${second}${location}`, {
          method: 'PATCH',
          headers: { ...TUS, ...auth, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
          body: bytes.subarray(offset),
        });
        expect(rest.status).toBe(200);
        const image = (await rest.json()) as { sha256: string; sizeBytes: number; format: string };
        expect(image).toMatchObject({ sha256: expected, sizeBytes: SIZE, format: 'raw' });

        // One file, named by its content's SHA-256; nothing left of the upload.
        expect(await readdir(join(dataDir, 'images', 'blobs'))).toEqual([expected]);
        expect(await readdir(join(dataDir, 'images', 'uploads'))).toEqual([]);
        const stored = createHash('sha256');
        const download = await fetch(`${first}/api/images/${(image as unknown as { id: number }).id}/content`, { headers: auth });
        stored.update(Buffer.from(await download.arrayBuffer()));
        expect(stored.digest('hex')).toBe(expected);
      } finally {
        for (const app of apps) await app.close();
        for (const handle of handles) await handle.close();
        await created.drop();
        await rm(dataDir, { recursive: true, force: true });
      }
    },
    120_000,
  );
});
