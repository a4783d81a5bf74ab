/**
 * The shop a browser benchmark measures: one already answering at `--url`; else, for the end-to-end
 * shop's URL (E2E_PORT_OFFSET honoured), `scripts/e2e-server.ts` started here; or, with `--bench <n>`,
 * the build `npm run bench:site` left in var/bench/<n>/ served on free ports with that folder's back end
 * (for the pictures). Whatever was started here is stopped by `stop()`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { connect } from 'node:net';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MAGENTO_PORT, PORT_OFFSET, SHOP_PORT, SHOP_URL } from '../../e2e/support/ports.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

export interface Shop {
  /** The origin to measure, e.g. http://127.0.0.1:14321. */
  base: string;
  /** Stops what was started for this shop (nothing when it was already running). */
  stop(): Promise<void>;
}

export async function answers(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(3000) });
    await response.arrayBuffer();
    return response.status < 500;
  } catch {
    return false;
  }
}

/** Whether something accepts TCP connections on 127.0.0.1:port. */
function listening(port: number): Promise<boolean> {
  return new Promise((resolvePromise) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolvePromise(true);
    });
    socket.once('error', () => resolvePromise(false));
  });
}

/**
 * The port offset of a `scripts/e2e-server.ts` someone else started in this checkout (it may still be
 * seeding or building, and a second one would delete its fresh database file), or undefined.
 */
function otherE2eServer(): number | undefined {
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name) || Number(name) === process.pid) continue;
    try {
      if (!readFileSync(`/proc/${name}/cmdline`, 'utf8').includes('scripts/e2e-server.ts')) continue;
      if (resolve(readlinkSync(`/proc/${name}/cwd`)) !== resolve(root)) continue;
      const offset = readFileSync(`/proc/${name}/environ`, 'utf8')
        .split('\0')
        .find((entry) => entry.startsWith('E2E_PORT_OFFSET='))
        ?.slice('E2E_PORT_OFFSET='.length);
      return Number(offset) || 0;
    } catch {
      // gone meanwhile, or not ours to read
    }
  }
  return undefined;
}

/** Waits up to 10 minutes (a starting shop may seed and build first) until the shop answers. */
async function waitForShop(base: string, isAlive: () => boolean): Promise<void> {
  const deadline = Date.now() + 10 * 60_000;
  while (Date.now() < deadline) {
    if (await answers(`${base}/`)) return;
    if (!isAlive()) throw new Error('The shop stopped before it answered.');
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error('The shop did not answer within 10 minutes.');
}

/**
 * Starts the end-to-end shop and waits until it answers — unless one is already starting (its ports
 * taken, or an e2e-server.ts process running in this checkout): then it waits for that one and starts
 * nothing, since a second e2e-server.ts would delete the first one's fresh database file.
 */
async function startE2eShop(): Promise<ChildProcess | undefined> {
  const other = otherE2eServer();
  if (other !== undefined && other !== PORT_OFFSET)
    throw new Error(
      `An end-to-end shop runs in this checkout with E2E_PORT_OFFSET=${other}: wait for it to stop, or measure it with that offset.`,
    );
  if ((await listening(SHOP_PORT)) || (await listening(MAGENTO_PORT)) || other !== undefined) {
    console.info('An end-to-end shop is starting (port or process found): waiting for it…');
    await waitForShop(SHOP_URL, () => true);
    return undefined;
  }
  console.info('Nothing answers at the URL: starting node scripts/e2e-server.ts…');
  const child = spawn(process.execPath, ['scripts/e2e-server.ts'], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  try {
    await waitForShop(SHOP_URL, () => child.exitCode === null);
    return child;
  } catch (error) {
    child.kill('SIGTERM');
    throw new Error(
      `scripts/e2e-server.ts did not start (${child.exitCode === null ? 'no answer' : `exit ${child.exitCode}`}).`,
      { cause: error },
    );
  }
}

/** Starts a script and resolves with its output line matching `ready` (rejects if it exits first). */
function startChild(args: string[], env: NodeJS.ProcessEnv, ready: RegExp): Promise<[ChildProcess, string]> {
  const child = spawn(process.execPath, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolvePromise, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = ready.exec(output);
      if (match) resolvePromise([child, match[0]]);
    });
    child.once('exit', (code) => reject(new Error(`${args.join(' ')} exited with ${code}:\n${output}`)));
  });
}

/** Serves var/bench/<n>/dist with that folder's back end, as bench:site built it. */
async function serveBenchBuild(products: string): Promise<{ base: string; children: ChildProcess[] }> {
  const dir = resolve(root, 'var/bench', products);
  if (!existsSync(join(dir, 'dist', 'client', 'index.html')))
    throw new Error(`No build in ${dir}/dist: run npm run bench:site -- --products ${products} first.`);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    EMBEDDED_MAGENTO_DB: join(dir, 'magento.sqlite'),
    EMBEDDED_MAGENTO_MEDIA: join(dir, 'media'),
    EMBEDDED_INTEGRATION_TOKEN: 'embedded-demo-integration-token',
    DEMO_PRODUCT_COUNT: products,
    CATALOGUE_SNAPSHOT: join(dir, 'catalogue.db'),
    IMAGE_CACHE_DIR: join(dir, 'image-cache'),
  };
  delete env['MAGENTO_URL'];
  delete env['MAGENTO_TOKEN'];
  const [backend, line] = await startChild(['scripts/bench/backend.ts'], env, /BENCH (\{.*\})/);
  const { url } = JSON.parse(line.slice('BENCH '.length)) as { url: string };
  const port = 20_000 + Math.floor(Math.random() * 10_000);
  try {
    const [server] = await startChild(
      ['scripts/serve.ts', '--dist', join(dir, 'dist')],
      { ...env, EMBEDDED_MAGENTO_PORT: new URL(url).port, PORT: String(port) },
      /Shop: \S+/,
    );
    return { base: `http://127.0.0.1:${port}`, children: [server, backend] };
  } catch (error) {
    backend.kill('SIGTERM');
    throw error;
  }
}

async function stopAll(children: readonly ChildProcess[]): Promise<void> {
  for (const child of children) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }
}

/**
 * The shop at `url`, or the bench build of `bench` products. Starts the end-to-end shop only for its own
 * URL (SHOP_URL); any other URL must already answer.
 */
export async function openShop(options: { url: string; bench?: string | undefined }): Promise<Shop> {
  if (options.bench) {
    const { base, children } = await serveBenchBuild(options.bench);
    return { base, stop: () => stopAll(children) };
  }
  const base = new URL(options.url).origin;
  if (await answers(`${base}/`)) return { base, stop: async () => undefined };
  if (base !== SHOP_URL) throw new Error(`Nothing answers at ${base}/; start the shop there first.`);
  const child = await startE2eShop();
  return { base, stop: () => stopAll(child ? [child] : []) };
}

/** The first one-segment URL of the sitemap (its index, then its files) whose page carries Product JSON-LD. */
export async function firstProductPath(base: string): Promise<string | undefined> {
  const index = await (await fetch(`${base}/sitemap.xml`)).text();
  let sitemap = '';
  for (const file of index.matchAll(/<loc>([^<]+)<\/loc>/g))
    sitemap += await (await fetch(`${base}${new URL(file[1] ?? '/').pathname}`)).text();
  for (const match of sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)) {
    const path = new URL(match[1] ?? '/').pathname.replace(/\/$/, '');
    if (!/^\/[^/]+$/.test(path)) continue;
    const html = await (await fetch(`${base}${path}`)).text();
    if (html.includes('"@type":"Product"')) return path;
  }
  return undefined;
}
