// Backup and restore of the embedded database (PGlite): its data folder as one compressed tar file. PGlite
// belongs to one process, so the portal must be stopped while this runs: a running portal holds the folder's
// lock, and this refuses to start as a second portal would.
//   npm run db:backup -- dump <file.tar.gz>      [DATABASE_URL=pglite://PATH, or DATA_DIR/db]
//   npm run db:backup -- restore <file.tar.gz>   into an empty or absent folder
// For PostgreSQL use pg_dump and pg_restore (docs/operations.md).
import { existsSync, readdirSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { embeddedDatabaseUrl } from '../config.js';
import { lockFolder } from './folder-lock.js';

function folderOf(url: string): string {
  if (!url.startsWith('pglite://') || url === 'pglite://memory') {
    throw new Error('DATABASE_URL must name an embedded database folder (pglite://PATH); for PostgreSQL use pg_dump');
  }
  return path.resolve(url.slice('pglite://'.length));
}

export async function dumpEmbedded(url: string, file: string): Promise<void> {
  const dataDir = folderOf(url);
  if (!existsSync(dataDir)) throw new Error(`no embedded database at ${dataDir}`);
  const unlock = lockFolder(dataDir);
  try {
    const db = await PGlite.create({ dataDir, extensions: { btree_gist } });
    try {
      const dump = await db.dumpDataDir('gzip');
      await writeFile(file, Buffer.from(await dump.arrayBuffer()), { mode: 0o600 });
    } finally {
      await db.close();
    }
  } finally {
    unlock();
  }
}

export async function restoreEmbedded(url: string, file: string): Promise<void> {
  const dataDir = folderOf(url);
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) {
    throw new Error(`${dataDir} is not empty: restore into a new folder, then point DATABASE_URL at it`);
  }
  const loadDataDir = new Blob([await readFile(file)]);
  const unlock = lockFolder(dataDir);
  try {
    const db = await PGlite.create({ dataDir, loadDataDir, extensions: { btree_gist } });
    await db.close();
  } finally {
    unlock();
  }
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname);
if (isMain) {
  const [command, file] = process.argv.slice(2);
  const url = process.env.DATABASE_URL || embeddedDatabaseUrl(process.env.DATA_DIR || './data');
  const run = command === 'dump' ? dumpEmbedded : command === 'restore' ? restoreEmbedded : undefined;
  if (!run || !file) {
    process.stderr.write('usage: npm run db:backup -- dump|restore <file.tar.gz>\n');
    process.exit(2);
  }
  run(url, file).then(
    () => process.stdout.write(`${command === 'dump' ? 'dumped to' : 'restored from'} ${file}\n`),
    (error: unknown) => {
      process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(1);
    },
  );
}
