/**
 * Bench child: one catalogue sync (fetch, validate, write the snapshot) against the back end named by
 * the environment; `--incremental` as `npm start` and the rebuilder run it (only products changed since
 * the snapshot). Prints `BENCH {ms, products, problems, changed, mode, updated, maxRssKb}`.
 */
import { parseArgs } from 'node:util';
import { loadEnv } from '../../src/config/env.ts';
import { syncCatalogue } from '../../src/catalogue/sync.ts';

const { values } = parseArgs({ options: { incremental: { type: 'boolean', default: false } } });
const env = loadEnv();
const started = performance.now();
const result = await syncCatalogue(env, (line) => console.info(line), { incremental: values.incremental });
console.info(
  `BENCH ${JSON.stringify({
    ms: Math.round(performance.now() - started),
    products: result.products,
    problems: result.problems.length,
    changed: result.changed,
    mode: result.mode,
    updated: result.updated.length,
    maxRssKb: process.resourceUsage().maxRSS,
  })}`,
);
