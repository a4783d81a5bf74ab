/**
 * The shared store on PostgreSQL: one pool for statements, one dedicated connection per held lock (a
 * session advisory lock, released by PostgreSQL itself when the connection dies) and one for LISTEN.
 * Connections keep TCP keepalives on, so a dead host's lock is noticed and freed.
 */
import { createHash } from 'node:crypto';
import pg from 'pg';
import { REPLICA_TIMINGS } from './replica-timings.ts';
import {
  ensuredOnce,
  StoreUnavailableError,
  type HeldLock,
  type Row,
  type SharedStore,
} from './shared-store.ts';

/** BIGINT (milliseconds, ids) as a number: every value the store keeps is far below 2^53. */
const types = new pg.TypeOverrides();
types.setTypeParser(pg.types.builtins.INT8, (value: string) => Number(value));

/** The SQLSTATE of a PostgreSQL error (undefined for any other error). */
const errorCode = (error: unknown): unknown =>
  typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;

/** `?` placeholders as PostgreSQL's `$1…$n` (statements here never hold a literal question mark). */
const numbered = (text: string): string => {
  let index = 0;
  return text.replace(/\?/g, () => `$${++index}`);
};

/** A lock's name as the 64-bit key `pg_try_advisory_lock` takes. */
const lockKey = (name: string): string =>
  createHash('sha256').update(`shop-lock:${name}`).digest().readBigInt64BE(0).toString();

/** Errors that mean "the store cannot answer now" rather than "this statement is wrong". */
function unavailable(error: unknown): unknown {
  const code = errorCode(error);
  // 23: integrity (a unique violation is an answer), 22: data, 42: syntax or a missing table.
  if (typeof code === 'string' && /^(2[23]|42)/.test(code)) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new StoreUnavailableError(`The shared store (PostgreSQL) is unavailable: ${message}`, {
    cause: error,
  });
}

export interface PostgresOptions {
  readonly url: string;
  /** Connections in the pool (default 10). */
  readonly max?: number;
  /** A schema to create and use (tests run each suite in its own). */
  readonly schema?: string;
  readonly log?: (message: string) => void;
}

/** The store's connections and what it knows of them: one value the functions below share. */
interface PgStore {
  readonly options: PostgresOptions;
  readonly log: (message: string) => void;
  readonly connection: pg.ClientConfig;
  readonly pool: pg.Pool;
  schemaReady: Promise<void> | undefined;
  closed: boolean;
  /** Lock and LISTEN connections: closing the store ends them, which frees its locks. */
  readonly clients: Set<pg.Client>;
}

function pgStore(options: PostgresOptions): PgStore {
  const log = options.log ?? ((message: string) => console.warn(message));
  const connection: pg.ClientConfig = {
    connectionString: options.url,
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    connectionTimeoutMillis: REPLICA_TIMINGS.pgConnectTimeoutMs,
    statement_timeout: REPLICA_TIMINGS.pgStatementTimeoutMs,
    application_name: 'storefront',
    types,
    ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
  };
  const pool = new pg.Pool({ ...connection, max: options.max ?? 10, idleTimeoutMillis: 30_000 });
  // An idle connection dropped by the server must not take the process down; the next query reconnects.
  pool.on('error', (error) => log(`Shared store: a PostgreSQL connection failed: ${error.message}`));
  return { options, log, connection, pool, schemaReady: undefined, closed: false, clients: new Set() };
}

async function withSchema(store: PgStore): Promise<void> {
  const { schema } = store.options;
  if (!schema) return;
  store.schemaReady ??= store.pool
    .query(`CREATE SCHEMA IF NOT EXISTS "${schema.replace(/"/g, '')}"`)
    .then(() => undefined)
    .catch((error: unknown) => {
      // Two connections creating it at once: one of them is told the name is taken, and it is there.
      if (errorCode(error) === '23505') return;
      store.schemaReady = undefined;
      throw error;
    });
  await store.schemaReady;
}

/** The rows of a statement, typed as its caller declares its own statement's columns. */
async function query<T extends Row>(store: PgStore, text: string, params: readonly unknown[]): Promise<T[]> {
  try {
    await withSchema(store);
    return (await store.pool.query<T>(numbered(text), [...params])).rows;
  } catch (error) {
    throw unavailable(error);
  }
}

async function run(store: PgStore, text: string, params: readonly unknown[]): Promise<number> {
  try {
    await withSchema(store);
    return (await store.pool.query(numbered(text), [...params])).rowCount ?? 0;
  } catch (error) {
    throw unavailable(error);
  }
}

/** Runs `statements` in one transaction, one replica at a time. */
async function ensure(store: PgStore, statements: readonly string[]): Promise<void> {
  await withSchema(store);
  const client = await store.pool.connect().catch((error: unknown) => {
    throw unavailable(error);
  });
  try {
    await client.query('BEGIN');
    // Two replicas creating the same table at once would collide in PostgreSQL's catalogue.
    await client.query('SELECT pg_advisory_xact_lock($1)', [lockKey('schema')]);
    for (const statement of statements) await client.query(statement);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw unavailable(error);
  } finally {
    client.release();
  }
}

/** A connection of its own (locks, LISTEN), connected or failing as "unavailable". */
async function dedicated(store: PgStore): Promise<pg.Client> {
  if (store.closed) throw new StoreUnavailableError('The shared store (PostgreSQL) is closed.');
  await withSchema(store);
  const client = new pg.Client(store.connection);
  client.on('error', (error) => store.log(`Shared store: a PostgreSQL connection failed: ${error.message}`));
  store.clients.add(client);
  client.once('end', () => store.clients.delete(client));
  try {
    await client.connect();
  } catch (error) {
    throw unavailable(error);
  }
  return client;
}

/** A session advisory lock on a connection of its own: lost when that connection ends. */
async function tryLock(store: PgStore, name: string): Promise<HeldLock | null> {
  const client = await dedicated(store);
  const { rows } = await client
    .query<{ taken: boolean }>('SELECT pg_try_advisory_lock($1) AS taken', [lockKey(name)])
    .catch(async (error: unknown) => {
      await client.end().catch(() => undefined);
      throw unavailable(error);
    });
  if (!rows[0]?.taken) {
    await client.end().catch(() => undefined);
    return null;
  }
  return heldOn(client);
}

/** The lock held by `client`'s session. */
function heldOn(client: pg.Client): HeldLock {
  let released = false;
  // A quiet connection is checked now and then, so a lock lost to a broken link is noticed.
  const ping = setInterval(
    () => void client.query('SELECT 1').catch(() => undefined),
    REPLICA_TIMINGS.pgLockPingMs,
  );
  ping.unref();
  const lost = new Promise<void>((resolve) => {
    const gone = () => {
      clearInterval(ping);
      if (!released) resolve();
    };
    client.once('end', gone);
    client.once('error', gone);
  });
  return {
    lost,
    async release() {
      if (released) return;
      released = true;
      clearInterval(ping);
      // Ending the session releases its advisory locks.
      await client.end().catch(() => undefined);
    },
  };
}

async function listen(
  store: PgStore,
  channel: string,
  handler: (payload: string) => void,
): Promise<() => Promise<void>> {
  let client: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const connect = async (): Promise<void> => {
    const next = await dedicated(store);
    next.on('notification', (message) => {
      if (message.channel === channel) handler(message.payload ?? '');
    });
    // A broken LISTEN connection is opened again; callers also poll, so nothing waits on it.
    next.once('end', reconnect);
    await next.query(`LISTEN "${channel.replace(/"/g, '')}"`);
    client = next;
  };
  function reconnect(): void {
    if (stopped) return;
    retry = setTimeout(() => void connect().catch(reconnect), REPLICA_TIMINGS.pgListenRetryMs);
    retry.unref();
  }
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await client?.end().catch(() => undefined);
  };
}

async function close(store: PgStore): Promise<void> {
  if (store.closed) return;
  store.closed = true;
  await Promise.all([...store.clients].map((client) => client.end().catch(() => undefined)));
  await store.pool.end();
}

export function openPostgresStore(options: PostgresOptions): SharedStore {
  const store = pgStore(options);
  return {
    dialect: 'postgres',
    pgPool: store.pool,
    clock: '(EXTRACT(EPOCH FROM clock_timestamp()) * 1000)::BIGINT',
    query: (text, params = []) => query(store, text, params),
    run: (text, params = []) => run(store, text, params),
    ensure: ensuredOnce((statements) => ensure(store, statements)),
    tryLock: (name) => tryLock(store, name),
    notify: async (channel, payload) => {
      await query(store, 'SELECT pg_notify(?, ?)', [channel, payload]);
    },
    listen: (channel, handler) => listen(store, channel, handler),
    close: () => close(store),
  };
}
