// User images through the API: the tus upload (checksum, format by content, quota before the first byte),
// one stored copy per content, who may list, read, download and flash an image, and deletion while a flash
// writes it.
import { createHash, randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flashableImageListSchema, userImageListSchema, userImageSchema } from '@testbed/contract';
import { addSshKey, syncBuiltInTestbed } from '../../../test/booking.js';
import { buildTestApp, loginAs, type TestContext } from '../../../test/helper.js';
import { insertReservation } from '../reservations/repo.js';
import { ImagesService } from './service.js';
import { ImageFiles } from './storage.js';

type Caller = Awaited<ReturnType<typeof loginAs>>;
let ctx: TestContext;
let user: Caller;
let other: Caller;
let admin: Caller;

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
/** A small ELF file: its header, then random bytes. */
const elf = (size = 3000) => Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), randomBytes(size - 8)]);
/** A raw disk image: an MBR's boot signature at byte 510. */
const diskImage = (size = 4096) => {
  const bytes = randomBytes(size);
  bytes[510] = 0x55;
  bytes[511] = 0xaa;
  return bytes;
};

const metadataHeader = (metadata: Record<string, string>) =>
  Object.entries(metadata)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');

const TUS = { 'tus-resumable': '1.0.0' };

function create(caller: Caller, length: number, metadata: Record<string, string>) {
  return caller.inject({
    method: 'POST',
    url: '/api/imageUploads',
    headers: { ...TUS, 'upload-length': String(length), 'upload-metadata': metadataHeader(metadata) },
  });
}

function append(caller: Caller, location: string, offset: number, bytes: Buffer) {
  return caller.inject({
    method: 'PATCH',
    url: location,
    headers: { ...TUS, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
    payload: bytes,
  });
}

/** Uploads in chunks; answers the last reply (the image, or why the file was refused). */
async function upload(caller: Caller, bytes: Buffer, metadata: Record<string, string>, chunk = 1024) {
  const created = await create(caller, bytes.length, metadata);
  expect(created.statusCode, created.body).toBe(201);
  const location = created.headers.location as string;
  let reply = created;
  for (let offset = 0; offset < bytes.length; offset += chunk) {
    reply = await append(caller, location, offset, bytes.subarray(offset, offset + chunk));
    if (reply.statusCode !== 204) break;
  }
  return { reply, location };
}

const nrf = (name: string, extra: Record<string, string> = {}) => ({ name, version: '1.0', deviceTypes: 'nrf52840-dk', ...extra });

async function storedFiles() {
  const dir = join(ctx.config.DATA_DIR, 'images');
  return { uploads: (await readdir(join(dir, 'uploads'))).length, blobs: (await readdir(join(dir, 'blobs'))).length };
}

async function countRows() {
  const db = ctx.database.db;
  const [images, uploads, blobs] = await Promise.all(
    (['user_images', 'image_uploads', 'image_blobs'] as const).map(async (table) =>
      Number((await db.selectFrom(table).select(db.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n),
    ),
  );
  return { images, uploads, blobs };
}

/** Books an nRF52840 device for the caller now, for an hour. */
async function bookNow(caller: Caller, mac: string) {
  const db = ctx.database.db;
  const device = await db.selectFrom('devices').select('id').where('mac_address', '=', mac).executeTakeFirstOrThrow();
  const type = await db.selectFrom('reservation_types').select('id').where('label', '=', 'Exclusive').executeTakeFirstOrThrow();
  await insertReservation(db, {
    responsibleUserId: caller.id,
    reservationTypeId: type.id,
    exclusive: true,
    start: new Date(Date.now() - 60_000),
    end: new Date(Date.now() + 3_600_000),
    description: 'images',
    userIds: [],
    deviceIds: [device.id],
  });
}

beforeAll(async () => {
  ctx = await buildTestApp();
  await syncBuiltInTestbed(ctx.database.db);
  user = await loginAs(ctx);
  other = await loginAs(ctx);
  admin = await loginAs(ctx, { roles: ['ADMIN', 'USER'] });
  for (const caller of [user, other]) await addSshKey(ctx.database.db, caller.id);
});
afterAll(() => ctx?.close());

describe('tus uploads at /api/imageUploads', () => {
  it('streams a file in chunks, checks the checksum given and the format, and makes it an image of the uploader', async () => {
    const bytes = elf(5000);
    const { reply } = await upload(user, bytes, nrf('firmware', { checksum: sha256(bytes).toUpperCase(), description: 'Blinks' }));
    expect(reply.statusCode, reply.body).toBe(200);
    const image = userImageSchema.parse(reply.json());
    expect(image).toMatchObject({ name: 'firmware', version: '1.0', description: 'Blinks', sha256: sha256(bytes), sizeBytes: 5000, format: 'elf', mine: true, visibility: 'private' });

    const mine = userImageListSchema.parse((await user.inject({ method: 'GET', url: '/api/images' })).json());
    expect(mine.map((one) => one.id)).toContain(image.id);
    const download = await user.inject({ method: 'GET', url: `/api/images/${image.id}/content` });
    expect(download.statusCode).toBe(200);
    expect(sha256(download.rawPayload)).toBe(sha256(bytes));
    // The operator's images come first, then the user's own.
    const offered = flashableImageListSchema.parse((await user.inject({ method: 'GET', url: '/api/images/flashable?deviceType=nrf52840-dk' })).json());
    expect(offered.slice(0, 3).map((one) => one.kind)).toEqual(['operator', 'operator', 'operator']);
    expect(offered.at(-1)).toMatchObject({ ref: `image:${image.id}`, kind: 'own', sha256: sha256(bytes) });
    const usage = (await user.inject({ method: 'GET', url: '/api/images/usage' })).json();
    expect(usage.user.usedBytes).toBe(5000);
  });

  it('refuses a wrong checksum and keeps nothing', async () => {
    const before = await countRows();
    const { reply } = await upload(user, elf(), nrf('bad-sum', { checksum: 'a'.repeat(64) }));
    expect(reply.statusCode).toBe(400);
    expect(reply.body).toContain('SHA-256');
    expect(await countRows()).toEqual(before);
    expect((await storedFiles()).uploads).toBe(0);
  });

  it('refuses a file whose content is not a format the device type takes, and keeps nothing', async () => {
    const before = { rows: await countRows(), files: await storedFiles() };
    // Random bytes are no disk image nor a compressed one: a Raspberry Pi takes raw, gzip, xz, zstd.
    const { reply } = await upload(user, randomBytes(4096), { name: 'noise', version: '1', deviceTypes: 'raspberry-pi-4' });
    expect(reply.statusCode).toBe(400);
    expect(reply.body).toContain('cannot be flashed on raspberry-pi-4');
    expect({ rows: await countRows(), files: await storedFiles() }).toEqual(before);
    // The same bytes as a disk image pass.
    const disk = await upload(user, diskImage(), { name: 'disk', version: '1', deviceTypes: 'raspberry-pi-4' });
    expect(disk.reply.statusCode, disk.reply.body).toBe(200);
    expect(disk.reply.json().format).toBe('raw');
  });

  it('sends an image back as its own bytes, never compressed on the way, whatever the client accepts', async () => {
    // A gzip image, and a raw one whose first two bytes read as a deflate header.
    const deflateLike = diskImage();
    deflateLike[0] = 0x78;
    deflateLike[1] = 0x9c;
    for (const [name, bytes] of [['packed', gzipSync(diskImage())], ['deflate-like', deflateLike]] as const) {
      const { reply } = await upload(user, bytes, { name, version: '1', deviceTypes: 'raspberry-pi-4' });
      expect(reply.statusCode, reply.body).toBe(200);
      const download = await user.inject({
        method: 'GET',
        url: `/api/images/${reply.json().id}/content`,
        headers: { 'accept-encoding': 'br, gzip, deflate' },
      });
      expect(download.statusCode).toBe(200);
      expect(download.headers['content-encoding']).toBeUndefined();
      expect(Number(download.headers['content-length'])).toBe(bytes.length);
      expect(sha256(download.rawPayload)).toBe(sha256(bytes));
    }
  });

  it('refuses an upload that does not fit in the quota before the first byte', async () => {
    const small = await loginAs(ctx);
    const quota = await admin.inject({ method: 'PUT', url: `/api/imageQuotas/users/${small.id}`, payload: { quotaBytes: 10_000 } });
    expect(quota.json()).toEqual({ quotaBytes: 10_000, isDefault: false });
    const created = await create(small, 10_001, nrf('too-big'));
    expect(created.statusCode).toBe(413);
    expect(created.body).toContain('does not fit in your image quota');
    expect(await ctx.database.db.selectFrom('image_uploads').select('id').where('owner_id', '=', small.id).execute()).toEqual([]);
    // An upload under way counts with its declared length: a second one that would pass the quota with it is refused too.
    expect((await create(small, 6_000, nrf('first'))).statusCode).toBe(201);
    expect((await create(small, 6_000, nrf('second'))).statusCode).toBe(413);
  });

  it('stores two identical uploads once', async () => {
    const bytes = elf(2048);
    const blobsBefore = (await storedFiles()).blobs;
    const first = await upload(user, bytes, nrf('twin-a'));
    const second = await upload(other, bytes, nrf('twin-b'));
    expect([first.reply.statusCode, second.reply.statusCode]).toEqual([200, 200]);
    expect((await storedFiles()).blobs).toBe(blobsBefore + 1);
    // Deleting one leaves the content to the other; the last one takes it away.
    expect((await user.inject({ method: 'DELETE', url: `/api/images/${first.reply.json().id}` })).json()).toEqual({ id: first.reply.json().id, contentRemoved: false });
    expect((await other.inject({ method: 'GET', url: `/api/images/${second.reply.json().id}/content` })).statusCode).toBe(200);
    expect((await other.inject({ method: 'DELETE', url: `/api/images/${second.reply.json().id}` })).json()).toEqual({ id: second.reply.json().id, contentRemoved: true });
    expect((await storedFiles()).blobs).toBe(blobsBefore);
  });

  it('removes uploads left untouched for a day, rows and files, and keeps the others', async () => {
    const stale = await create(user, 4000, nrf('stale'));
    const fresh = await create(user, 4000, nrf('fresh'));
    const idOf = (reply: typeof stale) => (reply.headers.location as string).split('/').at(-1)!;
    await append(user, stale.headers.location as string, 0, elf(4000).subarray(0, 1000));
    await ctx.database.db.updateTable('image_uploads').set({ updated_at: new Date(Date.now() - 25 * 3_600_000) }).where('id', '=', idOf(stale)).execute();
    const uploads = () => readdir(join(ctx.config.DATA_DIR, 'images', 'uploads'));
    expect(await uploads()).toContain(idOf(stale));
    // What every instance runs hourly: the deletion of the rows is the claim, one instance removes each.
    const sweeper = new ImagesService(ctx.database.db, new ImageFiles(ctx.config.DATA_DIR), ctx.config.IMAGE_QUOTA_BYTES);
    expect(await Promise.all([sweeper.sweepStaleUploads(), sweeper.sweepStaleUploads()]).then((counts) => counts.sort())).toEqual([0, 1]);
    expect((await uploads()).filter((name) => name.startsWith(idOf(stale)))).toEqual([]);
    expect((await user.inject({ method: 'HEAD', url: stale.headers.location as string, headers: TUS })).statusCode).toBe(404);
    expect((await user.inject({ method: 'HEAD', url: fresh.headers.location as string, headers: TUS })).statusCode).toBe(200);
    await user.inject({ method: 'DELETE', url: fresh.headers.location as string, headers: TUS });
    expect((await uploads()).filter((name) => name.startsWith(idOf(fresh)))).toEqual([]);
  });

  it('refuses hostile metadata with the field named, and an upload of someone else', async () => {
    for (const [metadata, field] of [
      [nrf('bad\u0000name'), 'name'],
      [nrf('x'.repeat(65)), 'name'],
      [nrf('ok', { deviceTypes: 'no-such-type' }), 'deviceTypes'],
      [nrf('ok', { deviceTypes: '../../etc' }), 'deviceTypes'],
      [nrf('ok', { checksum: 'not-hex' }), 'checksum'],
      [{ name: 'ok', version: '1' }, 'deviceTypes'],
    ] as const) {
      const reply = await create(user, 100, metadata as Record<string, string>);
      expect(reply.statusCode, JSON.stringify(metadata)).toBe(400);
      expect(JSON.parse(reply.body).fieldErrors, JSON.stringify(metadata)).toHaveProperty(field);
    }
    for (const length of ['0', '-1', '1e3', String(2 ** 60)]) {
      const reply = await user.inject({ method: 'POST', url: '/api/imageUploads', headers: { ...TUS, 'upload-length': length, 'upload-metadata': metadataHeader(nrf('len')) } });
      expect(reply.statusCode, length).toBeGreaterThanOrEqual(400);
      expect(reply.statusCode, length).toBeLessThan(500);
    }
    const created = await create(user, 2000, nrf('mine-only'));
    const location = created.headers.location as string;
    expect((await other.inject({ method: 'HEAD', url: location, headers: TUS })).statusCode).toBe(404);
    expect((await append(other, location, 0, elf(2000))).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'HEAD', url: location, headers: TUS })).statusCode).toBe(401);
    expect((await user.inject({ method: 'HEAD', url: location, headers: TUS })).headers['upload-offset']).toBe('0');
    // A path that is not an upload id names no file.
    expect((await user.inject({ method: 'HEAD', url: '/api/imageUploads/..%2F..%2Fjwt-secret', headers: TUS })).statusCode).toBe(404);
  });
});

describe('who may use an image', () => {
  it("never lists, shows, downloads or flashes another user's private image, whatever the id sent", async () => {
    const { reply } = await upload(user, elf(), nrf('secret'));
    const image = userImageSchema.parse(reply.json());
    expect((await other.inject({ method: 'GET', url: `/api/images/${image.id}` })).statusCode).toBe(404);
    expect((await other.inject({ method: 'GET', url: `/api/images/${image.id}/content` })).statusCode).toBe(404);
    const usable = userImageListSchema.parse((await other.inject({ method: 'GET', url: '/api/images?scope=usable' })).json());
    expect(usable.map((one) => one.id)).not.toContain(image.id);
    await bookNow(other, '02:00:00:03:00:02');
    for (const ref of [`image:${image.id}`, 'image:0', 'image:99999999999', `image:${image.id} `]) {
      const flash = await other.inject({ method: 'POST', url: '/api/flashNodes', payload: { deviceType: 'nrf52840-dk', device: '02:00:00:03:00:02', image: ref } });
      expect(flash.statusCode, ref).toBe(400);
    }
    expect(await ctx.database.db.selectFrom('flash_jobs').select('id').where('user_id', '=', other.id).execute()).toEqual([]);

    // Public: offered to others only once an administrator approved it.
    const body = { name: 'secret', version: '1.0', description: '', deviceTypes: ['nrf52840-dk'], visibility: 'public', groupId: null };
    expect((await user.inject({ method: 'PUT', url: `/api/images/${image.id}`, payload: body })).json().publicApproved).toBe(false);
    expect((await other.inject({ method: 'GET', url: `/api/images/${image.id}` })).statusCode).toBe(404);
    expect((await admin.inject({ method: 'POST', url: `/api/adminImages/${image.id}/approvePublic` })).statusCode).toBe(200);
    expect((await other.inject({ method: 'GET', url: `/api/images/${image.id}` })).json().owner).toBe(user.username);
    const offered = flashableImageListSchema.parse((await other.inject({ method: 'GET', url: '/api/images/flashable?deviceType=nrf52840-dk' })).json());
    expect(offered.find((one) => one.ref === `image:${image.id}`)?.kind).toBe('public');
    // Another user may use it, not change or delete it.
    expect((await other.inject({ method: 'DELETE', url: `/api/images/${image.id}` })).statusCode).toBe(403);
    // Deprecated: no longer offered.
    expect((await admin.inject({ method: 'POST', url: `/api/adminImages/${image.id}/deprecate` })).json().deprecated).toBe(true);
    const after = flashableImageListSchema.parse((await other.inject({ method: 'GET', url: '/api/images/flashable?deviceType=nrf52840-dk' })).json());
    expect(after.map((one) => one.ref)).not.toContain(`image:${image.id}`);
    const audit = await ctx.database.db.selectFrom('audit_log').select('action').where('target_type', '=', 'image').where('target_id', '=', String(image.id)).execute();
    expect(audit.map((row) => row.action)).toEqual(expect.arrayContaining(['image.upload', 'image.update', 'image.approve-public', 'image.deprecate']));
  });

  it("flashes the user's own image: the job keeps its id and checksum, and the image cannot be deleted while it runs", async () => {
    const bytes = elf(4000);
    const { reply } = await upload(user, bytes, nrf('to-flash'));
    const image = userImageSchema.parse(reply.json());
    await bookNow(user, '02:00:00:03:00:03');
    const flash = await user.inject({ method: 'POST', url: '/api/flashNodes', payload: { deviceType: 'nrf52840-dk', device: '02:00:00:03:00:03', image: image.ref } });
    expect(flash.statusCode, flash.body).toBe(200);
    const job = await ctx.database.db
      .selectFrom('flash_jobs')
      .select(['user_image_id', 'image_sha256', 'image_name', 'state'])
      .where('handle', '=', flash.json().value2)
      .executeTakeFirstOrThrow();
    expect(job).toMatchObject({ user_image_id: image.id, image_sha256: sha256(bytes), image_name: 'to-flash 1.0' });
    expect((await user.inject({ method: 'GET', url: `/api/images/${image.id}` })).json().lastFlashedAt).not.toBeNull();

    const refused = await user.inject({ method: 'DELETE', url: `/api/images/${image.id}` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('is being flashed');
    await ctx.database.db.updateTable('flash_jobs').set({ state: 'done', finished_at: new Date() }).where('handle', '=', flash.json().value2).execute();
    expect((await user.inject({ method: 'DELETE', url: `/api/images/${image.id}` })).statusCode).toBe(200);
    // The job keeps its checksum; the image it named is gone.
    const kept = await ctx.database.db.selectFrom('flash_jobs').select(['user_image_id', 'image_sha256']).where('handle', '=', flash.json().value2).executeTakeFirstOrThrow();
    expect(kept).toEqual({ user_image_id: null, image_sha256: sha256(bytes) });
  });

  it('batch-flashes with an image shared with a group of which the caller is a member', async () => {
    const { reply } = await upload(user, elf(), nrf('shared'));
    const image = userImageSchema.parse(reply.json());
    const db = ctx.database.db;
    const group = await db.insertInto('groups').values({ name: `lab-${randomBytes(3).toString('hex')}` }).returning('id').executeTakeFirstOrThrow();
    await db.insertInto('group_members').values([{ group_id: group.id, user_id: user.id }, { group_id: group.id, user_id: other.id }]).execute();
    const share = await user.inject({
      method: 'PUT',
      url: `/api/images/${image.id}`,
      payload: { name: 'shared', version: '1.0', description: '', deviceTypes: ['nrf52840-dk'], visibility: 'group', groupId: group.id },
    });
    expect(share.statusCode, share.body).toBe(200);
    await bookNow(other, '02:00:00:03:00:04');
    const batch = await other.inject({ method: 'POST', url: '/api/flashJobs/batch', payload: { image: image.ref, devices: ['02:00:00:03:00:04'] } });
    expect(batch.json().jobs[0]).toMatchObject({ started: true });
    // A device type the image is not for is refused.
    await bookNow(other, '02:00:00:01:00:04');
    const wrongType = await other.inject({ method: 'POST', url: '/api/flashJobs/batch', payload: { image: image.ref, devices: ['02:00:00:01:00:04'] } });
    expect(wrongType.json().jobs[0]).toMatchObject({ started: false });
    expect(wrongType.json().jobs[0].error).toContain('is not for raspberry-pi-4');
  });
});
