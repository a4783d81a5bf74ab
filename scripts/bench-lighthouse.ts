/**
 * `npm run bench:lighthouse`: Lighthouse figures for DESIGN.md §5, printed, not asserted. Audits a
 * running shop (`--url`, default http://127.0.0.1:14321, the end-to-end server) — home, a listing
 * (/home-garden/pressure-washer) and the first product page of the sitemap, plus any `--path` — with the
 * mobile preset (simulated throttling, Lighthouse's default) and the desktop preset, `--runs` times each
 * (default 3; the median run by performance score, then LCP, is shown). When nothing answers at the URL
 * it starts `node scripts/e2e-server.ts` itself (the default URL only) and stops it at the end.
 * `--bench <n>` audits the build `npm run bench:site` left in var/bench/<n>/ instead: it starts that
 * folder's back end (for the pictures) and `scripts/serve.ts --dist var/bench/<n>/dist` on free ports,
 * and stops both at the end (e.g. `--bench 10000` for the listings of a 10,000-product catalogue).
 * Chromium: CHROME_PATH, else /usr/bin/chromium. Reports: var/bench/lighthouse/*.json.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { machineLoad, otherBusyProcesses, table } from './bench/proc.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const { values } = parseArgs({
  options: {
    url: { type: 'string', default: 'http://127.0.0.1:14321' },
    runs: { type: 'string', default: '3' },
    path: { type: 'string', multiple: true, default: [] },
    preset: { type: 'string', multiple: true, default: ['mobile', 'desktop'] },
    bench: { type: 'string' },
  },
});
let base = new URL(values.url ?? '').origin;
const runs = Math.max(1, Number(values.runs) || 1);
const chromePath = process.env['CHROME_PATH'] ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const outDir = resolve(root, 'var/bench/lighthouse');

async function answers(url: string): Promise<boolean> {
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

/** A `scripts/e2e-server.ts` someone else started (it may still be seeding or building). */
function otherE2eServer(): boolean {
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name) || Number(name) === process.pid) continue;
    try {
      if (readFileSync(`/proc/${name}/cmdline`, 'utf8').includes('scripts/e2e-server.ts')) return true;
    } catch {
      // gone meanwhile
    }
  }
  return false;
}

/** Waits up to 10 minutes (a starting shop may seed and build first) until the shop answers. */
async function waitForShop(isAlive: () => boolean): Promise<void> {
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
 * taken, or an e2e-server.ts process running): then it waits for that one and starts nothing, since a
 * second e2e-server.ts would delete the first one's fresh database file.
 */
async function startShop(): Promise<ChildProcess | undefined> {
  if ((await listening(14321)) || (await listening(18081)) || otherE2eServer()) {
    console.info('An end-to-end shop is starting (port or process found): waiting for it…');
    await waitForShop(() => true);
    return undefined;
  }
  console.info('Nothing answers at the URL: starting node scripts/e2e-server.ts…');
  const child = spawn(process.execPath, ['scripts/e2e-server.ts'], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  try {
    await waitForShop(() => child.exitCode === null);
    return child;
  } catch (error) {
    child.kill('SIGTERM');
    throw new Error(
      `scripts/e2e-server.ts did not start (${child.exitCode === null ? 'no answer' : `exit ${child.exitCode}`}).`,
      { cause: error },
    );
  }
}

/** Starts `program` and resolves with its output line matching `ready` (rejects if it exits first). */
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
async function serveBenchBuild(products: string): Promise<ChildProcess[]> {
  const dir = resolve(root, 'var/bench', products);
  if (!existsSync(join(dir, 'dist', 'client', 'index.html')))
    throw new Error(`No build in ${dir}/dist: run npm run bench:site -- --products ${products} first.`);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    EMBEDDED_MAGENTO_DB: join(dir, 'magento.sqlite'),
    EMBEDDED_MAGENTO_MEDIA: join(dir, 'media'),
    EMBEDDED_INTEGRATION_TOKEN: 'embedded-demo-integration-token',
    DEMO_PRODUCT_COUNT: products,
    CATALOGUE_SNAPSHOT: join(dir, 'catalogue.json'),
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
    base = `http://127.0.0.1:${port}`;
    return [server, backend];
  } catch (error) {
    backend.kill('SIGTERM');
    throw error;
  }
}

/** The first one-segment URL of the sitemap whose page carries Product JSON-LD. */
async function firstProductPath(): Promise<string | undefined> {
  const sitemap = await (await fetch(`${base}/sitemap.xml`)).text();
  for (const match of sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)) {
    const path = new URL(match[1] ?? '/').pathname.replace(/\/$/, '');
    if (!/^\/[^/]+$/.test(path)) continue;
    const html = await (await fetch(`${base}${path}`)).text();
    if (html.includes('"@type":"Product"')) return path;
  }
  return undefined;
}

interface Audit {
  title: string;
  score: number | null;
  scoreDisplayMode: string;
  numericValue?: number;
  displayValue?: string;
}
interface LighthouseResult {
  runtimeError?: { code: string; message: string };
  runWarnings: string[];
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<string, Audit>;
}

interface Run {
  page: string;
  path: string;
  preset: string;
  report: string;
  result?: LighthouseResult;
  error?: string;
}

function lighthouse(url: string, preset: string, report: string): Promise<string | undefined> {
  const args = [
    join(root, 'node_modules/lighthouse/cli/index.js'),
    url,
    '--output=json',
    `--output-path=${report}`,
    `--chrome-path=${chromePath}`,
    `--chrome-flags=${CHROME_FLAGS.join(' ')}`,
    `--only-categories=${CATEGORIES.join(',')}`,
    '--quiet',
    ...(preset === 'desktop' ? ['--preset=desktop'] : []),
  ];
  return new Promise((resolvePromise) => {
    const child = spawn(process.execPath, args, {
      cwd: root,
      env: { ...process.env, CHROME_PATH: chromePath },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', (error) => resolvePromise(error.message));
    child.once('exit', (code) =>
      resolvePromise(
        code === 0 ? undefined : `lighthouse exited with ${code}: ${output.trim().slice(-2000)}`,
      ),
    );
  });
}

const score = (value: number | null | undefined) => (value == null ? '–' : String(Math.round(value * 100)));
const ms = (audit: Audit | undefined) =>
  audit?.numericValue === undefined ? '–' : `${Math.round(audit.numericValue)} ms`;

/** The median run: by performance score, then by LCP. */
function median(list: Run[]): Run | undefined {
  const ok = list.filter((run) => run.result && !run.result.runtimeError);
  if (ok.length === 0) return list[0];
  const key = (run: Run) => [
    -(run.result?.categories['performance']?.score ?? 0),
    run.result?.audits['largest-contentful-paint']?.numericValue ?? 0,
  ];
  const sorted = [...ok].sort((a, b) => {
    const [a1 = 0, a2 = 0] = key(a);
    const [b1 = 0, b2 = 0] = key(b);
    return a1 - b1 || a2 - b2;
  });
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

/** Audits that cost points: score below 1 with weight in a category (or failed binary audits). */
function failing(result: LighthouseResult): string[] {
  const lines: string[] = [];
  for (const category of CATEGORIES) {
    for (const ref of result.categories[category]?.auditRefs ?? []) {
      const audit = result.audits[ref.id];
      if (!audit || audit.score === null || audit.score >= 1) continue;
      if (audit.scoreDisplayMode === 'informative' || audit.scoreDisplayMode === 'notApplicable') continue;
      if (ref.weight === 0 && audit.scoreDisplayMode !== 'binary') continue;
      lines.push(
        `${category}: ${ref.id} (${score(audit.score)}${audit.displayValue ? `, ${audit.displayValue}` : ''}, weight ${ref.weight}) ${audit.title}`,
      );
    }
  }
  return lines;
}

let shop: ChildProcess | undefined;
let benchServers: ChildProcess[] = [];
try {
  if (!existsSync(chromePath))
    throw new Error(`No Chromium at ${chromePath}: apt-get install -y chromium, or set CHROME_PATH.`);
  if (!existsSync(join(root, 'node_modules/lighthouse/cli/index.js')))
    throw new Error('Lighthouse is not installed: npm install (it is a dev dependency).');
  if (values.bench) benchServers = await serveBenchBuild(values.bench);
  else if (!(await answers(`${base}/`))) {
    if (base !== 'http://127.0.0.1:14321')
      throw new Error(`Nothing answers at ${base}/; start the shop there first.`);
    shop = await startShop();
  }
  mkdirSync(outDir, { recursive: true });
  const product = await firstProductPath();
  if (!product) console.warn('No product page found in the sitemap; auditing home and listing only.');
  const pages: [string, string][] = [
    ['home', '/'],
    ['listing', '/home-garden/pressure-washer'],
    ...(product ? [['product', product] as [string, string]] : []),
    ...(values.path ?? []).map((path): [string, string] => [path, path]),
  ];
  const busy = await otherBusyProcesses();
  console.info(
    `Auditing ${base} — ${pages.map(([, path]) => path).join(', ')} — presets ${values.preset?.join(', ')}, ${runs} run(s) each.\n${machineLoad()}${busy.length ? `; busy: ${busy.join(', ')}` : ''}`,
  );

  const all: Run[][] = [];
  for (const preset of values.preset ?? []) {
    for (const [page, path] of pages) {
      const group: Run[] = [];
      for (let index = 1; index <= runs; index += 1) {
        const report = join(
          outDir,
          `${values.bench ? `bench${values.bench}-` : ''}${page.replace(/\W+/g, '_')}-${preset}-${index}.json`,
        );
        let run: Run = { page, path, preset, report };
        // A run that fails to record its trace (NO_NAVSTART and the like) is tried again, twice at most.
        for (let attempt = 1; attempt <= 3; attempt += 1) {
          run = { page, path, preset, report };
          const error = await lighthouse(`${base}${path}`, preset, report);
          if (error) run.error = error;
          else run.result = JSON.parse(readFileSync(report, 'utf8')) as LighthouseResult;
          if (run.result?.runtimeError)
            run.error = `${run.result.runtimeError.code}: ${run.result.runtimeError.message}`;
          if (!run.error) break;
          console.info(
            `  ${preset} ${path} #${index}: attempt ${attempt} failed: ${run.error.split('\n')[0]}`,
          );
        }
        console.info(
          `  ${preset} ${path} #${index}: ${run.error ?? `perf ${score(run.result?.categories['performance']?.score)}, LCP ${ms(run.result?.audits['largest-contentful-paint'])}`}`,
        );
        group.push(run);
      }
      all.push(group);
    }
  }

  const rows = all.map((group) => {
    const run = median(group) as Run;
    const audits = run.result?.audits ?? {};
    const lcps = group.map((r) => r.result?.audits['largest-contentful-paint']?.numericValue);
    const cls = audits['cumulative-layout-shift']?.numericValue;
    return [
      run.page,
      run.preset,
      ...CATEGORIES.map((category) => score(run.result?.categories[category]?.score)),
      ms(audits['largest-contentful-paint']),
      group.length > 1 ? lcps.map((value) => (value === undefined ? '–' : Math.round(value))).join('/') : '',
      ms(audits['first-contentful-paint']),
      ms(audits['total-blocking-time']),
      cls === undefined ? '–' : cls.toFixed(3),
      run.error ? 'ERROR' : '',
    ];
  });
  console.info(`\n## Lighthouse ${base} (median of ${runs} run(s))`);
  console.info(
    table(['page', 'preset', 'Perf', 'A11y', 'BP', 'SEO', 'LCP', 'LCP runs', 'FCP', 'TBT', 'CLS', ''], rows),
  );
  console.info('\nAudits costing points (median run):');
  for (const group of all) {
    const run = median(group) as Run;
    if (run.error) {
      console.info(`  ${run.preset} ${run.path}: ${run.error}`);
      continue;
    }
    const lines = run.result ? failing(run.result) : [];
    if (lines.length > 0) console.info(`  ${run.preset} ${run.path}:\n    ${lines.join('\n    ')}`);
    for (const warning of run.result?.runWarnings ?? [])
      console.info(`  ${run.preset} ${run.path}: warning: ${warning}`);
  }
  console.info(`\nReports: ${outDir}`);
  if (all.flat().every((run) => run.error)) process.exitCode = 1;
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  for (const child of [...(shop ? [shop] : []), ...benchServers]) {
    if (child.exitCode !== null) continue;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }
}
