// The first line an instance logs once it listens: what runs (release, Node.js), on which schema and with
// which settings, so that a fault found later in the log store can be set against how each instance started.
import { describeConfig, type Config } from '../config.js';
import type { DatabaseHandle } from '../db/database.js';
import { appliedMigrations } from '../db/migrate.js';
import { buildInfo } from './build-info.js';

export async function startLine(config: Config, database: DatabaseHandle) {
  const migrations = await appliedMigrations(database.db);
  return {
    ...buildInfo(),
    database: database.engine,
    migrations: {
      count: migrations.length,
      latest: migrations.at(-1) ?? null,
      // Applied by this start; empty when the schema was already current (another instance migrated it).
      appliedNow: database.migrationsApplied,
    },
    config: describeConfig(config),
  };
}
