// The OpenAPI document made from the app itself, with no server listening and no database: docs/openapi.json
// is written from it (`npm run openapi`, write-document.ts) and test/openapi-document.test.ts holds the
// committed file equal to it.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler } from 'kysely';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import type { Database } from '../db/schema.js';

/**
 * The document as committed, two-space JSON: the defaults' configuration, but for its server, a placeholder of
 * the address a portal has (a live portal's document names its own PUBLIC_URL).
 */
export async function generateApiDocument(): Promise<string> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'testbed-openapi-'));
  // Building the routes reads no row: a driver that answers every query with nothing stands in for a database.
  const db = new Kysely<Database>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (kysely) => new PostgresIntrospector(kysely),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  });
  const app = await buildApp({
    config: loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', PUBLIC_URL: 'https://testbed.example.org' }),
    db,
    jwtSecret: randomBytes(32).toString('hex'),
    logger: false,
    webRoot: path.join(dataDir, 'web'),
  });
  try {
    await app.ready();
    return `${JSON.stringify(app.swagger(), null, 2)}\n`;
  } finally {
    await app.close();
    await db.destroy();
    await rm(dataDir, { recursive: true, force: true });
  }
}
