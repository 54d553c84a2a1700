// The pool's connections prepare the statements they run, as JDBC, pgx and postgres.js do: a statement with
// parameters is parsed once per connection under a name taken from its text, and PostgreSQL then keeps its
// plan (from the sixth run on, when a generic plan costs no more than the runs planned so far). Parsing and
// planning are most of what a short read costs the database: on the benchmark's data, a primary-key SELECT
// answers three times as many calls a second prepared as planned afresh (docs/benchmark.md).
import { createHash } from 'node:crypto';
import pg from 'pg';

/**
 * Statements one connection keeps prepared, at most: the texts come from the code, but a list of values
 * written out (`IN ($1, $2, …)`) makes one per length, and each prepared statement holds memory on both sides.
 */
export const PREPARED_PER_CONNECTION = 256;

/** PostgreSQL's refusals of a kept statement whose tables changed shape, or which is gone from the session. */
const STALE_STATEMENT = new Set(['0A000', '26000']);

const names = new Map<string, string>();
/** The statement's name: the same for the same text on every connection of every instance. */
function nameOf(text: string): string {
  let name = names.get(text);
  if (!name) {
    name = `tp_${createHash('sha256').update(text).digest('base64url').slice(0, 24)}`;
    // The texts a process runs are few; a growing map would mean texts built from values, which gain nothing.
    if (names.size < 4 * PREPARED_PER_CONNECTION) names.set(text, name);
  }
  return name;
}

export class PreparingClient extends pg.Client {
  private readonly prepared = new Set<string>();

  // Kysely calls query(text, values); every other form goes through untouched.
  override query(...args: unknown[]): never {
    const [text, values] = args;
    if (args.length !== 2 || typeof text !== 'string' || !Array.isArray(values) || values.length === 0) {
      return (super.query as (...a: unknown[]) => never)(...args);
    }
    const name = nameOf(text);
    if (!this.prepared.has(name)) {
      if (this.prepared.size >= PREPARED_PER_CONNECTION) return (super.query as (...a: unknown[]) => never)(text, values);
      this.prepared.add(name);
    }
    const result = (super.query as (config: pg.QueryConfig) => Promise<pg.QueryResult>)({ name, text, values });
    return result.catch((error: unknown) => {
      // Another instance's migration changed a table under a kept statement: this connection is ended (the
      // pool opens another), and the call fails once, as on any lost connection.
      if (STALE_STATEMENT.has(String((error as { code?: unknown }).code))) void this.end().catch(() => undefined);
      throw error;
    }) as never;
  }
}
