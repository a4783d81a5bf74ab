/**
 * Throttles for guessing: failures counted per key (a client address, an account) in a fixed window with
 * rate-limiter-flexible; a key that reached its limit waits for the window to end, and is told how long
 * (429 with `Retry-After` and the wait in words).
 *
 * Given the shared store (src/store/), counts are kept in it, in one `throttle_counts` table, so every
 * replica sees the same count and a restart forgets nothing: RateLimiterPostgres on PostgreSQL,
 * RateLimiterSQLite on the SQLite file (through a small adapter for node:sqlite). While the store cannot
 * answer, counts go to this process's memory (the limiters' insurance), so an outage still throttles.
 * Without a store (tests, tools), counts live in this process only.
 */
import type { DatabaseSync } from 'node:sqlite';
import {
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterSQLite,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import type { SharedStore } from '../store/shared-store.ts';
import { HttpError } from './errors.ts';

export interface FailureLimit {
  readonly failures: number;
  readonly windowSeconds: number;
}

/** Where a counter keeps its counts; `name` tells its keys from other counters' in the store. */
export interface SharedCounts {
  readonly name: string;
  /** Undefined: counts stay in this process. */
  readonly store?: SharedStore | undefined;
}

const TABLE = 'throttle_counts';

/** The table both limiters expect (their own CREATE statement, in types both databases take). */
const TABLE_DDL = `CREATE TABLE IF NOT EXISTS ${TABLE} (
  key VARCHAR(255) PRIMARY KEY,
  points INTEGER NOT NULL DEFAULT 0,
  expire BIGINT
)`;

/**
 * The table, created through the store's `ensure` (once per store; replicas starting together take turns)
 * rather than by each limiter on its own, which would leave it unusable for good if the store was down at
 * start-up.
 */
const tableIn = (store: SharedStore): Promise<void> => store.ensure([TABLE_DDL]);

/**
 * node:sqlite's database in the shape RateLimiterSQLite takes for better-sqlite3: the same `prepare`, whose
 * statements' `get` and `run` take the same arguments. Its `transaction` wraps one upsert, and one statement
 * is already atomic in SQLite, so it runs the function as it is.
 */
const betterSqlite = (database: DatabaseSync) => ({
  prepare: (sql: string) => database.prepare(sql),
  transaction:
    <A extends unknown[], R>(work: (...args: A) => R) =>
    (...args: A) =>
      work(...args),
});

function storeLimiter(
  store: SharedStore,
  options: { points: number; duration: number; keyPrefix: string; insuranceLimiter: RateLimiterMemory },
): RateLimiterAbstract | undefined {
  const table = { tableName: TABLE, tableCreated: true };
  if (store.pgPool)
    return new RateLimiterPostgres({ ...options, ...table, storeClient: store.pgPool, storeType: 'pool' });
  if (store.sqliteDatabase)
    return new RateLimiterSQLite({
      ...options,
      ...table,
      storeClient: betterSqlite(store.sqliteDatabase),
      storeType: 'better-sqlite3',
    });
  return undefined;
}

export class FailureCounter {
  readonly #failures: number;
  /** This process's counts: the only ones without a store, the insurance with one. */
  readonly #memory: RateLimiterMemory;
  readonly #shared: { store: SharedStore; limiter: RateLimiterAbstract } | undefined;

  constructor(limit: FailureLimit, counts?: SharedCounts) {
    this.#failures = limit.failures;
    const options = {
      points: limit.failures,
      duration: limit.windowSeconds,
      keyPrefix: counts?.name ?? 'rlflx',
    };
    this.#memory = new RateLimiterMemory(options);
    const store = counts?.store;
    const limiter = store && storeLimiter(store, { ...options, insuranceLimiter: this.#memory });
    this.#shared = store && limiter ? { store, limiter } : undefined;
  }

  /** The store's limiter once its table is there; this process's while the store cannot make it. */
  async #limiter(): Promise<RateLimiterAbstract> {
    if (!this.#shared) return this.#memory;
    try {
      await tableIn(this.#shared.store);
      return this.#shared.limiter;
    } catch {
      return this.#memory;
    }
  }

  /** Seconds `key` must wait before it may try again; 0 while it is under its limit. */
  async waitFor(key: string): Promise<number> {
    const counted = await (await this.#limiter()).get(key);
    return counted && counted.consumedPoints >= this.#failures ? Math.ceil(counted.msBeforeNext / 1000) : 0;
  }

  async failed(key: string): Promise<void> {
    await (await this.#limiter()).penalty(key);
  }

  /**
   * Counts one attempt for `key` at once, then answers the seconds it must wait when that attempt is over
   * the limit (0 when it may go ahead). One atomic step, so attempts sent together cannot all pass a check
   * made before any of them was counted.
   */
  async attempt(key: string): Promise<number> {
    const counted = await (await this.#limiter()).penalty(key);
    return counted.consumedPoints > this.#failures ? Math.ceil(counted.msBeforeNext / 1000) : 0;
  }

  /** Failures counted for `key` in its current window (0 when none). */
  async count(key: string): Promise<number> {
    return (await (await this.#limiter()).get(key))?.consumedPoints ?? 0;
  }

  /** Forgets `key`'s failures, in the store and in this process. */
  async forget(key: string): Promise<void> {
    const limiter = await this.#limiter();
    await limiter.delete(key);
    if (limiter !== this.#memory) await this.#memory.delete(key);
  }
}

/** "45 seconds", "12 minutes", "2 hours": rounded up, so the shopper never comes back too early. */
function waitInWords(seconds: number): string {
  const [amount, unit] =
    seconds < 60
      ? [Math.max(1, Math.ceil(seconds)), 'second']
      : seconds < 90 * 60
        ? [Math.ceil(seconds / 60), 'minute']
        : [Math.ceil(seconds / 3600), 'hour'];
  return `${amount} ${unit}${amount === 1 ? '' : 's'}`;
}

/** 429: `message`, then when to try again, in words and in `Retry-After`; `headers` besides. */
export const tooManyAttempts = (
  message: string,
  seconds: number,
  headers: Readonly<Record<string, string>> = {},
): HttpError =>
  new HttpError(429, `${message} Please try again in ${waitInWords(seconds)}.`, {
    ...headers,
    'Retry-After': String(Math.max(1, Math.ceil(seconds))),
  });
