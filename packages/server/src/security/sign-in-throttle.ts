// Brute-force protection for sign-in, shared by all instances through the database. Failures are counted
// per address (an IPv6 address by its /64, which one attacker holds whole) and, only when the name is an
// account's, per account: a name that names no account costs no row. Past a threshold the key waits, growing
// from 30 s and capped at 15 minutes, and while it waits even the right password gets the generic reply.
// An account's wait does not apply from an address its user has signed in from before (kept 90 days), so
// an attacker elsewhere cannot keep the user out; a password reset through the mailed link ends it too.
import { isIPv6 } from 'node:net';
import { sql } from 'kysely';
import type { Queryable } from '../db/database.js';

export const FREE_FAILURES = { account: 5, address: 30 } as const;
const FIRST_WAIT_SECONDS = 30;
const MAX_WAIT_SECONDS = 15 * 60;
/** A quiet key forgets its failures after this long; its row is then pruned. */
const FORGET_AFTER_SECONDS = 24 * 3600;
/** How long an address a user signed in from keeps them clear of their account's wait. */
const KNOWN_ADDRESS_DAYS = 90;
/** Rows pruned at most per failure: keeps each failure's cost bounded while the table shrinks. */
const PRUNE_BATCH = 100;

export const accountKey = (userId: number) => `account:${userId}`;

/** The address as throttled: IPv4 (also when IPv4-mapped) whole, IPv6 by its /64 network. */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return `address:${mapped[1]}`;
  if (!isIPv6(ip)) return `address:${ip}`;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = ip.includes('::') && tail ? tail.split(':') : [];
  const groups = ip.includes('::')
    ? [...headGroups, ...Array<string>(8 - headGroups.length - tailGroups.length).fill('0'), ...tailGroups]
    : headGroups;
  return `address:${groups.slice(0, 4).map((group) => group.replace(/^0+(?=.)/, '')).join(':')}::/64`;
}

export interface SignInAttempt {
  ip: string;
  /** The account the name belongs to; null when it names none. */
  userId: number | null;
}

/**
 * Whether the attempt must wait: its address waits, or its account waits and the address is not one the
 * user has signed in from within KNOWN_ADDRESS_DAYS.
 */
export async function mustWait(db: Queryable, attempt: SignInAttempt): Promise<boolean> {
  const waiting = (key: string) =>
    sql<boolean>`EXISTS (SELECT 1 FROM sign_in_throttle WHERE key = ${key} AND locked_until > now())`;
  const accountWaits =
    attempt.userId === null
      ? sql<boolean>`false`
      : sql<boolean>`(${waiting(accountKey(attempt.userId))} AND NOT EXISTS (
          SELECT 1 FROM sign_in_known_addresses
          WHERE user_id = ${attempt.userId} AND address = ${attempt.ip}
            AND last_success_at > now() - make_interval(days => ${KNOWN_ADDRESS_DAYS})))`;
  const { rows } = await sql<{ wait: boolean }>`SELECT (${waiting(addressKey(attempt.ip))} OR ${accountWaits}) AS wait`.execute(db);
  return rows[0]?.wait === true;
}

export async function recordFailure(db: Queryable, attempt: SignInAttempt): Promise<void> {
  await countFailure(db, addressKey(attempt.ip), FREE_FAILURES.address);
  if (attempt.userId !== null) await countFailure(db, accountKey(attempt.userId), FREE_FAILURES.account);
  await db
    .deleteFrom('sign_in_throttle')
    .where('key', 'in', (eb) =>
      eb
        .selectFrom('sign_in_throttle')
        .select('key')
        .where('updated_at', '<', sql<Date>`now() - make_interval(secs => ${FORGET_AFTER_SECONDS})`)
        .where((w) => w.or([w('locked_until', 'is', null), w('locked_until', '<', sql<Date>`now()`)]))
        .limit(PRUNE_BATCH),
    )
    .execute();
}

/** A successful sign-in: the account's failures end and the address becomes one the user is known from. */
export async function recordSuccess(db: Queryable, userId: number, ip: string): Promise<void> {
  await clearAccountFailures(db, userId);
  await db
    .insertInto('sign_in_known_addresses')
    .values({ user_id: userId, address: ip })
    .onConflict((oc) => oc.columns(['user_id', 'address']).doUpdateSet({ last_success_at: sql`now()` }))
    .execute();
  await db
    .deleteFrom('sign_in_known_addresses')
    .where('user_id', '=', userId)
    .where('last_success_at', '<', sql<Date>`now() - make_interval(days => ${KNOWN_ADDRESS_DAYS})`)
    .execute();
}

/** Ends an account's wait: after a successful sign-in, or a password reset through the mailed link. */
export async function clearAccountFailures(db: Queryable, userId: number): Promise<void> {
  await db.deleteFrom('sign_in_throttle').where('key', '=', accountKey(userId)).execute();
}

async function countFailure(db: Queryable, key: string, freeFailures: number): Promise<void> {
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
