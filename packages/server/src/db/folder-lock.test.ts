import { existsSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FolderLockedError, lockFolder } from './folder-lock.js';

let dir: string;
let folder: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'tp-folder-lock-'));
  folder = path.join(dir, 'db');
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const refusal = (take: () => unknown) => {
  try {
    take();
  } catch (error) {
    expect(error).toBeInstanceOf(FolderLockedError);
    return (error as Error).message;
  }
  throw new Error('the folder was taken twice');
};

describe('lockFolder', () => {
  it('lets one holder in, names the folder and the holder to the next, and lets the next in once given back', () => {
    const release = lockFolder(folder);
    expect(refusal(() => lockFolder(folder))).toContain(`The embedded database in ${folder} is already open in another portal process (process ${process.pid} on ${hostname()}`);
    release();
    expect(existsSync(`${folder}.lock`)).toBe(false);
    lockFolder(folder)();
  });

  it('takes over the file of a process that is gone, or of a pid now used by a process started later', () => {
    const dead = { pid: 2 ** 22 + 1, host: hostname(), since: '2026-01-01T00:00:00.000Z' };
    writeFileSync(`${folder}.lock`, JSON.stringify(dead));
    lockFolder(folder)();
    const reused = { pid: process.pid, host: hostname(), start: '1', since: '2026-01-01T00:00:00.000Z' };
    writeFileSync(`${folder}.lock`, JSON.stringify(reused));
    lockFolder(folder)();
  });

  it("keeps out of another machine's file, and says how to clear it", () => {
    writeFileSync(`${folder}.lock`, JSON.stringify({ pid: 1, host: 'elsewhere.example.org', since: '2026-01-01T00:00:00.000Z' }));
    expect(refusal(() => lockFolder(folder))).toContain(`If no process on elsewhere.example.org uses it any more, delete ${folder}.lock.`);
  });

  it('does not give back a file that another process now holds', () => {
    const release = lockFolder(folder);
    const other = JSON.stringify({ pid: 1, host: 'elsewhere.example.org', since: '2026-01-01T00:00:00.000Z' });
    writeFileSync(`${folder}.lock`, other);
    release();
    expect(existsSync(`${folder}.lock`)).toBe(true);
  });
});
