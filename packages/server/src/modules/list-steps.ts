// The steps the services of administered lists (employers, roles, group types, intended usages, API tokens,
// credentials) share: the reads of a list once its action allows the caller, and each change in one
// transaction with the audit row that records it, so that the row exists exactly when the change does.
import type { Db, Queryable, Tx } from '../db/database.js';
import { recordAudit, type AuditEntry } from '../db/audit-writer.js';
import type { AppError } from '../errors.js';
import { authorize } from '../security/policies.js';
import type { Caller, Principal } from '../security/principal.js';
import type { FactsOf } from '../security/policies.js';
import type { Action } from '@testbed/contract';

/** An action whose rule needs no facts: one allowed or refused by who the caller is alone. */
type PlainAction = { [A in Action]: undefined extends FactsOf<A> ? A : never }[Action];

/** What a change records besides who made it and from where. */
export type ChangeAudit = Omit<AuditEntry, 'actorUserId' | 'ip'>;

/** Runs `change` in a transaction; `audit` records its rows there, by `actor` from the caller's address. */
export function auditedTransaction<T>(
  db: Db,
  actor: Principal | null,
  caller: Caller,
  change: (tx: Tx, audit: (entry: ChangeAudit) => Promise<void>) => Promise<T>,
): Promise<T> {
  return db.transaction().execute((tx) => change(tx, (entry) => recordAudit(tx, { ...entry, actorUserId: actor?.userId ?? null, ip: caller.ip })));
}

/** A list's reads: every row, or one by id (`notFound` when there is none), as `present` shows them. */
export function listReads<Row, Shown, One = Shown>(options: {
  db: Db;
  action: PlainAction;
  list: (db: Queryable) => Promise<Row[]>;
  find: (db: Queryable, id: number) => Promise<Row | undefined>;
  present: (row: Row) => Shown;
  presentOne?: (db: Queryable, row: Row) => Promise<One> | One;
  notFound: () => AppError;
}) {
  const { db, action, list, find, present, notFound } = options;
  const presentOne = options.presentOne ?? ((_db: Queryable, row: Row) => present(row) as unknown as One);
  return {
    async list(caller: Caller): Promise<Shown[]> {
      authorize(caller.principal, action);
      return (await list(db)).map(present);
    },
    async get(caller: Caller, id: number): Promise<One> {
      authorize(caller.principal, action);
      const row = await find(db, id);
      if (!row) throw notFound();
      return presentOne(db, row);
    },
  };
}
