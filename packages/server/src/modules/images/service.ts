// User images: the rules of an upload (the form, the quota before the first byte and at the end, the
// checksum, the format each device type accepts, one stored copy per content), who may see, change and flash
// an image (policies.ts), and the one seam that flashing and any later caller use: the images a user may
// flash on a device type, and an image reference resolved to the file a job writes.
import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import {
  imageUploadFormSchema,
  userImageIdOf,
  userImageRef,
  type AdminImageList,
  type FlashableImage,
  type ImageFormat,
  type ImageUpdate,
  type ImageUsage,
  type UserImage,
} from '@testbed/contract';
import type { Db, Tx } from '../../db/database.js';
import { recordAudit } from '../../db/audit-writer.js';
import { AppError } from '../../errors.js';
import { isConstraintError, UNIQUE_VIOLATION } from '../../db/constraint-errors.js';
import { authorize, can } from '../../security/policies.js';
import type { Principal } from '../../security/principal.js';
import { acceptsFormat, detectFormat, FORMAT_PROBE_BYTES } from './formats.js';
import {
  blobExists,
  deleteImage,
  deleteUpload,
  deviceTypeFormats,
  findImage,
  findUpload,
  groupsOfUser,
  groupUsage,
  imageInRunningJob,
  insertBlob,
  insertUpload,
  insertUserImage,
  isGroupMember,
  listAllImages,
  listImages,
  lockGroupQuota,
  lockUserQuota,
  markImage,
  operatorImages,
  setGroupQuota,
  setUserQuota,
  storedBytes,
  takeStaleUploads,
  touchLastFlashed,
  updateImage,
  userUsage,
  type ImageRow,
} from './repo.js';
import { uploadDigest, type ImageFiles } from './storage.js';
import { userExists } from '../user-rows.js';

/** Uploads untouched this long are removed with their bytes. */
export const STALE_UPLOAD_HOURS = 24;

const unknownImage = () => new AppError('not_found', 'Unknown image.');
const gib = (bytes: number) => `${(bytes / 1024 ** 3).toFixed(2)} GiB`;

/** What a flash job needs of the image it writes. */
export interface ResolvedImage {
  /** What the job shows: the operator image's name, or the user image's name and version. */
  label: string;
  /** The user image's id; null for an operator's image. */
  userImageId: number | null;
  /** The file to write and its SHA-256 (a user's image); null for an operator's image. */
  path: string | null;
  sha256: string | null;
}

export class ImagesService {
  constructor(
    private readonly db: Db,
    private readonly files: ImageFiles,
    private readonly defaultQuota: number,
  ) {}

  // ---- the upload (called by the tus server's hooks, tus.ts)

  /**
   * Checks a new upload's form and its declared length against the owner's quota, counting their images and
   * their other uploads under way, and records it: nothing is accepted past the quota, not even a first byte.
   */
  async beginUpload(principal: Principal, uploadId: string, metadata: Record<string, string | null | undefined>, size: number | undefined): Promise<void> {
    authorize(principal, 'image:upload');
    const parsed = imageUploadFormSchema.safeParse({
      name: metadata.name ?? '',
      version: metadata.version ?? '',
      description: metadata.description ?? '',
      deviceTypes: (metadata.deviceTypes ?? '').split(',').filter((type) => type !== ''),
      ...(metadata.checksum ? { checksum: metadata.checksum } : {}),
      size: size ?? 0,
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const field = String(issue.path[0] ?? 'metadata');
      throw new AppError('validation', `${field}: ${issue.message}`, { fieldErrors: { [field]: [issue.message] } });
    }
    const form = parsed.data;
    const formats = await deviceTypeFormats(this.db, form.deviceTypes);
    for (const type of form.deviceTypes) {
      if (!formats.has(type)) throw new AppError('validation', `Unknown device type ${type}.`, { fieldErrors: { deviceTypes: [`Unknown device type ${type}.`] } });
      if (formats.get(type)!.length === 0) {
        throw new AppError('validation', `Device type ${type} takes only the operator's images.`, { fieldErrors: { deviceTypes: [`${type} takes no user images.`] } });
      }
    }
    await this.db.transaction().execute(async (tx) => {
      const own = await lockUserQuota(tx, principal.userId);
      const quota = own == null ? this.defaultQuota : Number(own);
      const used = await userUsage(tx, principal.userId);
      if (used + form.size > quota) {
        throw new AppError(
          'payload_too_large',
          `The file (${gib(form.size)}) does not fit in your image quota: ${gib(used)} of ${gib(quota)} used. Delete an image or ask an administrator for more.`,
        );
      }
      await insertUpload(tx, {
        id: uploadId,
        owner_id: principal.userId,
        name: form.name,
        version: form.version,
        description: form.description,
        device_types: form.deviceTypes,
        declared_bytes: form.size,
        expected_sha256: form.checksum ?? null,
      });
    });
  }

  /** The upload, when it is the caller's (anyone else's answers like a missing one). */
  async ownUpload(principal: Principal, uploadId: string): Promise<void> {
    const upload = /^[0-9a-f]{32}$/.test(uploadId) ? await findUpload(this.db, uploadId) : undefined;
    if (!upload || !can(principal, 'image:manage', { userId: upload.owner_id })) throw new AppError('not_found', 'Unknown upload.');
  }

  /**
   * The last byte is in: the checksum, the format and the quota are checked, and the content becomes an image
   * (stored once per SHA-256). A file that fails is removed with its upload, and the reason is the reply.
   */
  async finishUpload(principal: Principal, uploadId: string, size: number): Promise<UserImage> {
    const upload = await findUpload(this.db, uploadId);
    if (!upload || upload.owner_id !== principal.userId) throw new AppError('not_found', 'Unknown upload.');
    try {
      const sha256 = await uploadDigest(this.db, this.files, uploadId, size);
      if (upload.expected_sha256 && upload.expected_sha256 !== sha256) {
        throw new AppError('validation', `The file's SHA-256 is ${sha256}, not the ${upload.expected_sha256} given: it was not kept.`, {
          fieldErrors: { checksum: ['The file does not have this SHA-256.'] },
        });
      }
      const format = detectFormat(await this.files.head(uploadId, FORMAT_PROBE_BYTES));
      const formats = await deviceTypeFormats(this.db, upload.device_types);
      for (const type of upload.device_types) {
        if (!acceptsFormat(formats.get(type) ?? [], format)) {
          throw new AppError('validation', `${capitalized(describeFormat(format))} cannot be flashed on ${type} (it takes ${(formats.get(type) ?? []).join(', ') || 'no user images'}): the file was not kept.`, {
            fieldErrors: { deviceTypes: [`${type} does not take this format.`] },
          });
        }
      }
      const imageId = await this.db.transaction().execute(async (tx) => {
        const own = await lockUserQuota(tx, principal.userId);
        const quota = own == null ? this.defaultQuota : Number(own);
        if ((await userUsage(tx, principal.userId, uploadId)) + size > quota) {
          throw new AppError('payload_too_large', `The image does not fit in your quota of ${gib(quota)} any more: it was not kept.`);
        }
        const stored = await blobExists(tx, sha256);
        await insertBlob(tx, { sha256, size, format });
        const id = await insertUserImage(tx, {
          ownerId: principal.userId,
          sha256,
          name: upload.name,
          version: upload.version,
          description: upload.description,
          deviceTypes: upload.device_types,
        }).catch((error: unknown) => {
          if (isConstraintError(error, UNIQUE_VIOLATION)) {
            throw new AppError('conflict', `You already have an image ${upload.name} version ${upload.version}: the file was not kept.`);
          }
          throw error;
        });
        await deleteUpload(tx, uploadId);
        // The file is moved while the row that names its content is not yet visible: a content already stored drops this copy.
        if (!stored) await this.files.keepAsBlob(uploadId, sha256);
        await recordAudit(tx, {
          actorUserId: principal.userId,
          action: 'image.upload',
          targetType: 'image',
          targetId: id,
          details: { name: upload.name, version: upload.version, sha256, size, format, deviceTypes: upload.device_types },
        });
        return id;
      });
      await this.files.removeUpload(uploadId);
      return this.present((await findImage(this.db, imageId, principal.userId))!, principal);
    } catch (error) {
      await deleteUpload(this.db, uploadId);
      await this.files.removeUpload(uploadId);
      throw error;
    }
  }

  /** Removes the uploads left untouched for a day, with their bytes; safe on every instance at once. */
  async sweepStaleUploads(): Promise<number> {
    const stale = await takeStaleUploads(this.db, STALE_UPLOAD_HOURS);
    for (const id of stale) await this.files.removeUpload(id);
    return stale.length;
  }

  // ---- the endpoints

  async list(principal: Principal, query: { scope: 'mine' | 'usable'; deviceType?: string }): Promise<UserImage[]> {
    const rows = await listImages(this.db, principal.userId, query);
    return rows.map((row) => this.present(row, principal));
  }

  /**
   * The images the user may flash on a device type: the operator's first (as the testbed file lists them),
   * then the user's own, their groups', and the approved public ones; deprecated ones are no longer offered.
   */
  async flashableImages(principal: Principal, deviceType: string): Promise<FlashableImage[]> {
    const operator = await operatorImages(this.db, deviceType);
    const own = await listImages(this.db, principal.userId, { scope: 'usable', deviceType, offeredOnly: true });
    return [
      ...operator.map((name) => ({ ref: name, label: name, kind: 'operator' as const, sha256: null })),
      ...own.map((row) => ({
        ref: userImageRef(row.id),
        label: `${row.name} ${row.version}${row.owner_id === principal.userId ? '' : ` (${row.owner})`}`,
        kind: row.owner_id === principal.userId ? ('own' as const) : row.in_group ? ('group' as const) : ('public' as const),
        sha256: row.sha256,
      })),
    ];
  }

  /**
   * What a flash of `ref` on a device of `deviceType` writes: an operator's image of the type, or a user image
   * the user may use and that names the type. Anything else is refused, whatever the id sent: another user's
   * private image answers like a missing one. A deprecated image stays flashable by what already names it.
   */
  async resolveImage(principal: Principal, deviceType: string, ref: string, db: Db | Tx = this.db): Promise<ResolvedImage> {
    const id = userImageIdOf(ref);
    if (id === null) {
      if (!(await operatorImages(db, deviceType)).includes(ref)) {
        throw new AppError('validation', `Unknown image ${ref} for ${deviceType}.`, { fieldErrors: { image: [`Not an image of ${deviceType}.`] } });
      }
      return { label: ref, userImageId: null, path: null, sha256: null };
    }
    // Held FOR SHARE in the caller's transaction: a deletion waits for the job to be recorded, then sees it.
    const row = await findImage(db, id, principal.userId, 'share');
    if (!row || !this.mayUse(principal, row)) throw new AppError('validation', 'Unknown image.', { fieldErrors: { image: ['Unknown image.'] } });
    if (!row.device_types.includes(deviceType)) {
      throw new AppError('validation', `Image ${row.name} ${row.version} is not for ${deviceType}.`, { fieldErrors: { image: [`Not an image of ${deviceType}.`] } });
    }
    return { label: `${row.name} ${row.version}`, userImageId: row.id, path: this.files.blobPath(row.sha256), sha256: row.sha256 };
  }

  async get(principal: Principal, id: number): Promise<UserImage> {
    return this.present(await this.usable(principal, id), principal);
  }

  /** The bytes of an image the caller may use, streamed from its file. */
  async download(principal: Principal, id: number): Promise<{ stream: Readable; size: number; filename: string }> {
    const row = await this.usable(principal, id);
    return {
      stream: createReadStream(this.files.blobPath(row.sha256)),
      size: Number(row.size_bytes),
      filename: `image-${row.id}.${row.format === 'ihex' ? 'hex' : row.format === 'gzip' ? 'gz' : row.format}`,
    };
  }

  async usage(principal: Principal): Promise<ImageUsage> {
    const own = await lockUserQuota(this.db, principal.userId);
    const groups = await groupsOfUser(this.db, principal.userId);
    return {
      user: { usedBytes: await userUsage(this.db, principal.userId), quotaBytes: own == null ? this.defaultQuota : Number(own) },
      groups: await Promise.all(
        groups.map(async (group) => ({
          groupId: group.id,
          name: group.name,
          usedBytes: await groupUsage(this.db, group.id),
          quotaBytes: group.image_quota_bytes == null ? this.defaultQuota : Number(group.image_quota_bytes),
        })),
      ),
    };
  }

  async update(principal: Principal, id: number, change: ImageUpdate, ip?: string): Promise<UserImage> {
    const result = await this.db.transaction().execute(async (tx) => {
      const row = await findImage(tx, id, principal.userId, 'update');
      if (!row || !this.mayUse(principal, row)) throw unknownImage();
      authorize(principal, 'image:manage', { userId: row.owner_id }, 'Only the owner of an image may change it.');
      const formats = await deviceTypeFormats(tx, change.deviceTypes);
      for (const type of change.deviceTypes) {
        if (!acceptsFormat(formats.get(type) ?? [], row.format as ImageFormat)) {
          throw new AppError('validation', `${type} does not take ${describeFormat(row.format as ImageFormat)}.`, {
            fieldErrors: { deviceTypes: [`${type} does not take this format.`] },
          });
        }
      }
      const groupId = change.visibility === 'group' ? change.groupId : null;
      if (change.visibility === 'group') {
        if (groupId === null || !(await isGroupMember(tx, groupId, row.owner_id))) {
          throw new AppError('validation', 'Choose one of your groups.', { fieldErrors: { groupId: ['Choose one of your groups.'] } });
        }
        const own = await lockGroupQuota(tx, groupId);
        const quota = own == null ? this.defaultQuota : Number(own);
        if ((await groupUsage(tx, groupId, id)) + Number(row.size_bytes) > quota) {
          throw new AppError('validation', `The group's image quota (${gib(quota)}) would be exceeded.`, { fieldErrors: { groupId: ['The group has no room for it.'] } });
        }
      }
      const keepApproval =
        change.visibility === 'public' && row.visibility === 'public' && change.name === row.name && change.version === row.version && change.description === row.description;
      try {
        await updateImage(tx, id, { ...change, groupId, keepApproval });
      } catch (error) {
        if (isConstraintError(error, UNIQUE_VIOLATION)) throw new AppError('conflict', `You already have an image ${change.name} version ${change.version}.`);
        throw error;
      }
      await recordAudit(tx, {
        actorUserId: principal.userId,
        action: 'image.update',
        targetType: 'image',
        targetId: id,
        ip,
        details: { name: change.name, version: change.version, visibility: change.visibility, groupId, deviceTypes: change.deviceTypes },
      });
      return (await findImage(tx, id, principal.userId))!;
    });
    return this.present(result, principal);
  }

  /** Deletes an image (the owner's, or any for an administrator); refused while a flash job writes it. */
  async delete(principal: Principal, id: number, ip?: string): Promise<{ id: number; contentRemoved: boolean }> {
    const gone = await this.db.transaction().execute(async (tx) => {
      const row = await findImage(tx, id, principal.userId, 'update');
      if (!row || !this.mayUse(principal, row)) throw unknownImage();
      authorize(principal, 'image:manage', { userId: row.owner_id }, 'Only the owner of an image may delete it.');
      if (await imageInRunningJob(tx, id)) throw new AppError('conflict', `Image ${row.name} ${row.version} is being flashed: delete it once that flash has ended.`);
      const blob = await deleteImage(tx, id, row.sha256);
      await recordAudit(tx, {
        actorUserId: principal.userId,
        action: 'image.delete',
        targetType: 'image',
        targetId: id,
        ip,
        details: { name: row.name, version: row.version, owner: row.owner, sha256: row.sha256 },
      });
      return blob;
    });
    if (gone) await this.files.removeBlob(gone);
    return { id, contentRemoved: gone !== null };
  }

  async adminList(principal: Principal): Promise<AdminImageList> {
    authorize(principal, 'images:administer');
    const rows = await listAllImages(this.db, principal.userId);
    return { images: rows.map((row) => this.present(row, principal)), storedBytes: await storedBytes(this.db) };
  }

  async approvePublic(principal: Principal, id: number, ip?: string): Promise<UserImage> {
    return this.mark(principal, id, 'approved', ip);
  }

  async deprecate(principal: Principal, id: number, ip?: string): Promise<UserImage> {
    return this.mark(principal, id, 'deprecated', ip);
  }

  async setQuota(principal: Principal, target: { userId: number } | { groupId: number }, bytes: number | null, ip?: string) {
    authorize(principal, 'images:administer');
    const found = 'userId' in target ? await setUserQuota(this.db, target.userId, bytes) : await setGroupQuota(this.db, target.groupId, bytes);
    if (!found) throw new AppError('not_found', 'userId' in target ? 'Unknown user.' : 'Unknown group.');
    await recordAudit(this.db, {
      actorUserId: principal.userId,
      action: 'image.quota',
      targetType: 'userId' in target ? 'user' : 'group',
      targetId: 'userId' in target ? target.userId : target.groupId,
      ip,
      details: { quotaBytes: bytes },
    });
    return { quotaBytes: bytes ?? this.defaultQuota, isDefault: bytes === null };
  }

  /** The file of a stored content, for the flash job that writes it. */
  contentPath(sha256: string): string {
    return this.files.blobPath(sha256);
  }

  /** Records that a job began writing the image. */
  async flashed(db: Db | Tx, userImageId: number): Promise<void> {
    await touchLastFlashed(db, userImageId);
  }

  /** Whether the user exists (for the quota screens). */
  userExists(userId: number) {
    return userExists(this.db, userId);
  }

  private async mark(principal: Principal, id: number, mark: 'approved' | 'deprecated', ip?: string): Promise<UserImage> {
    authorize(principal, 'images:administer');
    const row = await findImage(this.db, id, principal.userId);
    if (!row) throw unknownImage();
    if (mark === 'approved' && row.visibility !== 'public') throw new AppError('conflict', 'Only an image its owner made public can be approved.');
    await markImage(this.db, id, mark);
    await recordAudit(this.db, {
      actorUserId: principal.userId,
      action: mark === 'approved' ? 'image.approve-public' : 'image.deprecate',
      targetType: 'image',
      targetId: id,
      ip,
      details: { name: row.name, version: row.version, owner: row.owner },
    });
    return this.present((await findImage(this.db, id, principal.userId))!, principal);
  }

  private mayUse(principal: Principal, row: ImageRow): boolean {
    return can(principal, 'image:use', { ownerId: row.owner_id, inGroup: row.in_group, publicApproved: row.visibility === 'public' && row.public_approved_at !== null });
  }

  /** An image the caller may use; anyone else's answers like a missing one. */
  private async usable(principal: Principal, id: number): Promise<ImageRow> {
    const row = await findImage(this.db, id, principal.userId);
    if (!row || !this.mayUse(principal, row)) throw unknownImage();
    return row;
  }

  private present(row: ImageRow, principal: Principal): UserImage {
    return {
      id: row.id,
      ref: userImageRef(row.id),
      name: row.name,
      version: row.version,
      description: row.description,
      deviceTypes: row.device_types,
      visibility: row.visibility,
      groupId: row.group_id,
      groupName: row.group_name,
      publicApproved: row.public_approved_at !== null,
      deprecated: row.deprecated_at !== null,
      owner: row.owner,
      mine: row.owner_id === principal.userId,
      sizeBytes: Number(row.size_bytes),
      sha256: row.sha256,
      format: row.format as ImageFormat,
      createdAt: new Date(row.created_at).toISOString(),
      lastFlashedAt: row.last_flashed_at ? new Date(row.last_flashed_at).toISOString() : null,
    };
  }
}

/** Each format with its article, as the refusals say it. */
const FORMAT_NAMES: Record<ImageFormat, string> = {
  raw: 'a raw disk image',
  gzip: 'a gzip-compressed file',
  xz: 'an xz-compressed file',
  zstd: 'a zstd-compressed file',
  elf: 'an ELF file',
  ihex: 'an Intel HEX file',
  bin: 'a raw binary (no known format)',
};
const describeFormat = (format: ImageFormat) => FORMAT_NAMES[format];
const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
