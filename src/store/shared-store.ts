/**
 * The shared store: where the storefront server keeps what it owns itself, seen alike by every replica
 * (DESIGN §1). Two adapters behind one small seam: PostgreSQL (`pg`) when DATABASE_URL is set, for replicas
 * on many hosts; an SQLite file otherwise, for any number of processes on one host (the embedded default).
 *
 * Statements are written once, with `?` placeholders, in the SQL both databases speak (`INSERT … ON CONFLICT
 * … DO NOTHING/UPDATE`, `UPDATE … RETURNING`); `store.clock` is the store's clock as an SQL expression in
 * milliseconds, so leases and expiries are compared on one clock, not on each replica's.
 */

import type { DatabaseSync } from 'node:sqlite';
import type { Pool } from 'pg';

export type Dialect = 'postgres' | 'sqlite';

export type Row = Readonly<Record<string, unknown>>;

/** A lock held until released or until its holder dies (its connection closes, its lease is not renewed). */
export interface HeldLock {
  /** Resolves when the lock is lost without `release` (the connection to the store broke). */
  readonly lost: Promise<void>;
  release(): Promise<void>;
}

export interface SharedStore {
  readonly dialect: Dialect;
  /** Milliseconds since 1970 by the store's clock, as an SQL expression (BIGINT). */
  readonly clock: string;
  /** The rows a statement returns. */
  query<T extends Row = Row>(text: string, params?: readonly unknown[]): Promise<T[]>;
  /** How many rows a statement changed. */
  run(text: string, params?: readonly unknown[]): Promise<number>;
  /**
   * Creates tables and indexes once, with `CREATE … IF NOT EXISTS` statements; replicas starting together
   * do it one after another. A store runs each list once (`ensuredOnce`): callers ask before every use, and
   * after a failure (the store was down) the next call tries again.
   */
  ensure(statements: readonly string[]): Promise<void>;
  /** The named lock if nobody holds it, else null: one holder among every replica. */
  tryLock(name: string): Promise<HeldLock | null>;
  /** Tells every replica listening on `channel` (PostgreSQL NOTIFY; SQLite: nothing, listeners poll). */
  notify(channel: string, payload: string): Promise<void>;
  /** Calls `handler` for each notification on `channel`; resolves when listening; returns a stop function. */
  listen(channel: string, handler: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
  /**
   * The driver underneath, only for a library that brings its own statements and takes a driver itself
   * (rate-limiter-flexible's limiters, src/http/throttle.ts): the `pg` Pool on PostgreSQL, the node:sqlite
   * database on SQLite. Everything else goes through the methods above.
   */
  readonly pgPool?: Pool;
  readonly sqliteDatabase?: DatabaseSync;
}

/** `make` run once per list of statements: later calls share its promise, unless it failed. */
export function ensuredOnce(
  make: (statements: readonly string[]) => Promise<void>,
): (statements: readonly string[]) => Promise<void> {
  const made = new Map<string, Promise<void>>();
  return (statements) => {
    const key = statements.join(';\n');
    let done = made.get(key);
    if (!done) {
      done = make(statements);
      made.set(key, done);
      done.catch(() => made.delete(key));
    }
    return done;
  };
}

/** `make` run on the first call, its promise shared by later calls; run again on the call after a failure. */
export function onceUntilFailure<T>(make: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () =>
    (pending ??= make().catch((error: unknown) => {
      pending = undefined;
      throw error;
    }));
}

/** A store failure the caller answers as "try again" (PostgreSQL down, SQLite busy): never a final answer. */
export class StoreUnavailableError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'StoreUnavailableError';
  }
}
