// Brute-force protection for sign-in, shared by all instances through the database. Failures are
// counted per account name and per address; past a threshold the key waits, growing from 30 s and
// capped at 15 minutes, and while it waits even the right password gets the generic bad-login reply.
import { sql } from 'kysely';
import type { Queryable } from '../db/database.js';

export const FREE_FAILURES = { account: 5, address: 30 } as const;
const FIRST_WAIT_SECONDS = 30;
const MAX_WAIT_SECONDS = 15 * 60;
/** A quiet key forgets its failures after this long. */
const FORGET_AFTER_SECONDS = 24 * 3600;

export const accountKey = (username: string) => `account:${username.trim().toLowerCase()}`;
export const addressKey = (ip: string) => `address:${ip}`;

/** Whether any of the keys is waiting now. */
export async function isLocked(db: Queryable, keys: string[]): Promise<boolean> {
  const row = await db
    .selectFrom('sign_in_throttle')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('key', 'in', keys)
    .where('locked_until', '>', sql<Date>`now()`)
    .executeTakeFirstOrThrow();
  return Number(row.n) > 0;
}

export async function recordFailure(db: Queryable, key: string, freeFailures: number): Promise<void> {
  const forget = sql`now() - make_interval(secs => ${FORGET_AFTER_SECONDS})`;
  const failures = sql<number>`CASE WHEN sign_in_throttle.updated_at < ${forget} THEN 1 ELSE sign_in_throttle.failures + 1 END`;
  await db
    .insertInto('sign_in_throttle')
    .values({ key, failures: 1, locked_until: freeFailures <= 1 ? sql`now() + make_interval(secs => ${FIRST_WAIT_SECONDS})` : null })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        failures,
        locked_until: sql`CASE WHEN ${failures} >= ${freeFailures}
          THEN now() + make_interval(secs => least(${MAX_WAIT_SECONDS}, ${FIRST_WAIT_SECONDS} * power(2, ${failures} - ${freeFailures})))
          ELSE NULL END`,
        updated_at: sql`now()`,
      }),
    )
    .execute();
}

export async function clearFailures(db: Queryable, key: string): Promise<void> {
  await db.deleteFrom('sign_in_throttle').where('key', '=', key).execute();
}
