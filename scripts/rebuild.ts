/**
 * `npm run rebuild`: one rebuild run, as the server's hook runs it: an incremental catalogue sync, then,
 * when something changed, a (partial when possible) build that is checked and published atomically.
 * Prints progress and a summary (products changed, pages rendered, time); exits 1 when the run failed, in
 * which case the live site was kept. With the embedded back end and no `npm start` running, it starts the
 * back end for the run.
 * `--full`: read every product and render every page. `--reconcile`: check every published price against
 * Magento's first, as the nightly job does. `--reviews`: check every rating for reviews approved since.
 * `--dist <dir>`: another served folder than `dist`.
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { shopClock } from '@cleaning-shop/kit/clock.ts';
import {
  ConfigError,
  loadConfig,
  processEnvironment,
  type EmbeddedSettings,
  type MagentoSettings,
  type ShopSettings,
} from '../src/config/env.ts';
import { magentoClientConfig } from '../src/config/magento.ts';
import { embeddedMagentoConfig } from '../src/standins/settings.ts';
import { startEmbeddedMagento, type RunningMagento } from '@cleaning-shop/embedded-magento';
import type { RunPhase, RunSummary } from '../src/publish/rebuild/rebuilder.ts';
import { createRebuildTask } from '../src/publish/rebuild/task.ts';
import type { BuildProgress } from '../src/publish/render/build.ts';
import { DIST_DIR } from '../src/server/config.ts';

const root = fileURLToPath(new URL('..', import.meta.url));

/** The embedded back end when it is the one configured and nothing answers at its address yet. */
async function embeddedIfNeeded(
  env: MagentoSettings & EmbeddedSettings & Pick<ShopSettings, 'SHOP_CLOCK_FILE'>,
): Promise<RunningMagento | undefined> {
  if (env.MAGENTO_URL) return undefined;
  const { baseUrl } = magentoClientConfig(env);
  const answers = await fetch(`${baseUrl}/rest/V1/directory/countries`, { signal: AbortSignal.timeout(2000) })
    .then((response) => response.ok)
    .catch(() => false);
  if (answers) return undefined;
  // No hook from this back end: this run is the rebuild.
  const config = {
    ...embeddedMagentoConfig(env, (line) => console.info(line)),
    onSaved: () => undefined,
  };
  const magento = await startEmbeddedMagento(config);
  console.info(`Started the embedded back end for this run: ${magento.url}/rest/V1`);
  return magento;
}

function progressPrinter(): (phase: RunPhase, detail?: { message?: string; build?: BuildProgress }) => void {
  let last = '';
  let printedAt = 0;
  return (phase, detail) => {
    const build = detail?.build;
    const line = build
      ? `${build.step === 'rendering' ? `Rendering (${build.mode} build): ${build.rendered}${build.expected ? ` of about ${build.expected}` : ''} pages` : `${build.step[0]?.toUpperCase()}${build.step.slice(1)}…`}`
      : `${phase === 'syncing' ? 'Syncing the catalogue' : phase === 'retrying' ? 'Magento failed' : 'Building'}${detail?.message ? `: ${detail.message}` : '…'}`;
    const now = Date.now();
    const sameStep = line.split(':')[0] === last.split(':')[0];
    if (line === last || (sameStep && now - printedAt < 2000)) return;
    last = line;
    printedAt = now;
    console.info(line);
  };
}

function summary(run: RunSummary): string {
  const lines = [
    run.outcome === 'published'
      ? 'Published a new build.'
      : run.outcome === 'unchanged'
        ? 'Nothing changed: the live build is up to date.'
        : 'The rebuild FAILED; the live site was kept.',
  ];
  if (run.sync)
    lines.push(
      `  catalogue: ${run.sync.products} products, ${run.sync.updated} changed, ${run.sync.removed} removed (${run.sync.mode} sync, ${(run.sync.ms / 1000).toFixed(1)} s)`,
    );
  if (run.build)
    lines.push(
      `  pages:     ${run.build.rendered} rendered of ${run.build.pages} (${run.build.mode} build${run.build.fullBecause ? `: ${run.build.fullBecause}` : ''}), build ${run.build.id}`,
    );
  lines.push(`  time:      ${(run.durationMs / 1000).toFixed(1)} s`);
  if (run.error) lines.push(`  error:     ${run.error}`);
  return lines.join('\n');
}

let magento: RunningMagento | undefined;
try {
  const { values } = parseArgs({
    options: {
      dist: { type: 'string', default: DIST_DIR },
      full: { type: 'boolean', default: false },
      // Check every published price against what Magento charges first (as the nightly job does).
      reconcile: { type: 'boolean', default: false },
      // Check every product's rating in Magento for reviews approved since (as the schedule does).
      reviews: { type: 'boolean', default: false },
    },
  });
  const config = loadConfig();
  magento = await embeddedIfNeeded({ ...config.magento, ...config.embedded, ...config.shop });
  const task = createRebuildTask({
    env: { ...config.shop, ...config.magento, ...config.embedded },
    root,
    distDir: resolve(root, values.dist),
    // The environment `astro build` inherits: this process's, which the settings above were parsed from.
    buildEnv: processEnvironment(),
    clock: shopClock(config.shop.SHOP_CLOCK_FILE),
    log: (line) => console.info(line),
  });
  const started = new Date();
  const report = progressPrinter();
  const outcome = await task({
    reasons: ['npm run rebuild'],
    full: values.full,
    reconcile: values.reconcile,
    reviews: values.reviews,
    skus: [],
    targeted: false,
    read: true,
    report,
  });
  const finished = new Date();
  const run: RunSummary = {
    ...outcome,
    startedAt: started.toISOString(),
    finishedAt: finished.toISOString(),
    durationMs: finished.getTime() - started.getTime(),
    reasons: ['npm run rebuild'],
  };
  console.info(`\n${summary(run)}`);
  process.exitCode = run.outcome === 'failed' ? 1 : 0;
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exitCode = 1;
} finally {
  await magento?.close();
}
