import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db } from '@vigil/db';

/** One open unit of work: its transaction, and what waits for its commit (e-mail sent over SMTP). */
interface Unit {
  trx: Db;
  after: (() => Promise<void>)[];
  /** Committed or rolled back: work that outlives it (a promise nobody awaited) goes to the database itself. */
  done: boolean;
}

const current = new AsyncLocalStorage<Unit>();
const open = (): Unit | undefined => {
  const unit = current.getStore();
  return unit && !unit.done ? unit : undefined;
};

/**
 * The database handle every feature gets (decision 0872): while a unit of work (`transactionOf`) runs, each query
 * made under it, whichever feature's repository makes it, goes into that unit's transaction; otherwise the handle
 * is the database itself. Features own their tables and never pass transactions to each other, so a write that
 * spans features (a new customer: auth's user, the partners' link, the audit row, the invitation) is made atomic
 * here, without a handle in any port. A repository's own `transaction()` inside a unit joins it.
 */
export function ambientDb(db: Db): Db {
  return new Proxy(db, {
    get(target, prop) {
      const unit = open();
      if (unit && prop === 'transaction') return () => joined(unit.trx);
      const base = unit?.trx ?? target;
      const value: unknown = Reflect.get(base, prop, base);
      // Methods are bound (Kysely keeps its state in private fields, which a proxy does not have); what a getter
      // answers (`db.fn`, a function with methods of its own) is given as it is.
      return typeof value === 'function' && !isGetter(base, prop) ? value.bind(base) : value;
    },
  });
}

function isGetter(object: object, prop: string | symbol): boolean {
  for (let o: object | null = object; o; o = Object.getPrototypeOf(o)) {
    const d = Object.getOwnPropertyDescriptor(o, prop);
    if (d) return d.get !== undefined;
  }
  return false;
}

/** A transaction builder for a repository's own transaction inside a unit: its work runs in the unit's. */
function joined(trx: Db) {
  const builder = {
    execute: <T>(work: (tx: Db) => Promise<T>): Promise<T> => work(trx),
    setIsolationLevel: () => builder,
  };
  return builder;
}

/**
 * Runs `work` as one transaction of `db` (the ambient handle or the database): all of its writes or none of them.
 * A unit inside a unit joins the outer one. What `afterCommit` queued runs once it committed, in order.
 */
export function transactionOf(db: Db) {
  return async <T>(work: () => Promise<T>): Promise<T> => {
    if (open()) return work();
    const unit: Unit = { trx: db, after: [], done: false };
    let out: T;
    try {
      out = await db.transaction().execute((trx) => {
        unit.trx = trx;
        return current.run(unit, work);
      });
    } finally {
      unit.done = true;
    }
    for (const next of unit.after) await next();
    return out;
  };
}

/**
 * Runs `fn` once the open unit of work has committed (never, if it rolls back); at once outside one. For what the
 * database cannot take back: sending an e-mail whose outbox row is in the unit.
 */
export function afterCommit(fn: () => Promise<void>): Promise<void> {
  const unit = open();
  if (!unit) return fn();
  unit.after.push(fn);
  return Promise.resolve();
}
