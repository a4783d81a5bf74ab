/**
 * The replicas' shared PostgreSQL, fresh for each run: a database `replicas_<random>` on the server
 * DATABASE_URL names, else on 127.0.0.1:5432 when it answers (as on this machine and CI), else on a
 * throwaway cluster started here (initdb into a temporary folder, as user `postgres` when running as
 * root). Where the server refuses CREATE DATABASE, a schema of that name in the given database stands in.
 * The database (or schema) is dropped at the end; a throwaway cluster is stopped and deleted.
 */
import { execFileSync } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { HOST, PORTS } from './ports.ts';
import { Daemon, runToEnd, waitUntil, type PidBook } from './proc.ts';
import { findPostgresBinaries } from './tools.ts';

export interface SharedDatabase {
  /** Where the replicas' store lives, as the harness reaches it (directly, not through the gate). */
  readonly url: string;
  /** host:port of the server, for the gate to relay to. */
  readonly target: string;
  /** What was chosen, for the run's header. */
  readonly description: string;
  /** Drops the database (or schema), and stops a throwaway cluster. */
  drop(): Promise<void>;
}

const DEFAULT_URLS = [
  'postgres://postgres@127.0.0.1:5432/postgres',
  'postgres://postgres@127.0.0.1:5432/test',
];

async function answers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1500 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

const targetOf = (url: string): string => {
  const parsed = new URL(url);
  return `${parsed.hostname || HOST}:${parsed.port || '5432'}`;
};

/** A fresh database on the server `adminUrl` reaches (or a schema in its database where that is refused). */
async function freshDatabase(
  adminUrl: string,
  description: string,
  stopServer: () => Promise<void>,
): Promise<SharedDatabase> {
  const name = `replicas_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  try {
    await withClient(adminUrl, (client) => client.query(`CREATE DATABASE "${name}"`));
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return {
      url: url.toString(),
      target: targetOf(adminUrl),
      description: `${description}, database ${name}`,
      drop: async () => {
        await withClient(adminUrl, (client) =>
          client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
        ).catch(() => undefined);
        await stopServer();
      },
    };
  } catch (error) {
    if ((error as { code?: string }).code !== '42501') throw error;
    // No CREATEDB: a schema of its own in the given database, chosen by the connection's search_path.
    await withClient(adminUrl, (client) => client.query(`CREATE SCHEMA "${name}"`));
    const url = new URL(adminUrl);
    url.searchParams.set('options', `-c search_path=${name}`);
    return {
      url: url.toString(),
      target: targetOf(adminUrl),
      description: `${description}, schema ${name}`,
      drop: async () => {
        await withClient(adminUrl, (client) => client.query(`DROP SCHEMA IF EXISTS "${name}" CASCADE`)).catch(
          () => undefined,
        );
        await stopServer();
      },
    };
  }
}

/** initdb into a temporary folder and `postgres` in the foreground on PORTS.postgres. */
async function throwawayCluster(
  logDir: string,
  book: PidBook,
  env: NodeJS.ProcessEnv,
): Promise<{ url: string; stop: () => Promise<void> }> {
  const bin = findPostgresBinaries();
  const dataDir = mkdtempSync(join(tmpdir(), 'replicas-pg-'));
  const asRoot = process.getuid?.() === 0;
  // PostgreSQL refuses to run as root: the cluster belongs to the postgres user.
  const as = (program: string, args: string[]): [string, string[]] =>
    asRoot ? ['runuser', ['-u', 'postgres', '--', join(bin, program), ...args]] : [join(bin, program), args];
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dataDir, uid, gid);
  }
  const [initCommand, initArgs] = as('initdb', [
    '-D',
    dataDir,
    '-U',
    'postgres',
    '-A',
    'trust',
    '-E',
    'UTF8',
    '--no-sync',
  ]);
  await runToEnd(
    {
      name: 'initdb',
      command: initCommand,
      args: initArgs,
      env,
      cwd: tmpdir(),
      logFile: join(logDir, 'postgres.log'),
    },
    book,
    60_000,
  );
  const [command, args] = as('postgres', [
    '-D',
    dataDir,
    '-p',
    String(PORTS.postgres),
    '-k',
    dataDir,
    '-c',
    `listen_addresses=${HOST}`,
    '-c',
    'fsync=off',
    '-c',
    'max_connections=200',
  ]);
  const server = new Daemon(
    {
      name: 'postgres',
      command,
      args,
      env,
      cwd: tmpdir(),
      logFile: join(logDir, 'postgres.log'),
      stopSignal: 'SIGINT',
    },
    book,
  );
  server.start();
  const url = `postgres://postgres@${HOST}:${PORTS.postgres}/postgres`;
  await waitUntil('the throwaway PostgreSQL to accept connections', () => answers(url), {
    timeoutMs: 30_000,
    intervalMs: 200,
    daemon: server,
  });
  return {
    url,
    stop: async () => {
      await server.stop(10_000);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** `given` is the harness's DATABASE_URL, when set; `own` skips every server but a throwaway cluster. */
export async function sharedDatabase(
  given: string | undefined,
  logDir: string,
  book: PidBook,
  env: NodeJS.ProcessEnv,
  own = false,
): Promise<SharedDatabase> {
  if (own) {
    const cluster = await throwawayCluster(logDir, book, env);
    return freshDatabase(
      cluster.url,
      `a throwaway PostgreSQL cluster on ${HOST}:${PORTS.postgres}`,
      cluster.stop,
    );
  }
  if (given) {
    if (!(await answers(given))) throw new Error('DATABASE_URL is set but its server does not answer.');
    return freshDatabase(given, `DATABASE_URL's server (${targetOf(given)})`, async () => undefined);
  }
  for (const url of DEFAULT_URLS)
    if (await answers(url))
      return freshDatabase(url, `PostgreSQL on ${targetOf(url)}`, async () => undefined);
  const cluster = await throwawayCluster(logDir, book, env);
  return freshDatabase(
    cluster.url,
    `a throwaway PostgreSQL cluster on ${HOST}:${PORTS.postgres}`,
    cluster.stop,
  );
}

/** The URL the replicas use: the same database, reached through the store gate. */
export function throughGate(url: string, gatePort: number): string {
  const parsed = new URL(url);
  parsed.hostname = HOST;
  parsed.port = String(gatePort);
  return parsed.toString();
}
