/**
 * Bench child: `buildSite` (astro build, checks, precompress, build-info, publish) into `--dist`, as
 * `npm run build` does, except that
 * - Astro reads scripts/bench/astro.config.mjs: the project's config with its cache folder moved to
 *   BENCH_ASTRO_CACHE_DIR, so a cold build can start without a cache and never touches the shared
 *   node_modules/.astro of other builds;
 * - `--cold` renders every page (`mode: 'full'`); otherwise the build may be partial;
 * - source changes between builds are ignored (`sources: []`, for both, so their source hashes match):
 *   other people editing src/ while a benchmark runs would otherwise turn the warm rebuild into a full one.
 * Prints `BENCH {durationMs, pages, compression, mode, rendered, timings, maxRssKb}`.
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { benchAstroBuild } from './astro-command.ts';
import { snapshotPath } from '../../src/catalogue/snapshot.ts';
import { loadEnv } from '../../src/config/env.ts';
import { configHash } from '../../src/publish/releases/build-info.ts';
import { buildSite } from '../../src/publish/render/build.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const { values } = parseArgs({
  options: { dist: { type: 'string' }, cold: { type: 'boolean', default: false } },
});
if (!values.dist) throw new Error('--dist <dir> is required');
const env = loadEnv();
const info = await buildSite({
  root,
  distDir: resolve(root, values.dist),
  snapshotFile: snapshotPath(env.CATALOGUE_SNAPSHOT),
  configHash: configHash(env),
  command: benchAstroBuild(root),
  sources: [],
  ...(values.cold ? { mode: 'full' as const } : {}),
  log: (line) => console.info(line),
});
console.info(
  `BENCH ${JSON.stringify({ ...info, scriptHashes: info.scriptHashes.length, maxRssKb: process.resourceUsage().maxRSS })}`,
);
