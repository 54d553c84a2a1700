// Queries of user images: uploads under way with their hash state and locks, the stored contents, the
// images with who may see them, quotas and usage. Functions take the database or a transaction.
import { sql } from 'kysely';
import type { Db, Queryable } from '../../db/database.js';
import type { ImageVisibility } from '../../db/schema.js';
import { lockUserRow } from '../user-rows.js';

const RUNNING_JOB_STATES = sql`('pending', 'flashing', 'waiting_ready', 'restoring')`;

// ---- upload locks (locker.ts)

/** Takes the lock when it is free or its lease ran out; answers whether this holder has it. */
export async function claimUploadLock(db: Db, uploadId: string, holder: string, leaseSeconds: number): Promise<boolean> {
  const { rows } = await sql<{ holder: string }>`
    INSERT INTO image_upload_locks (upload_id, holder, expires_at)
    VALUES (${uploadId}, ${holder}::uuid, now() + make_interval(secs => ${leaseSeconds}))
    ON CONFLICT (upload_id) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at, release_requested = false
      WHERE image_upload_locks.expires_at < now()
    RETURNING holder::text`.execute(db);
  return rows[0]?.holder === holder;
}

/** Asks the holder of the lock to let go (it sees it at its next renewal). */
export async function requestUploadLockRelease(db: Db, uploadId: string, waiter: string): Promise<void> {
  await sql`UPDATE image_upload_locks SET release_requested = true WHERE upload_id = ${uploadId} AND holder <> ${waiter}::uuid`.execute(db);
}

/** Extends the lease: 'held', 'release' when another request asks for the lock, 'lost' when it is no longer ours. */
export async function renewUploadLock(db: Db, uploadId: string, holder: string, leaseSeconds: number): Promise<'held' | 'release' | 'lost'> {
  const { rows } = await sql<{ release_requested: boolean }>`
    UPDATE image_upload_locks SET expires_at = now() + make_interval(secs => ${leaseSeconds})
    WHERE upload_id = ${uploadId} AND holder = ${holder}::uuid
    RETURNING release_requested`.execute(db);
  if (!rows[0]) return 'lost';
  return rows[0].release_requested ? 'release' : 'held';
}

export async function releaseUploadLock(db: Db, uploadId: string, holder: string): Promise<void> {
  await sql`DELETE FROM image_upload_locks WHERE upload_id = ${uploadId} AND holder = ${holder}::uuid`.execute(db);
}

// ---- uploads under way

export interface UploadRow {
  id: string;
  owner_id: number;
  name: string;
  version: string;
  description: string;
  device_types: string[];
  declared_bytes: string;
  expected_sha256: string | null;
}

export async function findUpload(db: Queryable, uploadId: string): Promise<UploadRow | undefined> {
  return db
    .selectFrom('image_uploads')
    .select(['id', 'owner_id', 'name', 'version', 'description', 'device_types', 'declared_bytes', 'expected_sha256'])
    .where('id', '=', uploadId)
    .executeTakeFirst();
}

export async function insertUpload(db: Queryable, upload: Omit<UploadRow, 'declared_bytes'> & { declared_bytes: number }): Promise<void> {
  await db.insertInto('image_uploads').values(upload).execute();
}

export async function deleteUpload(db: Queryable, uploadId: string): Promise<void> {
  await db.deleteFrom('image_uploads').where('id', '=', uploadId).execute();
}

export async function findUploadHash(db: Queryable, uploadId: string): Promise<{ state: Uint8Array | null; bytes: number } | undefined> {
  const row = await db.selectFrom('image_uploads').select(['hash_state', 'hashed_bytes']).where('id', '=', uploadId).executeTakeFirst();
  return row && { state: row.hash_state, bytes: Number(row.hashed_bytes) };
}

export async function saveUploadHash(db: Queryable, uploadId: string, state: Uint8Array, bytes: number): Promise<void> {
  await db
    .updateTable('image_uploads')
    .set({ hash_state: state, hashed_bytes: bytes, updated_at: sql<Date>`now()` })
    .where('id', '=', uploadId)
    .execute();
}

/** Claims the uploads untouched for `maxAgeHours` (the DELETE is the claim: one instance gets each) and names them. */
export async function takeStaleUploads(db: Queryable, maxAgeHours: number): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`
    DELETE FROM image_uploads WHERE updated_at < now() - make_interval(hours => ${maxAgeHours}) RETURNING id`.execute(db);
  return rows.map((row) => row.id);
}

// ---- quotas and usage

/**
 * Holds the user's row until the transaction ends, so that two uploads of one user begun at once on two
 * instances count each other; answers the user's own quota (null: the default).
 */
export async function lockUserQuota(tx: Queryable, userId: number): Promise<string | null | undefined> {
  const row = await lockUserRow(tx, userId, ['image_quota_bytes']);
  return row ? row.image_quota_bytes : undefined;
}

/** The bytes the user's images take, plus the declared length of their uploads under way (but `exceptUpload`). */
export async function userUsage(db: Queryable, userId: number, exceptUpload?: string): Promise<number> {
  const { rows } = await sql<{ used: string }>`
    SELECT (SELECT coalesce(sum(b.size_bytes), 0) FROM user_images i JOIN image_blobs b ON b.sha256 = i.sha256 WHERE i.owner_id = ${userId})
         + (SELECT coalesce(sum(u.declared_bytes), 0) FROM image_uploads u WHERE u.owner_id = ${userId} AND u.id <> ${exceptUpload ?? ''})
         AS used`.execute(db);
  return Number(rows[0]!.used);
}

export async function lockGroupQuota(tx: Queryable, groupId: number): Promise<string | null | undefined> {
  const row = await tx.selectFrom('groups').select('image_quota_bytes').where('id', '=', groupId).forUpdate().executeTakeFirst();
  return row ? row.image_quota_bytes : undefined;
}

/** The bytes of the images shared with the group (but `exceptImage`). */
export async function groupUsage(db: Queryable, groupId: number, exceptImage?: number): Promise<number> {
  const { rows } = await sql<{ used: string }>`
    SELECT coalesce(sum(b.size_bytes), 0) AS used FROM user_images i JOIN image_blobs b ON b.sha256 = i.sha256
    WHERE i.visibility = 'group' AND i.group_id = ${groupId} AND i.id <> ${exceptImage ?? 0}`.execute(db);
  return Number(rows[0]!.used);
}

/** The groups the user is a member of, with their own quota (null: the default). */
export async function groupsOfUser(db: Queryable, userId: number) {
  return db
    .selectFrom('group_members as m')
    .innerJoin('groups as g', 'g.id', 'm.group_id')
    .select(['g.id', 'g.name', 'g.image_quota_bytes'])
    .where('m.user_id', '=', userId)
    .orderBy('g.name')
    .execute();
}

export async function isGroupMember(db: Queryable, groupId: number, userId: number): Promise<boolean> {
  const row = await db.selectFrom('group_members').select('user_id').where('group_id', '=', groupId).where('user_id', '=', userId).executeTakeFirst();
  return row !== undefined;
}

export async function setUserQuota(db: Queryable, userId: number, bytes: number | null): Promise<boolean> {
  const result = await db.updateTable('users').set({ image_quota_bytes: bytes }).where('id', '=', userId).executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function setGroupQuota(db: Queryable, groupId: number, bytes: number | null): Promise<boolean> {
  const result = await db.updateTable('groups').set({ image_quota_bytes: bytes }).where('id', '=', groupId).executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

// ---- device types

/** The formats each named device type of the inventory accepts; a name missing from the map is no device type. */
export async function deviceTypeFormats(db: Queryable, names: readonly string[]): Promise<Map<string, string[]>> {
  if (names.length === 0) return new Map();
  const rows = await db
    .selectFrom('device_types as t')
    .select(['t.name', 't.image_formats'])
    .where('t.name', 'in', [...names])
    .where(({ exists, selectFrom }) => exists(selectFrom('devices as d').select('d.id').whereRef('d.device_type_id', '=', 't.id').where('d.in_inventory', '=', true)))
    .execute();
  return new Map(rows.map((row) => [row.name, row.image_formats]));
}

/** The operator's images of a device type, as the testbed file lists them. */
export async function operatorImages(db: Queryable, deviceType: string): Promise<string[]> {
  const rows = await db
    .selectFrom('images as i')
    .innerJoin('device_types as t', 't.id', 'i.device_type_id')
    .select('i.name')
    .where('t.name', '=', deviceType)
    .where('i.in_inventory', '=', true)
    .orderBy('i.id')
    .execute();
  return rows.map((row) => row.name);
}

// ---- contents and images

/** Records a checked content; a content already stored stays as it is (its first upload's format). */
export async function insertBlob(db: Queryable, blob: { sha256: string; size: number; format: string }): Promise<void> {
  await db
    .insertInto('image_blobs')
    .values({ sha256: blob.sha256, size_bytes: blob.size, format: blob.format })
    .onConflict((oc) => oc.column('sha256').doNothing())
    .execute();
}

export async function insertUserImage(
  db: Queryable,
  image: { ownerId: number; sha256: string; name: string; version: string; description: string; deviceTypes: string[] },
): Promise<number> {
  const row = await db
    .insertInto('user_images')
    .values({
      owner_id: image.ownerId,
      sha256: image.sha256,
      name: image.name,
      version: image.version,
      description: image.description,
      device_types: image.deviceTypes,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface ImageRow {
  id: number;
  owner_id: number;
  owner: string;
  sha256: string;
  name: string;
  version: string;
  description: string;
  device_types: string[];
  visibility: ImageVisibility;
  group_id: number | null;
  group_name: string | null;
  public_approved_at: Date | null;
  deprecated_at: Date | null;
  created_at: Date;
  last_flashed_at: Date | null;
  size_bytes: string;
  format: string;
  /** Whether the viewer is a member of the group the image is shared with. */
  in_group: boolean;
}

const imageColumns = (viewerId: number) => sql`
  i.id, i.owner_id, (SELECT u.username FROM users u WHERE u.id = i.owner_id) AS owner, i.sha256, i.name, i.version,
  i.description, i.device_types, i.visibility, i.group_id, g.name AS group_name, i.public_approved_at, i.deprecated_at,
  i.created_at, i.last_flashed_at, b.size_bytes::text AS size_bytes, b.format,
  (i.visibility = 'group' AND EXISTS (SELECT 1 FROM group_members m WHERE m.group_id = i.group_id AND m.user_id = ${viewerId})) AS in_group`;

const imageFrom = sql`user_images i JOIN image_blobs b ON b.sha256 = i.sha256 LEFT JOIN groups g ON g.id = i.group_id`;

/** What a viewer may use: their own, their groups', the approved public ones. */
const usableBy = (viewerId: number) => sql`(
  i.owner_id = ${viewerId}
  OR (i.visibility = 'group' AND EXISTS (SELECT 1 FROM group_members m WHERE m.group_id = i.group_id AND m.user_id = ${viewerId}))
  OR (i.visibility = 'public' AND i.public_approved_at IS NOT NULL))`;

export async function findImage(db: Queryable, id: number, viewerId: number, lock?: 'update' | 'share'): Promise<ImageRow | undefined> {
  const locking = lock === 'update' ? sql`FOR UPDATE OF i` : lock === 'share' ? sql`FOR SHARE OF i` : sql``;
  const { rows } = await sql<ImageRow>`SELECT ${imageColumns(viewerId)} FROM ${imageFrom} WHERE i.id = ${id} ${locking}`.execute(db);
  return rows[0];
}

/**
 * The viewer's own images, or every image they may use; of one device type when given. Ordered as a flash
 * form offers them: own first, then their groups', then public; by name and version within each.
 */
export async function listImages(
  db: Queryable,
  viewerId: number,
  options: { scope: 'mine' | 'usable'; deviceType?: string; offeredOnly?: boolean },
): Promise<ImageRow[]> {
  const who = options.scope === 'mine' ? sql`i.owner_id = ${viewerId}` : usableBy(viewerId);
  const type = options.deviceType ? sql`AND ${options.deviceType} = ANY (i.device_types)` : sql``;
  const offered = options.offeredOnly ? sql`AND i.deprecated_at IS NULL` : sql``;
  const { rows } = await sql<ImageRow>`
    SELECT ${imageColumns(viewerId)} FROM ${imageFrom}
    WHERE ${who} ${type} ${offered}
    ORDER BY (i.owner_id <> ${viewerId}), (i.visibility <> 'group'), lower(i.name), i.version, i.id
    LIMIT 1000`.execute(db);
  return rows;
}

/** Every image (administrators), newest first. */
export async function listAllImages(db: Queryable, viewerId: number): Promise<ImageRow[]> {
  const { rows } = await sql<ImageRow>`SELECT ${imageColumns(viewerId)} FROM ${imageFrom} ORDER BY i.id DESC LIMIT 5000`.execute(db);
  return rows;
}

/** The bytes of every stored content, each counted once. */
export async function storedBytes(db: Queryable): Promise<number> {
  const { rows } = await sql<{ total: string }>`SELECT coalesce(sum(size_bytes), 0)::text AS total FROM image_blobs`.execute(db);
  return Number(rows[0]!.total);
}

export async function updateImage(
  db: Queryable,
  id: number,
  change: { name: string; version: string; description: string; deviceTypes: string[]; visibility: ImageVisibility; groupId: number | null; keepApproval: boolean },
): Promise<void> {
  await db
    .updateTable('user_images')
    .set({
      name: change.name,
      version: change.version,
      description: change.description,
      device_types: change.deviceTypes,
      visibility: change.visibility,
      group_id: change.groupId,
      // A change of what a public image is, or a move to public, waits for an administrator again.
      ...(change.keepApproval ? {} : { public_approved_at: null }),
    })
    .where('id', '=', id)
    .execute();
}

export async function markImage(db: Queryable, id: number, mark: 'approved' | 'deprecated'): Promise<void> {
  await db
    .updateTable('user_images')
    .set(mark === 'approved' ? { public_approved_at: sql<Date>`now()` } : { deprecated_at: sql<Date>`coalesce(deprecated_at, now())` })
    .where('id', '=', id)
    .execute();
}

/** Whether a flash job that writes the image is running (the caller holds the image's row). */
export async function imageInRunningJob(db: Queryable, id: number): Promise<boolean> {
  const { rows } = await sql`SELECT 1 FROM flash_jobs WHERE user_image_id = ${id} AND state IN ${RUNNING_JOB_STATES} LIMIT 1`.execute(db);
  return rows.length > 0;
}

/**
 * Deletes the image; answers its content's SHA-256 when no image uses that content any more (its row is then
 * deleted too, and its file is the caller's to remove once the transaction is committed).
 */
export async function deleteImage(db: Queryable, id: number, sha256: string): Promise<string | null> {
  await db.deleteFrom('user_images').where('id', '=', id).execute();
  const { rows } = await sql<{ sha256: string }>`
    DELETE FROM image_blobs b WHERE b.sha256 = ${sha256} AND NOT EXISTS (SELECT 1 FROM user_images i WHERE i.sha256 = b.sha256)
    RETURNING sha256`.execute(db);
  return rows[0]?.sha256 ?? null;
}

/** Whether a content is stored (a blob row exists). */
export async function blobExists(db: Queryable, sha256: string): Promise<boolean> {
  const row = await db.selectFrom('image_blobs').select('sha256').where('sha256', '=', sha256).executeTakeFirst();
  return row !== undefined;
}

export async function touchLastFlashed(db: Queryable, id: number): Promise<void> {
  await db.updateTable('user_images').set({ last_flashed_at: sql<Date>`now()` }).where('id', '=', id).execute();
}

