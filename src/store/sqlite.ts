/**
 * The shared store on an SQLite file (node:sqlite, WAL): every process on this host that opens the same
 * file shares it; WAL does not work across hosts, so replicas on several hosts need DATABASE_URL. Locks are
 * leases in a table, renewed while their holder lives; notifications do not cross processes (listeners poll).
 */
import { randomUUID } from 'node:crypto';
import { DatabaseSync, type SQLInputValue } from 'node:sqlite';
import { preparePrivateFile } from '@cleaning-shop/kit/private-files.ts';
import { REPLICA_TIMINGS } from './replica-timings.ts';
import {
  ensuredOnce,
  StoreUnavailableError,
  type HeldLock,
  type Row,
  type SharedStore,
} from './shared-store.ts';

/** How long a lock outlives its holder's last renewal, and how often its holder renews it. */
const { storeLockLeaseMs, storeLockRenewMs } = REPLICA_TIMINGS;

const LOCKS = `CREATE TABLE IF NOT EXISTS store_locks (
  name TEXT PRIMARY KEY,
  holder TEXT NOT NULL,
  until_ms INTEGER NOT NULL
)`;

const CLOCK = "CAST(unixepoch('subsec') * 1000 AS INTEGER)";

/** SQLite's "database is locked" after its busy timeout is "try again", not a wrong statement. */
function unavailable(error: unknown): unknown {
  if (error instanceof Error && /database is (locked|busy)|SQLITE_BUSY/i.test(error.message))
    return new StoreUnavailableError(`The shared store (SQLite) is busy: ${error.message}`, { cause: error });
  return error;
}

/** The database and its prepared statements, by text. */
interface SqliteStore {
  readonly db: DatabaseSync;
  readonly statements: Map<string, ReturnType<DatabaseSync['prepare']>>;
}

function prepared(store: SqliteStore, text: string): ReturnType<DatabaseSync['prepare']> {
  let statement = store.statements.get(text);
  if (!statement) store.statements.set(text, (statement = store.db.prepare(text)));
  return statement;
}

/** A parameter as SQLite binds it; anything else is a mistake in the statement's caller. */
function bindable(value: unknown): SQLInputValue {
  if (value === null || typeof value === 'number' || typeof value === 'bigint' || typeof value === 'string')
    return value;
  // As node:sqlite binds them: 1 and 0.
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof Uint8Array || value instanceof DataView) return value;
  throw new TypeError(`The shared store (SQLite) cannot bind a ${typeof value} parameter.`);
}

function query<T extends Row>(store: SqliteStore, text: string, params: readonly unknown[]): Promise<T[]> {
  try {
    // The caller's statement names its columns: the rows are SQLite's values of those (not parsed here).
    return Promise.resolve(prepared(store, text).all(...params.map(bindable)) as T[]);
  } catch (error) {
    return Promise.reject(unavailable(error));
  }
}

function run(store: SqliteStore, text: string, params: readonly unknown[]): Promise<number> {
  try {
    return Promise.resolve(Number(prepared(store, text).run(...params.map(bindable)).changes));
  } catch (error) {
    return Promise.reject(unavailable(error));
  }
}

function ensure(store: SqliteStore, list: readonly string[]): Promise<void> {
  try {
    for (const statement of list) store.db.exec(statement);
    return Promise.resolve();
  } catch (error) {
    return Promise.reject(unavailable(error));
  }
}

/** A lease on the lock `name` in the locks table, renewed while it is held. */
async function tryLock(store: SqliteStore, name: string): Promise<HeldLock | null> {
  const holder = randomUUID();
  const take = () =>
    run(
      store,
      `INSERT INTO store_locks (name, holder, until_ms) VALUES (?, ?, ${CLOCK} + ?)
       ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, until_ms = excluded.until_ms
       WHERE store_locks.until_ms < ${CLOCK} OR store_locks.holder = excluded.holder`,
      [name, holder, storeLockLeaseMs],
    );
  if ((await take()) !== 1) return null;
  let released = false;
  let markLost: () => void = () => undefined;
  const lost = new Promise<void>((resolve) => (markLost = resolve));
  const renew = setInterval(() => {
    take()
      .then((changed) => {
        if (changed === 1 || released) return;
        // Taken by another holder: stop renewing, or this timer would take it back later unseen.
        clearInterval(renew);
        markLost();
      })
      .catch(() => undefined);
  }, storeLockRenewMs);
  renew.unref();
  return {
    lost,
    async release() {
      if (released) return;
      released = true;
      clearInterval(renew);
      await run(store, 'DELETE FROM store_locks WHERE name = ? AND holder = ?', [name, holder]).catch(
        () => undefined,
      );
    },
  };
}

export function openSqliteStore(file: string): SharedStore {
  if (file !== ':memory:') preparePrivateFile(file);
  const db = new DatabaseSync(file);
  db.exec(
    `PRAGMA journal_mode = WAL; PRAGMA busy_timeout = ${REPLICA_TIMINGS.sqliteBusyTimeoutMs}; PRAGMA synchronous = NORMAL;`,
  );
  const state: SqliteStore = { db, statements: new Map() };
  const store: SharedStore = {
    dialect: 'sqlite',
    sqliteDatabase: db,
    clock: CLOCK,
    query: (text, params = []) => query(state, text, params),
    run: (text, params = []) => run(state, text, params),
    ensure: ensuredOnce((list) => ensure(state, list)),
    async tryLock(name) {
      await store.ensure([LOCKS]);
      return tryLock(state, name);
    },
    notify: () => Promise.resolve(),
    listen: () => Promise.resolve(() => Promise.resolve()),
    close() {
      state.statements.clear();
      if (db.isOpen) db.close();
      return Promise.resolve();
    },
  };
  return store;
}
