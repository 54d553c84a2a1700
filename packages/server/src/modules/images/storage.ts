// Where the bytes of user images live: under DATA_DIR/images (shared by every instance, docs/operations.md),
// named by ids only, never by a user's text. `uploads/` holds the uploads under way (tus's file store: the
// file and its `.json` description, named by the upload's random id); `blobs/` the checked contents, named by
// their SHA-256, each stored once however many images share it.
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { FileStore } from '@tus/file-store';
import { ERRORS } from '@tus/utils';
import { createSHA256, type IHasher } from 'hash-wasm';
import { fileExists } from '../../files.js';
import type { Db } from '../../db/database.js';
import { deleteUpload, findUploadHash, saveUploadHash } from './repo.js';

export class ImageFiles {
  readonly uploadsDir: string;
  readonly blobsDir: string;

  constructor(dataDir: string) {
    this.uploadsDir = join(dataDir, 'images', 'uploads');
    this.blobsDir = join(dataDir, 'images', 'blobs');
  }

  async ensureFolders(): Promise<void> {
    await mkdir(this.uploadsDir, { recursive: true });
    await mkdir(this.blobsDir, { recursive: true });
  }

  /** The file of an upload under way (its id is the server's random hex, checked by the caller). */
  uploadPath(uploadId: string): string {
    if (!/^[0-9a-f]{32}$/.test(uploadId)) throw new Error('not an upload id');
    return join(this.uploadsDir, uploadId);
  }

  /** The file of a checked content. */
  blobPath(sha256: string): string {
    if (!/^[0-9a-f]{64}$/.test(sha256)) throw new Error('not a SHA-256');
    return join(this.blobsDir, sha256);
  }

  /** The first bytes of a finished upload, for its format. */
  async head(uploadId: string, bytes: number): Promise<Buffer> {
    const file = await open(this.uploadPath(uploadId), 'r');
    try {
      const buffer = Buffer.alloc(bytes);
      const { bytesRead } = await file.read(buffer, 0, bytes, 0);
      return buffer.subarray(0, bytesRead);
    } finally {
      await file.close();
    }
  }

  /**
   * Makes a finished upload the content of its SHA-256: moved into blobs/ (one rename on the shared folder), or
   * dropped when that content is already stored.
   */
  async keepAsBlob(uploadId: string, sha256: string): Promise<void> {
    const target = this.blobPath(sha256);
    if (await fileExists(target)) await rm(this.uploadPath(uploadId), { force: true });
    else await rename(this.uploadPath(uploadId), target);
    await rm(`${this.uploadPath(uploadId)}.json`, { force: true });
  }

  async removeUpload(uploadId: string): Promise<void> {
    await rm(this.uploadPath(uploadId), { force: true });
    await rm(`${this.uploadPath(uploadId)}.json`, { force: true });
  }

  async removeBlob(sha256: string): Promise<void> {
    await rm(this.blobPath(sha256), { force: true });
  }
}

/** Feeds the bytes of a file from `start` to `end` (excluded) to the hasher, streaming. */
async function hashFileRange(hasher: IHasher, path: string, start: number, end: number): Promise<void> {
  if (end <= start) return;
  for await (const chunk of createReadStream(path, { start, end: end - 1 })) hasher.update(chunk as Buffer);
}

/**
 * The SHA-256 of an upload's bytes so far, resumed from the state its row keeps: the bytes the last request
 * wrote but did not get to hash into the row (it broke off) are read back from the file first.
 */
async function resumeHash(db: Db, path: string, uploadId: string, offset: number): Promise<IHasher> {
  const hasher = await createSHA256();
  hasher.init();
  const saved = await findUploadHash(db, uploadId);
  let hashed = 0;
  if (saved?.state && saved.bytes <= offset) {
    hasher.load(saved.state);
    hashed = saved.bytes;
  }
  await hashFileRange(hasher, path, hashed, offset);
  return hasher;
}

/** The SHA-256 of a finished upload, in hexadecimal. */
export async function uploadDigest(db: Db, files: ImageFiles, uploadId: string, size: number): Promise<string> {
  const hasher = await resumeHash(db, files.uploadPath(uploadId), uploadId, size);
  return hasher.digest('hex');
}

/**
 * tus's file store, hashing the bytes as they stream to the file: after each request the hash's state is
 * saved with the number of bytes it covers, so that the next request, on any instance, goes on from it.
 */
export class HashingFileStore extends FileStore {
  constructor(
    private readonly db: Db,
    private readonly files: ImageFiles,
  ) {
    super({ directory: files.uploadsDir });
  }

  override async write(readable: Readable, uploadId: string, offset: number): Promise<number> {
    const path = this.files.uploadPath(uploadId);
    const hasher = await resumeHash(this.db, path, uploadId, offset);
    let received = 0;
    const hashing = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        hasher.update(chunk);
        received += chunk.length;
        callback(null, chunk);
      },
    });
    try {
      await pipeline(readable, hashing, createWriteStream(path, { flags: 'r+', start: offset }));
    } catch {
      // The bytes that did reach the file count (a resume starts from the file's size); the hash of the
      // row stays where it was and catches up from the file at the next request.
      throw ERRORS.FILE_WRITE_ERROR;
    }
    await saveUploadHash(this.db, uploadId, hasher.save(), offset + received);
    return offset + received;
  }

  /** A terminated upload leaves neither its file nor its row. */
  override async remove(uploadId: string): Promise<void> {
    await super.remove(uploadId);
    await deleteUpload(this.db, uploadId);
  }
}
