/**
 * `npm run bench:search [-- --products 10000,100000] [--browser] [--no-relevance] [--sample 300]
 * [--mini-sample 40] [--passes 3]`: search's budgets (issue 23, DESIGN.md §5), printed, not asserted.
 *
 * 1. Relevance on the demo catalogue (the labelled set of tests/unit/search/relevance.test.ts, built by
 *    tests/support/search-relevance.ts) for the engine, for the spec's old rule (`matchesSearch`, results in
 *    the index's "Recommended" order) and for MiniSearch configured as the research measured it (prefix on
 *    the last word, fuzzy 1 edit from 4 letters and 2 from 8, AND, boosts name > SKU > model > categories >
 *    attributes).
 * 2. For each product count (a throwaway embedded back end under var/, as bench:site starts it, read over
 *    HTTP as a sync does, then stopped and its folder removed):
 *    - the index build: time and peak memory `buildSearchFiles` adds (the process's resident set sampled
 *      every millisecond by a worker thread), serialising time, files by kind, raw and brotli bytes (at the
 *      levels the site build uses for them: brotli 6 for a site of more than 4 MB of text, nothing for files
 *      under 256 bytes or that brotli shrinks by less than 5 %);
 *    - bytes of focusing the box and typing "clearwater pressure washer", then "pressure washer hose for
 *      k5" (a machine model's fit file, issue 39), "wash a muddy mountain bike" (a job) and "quietest wet
 *      and dry vac" (a property, its records read to sort: issue 70), one key at a time, as
 *      suggest.client.ts does it (engine search with `typing`, then the records of the products shown on a
 *      desktop): the suggestion module's JavaScript (esbuild, minified, brotli 11 as hashed assets are),
 *      core.json and every file the engine asks for, keystroke by keystroke (budget ≤ 50 KB at 10,000 and
 *      ≤ 80 KB at 100,000 in all; ≤ 5 KB per keystroke);
 *    - script time per keystroke in Node, for several queries typed one key at a time with the files
 *      already downloaded (a fresh engine per query, its core read at focus): search, records and the
 *      rows' markup; with `--browser`, the same in Chromium at 4× CPU throttling (CDP
 *      `Emulation.setCPUThrottlingRate`), the rows also written into the page (budget ≤ 8 ms p95);
 *    - relevance on a sample of the set built from that catalogue (`--sample` queries per kind) for the
 *      engine and the spec's rule, and on a smaller one (`--mini-sample`) for the engine and MiniSearch,
 *      whose fuzzy prefix search takes seconds a query at 100,000 products;
 *    - MiniSearch over the same products: its whole index's bytes (raw, brotli 6 and 11), build and load
 *      time and time per keystroke in Node, for comparison.
 * Chromium: CHROME_PATH, else /usr/bin/chromium. Everything listens on the loopback only.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { Worker } from 'node:worker_threads';
import { build as esbuild } from 'esbuild';
import MiniSearch, { type SearchOptions as MiniSearchOptions } from 'minisearch';
import { chromium } from 'playwright';
import synonymsFile from '../src/content/search-synonyms.json' with { type: 'json' };
import { loadCatalogue } from '../src/catalogue/load.ts';
import { productRoutes } from '../src/site/product-view.ts';
import { indexCatalogue, type CatalogueIndex } from '../src/catalogue/snapshot.ts';
import type { Catalogue, Product } from '../src/catalogue/types.ts';
import { searchBuildInput } from '../src/site/search-input.ts';
import { DESKTOP_ROWS } from '../src/components/search/suggest-list.ts';
import {
  buildSearchFiles,
  indexFiles,
  type BuiltSearch,
  type SearchBuildInput,
} from '../src/features/search/build.ts';
import { createSearchEngine } from '../src/features/search/engine.ts';
import { SEARCH_DATA } from '../src/features/search/files.ts';
import { normaliseForSearch } from '../src/features/search/match.ts';
import { memorySource } from '../src/features/search/sources.ts';
import { synonymsSchema, type Synonyms } from '../src/features/search/synonyms.ts';
import {
  BUILD_LEVELS,
  compress,
  FAST_BUILD_LEVELS,
  MIN_COMPRESS_BYTES,
  type Levels,
} from '../src/publish/index.ts';
import {
  describeMiss,
  engineRanker as engineRankerOver,
  EXACT_KINDS,
  formatReport,
  misses,
  QUERY_KINDS,
  readDemoCatalogue,
  relevanceSet,
  report,
  runSet,
  type LabelledQuery,
  type Ranker,
} from '../tests/support/search-relevance.ts';
import { kilobytes, runMeasured, table } from './bench/proc.ts';
import { engineOver, suggest, typeQueries, typingInWorker, type Keystroke } from './bench/search-typing.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const { values } = parseArgs({
  options: {
    products: { type: 'string', default: '10000,100000' },
    browser: { type: 'boolean', default: false },
    'no-relevance': { type: 'boolean', default: false },
    sample: { type: 'string', default: '300' },
    'mini-sample': { type: 'string', default: '40' },
    passes: { type: 'string', default: '3' },
  },
});
const counts = (values.products ?? '')
  .split(',')
  .map((text) => Number(text.trim()))
  .filter((count) => Number.isInteger(count) && count > 0);
const samplePerKind = Math.max(10, Number(values.sample) || 300);
/** MiniSearch's fuzzy prefix search takes seconds a query at 100,000 products: it gets fewer. */
const miniSamplePerKind = Math.max(5, Number(values['mini-sample']) || 40);
const passes = Math.max(1, Number(values.passes) || 3);

const TYPED = 'clearwater pressure washer';
/** A query naming a machine model (issue 39): its fit file is fetched when the model is typed. */
const TYPED_FIT = 'pressure washer hose for k5';
/** A job to do and a property to sort by (issue 70): the core's jobs, and the records sorted, read as typed. */
const TYPED_JOB = 'wash a muddy mountain bike';
const TYPED_PROPERTY = 'quietest wet and dry vac';
const BYTES_BUDGET: Record<number, number> = { 10_000: 50 * 1024, 100_000: 80 * 1024 };
const KEYSTROKE_BUDGET = 5 * 1024;
const TIME_BUDGET_MS = 8;
/** The levels the site build compresses its many files with (precompress.ts: a site of more than 4 MB). */
const SERVED_LEVELS = FAST_BUILD_LEVELS;
const TOKEN = 'bench-search-integration-token-0123456789';
/** How many of the engine's missed queries are listed. */
const MISSES_SHOWN = 12;

const ms = (value: number): string => (Number.isNaN(value) ? '–' : `${value.toFixed(value < 10 ? 2 : 0)} ms`);
const mb = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const verdict = (value: number, budget: number): string => (value <= budget ? 'met' : 'OVER');
function percentile(list: readonly number[], p: number): number {
  const sorted = [...list].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
}

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

// ---------------------------------------------------------------------------------------------------------
// The catalogue
// ---------------------------------------------------------------------------------------------------------

/**
 * The demo catalogue of `productCount` products, from a throwaway embedded back end run as a child process
 * (scripts/bench/backend.ts, as bench:site runs it: at 100,000 products a back end in this process would
 * share its event loop with the loader reading it), read over HTTP as a sync does.
 */
async function demoCatalogue(productCount: number): Promise<Catalogue> {
  mkdirSync(resolve(root, 'var'), { recursive: true });
  const dir = mkdtempSync(resolve(root, 'var', 'bench-search-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    EMBEDDED_MAGENTO_DB: join(dir, 'magento.sqlite'),
    EMBEDDED_MAGENTO_MEDIA: join(dir, 'media'),
    EMBEDDED_INTEGRATION_TOKEN: TOKEN,
    DEMO_PRODUCT_COUNT: String(productCount),
  };
  delete env['MAGENTO_URL'];
  delete env['MAGENTO_TOKEN'];
  const lines: string[] = [];
  const backend = runMeasured(process.execPath, ['scripts/bench/backend.ts'], {
    cwd: root,
    env,
    onLine: (line) => lines.push(line.text),
    wrapWithTime: false,
    readyWhen: (line) => line.startsWith('BENCH '),
  });
  try {
    await backend.ready;
    const ready = lines.find((text) => text.startsWith('BENCH '));
    if (!ready) throw new Error(`The back end exited:\n${lines.join('\n')}`);
    const { url } = JSON.parse(ready.slice('BENCH '.length)) as { url: string };
    const { catalogue, problems } = await loadCatalogue({ baseUrl: url, token: TOKEN });
    if (problems.length > 0) console.warn(`${problems.length} products left out by the loader`);
    return catalogue;
  } finally {
    backend.stop();
    await backend.done;
    rmSync(dir, { recursive: true, force: true });
  }
}

const siteInput = (index: CatalogueIndex): SearchBuildInput =>
  searchBuildInput(index, productRoutes(index, []));

// ---------------------------------------------------------------------------------------------------------
// The index files, as the site serves them
// ---------------------------------------------------------------------------------------------------------

/** Every file of a build by its path under /search/data/, as the site's endpoints write it (JSON). */
function siteFiles(built: BuiltSearch): Map<string, string> {
  return new Map(indexFiles(built).map(([path, data]) => [path, JSON.stringify(data)]));
}

/** Bytes a file travels as: its brotli sibling when the build writes one, else raw. */
async function servedBytes(text: string, levels: Levels = SERVED_LEVELS): Promise<number> {
  const raw = Buffer.byteLength(text);
  if (raw < MIN_COMPRESS_BYTES) return raw;
  const br = (await compress(Buffer.from(text), 'br', levels)).length;
  return br < raw * 0.95 ? br : raw;
}

/** `servedBytes` of many texts, a few at a time (compression runs on the libuv pool). */
async function servedAll(texts: readonly string[], levels: Levels = SERVED_LEVELS): Promise<number[]> {
  const sizes = new Array<number>(texts.length).fill(0);
  let next = 0;
  const worker = async (): Promise<void> => {
    for (let at = next++; at < texts.length; at = next++)
      sizes[at] = await servedBytes(texts[at] ?? '', levels);
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return sizes;
}

// ---------------------------------------------------------------------------------------------------------
// Build time and memory
// ---------------------------------------------------------------------------------------------------------

/** The process's peak resident set, sampled every millisecond by a worker thread while the main one works. */
async function rssSampler() {
  const peak = new Float64Array(new SharedArrayBuffer(8));
  const worker = new Worker(
    `const { workerData } = require('node:worker_threads');
     const peak = new Float64Array(workerData);
     setInterval(() => { const rss = process.memoryUsage.rss(); if (rss > peak[0]) peak[0] = rss; }, 1);`,
    { eval: true, workerData: peak.buffer },
  );
  await new Promise((done) => worker.once('online', done));
  return {
    reset: () => (peak[0] = process.memoryUsage.rss()),
    peak: () => Math.max(peak[0] ?? 0, process.memoryUsage.rss()),
    stop: () => worker.terminate(),
  };
}

async function measureBuild(input: SearchBuildInput) {
  const sampler = await rssSampler();
  try {
    gc();
    const heapBefore = process.memoryUsage().heapUsed;
    const rssBefore = sampler.reset();
    const started = performance.now();
    const built = buildSearchFiles(input);
    const buildMs = performance.now() - started;
    const serialiseStarted = performance.now();
    const files = siteFiles(built);
    const serialiseMs = performance.now() - serialiseStarted;
    const peakAdded = sampler.peak() - rssBefore;
    gc();
    const retained = process.memoryUsage().heapUsed - heapBefore;
    return { built, files, buildMs, serialiseMs, peakAdded, retained };
  } finally {
    await sampler.stop();
  }
}

async function printFiles(files: ReadonlyMap<string, string>): Promise<Map<string, number>> {
  const paths = [...files.keys()];
  const started = performance.now();
  const sizes = await servedAll(paths.map((path) => files.get(path) ?? ''));
  const compressMs = performance.now() - started;
  const served = new Map(paths.map((path, at) => [path, sizes[at] ?? 0]));
  const kinds = [
    ['core.json', 'core'],
    ['t/', 'term shards'],
    ['h/', 'shard heads'],
    ['p/', 'prefix files'],
    ['c/', 'code buckets'],
    ['w/', 'word lists'],
    ['d/', 'record shards'],
    ['f/', 'fit files'],
  ] as const;
  const rows = kinds.map(([prefix, label]) => {
    const own = paths.filter((path) => path.startsWith(prefix));
    const raw = own.map((path) => Buffer.byteLength(files.get(path) ?? ''));
    const br = own.map((path) => served.get(path) ?? 0);
    const sum = (list: number[]) => list.reduce((total, value) => total + value, 0);
    return [
      label,
      String(own.length),
      kilobytes(sum(raw)),
      kilobytes(sum(br)),
      kilobytes(percentile(br, 50)),
      kilobytes(Math.max(0, ...br)),
    ];
  });
  const totalRaw = paths.reduce((sum, path) => sum + Buffer.byteLength(files.get(path) ?? ''), 0);
  const totalBr = sizes.reduce((sum, value) => sum + value, 0);
  rows.push(['all', String(paths.length), kilobytes(totalRaw), kilobytes(totalBr), '', '']);
  console.info(
    `\nIndex files (served: brotli ${SERVED_LEVELS.brotli} siblings; compressing them took ${ms(compressMs)})`,
  );
  console.info(table(['kind', 'files', 'raw', 'served', 'median', 'largest'], rows));
  return served;
}

// ---------------------------------------------------------------------------------------------------------
// The engine's JavaScript
// ---------------------------------------------------------------------------------------------------------

async function bundle(contents: string): Promise<string> {
  const result = await esbuild({
    stdin: { contents, resolveDir: root, loader: 'ts', sourcefile: 'bench-search-entry.ts' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0]?.text ?? '';
}

/** The module the header loads on focus (suggest.client.ts: engine, sources, rows), and the engine alone. */
async function engineCode(): Promise<{ suggest: number; engine: number; suggestRaw: number }> {
  const suggestJs = await bundle(`export * from './src/components/search/suggest.client.ts';`);
  const engineJs = await bundle(
    `export { createSearchEngine } from './src/features/search/engine.ts';
     export { fetchSource } from './src/features/search/sources.ts';`,
  );
  return {
    suggest: await servedBytes(suggestJs, BUILD_LEVELS),
    engine: await servedBytes(engineJs, BUILD_LEVELS),
    suggestRaw: Buffer.byteLength(suggestJs),
  };
}

// ---------------------------------------------------------------------------------------------------------
// Typing a query: bytes, then time
// ---------------------------------------------------------------------------------------------------------

async function typingBytes(
  files: ReadonlyMap<string, string>,
  served: ReadonlyMap<string, number>,
  js: number,
  count: number,
  typed: string,
): Promise<void> {
  const requested: string[] = [];
  const engine = engineOver(files, requested);
  await engine.core();
  const bytesOf = (paths: readonly string[]): number =>
    paths.reduce((sum, path) => sum + (served.get(path) ?? 0), 0);
  const focus = requested.splice(0);
  const steps: { text: string; paths: string[]; bytes: number }[] = [];
  for (let length = 1; length <= typed.length; length += 1) {
    const text = typed.slice(0, length);
    await suggest(engine, text);
    const paths = requested.splice(0);
    steps.push({ text, paths, bytes: bytesOf(paths) });
  }
  const all = [...focus, ...steps.flatMap((step) => step.paths)];
  const thorough = await servedAll(
    all.map((path) => files.get(path) ?? ''),
    BUILD_LEVELS,
  );
  const total = js + bytesOf(all);
  const keystrokes = steps.map((step) => step.bytes);
  const budget = BYTES_BUDGET[count] ?? BYTES_BUDGET[10_000] ?? 0;
  console.info(`\nFocus, then typing "${typed}" one key at a time (desktop: ${DESKTOP_ROWS} rows)`);
  console.info(
    table(
      ['step', 'files asked for', 'bytes'],
      [
        ['focus: suggestion JS (brotli 11)', '', kilobytes(js)],
        ['focus: core', focus.join(' '), kilobytes(bytesOf(focus))],
        ...steps
          .filter((step) => step.paths.length > 0)
          .map((step) => [`"${step.text}"`, step.paths.join(' '), kilobytes(step.bytes)]),
      ],
    ),
  );
  console.info(
    `Total: ${kilobytes(total)} (${all.length} files + JS; ${kilobytes(js + thorough.reduce((sum, value) => sum + value, 0))} were the files brotli 11), budget ≤ ${kilobytes(budget)}: ${verdict(total, budget)}. ` +
      `Per keystroke (${steps.length}): median ${kilobytes(percentile(keystrokes, 50))}, max ${kilobytes(Math.max(...keystrokes))}, budget ≤ ${kilobytes(KEYSTROKE_BUDGET)}: ${verdict(Math.max(...keystrokes), KEYSTROKE_BUDGET)}`,
  );
}

/**
 * Queries typed for timing: everyday words, a typo, codes typed several ways, machine models with what
 * fits them, a job, a property, a thing not sold, a SKU and a model number.
 */
function timedQueries(products: readonly Product[]): string[] {
  const middle = products[Math.floor(products.length / 2)];
  return [
    TYPED,
    'presure washer',
    'k5 premium',
    'hd 5/15',
    'wet and dry vacuum',
    'steam cleaner',
    'hoover',
    '150 bar petrol',
    'window vac',
    'scrubber dryer',
    'k5 hose',
    'detergent for my k5',
    TYPED_JOB,
    TYPED_PROPERTY,
    'dishwasher',
    ...(middle ? [middle.sku, middle.modelNumber ?? ''] : []),
  ].filter((query) => query !== '');
}

/** The page's side of `--browser`: the same keystroke loop, the rows written into the page. */
const PAGE_ENTRY = `
import { createSearchEngine } from './src/features/search/engine.ts';
import { readerSource } from './src/features/search/sources.ts';
import { DESKTOP_ROWS, planRows, rowsHtml, suggestionRows } from './src/components/search/suggest-list.ts';

const list = document.getElementById('list');
globalThis.benchTyping = async (files, queries, passes) => {
  const times = [];
  for (let pass = 0; pass <= passes; pass += 1)
    for (const query of queries) {
      const engine = createSearchEngine(
        readerSource(async (url) => {
          const path = url.replace(/\\?.*$/, '').slice(${JSON.stringify(SEARCH_DATA.length + 1)});
          // A file the Node pass did not read (the engine's code changed since): from the server.
          const text = files[path] ?? (files[path] = await (await fetch('/data/' + path)).text());
          return text === '' ? null : JSON.parse(text);
        }),
      );
      await engine.core();
      for (let length = 1; length <= query.length; length += 1) {
        const text = query.slice(0, length);
        const started = performance.now();
        const answer = await engine.search(text, { typing: true, limit: DESKTOP_ROWS });
        const plan = planRows(answer, DESKTOP_ROWS, text);
        const records = await engine.records(answer.ids.slice(0, plan.products));
        list.innerHTML = rowsHtml(suggestionRows(text, answer, plan, records), 'bench');
        if (pass > 0) times.push({ text, ms: performance.now() - started });
      }
    }
  return times;
};
`;

async function listen(server: Server): Promise<string> {
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return `http://127.0.0.1:${address.port}`;
}

/** Script time of each keystroke in Chromium at 4× CPU throttling, the files the queries read in memory. */
async function browserKeystrokes(
  files: ReadonlyMap<string, string>,
  paths: readonly string[],
  queries: string[],
) {
  const script = await bundle(PAGE_ENTRY);
  const data = JSON.stringify(Object.fromEntries(paths.map((path) => [path, files.get(path)])));
  const server = createServer((request, response) => {
    const [type, body] =
      request.url === '/bench.js'
        ? ['text/javascript', script]
        : request.url === '/files.json'
          ? ['application/json', data]
          : request.url?.startsWith('/data/')
            ? ['application/json', files.get(request.url.slice('/data/'.length)) ?? '']
            : [
                'text/html',
                '<!doctype html><html lang="en"><meta charset="utf-8"><title>bench</title><div id="list"></div><script type="module" src="/bench.js"></script></html>',
              ];
    response.writeHead(200, { 'Content-Type': `${type}; charset=utf-8` }).end(body);
  });
  const base = await listen(server);
  const browser = await chromium.launch({
    executablePath: process.env['CHROME_PATH'] ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const page = await browser.newPage();
    await page.goto(base);
    await page.waitForFunction(() => 'benchTyping' in globalThis);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    return await page.evaluate(
      async ({ queries: list, passes: count }) => {
        const loaded = (await (await fetch('/files.json')).json()) as Record<string, string>;
        const run = (globalThis as unknown as Record<string, unknown>)['benchTyping'] as (
          files: Record<string, string>,
          queries: string[],
          passes: number,
        ) => Promise<{ text: string; ms: number }[]>;
        return run(loaded, list, count);
      },
      { queries, passes },
    );
  } finally {
    await browser.close();
    await new Promise((done) => server.close(done));
  }
}

function printTimes(label: string, keystrokes: readonly Keystroke[], budget?: number): void {
  const times = keystrokes.map((keystroke) => keystroke.ms);
  // The slowest texts, each once (its worst pass).
  const worst = new Map<string, number>();
  for (const { text, ms: took } of keystrokes) worst.set(text, Math.max(worst.get(text) ?? 0, took));
  const slowest = [...worst]
    .sort(([, a], [, b]) => b - a)
    .slice(0, 5)
    .map(([text, took]) => `"${text}" ${ms(took)}`);
  const p95 = percentile(times, 95);
  console.info(
    `${label}: ${times.length} keystrokes, p50 ${ms(percentile(times, 50))}, p95 ${ms(p95)}, max ${ms(Math.max(...times))}` +
      (budget === undefined ? '' : `; budget p95 ≤ ${ms(budget)} at 4×: ${verdict(p95, budget)}`) +
      `\n  slowest: ${slowest.join(', ')}`,
  );
}

// ---------------------------------------------------------------------------------------------------------
// The three searches
// ---------------------------------------------------------------------------------------------------------

function engineRanker(built: BuiltSearch): Ranker {
  const engine = createSearchEngine(memorySource(built));
  return engineRankerOver(engine, built.products);
}

/** The spec's rule: the products whose name it matches, in the index's order. */
function oldRuleRanker(products: readonly Product[]): Ranker {
  const names = products.map((product) => normaliseForSearch(product.name));
  return (query) => {
    const needle = normaliseForSearch(query.trim());
    if (needle === '') return [];
    return products.flatMap((product, at) => ((names[at] ?? '').includes(needle) ? [product.sku] : []));
  };
}

interface MiniDocument {
  id: number;
  name: string;
  sku: string;
  model: string;
  categories: string;
  attributes: string;
}

const MINI_FIELDS = ['name', 'sku', 'model', 'categories', 'attributes'];
const MINI_SEARCH: MiniSearchOptions = {
  combineWith: 'AND',
  prefix: (_term, at, terms) => at === terms.length - 1,
  fuzzy: (term) => (term.length >= 8 ? 2 : term.length >= 4 ? 1 : false),
  boost: { name: 5, sku: 4, model: 3, categories: 2, attributes: 1 },
};

function miniDocuments(input: SearchBuildInput, products: readonly Product[]): MiniDocument[] {
  const categoryNames = new Map(input.listings.map((listing) => [listing.categoryId, listing.name]));
  const searchable = new Set(input.attributes.filter((attribute) => attribute.searchable).map((a) => a.code));
  return products.map((product, id) => ({
    id,
    name: product.name,
    sku: product.sku,
    model: product.modelNumber ?? '',
    categories: product.categoryIds.map((category) => categoryNames.get(category) ?? '').join(' '),
    attributes: product.technicalData
      .filter((row) => searchable.has(row.code))
      .map((row) => row.value)
      .join(' '),
  }));
}

function miniSearchOf(documents: readonly MiniDocument[]): MiniSearch<MiniDocument> {
  const mini = new MiniSearch<MiniDocument>({
    fields: MINI_FIELDS,
    idField: 'id',
    searchOptions: MINI_SEARCH,
  });
  mini.addAll(documents as MiniDocument[]);
  return mini;
}

const miniRanker =
  (mini: MiniSearch<MiniDocument>, products: readonly Product[]): Ranker =>
  (query) =>
    mini.search(query).map((result) => products[result.id as number]?.sku ?? '');

/** Up to `perKind` queries of each kind, spread evenly over the set. */
function sampled(set: readonly LabelledQuery[], perKind: number): LabelledQuery[] {
  return QUERY_KINDS.flatMap((kind) => {
    const own = set.filter((query) => query.kind === kind);
    const step = Math.max(1, own.length / perKind);
    return Array.from(
      { length: Math.min(perKind, own.length) },
      (_, at) => own[Math.floor(at * step)],
    ).filter((query): query is LabelledQuery => query !== undefined);
  });
}

async function printRelevance(title: string, set: readonly LabelledQuery[], rankers: [string, Ranker][]) {
  console.info(`\n${title}: ${set.length} labelled queries`);
  const summary: string[][] = [];
  for (const [label, ranker] of rankers) {
    const started = performance.now();
    const results = await runSet(set, ranker);
    const figures = report(results);
    const took = performance.now() - started;
    console.info(formatReport(`${label} (${ms(took)} for the set)`, figures));
    if (label === 'engine') {
      const missed = misses(results);
      for (const miss of missed.slice(0, MISSES_SHOWN)) console.info(`  miss: ${describeMiss(miss)}`);
      if (missed.length > MISSES_SHOWN) console.info(`  … and ${missed.length - MISSES_SHOWN} more`);
    }
    summary.push([
      label,
      `${(figures.exact.successAt1 * 100).toFixed(1)} %`,
      figures.overall.mrrAt10.toFixed(3),
      figures.macroMrrAt10.toFixed(3),
      String(figures.overall.empty),
    ]);
  }
  console.info(
    table(
      [`search (first right: ${EXACT_KINDS.join('/')})`, 'succ@1', 'MRR@10', 'MRR kinds', 'empty'],
      summary,
    ),
  );
}

// ---------------------------------------------------------------------------------------------------------
// The run
// ---------------------------------------------------------------------------------------------------------

const synonyms: Synonyms = synonymsSchema.parse(synonymsFile);

if (!values['no-relevance']) {
  const index = indexCatalogue(await readDemoCatalogue());
  const input = siteInput(index);
  const built = buildSearchFiles(input);
  const set = relevanceSet({ products: input.products, catalogue: index.catalogue, synonyms });
  await printRelevance(`Relevance on the demo catalogue (${built.products.length} products)`, set, [
    ['engine', engineRanker(built)],
    ["spec's rule", oldRuleRanker(built.products)],
    ['MiniSearch', miniRanker(miniSearchOf(miniDocuments(input, built.products)), built.products)],
  ]);
}

let js: Awaited<ReturnType<typeof engineCode>> | undefined;
for (const count of counts) {
  console.info(`\n=== ${count} demo products ===`);
  const readStarted = performance.now();
  const index = indexCatalogue(await demoCatalogue(count));
  const input = siteInput(index);
  console.info(
    `Catalogue read from a throwaway back end in ${ms(performance.now() - readStarted)}: ${input.products.length} searchable products`,
  );

  const { built, files, buildMs, serialiseMs, peakAdded, retained } = await measureBuild(input);
  const buildBudget = count >= 100_000 ? 60_000 : 5_000;
  console.info(
    `Index build: buildSearchFiles ${ms(buildMs)} + serialising ${ms(serialiseMs)} (budget ≤ ${ms(buildBudget)} added to the build: ${verdict(buildMs + serialiseMs, buildBudget)}); ` +
      `peak memory added ${mb(peakAdded)} (resident set), ${mb(retained)} kept while the files are held`,
  );
  const served = await printFiles(files);

  js ??= await engineCode();
  console.info(
    `\nJavaScript loaded on focus: suggest.client.ts bundle ${kilobytes(js.suggest)} brotli (${kilobytes(js.suggestRaw)} minified), of which the engine and its sources alone ${kilobytes(js.engine)}`,
  );
  for (const typed of [TYPED, TYPED_FIT, TYPED_JOB, TYPED_PROPERTY])
    await typingBytes(files, served, js.suggest, count, typed);

  const queries = timedQueries(built.products);
  console.info(
    `\nScript time per keystroke, files downloaded already (${queries.length} queries: ${queries.join(', ')})`,
  );
  // The keystrokes timed on a heap of their own (given every file as text: the worker loads the engine's
  // modules afresh, which may have changed since this process started).
  printTimes('Node (no throttling)', await typingInWorker({ files: [...files], queries, passes }));
  // The files the queries read, which the page gets up front.
  const { paths } = await typeQueries(files, queries, 0);
  if (values.browser)
    printTimes('Chromium, 4× CPU throttling', await browserKeystrokes(files, paths, queries), TIME_BUDGET_MS);

  const miniStarted = performance.now();
  const documents = miniDocuments(input, built.products);
  const mini = miniSearchOf(documents);
  const miniBuildMs = performance.now() - miniStarted;
  const miniJson = JSON.stringify(mini);
  const [mini6, mini11] = [
    await servedBytes(miniJson, FAST_BUILD_LEVELS),
    await servedBytes(miniJson, BUILD_LEVELS),
  ];
  const loadStarted = performance.now();
  const loaded = MiniSearch.loadJSON<MiniDocument>(miniJson, {
    fields: MINI_FIELDS,
    idField: 'id',
    searchOptions: MINI_SEARCH,
  });
  const miniLoadMs = performance.now() - loadStarted;
  const miniTimes: Keystroke[] = [];
  for (let pass = 0; pass <= passes; pass += 1)
    for (const query of queries)
      for (let length = 1; length <= query.length; length += 1) {
        const text = query.slice(0, length);
        const started = performance.now();
        loaded.search(text);
        if (pass > 0) miniTimes.push({ text, ms: performance.now() - started });
      }
  console.info(
    `\nMiniSearch, whole index (no display records): ${kilobytes(Buffer.byteLength(miniJson))} raw, ${kilobytes(mini6)} brotli 6, ${kilobytes(mini11)} brotli 11; built in ${ms(miniBuildMs)}, loaded in ${ms(miniLoadMs)}`,
  );
  printTimes('MiniSearch per keystroke in Node (search only)', miniTimes);

  const set = sampled(
    relevanceSet({ products: input.products, catalogue: index.catalogue, synonyms }),
    samplePerKind,
  );
  await printRelevance(`Relevance at ${count} products (up to ${samplePerKind} queries of each kind)`, set, [
    ['engine', engineRanker(built)],
    ["spec's rule", oldRuleRanker(built.products)],
  ]);
  await printRelevance(
    `Relevance at ${count} products, MiniSearch beside the engine (up to ${miniSamplePerKind} of those queries of each kind)`,
    sampled(set, miniSamplePerKind),
    [
      ['engine', engineRanker(built)],
      ['MiniSearch', miniRanker(loaded, built.products)],
    ],
  );
}
