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

/** A change made in a transaction, with the means to record its audit rows there. */
export type AuditedChange<T> = (tx: Tx, audit: (entry: ChangeAudit) => Promise<void>) => Promise<T>;

/** Runs `change` in a transaction; `audit` records its rows there, by `actor` from the caller's address. */
export function auditedTransaction<T>(db: Db, actor: Principal | null, caller: Caller, change: AuditedChange<T>): Promise<T> {
  return db.transaction().execute((tx) => change(tx, (entry) => recordAudit(tx, { ...entry, actorUserId: actor?.userId ?? null, ip: caller.ip })));
}

/** Where a list's reads come from and how they are shown. */
export interface ListSource<Row, Shown, One> {
  db: Db;
  /** The action that lets a caller read the list. */
  action: PlainAction;
  list: (db: Queryable) => Promise<Row[]>;
  find: (db: Queryable, id: number) => Promise<Row | undefined>;
  present: (row: Row) => Shown;
  /** One row as its own read shows it; `present` unless given. */
  presentOne?: (db: Queryable, row: Row) => Promise<One>;
  notFound: () => AppError;
}

/** A list's reads: every row, or one by id (`notFound` when there is none), once the caller may read it. */
export class ListReads<Row, Shown, One = Shown> {
  constructor(private readonly source: ListSource<Row, Shown, One>) {}

  async list(caller: Caller): Promise<Shown[]> {
    authorize(caller.principal, this.source.action);
    return (await this.source.list(this.source.db)).map(this.source.present);
  }

  async get(caller: Caller, id: number): Promise<One> {
    authorize(caller.principal, this.source.action);
    const { db, find, present, presentOne, notFound } = this.source;
    const row = await find(db, id);
    if (!row) throw notFound();
    return presentOne ? presentOne(db, row) : (present(row) as unknown as One);
  }
}
