/**
 * `npm run bench:lighthouse`: Lighthouse figures for DESIGN.md §5, printed, not asserted. Audits a
 * running shop (`--url`, default the end-to-end server, E2E_PORT_OFFSET honoured) — home, a listing
 * (/home-garden/pressure-washer) and the first product page of the sitemap, plus any `--path` — with the
 * mobile preset (simulated throttling, Lighthouse's default) and the desktop preset, `--runs` times each
 * (default 3; the median run by performance score, then LCP, is shown). When nothing answers at the URL
 * it starts `node scripts/e2e-server.ts` itself (the default URL only) and stops it at the end.
 * `--bench <n>` audits the build `npm run bench:site` left in var/bench/<n>/ instead: it starts that
 * folder's back end (for the pictures) and `scripts/serve.ts --dist var/bench/<n>/dist` on free ports,
 * and stops both at the end (e.g. `--bench 10000` for the listings of a 10,000-product catalogue).
 * Chromium: CHROME_PATH, else /usr/bin/chromium. Reports: var/bench/lighthouse/*.json.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { SHOP_URL } from '../e2e/support/ports.ts';
import { machineLoad, otherBusyProcesses, table } from './bench/proc.ts';
import { firstProductPath, openShop, type Shop } from './bench/shop.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const { values } = parseArgs({
  options: {
    url: { type: 'string', default: SHOP_URL },
    runs: { type: 'string', default: '3' },
    path: { type: 'string', multiple: true, default: [] },
    preset: { type: 'string', multiple: true, default: ['mobile', 'desktop'] },
    bench: { type: 'string' },
  },
});
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

let shop: Shop | undefined;
try {
  if (!existsSync(chromePath))
    throw new Error(`No Chromium at ${chromePath}: apt-get install -y chromium, or set CHROME_PATH.`);
  if (!existsSync(join(root, 'node_modules/lighthouse/cli/index.js')))
    throw new Error('Lighthouse is not installed: npm install (it is a dev dependency).');
  shop = await openShop({ url: values.url ?? SHOP_URL, bench: values.bench });
  const { base } = shop;
  mkdirSync(outDir, { recursive: true });
  const product = await firstProductPath(base);
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
  await shop?.stop();
}
