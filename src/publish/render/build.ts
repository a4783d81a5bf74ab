/**
 * Build and publish (src/publish/): how the shop's pages get from the catalogue to the live site. One
 * run goes sync (src/catalogue/sync.ts, driven by task.ts) → the build's decisions (build-plan.ts: full,
 * partial or warm, and which pages changed, worked out before anything renders) → a warm run by the warm
 * renderer (warm-build.ts), or `astro build` into a fresh `dist.builds/<id>/` (astro-render.ts, its render
 * plan handed to the pages as plain data) → precompressed text, inline-script
 * hashes, unchanged pages linked from the live build and checks (finish.ts, checks.ts) → `dist` switched to
 * it in one rename (builds.ts), with rollback to any kept build. A failed build or check throws and leaves
 * the live site exactly as it was. The rebuilder (rebuilder.ts) queues runs from the signed hook
 * (hook-client.ts, signature.ts, routes.ts), polling and the CLI; the storefront server imports only
 * index.ts. Used by `npm run build`, `npm start` when the site is stale, `npm run rebuild` and the rebuilder.
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import type { BuildInfo } from '../releases/build-info.ts';
import {
  buildLayout,
  lockBuilds,
  newBuildId,
  publishAndPrune,
  type BuildLayout,
} from '../releases/builds.ts';
import type { RunResult } from './astro-run.ts';
import { renderWithAstro } from './astro-render.ts';
import type { BuildSiteOptions, BuildStep } from './build-options.ts';
import { planBuild, startPlan, type BuildStart, type Plan } from './build-plan.ts';
import { BuildError, messageOf } from './errors.ts';
import {
  finishBuild,
  pageReuse,
  reusedPages,
  startClientPass,
  type Finished,
  type PageReuse,
} from './finish.ts';
import { CACHE_KEYS_FILE, PAGES_MANIFEST_FILE, readCacheKeys, renderPlanPath } from '../plan/plan-files.ts';
import type { SitePass } from './site-pass.ts';
import { levelsOf, warmBuild } from './warm-build.ts';
import { wholeWarmBuild } from './warm-whole.ts';

export { BuildError, ReuseError } from './errors.ts';
export { defaultSources, partialBuildBlocker } from '../plan/render-plan.ts';
export type { BuildProgress, BuildSiteOptions, BuildStep } from './build-options.ts';

let building: Promise<BuildInfo> | undefined;

/** Builds and publishes the site; a second call while one runs waits for it (one build at a time). */
export async function buildSite(options: BuildSiteOptions): Promise<BuildInfo> {
  while (building) await building.catch(() => undefined);
  const current = buildOnce(options);
  building = current;
  try {
    return await current;
  } finally {
    building = undefined;
  }
}
function describe(
  options: BuildSiteOptions,
  plan: Plan,
  started: Date,
  run: RunResult,
  finished: Finished,
  timings: Record<string, number>,
): BuildInfo {
  return {
    builtAt: started.toISOString(),
    durationMs: Math.round(Date.now() - started.getTime()),
    snapshotHash: plan.snapshotHash,
    configHash: options.configHash,
    pages: finished.pages,
    scriptHashes: finished.scriptHashes,
    compression: finished.compression,
    id: basename(plan.dir),
    mode: plan.mode,
    ...(plan.fullBecause ? { fullBecause: plan.fullBecause } : {}),
    rendered: finished.rendered,
    timings: { ...timings },
    sourceHash: plan.sourceHash,
    ...(run.peakKb === undefined ? {} : { astroPeakRssKb: run.peakKb }),
    pricedAt: new Date(plan.pricedAt).toISOString(),
    ...(plan.prices ? { priceChanges: plan.prices } : {}),
  };
}

/** A build under way: one value its steps share (the folder, the timings, what to stop on a failure). */
interface BuildRun {
  readonly options: BuildSiteOptions;
  readonly log: (message: string) => void;
  readonly root: string;
  readonly layout: BuildLayout;
  readonly started: Date;
  /** The new build's folder (a fresh one when a failed warm run leaves its own behind). */
  dir: string;
  readonly timings: Record<string, number>;
  /** Records the time since the last lap as `name`. */
  readonly lap: (name: string) => void;
  /** What every failure message ends with. */
  readonly kept: string;
  pass: SitePass | undefined;
  reuse: PageReuse | undefined;
}

function buildRun(options: BuildSiteOptions, layout: BuildLayout, root: string): BuildRun {
  const started = new Date();
  const timings: Record<string, number> = {};
  let mark = performance.now();
  const lap = (name: string) => {
    const now = performance.now();
    timings[name] = Math.round(now - mark);
    mark = now;
  };
  return {
    ...{ options, log: options.log ?? (() => undefined), root, layout, started },
    ...{ dir: join(layout.buildsDir, newBuildId(started)), timings, lap },
    ...{ kept: `The live site (${layout.dist}) was kept.`, pass: undefined, reuse: undefined },
  };
}

async function buildOnce(options: BuildSiteOptions): Promise<BuildInfo> {
  const root = resolve(options.root);
  const layout = buildLayout(resolve(root, options.distDir));
  const release = await lockBuilds(layout, { log: options.log ?? (() => undefined) });
  const run = buildRun(options, layout, root);
  try {
    await mkdir(layout.buildsDir, { recursive: true });
    const begun = startPlan(options, root, layout);
    const warm = await tryWarm(run, begun);
    if (warm) return warm;
    return await astroBuild(run, begun);
  } catch (error) {
    await run.pass?.stop();
    await run.reuse?.settled();
    await rm(run.dir, { recursive: true, force: true });
    if (error instanceof BuildError) throw error;
    throw new BuildError(`The site build could not be finished: ${messageOf(error)}. ${run.kept}`, {
      cause: error,
    });
  } finally {
    await rm(renderPlanPath(run.dir), { force: true });
    await release();
  }
}

/**
 * A run of the warm renderer, when it was made from the sources being built: a layer over the live build
 * when nothing calls for a full build, else a whole build (warm-whole.ts). Undefined when there is no such
 * renderer, or when it failed (the work goes to `astro build`).
 */
async function tryWarm(run: BuildRun, begun: BuildStart): Promise<BuildInfo | undefined> {
  const { options, layout, timings, lap, kept } = run;
  const { live, liveInfo } = begun;
  const { warm } = options;
  if (!warm || warm.sourceHash !== begun.sourceHash) return undefined;
  const steps = { lap, timings, kept };
  try {
    if (!begun.fullBecause && live && liveInfo) {
      const warmRun = { ...begun, live, liveInfo, warm };
      return await warmBuild(options, layout, run.dir, run.started, warmRun, steps);
    }
    if (!warm.bundle) return undefined;
    run.log(`Full build by the warm renderer: ${begun.fullBecause ?? 'there is no live build'}.`);
    const wholeRun = { ...begun, warm, bundle: warm.bundle };
    return await wholeWarmBuild(options, layout, { dir: run.dir, started: run.started }, wholeRun, steps);
  } catch (error) {
    // A check that failed stops the run; a renderer that failed leaves the work to `astro build`.
    if (error instanceof BuildError) throw error;
    run.log(`The warm renderer failed (${messageOf(error)}); building with astro build.`);
    await rm(run.dir, { recursive: true, force: true });
    // A folder of its own: the renderer may still write the failed one's siblings.
    run.dir = join(layout.buildsDir, newBuildId(new Date()));
    return undefined;
  }
}

/** `astro build` into the new folder, the client pass beside it; then the checks and the publish. */
async function astroBuild(run: BuildRun, begun: BuildStart): Promise<BuildInfo> {
  const { options, log, dir, timings, lap, kept } = run;
  // `astro build` reads the snapshot file: the owner's last sync may not have written it yet.
  await options.owner?.flush();
  const plan = planBuild(options, run.root, dir, begun);
  lap('plan');
  log(
    plan.mode === 'full'
      ? `Full build: ${plan.fullBecause}.`
      : 'Partial build: product and listing pages whose data changed.',
  );
  const reused = reusedPages(plan.manifest, plan.live);
  const reuse = (run.reuse = pageReuse(plan.live, dir, reused));
  const pass = (run.pass = startClientPass({
    reused,
    dir,
    live: plan.live,
    secrets: plan.settings.secrets,
    siteUrl: plan.settings.shop?.siteUrl,
    // With a warm renderer beside, its process compresses the build once it is live: Astro keeps both cores.
    compress: options.compress ?? options.warm === undefined,
  }));
  const rendering = await renderWithAstro(options, plan, kept, pass, reuse);
  lap('astro');
  Object.assign(timings, { astroBundle: rendering.bundleMs, astroRender: rendering.renderMs });
  // With every key Astro's routes gave (astro.config.mjs writes them): a full build's plan has none.
  const manifest = plan.manifest && {
    ...plan.manifest,
    pages: { ...readCacheKeys(dir), ...plan.fixedKeys, ...plan.manifest.pages },
  };
  if (manifest) {
    await writeFile(join(dir, PAGES_MANIFEST_FILE), JSON.stringify(manifest));
    await rm(join(dir, CACHE_KEYS_FILE), { force: true });
  }
  const { rendered, expected } = rendering;
  const progress = (step: BuildStep) => options.onProgress?.({ step, rendered, expected, mode: plan.mode });
  const finished = await finishBuild({
    ...{ dir, live: plan.live, liveInfo: plan.liveInfo, manifest },
    ...{ secrets: plan.settings.secrets, smokePages: options.smokePages, pass, reuse, log, lap, progress },
  });
  if (finished.problems.length > 0)
    throw new BuildError(
      `The new build failed its checks, so it was not published. ${kept}\n  ${finished.problems.join('\n  ')}`,
    );
  for (const [kind, ms] of Object.entries(finished.workMs)) timings[`work.${kind}`] = ms;
  progress('publishing');
  return publish(run, describe(options, plan, run.started, rendering.run, finished, timings));
}

/** Switches `dist` to the new build, and has the renderer compress it once live. */
async function publish(run: BuildRun, info: BuildInfo): Promise<BuildInfo> {
  const { options } = run;
  const { swapMs } = await publishAndPrune(run.layout, run.dir, info, {
    ...(options.keep === undefined ? {} : { keep: options.keep }),
    protect: options.protect ?? [],
    log: run.log,
  });
  options.warm?.compressLater(run.dir, levelsOf(info.compression.brotliQuality));
  return { ...info, timings: { ...info.timings, swap: swapMs } };
}
