/**
 * `node scripts/bench-search.ts [--dist var/e2e/dist] [--snapshot var/catalogue/catalogue.json]`: the
 * search index's figures (DESIGN.md §5 budget at 10,000 products: first result list ≤ 150 KB compressed
 * transferred, matching ≤ 50 ms).
 *
 * For 250 and 10,000 demo products it starts an embedded back end on a throwaway folder under var/,
 * reads the catalogue over HTTP as a sync does, builds the index as the site build does, and prints
 * - the bytes of the names file and the detail shards: raw, gzip and brotli at the levels the build
 *   writes them with (brotli 6 / gzip 6) and at the thorough ones (brotli 11 / gzip 9);
 * - for a few terms: hits, matching time (median, p95 and worst of many runs, names prepared
 *   once), and what the first result list transfers: the names file plus the shards of the first 24 results;
 * - at 10,000, the same transfer for other shard sizes, which is how the default was chosen;
 * - with `--snapshot`, the same for that catalogue snapshot as well (a real shop's names compress far
 *   less than the demo generator's, which repeat a few hundred names);
 * - with `--dist`, the search page itself (HTML, CSS and the JavaScript it loads, brotli) from a built
 *   site, added to the index bytes for the whole first list.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadCatalogue } from '../src/catalogue/load.ts';
import { productRoutes } from '../src/catalogue/product-page.ts';
import { indexCatalogue, readSnapshot } from '../src/catalogue/snapshot.ts';
import type { Catalogue } from '../src/catalogue/types.ts';
import { startEmbeddedMagento } from '../src/embedded/magento/server.ts';
import {
  buildSearchIndex,
  DEFAULT_SHARD_SIZE,
  searchableProducts,
  type BuiltSearchIndex,
} from '../src/features/search/build-index.ts';
import { findMatches, PAGE_SIZE, prepareNames, shardsFor } from '../src/features/search/results.ts';
import { decodeNames } from '../src/features/search/search-index.ts';
import { BUILD_LEVELS, compress, FAST_BUILD_LEVELS, type Levels } from '../src/publish/index.ts';
import { pageWeight } from './bench/transfer.ts';

const { values } = parseArgs({ options: { dist: { type: 'string' }, snapshot: { type: 'string' } } });
const TERMS = [
  'steam',
  'pressure washer',
  'high pressure',
  'battery',
  'professional',
  'vac',
  'k 4',
  'a',
  'zzz',
];
const BUDGET_BYTES = 150 * 1024;
const BUDGET_MS = 50;
const TOKEN = 'bench-search-integration-token-0123456789';

async function readDemoCatalogue(productCount: number): Promise<Catalogue> {
  mkdirSync('var', { recursive: true });
  const dir = mkdtempSync(resolve('var', 'bench-search-'));
  const backend = await startEmbeddedMagento({
    host: '127.0.0.1',
    port: 0,
    dbFile: join(dir, 'magento.sqlite'),
    mediaDir: join(dir, 'media'),
    admin: { username: 'admin', password: 'Admin123!' },
    integrationToken: TOKEN,
    tokenLifetimes: { customer: 3600, admin: 14400 },
    catalogue: { seed: 1, productCount, brand: 'Clearwater' },
    flatRatePerItem: 0,
    writeImages: false,
  });
  try {
    const { catalogue, problems } = await loadCatalogue({ baseUrl: backend.url, token: TOKEN });
    if (problems.length > 0) console.warn(`${problems.length} products left out by the loader`);
    return catalogue;
  } finally {
    await backend.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

interface Sizes {
  raw: number;
  gz: number;
  br: number;
}

async function sizes(text: string, levels: Levels): Promise<Sizes> {
  const data = Buffer.from(text);
  const [gz, br] = await Promise.all([compress(data, 'gzip', levels), compress(data, 'br', levels)]);
  return { raw: data.length, gz: gz.length, br: br.length };
}

const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;
const show = (s: Sizes): string => `raw ${kb(s.raw)}, gzip ${kb(s.gz)}, brotli ${kb(s.br)}`;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

/** Brotli bytes (at `levels`) of the names file and of each shard. */
async function fileBytes(built: BuiltSearchIndex, levels: Levels) {
  const names = await sizes(JSON.stringify(built.names), levels);
  const shards = await Promise.all(built.shards.map((shard) => sizes(JSON.stringify(shard), levels)));
  return { names, shards };
}

/** Names file plus the shards of the first page of results, brotli; and how many requests. */
function firstList(
  built: BuiltSearchIndex,
  bytes: { names: Sizes; shards: Sizes[] },
  matches: number[],
): { br: number; requests: number } {
  const needed = shardsFor(matches.slice(0, PAGE_SIZE), built.names.s);
  return {
    br: bytes.names.br + needed.reduce((sum, shard) => sum + (bytes.shards[shard]?.br ?? 0), 0),
    requests: 1 + needed.length,
  };
}

/** The bound for any term: the first results each in a shard of its own, the largest shards at that. */
function worstFirstList(bytes: { names: Sizes; shards: Sizes[] }): { br: number; requests: number } {
  const largest = bytes.shards
    .map((shard) => shard.br)
    .sort((a, b) => b - a)
    .slice(0, PAGE_SIZE);
  return { br: bytes.names.br + largest.reduce((sum, br) => sum + br, 0), requests: 1 + largest.length };
}

const page = values.dist ? pageWeight(join(values.dist, 'client'), 'search', '/search') : undefined;
const pageBytes = page ? (page.htmlBr ?? page.htmlRaw) + page.css + page.js : 0;
if (page) {
  console.info(
    `Search page (${values.dist}): HTML ${kb(page.htmlBr ?? page.htmlRaw)} + CSS ${kb(page.css)} + JS ${kb(page.js)} (${kb(page.jsRaw)} raw, ${page.jsFiles.length} files) brotli = ${kb(pageBytes)}`,
  );
}

const sources: { label: string; read: () => Promise<Catalogue> }[] = [
  { label: '250 demo products', read: () => readDemoCatalogue(250) },
  { label: '10000 demo products', read: () => readDemoCatalogue(10_000) },
];
const snapshot = values.snapshot;
if (snapshot) sources.push({ label: snapshot, read: () => Promise.resolve(readSnapshot(snapshot)) });

for (const source of sources) {
  const started = performance.now();
  const catalogue = await source.read();
  const loadedMs = performance.now() - started;
  const index = indexCatalogue(catalogue);
  const products = searchableProducts(productRoutes(index).routed);
  const buildStarted = performance.now();
  const built = buildSearchIndex(products);
  const buildMs = performance.now() - buildStarted;
  const large = catalogue.products.length > 1000;
  // What the build writes for sites with over 4 MB of text (`precompress.ts`), which even the demo of
  // 250 products is: the index files are not under `_astro/`, so they get the fast levels.
  const served = FAST_BUILD_LEVELS;

  console.info(
    `\n== ${source.label}: ${catalogue.products.length} enabled, ${products.length} searchable (visibility 4, with a page); read in ${(loadedMs / 1000).toFixed(1)} s, index built in ${buildMs.toFixed(0)} ms`,
  );
  const bytes = await fileBytes(built, served);
  const thorough = await fileBytes(built, BUILD_LEVELS);
  const total = (list: Sizes[]): Sizes =>
    list.reduce((sum, s) => ({ raw: sum.raw + s.raw, gz: sum.gz + s.gz, br: sum.br + s.br }), {
      raw: 0,
      gz: 0,
      br: 0,
    });
  const levelsLabel = (levels: Levels) => `brotli ${levels.brotli} / gzip ${levels.gzip}`;
  console.info(`names.json (${built.names.n.length} names), ${levelsLabel(served)}: ${show(bytes.names)}`);
  console.info(`names.json, ${levelsLabel(BUILD_LEVELS)}: ${show(thorough.names)}`);
  const shardTotal = total(bytes.shards);
  console.info(
    `${built.shards.length} shards of ${built.names.s}, ${levelsLabel(served)}: total ${show(shardTotal)}; one shard ≈ ${show(
      {
        raw: shardTotal.raw / Math.max(1, built.shards.length),
        gz: shardTotal.gz / Math.max(1, built.shards.length),
        br: shardTotal.br / Math.max(1, built.shards.length),
      },
    )}`,
  );

  const worst = worstFirstList(bytes);
  console.info(
    `First list, worst case (24 results in 24 different shards): index ${kb(worst.br)} in ${worst.requests} requests${page ? `, with page ${kb(worst.br + pageBytes)} (budget ${kb(BUDGET_BYTES)})` : ''}`,
  );

  // Matching as the browser does it: parse and prepare the names once, then match per term.
  const parseStarted = performance.now();
  const names = decodeNames(JSON.parse(JSON.stringify(built.names)));
  const prepared = prepareNames(names.n);
  console.info(
    `Parse + prepare names once: ${(performance.now() - parseStarted).toFixed(1)} ms (on this machine's Node)`,
  );
  const runs = large ? 200 : 1000;
  for (const term of TERMS) {
    const times: number[] = [];
    let matches: number[] = [];
    for (let run = 0; run < runs; run += 1) {
      const at = performance.now();
      matches = findMatches(prepared, term);
      times.push(performance.now() - at);
    }
    // p95, not the maximum: one run in a few hundred meets a garbage collection or a busy machine.
    const p95 = percentile(times, 95);
    const list = firstList(built, bytes, matches);
    const withPage = list.br + pageBytes;
    const verdict = large
      ? `  [match ${p95 <= BUDGET_MS ? 'ok' : 'OVER'}${page ? `, bytes ${withPage <= BUDGET_BYTES ? 'ok' : 'OVER'}` : ''}]`
      : '';
    console.info(
      `  ${JSON.stringify(term).padEnd(18)} ${String(matches.length).padStart(5)} hits  match median ${percentile(times, 50).toFixed(2)} ms, p95 ${p95.toFixed(2)} ms, max ${Math.max(...times).toFixed(2)} ms  first list: index ${kb(list.br)} in ${list.requests} requests${page ? `, with page ${kb(withPage)}` : ''}${verdict}`,
    );
  }

  if (large) {
    console.info(
      `Shard size vs first list (index bytes / requests, ${levelsLabel(served)}): worst case, then per term`,
    );
    for (const shardSize of [...new Set([8, 16, 32, 64, 128, 500, DEFAULT_SHARD_SIZE])].sort(
      (a, b) => a - b,
    )) {
      const variant = buildSearchIndex(products, { shardSize });
      const variantBytes = await fileBytes(variant, served);
      const cells = TERMS.map((term) => {
        const list = firstList(variant, variantBytes, findMatches(prepared, term));
        return `${term} ${kb(list.br)}/${list.requests}`;
      });
      const bound = worstFirstList(variantBytes);
      console.info(
        `  ${String(shardSize).padStart(3)}: worst ${kb(bound.br)}/${bound.requests} · ${cells.join(' · ')}`,
      );
    }
  }
}
