// The database and data folder of a compiled server that a measurement starts as a process of its own.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createPostgresDatabase } from '../test/helper.js';
import { BENCH_PASSWORD } from './seed.js';

/** The environment of a compiled server the bench starts, with the database and data folder it made for it. */
export interface BenchServer {
  env: Record<string, string>;
  engine: 'postgres' | 'pglite';
  postgres: boolean;
  dataDir: string;
}

/**
 * Runs `measure` with a database of its own (a new PostgreSQL database beside DATABASE_URL, or an embedded one
 * in a fresh DATA_DIR) and the first administrator's settings, and removes both afterwards.
 */
export async function withBenchServer<T>(folder: string, measure: (server: BenchServer) => Promise<T>): Promise<T> {
  const base = process.env.DATABASE_URL;
  const postgres = base && /^postgres(ql)?:\/\//.test(base) ? await createPostgresDatabase(base, 'tp_bench') : undefined;
  const dataDir = await mkdtemp(path.join(tmpdir(), folder));
  const env = {
    DATA_DIR: dataDir,
    ...(postgres ? { DATABASE_URL: postgres.url } : {}),
    ADMIN_USERNAME: 'bench_admin',
    ADMIN_EMAIL: 'bench_admin@example.org',
    ADMIN_PASSWORD: BENCH_PASSWORD,
    LOG_LEVEL: 'warn',
  };
  try {
    return await measure({ env, engine: postgres ? 'postgres' : 'pglite', postgres: postgres !== undefined, dataDir });
  } finally {
    await postgres?.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
