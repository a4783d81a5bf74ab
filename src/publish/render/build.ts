/**
 * Build and publish (src/publish/): how the shop's pages get from the catalogue to the live site. One
 * run goes sync (src/catalogue/sync.ts, driven by task.ts) → render plan (render-plan.ts: which product
 * pages changed, worked out from the snapshot before Astro starts and handed to the product route as plain
 * data) → `astro build` into a fresh `dist.builds/<id>/` (astro-run.ts) → precompressed text, inline-script
 * hashes, unchanged pages linked from the live build and checks (finish.ts, checks.ts) → `dist` switched to
 * it in one rename (builds.ts), with rollback to any kept build. A failed build or check throws and leaves
 * the live site exactly as it was. The rebuilder (rebuilder.ts) queues runs from the signed hook
 * (hook-client.ts, signature.ts, routes.ts), polling and the CLI; the storefront server imports only
 * index.ts. Used by `npm run build`, `npm start` when the site is stale, `npm run rebuild` and the rebuilder.
 */
import { existsSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import { loadEnv, processEnvironment, type Env } from '../../config/env.ts';
import { shopInfo, type ShopInfo } from '../../config/shop.ts';
import { readBuildInfo, snapshotHash, sourceHash, type BuildInfo } from '../releases/build-info.ts';
import {
  buildLayout,
  liveBuildDir,
  lockBuilds,
  newBuildId,
  publishAndPrune,
  type BuildLayout,
} from '../releases/builds.ts';
import { PAGE_LINE, pageLineReader, runBuild, type RunResult } from './astro-run.ts';
import { buildSecrets, type NamedSecret } from './secrets.ts';
import { BuildError, messageOf } from './errors.ts';
import {
  finishBuild,
  pageReuse,
  reusedPages,
  startClientPass,
  type Finished,
  type PageReuse,
} from './finish.ts';
import {
  CACHE_KEYS_FILE,
  PAGES_MANIFEST_FILE,
  readCacheKeys,
  readPagesManifest,
  renderPlanPath,
  writeRenderPlan,
} from '../plan/plan-files.ts';
import {
  defaultSources,
  partialBuildBlocker,
  workOutRenderPlan,
  type PagesManifest,
  type PriceSchedule,
} from '../plan/render-plan.ts';
import type { SitePass } from './site-pass.ts';
import { assembleWarmBuild, levelsOf, warmLevels } from './warm-build.ts';
import type { WarmRendererClient } from './warm-client.ts';

export { BuildError, ReuseError } from './errors.ts';
export { defaultSources, partialBuildBlocker } from '../plan/render-plan.ts';

export type BuildStep = 'rendering' | 'compressing' | 'checking' | 'publishing';

export interface BuildProgress {
  readonly step: BuildStep;
  /** Pages rendered so far (while rendering). */
  readonly rendered: number;
  /** About how many pages this build renders, when known. */
  readonly expected?: number | undefined;
  readonly mode: 'full' | 'partial';
}

export interface BuildSiteOptions {
  /** The project (where astro.config.mjs and node_modules are). */
  readonly root: string;
  /** The served path (`dist`): a link to the live build in `${distDir}.builds/`. */
  readonly distDir: string;
  /** The catalogue snapshot the pages render (recorded by hash in build-info.json). */
  readonly snapshotFile: string;
  /** Its hash, when the caller knows it (the warm renderer's sync, whose file is written after the run). */
  readonly snapshotHash?: string;
  /** `configHash(env)` of the settings the pages render. */
  readonly configHash: string;
  /** Environment of the build process (default: this process's). */
  readonly env?: NodeJS.ProcessEnv;
  /**
   * The build command, to which `--outDir <dir>` is appended. Default: Astro's CLI run by this Node
   * (not `node_modules/.bin/astro`, whose `#!/usr/bin/env node` may find an older system Node).
   */
  readonly command?: readonly [string, ...string[]];
  /** The instant the pages are priced at (epoch ms; default now): a special price shows when it applies then. */
  readonly pricedAt?: number;
  /** `auto` (default): partial when the live build allows it; `full`: render every page. */
  readonly mode?: 'auto' | 'full';
  /** Values no built file may contain. Default: the configured tokens and passwords (`buildSecrets`). */
  readonly secrets?: readonly NamedSecret[];
  /** Pages (relative to `client/`) that must exist and be HTML. Default: home, 404, a product, a listing. */
  readonly smokePages?: readonly string[];
  /** Files and folders whose change since the live build calls for a full build (default: the site's sources). */
  readonly sources?: readonly string[];
  /** `sourceHash(sources)` when the caller has just worked it out (the rebuild task, for its staleness check). */
  readonly sourceHash?: string;
  /** Finished builds kept (default 3). */
  readonly keep?: number;
  /** Build folders never pruned (e.g. the one whose server entry a running server loaded). */
  readonly protect?: readonly string[];
  readonly log?: (message: string) => void;
  readonly onProgress?: (progress: BuildProgress) => void;
  /**
   * The warm renderer (warm-client.ts): when it was made from the live build's sources, a
   * partial build is rendered by it, as a layer over the live site, instead of by `astro build`.
   */
  readonly warm?: WarmRendererClient;
  /**
   * Write the `.br`/`.gz` siblings before publishing (default: yes, unless a warm renderer is given, whose
   * process writes them once the build is live). `npm start` publishes its first build at once and the
   * rebuilder's renderer compresses it.
   */
  readonly compress?: boolean;
}

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

/** One build's decisions, made before `astro build` runs. */
interface Plan {
  readonly root: string;
  readonly dir: string;
  readonly environment: NodeJS.ProcessEnv;
  readonly live: string | undefined;
  readonly liveInfo: BuildInfo | undefined;
  readonly mode: 'full' | 'partial';
  readonly fullBecause: string | undefined;
  readonly sourceHash: string;
  readonly snapshotHash: string | null;
  /** Every product page's fingerprint and which to render (undefined: a project without a product route). */
  readonly manifest: PagesManifest | undefined;
  /** The instant the pages are priced at, and the price changes due after it. */
  readonly pricedAt: number;
  readonly prices: PriceSchedule | undefined;
  /** The keys of the fixed pages whose inputs are known (site/page-plan.ts), as this build renders them. */
  readonly fixedKeys: Readonly<Record<string, string>>;
  readonly settings: BuildSettings;
}

/**
 * What the build reads of the shop's settings, parsed once from the build's environment and handed down:
 * the pages' identity of the shop (undefined for a project whose environment is not the shop's) and the
 * values no built file may contain.
 */
interface BuildSettings {
  readonly shop: ShopInfo | undefined;
  readonly secrets: readonly NamedSecret[];
}

function buildSettings(environment: NodeJS.ProcessEnv, secrets?: readonly NamedSecret[]): BuildSettings {
  let settings: Env | undefined;
  try {
    settings = loadEnv(environment);
  } catch {
    settings = undefined;
  }
  return {
    shop: settings && shopInfo(settings),
    secrets: secrets ?? (settings ? buildSecrets(settings) : []),
  };
}

/** What decides between a full, a partial and a warm build, worked out before any page is planned. */
function startPlan(options: BuildSiteOptions, root: string, layout: BuildLayout) {
  const live = liveBuildDir(layout);
  const liveInfo = live ? readBuildInfo(live) : undefined;
  const liveManifest = live ? readPagesManifest(join(live, PAGES_MANIFEST_FILE)) : undefined;
  const sources = options.sources ?? defaultSources(root);
  const hash = options.sourceHash ?? sourceHash(sources);
  const fullBecause = partialBuildBlocker({
    mode: options.mode ?? 'auto',
    live,
    liveInfo,
    liveManifest,
    configHash: options.configHash,
    sources,
    sourceHash: hash,
  });
  // The pages price at the plan's instant (the render plan carries it), so their prices are those the
  // fingerprints were worked out from.
  const pricedAt = options.pricedAt ?? Date.now();
  const environment = options.env ?? processEnvironment();
  const settings = buildSettings(environment, options.secrets);
  return { live, liveInfo, liveManifest, sourceHash: hash, fullBecause, pricedAt, environment, settings };
}

function planBuild(
  options: BuildSiteOptions,
  root: string,
  dir: string,
  started: ReturnType<typeof startPlan>,
): Plan {
  const { live, liveInfo, liveManifest, fullBecause, pricedAt, environment, settings } = started;
  const planned =
    settings.shop &&
    workOutRenderPlan({
      root,
      snapshotFile: options.snapshotFile,
      shop: settings.shop,
      previous: fullBecause ? undefined : liveManifest,
      at: pricedAt,
    });
  const manifest = planned?.manifest;
  const mode = fullBecause || !manifest?.partial ? 'full' : 'partial';
  const because =
    fullBecause ??
    (mode === 'full' ? 'the project has no product route to plan (render-plan.ts)' : undefined);
  return {
    ...{ root, dir, environment, live, liveInfo, mode, manifest, pricedAt, prices: planned?.prices },
    fixedKeys: planned?.fixedKeys ?? {},
    settings,
    fullBecause: because,
    sourceHash: started.sourceHash,
    snapshotHash: snapshotHash(options.snapshotFile),
  };
}

interface Rendered {
  readonly run: RunResult;
  readonly rendered: number;
  readonly expected: number | undefined;
  /** Astro's bundling (until it starts prerendering) and its prerendering, in ms. */
  readonly bundleMs: number;
  readonly renderMs: number;
}

/**
 * Runs `astro build` into the plan's folder, reporting progress and handing each page it writes to the
 * site pass (site-pass.ts); throws a BuildError when it fails.
 */
async function render(
  options: BuildSiteOptions,
  plan: Plan,
  kept: string,
  pass: SitePass,
  reuse: PageReuse,
): Promise<Rendered> {
  const log = options.log ?? (() => undefined);
  const { liveInfo, manifest, mode } = plan;
  // Pages other than product and listing pages are rendered every time; the estimate only drives the progress bar.
  const livePlan = plan.live ? readPagesManifest(join(plan.live, PAGES_MANIFEST_FILE)) : undefined;
  const otherPages =
    liveInfo && livePlan ? Math.max(0, liveInfo.pages - Object.keys(livePlan.pages).length) : undefined;
  const expected =
    manifest && otherPages !== undefined
      ? otherPages + manifest.rendered.length
      : mode === 'full'
        ? liveInfo?.pages
        : undefined;
  let rendered = 0;
  const progress = () => options.onProgress?.({ step: 'rendering', rendered, expected, mode });
  progress();
  // What the pages render, handed to them as values (the shop's own project: a stand-in has no plan).
  if (plan.settings.shop)
    writeRenderPlan(plan.dir, {
      render: manifest?.rendered ?? null,
      pricedAt: plan.pricedAt,
      snapshotFile: resolve(options.snapshotFile),
      shop: plan.settings.shop,
    });
  const command = options.command ?? [
    process.execPath,
    join(plan.root, 'node_modules/astro/bin/astro.mjs'),
    'build',
  ];
  const environment = { ...plan.environment, ASTRO_TELEMETRY_DISABLED: '1' };
  let run: RunResult;
  const started = performance.now();
  let renderStarted: number | undefined;
  try {
    const pages = pageLineReader((file) => pass.add(file));
    run = await runBuild([...command, '--outDir', plan.dir], plan.root, environment, (line) => {
      if (PAGE_LINE.test(line) || line.includes('(+')) {
        const finished = pages.line(line);
        if (Math.floor((rendered + finished) / 50) > Math.floor(rendered / 50)) progress();
        rendered += finished;
        return;
      }
      // Astro empties its output folder just before it says so: from then on, link the reused pages.
      if (/Building \w+ entrypoints|(prerendering|generating) static routes/.test(line)) reuse.start();
      if (/(prerendering|generating) static routes/.test(line)) {
        renderStarted ??= performance.now();
        progress();
      }
      if (line.trim() !== '') log(line);
    });
  } catch (error) {
    throw new BuildError(`Could not start the site build (${command.join(' ')}). ${kept}`, { cause: error });
  }
  const clientDir = join(plan.dir, 'client');
  if (run.code !== 0 || !existsSync(clientDir)) {
    const tail = run.tail.filter((line) => line.trim() !== '').join('\n');
    throw new BuildError(
      run.code !== 0
        ? `The site build failed (astro build exited with ${run.code}). ${kept}\n${tail}`
        : `The site build wrote no ${clientDir}. ${kept}`,
    );
  }
  const ended = performance.now();
  return {
    ...{ run, rendered, expected },
    bundleMs: Math.round((renderStarted ?? ended) - started),
    renderMs: Math.round(ended - (renderStarted ?? ended)),
  };
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

/**
 * A build by the warm renderer: the pages and data files whose fingerprint changed, rendered without
 * `astro build`, as a layer over the live site (warm-build.ts), checked and published.
 */
async function warmBuild(
  options: BuildSiteOptions,
  layout: BuildLayout,
  dir: string,
  started: Date,
  run: ReturnType<typeof startPlan> & {
    readonly live: string;
    readonly liveInfo: BuildInfo;
    readonly liveManifest: PagesManifest;
    readonly warm: WarmRendererClient;
  },
  steps: { lap(name: string): void; timings: Record<string, number>; kept: string },
): Promise<BuildInfo> {
  const { lap, timings } = steps;
  const progress = (step: BuildStep, rendered = 0) =>
    options.onProgress?.({ step, rendered, mode: 'partial' });
  progress('rendering');
  const { shop, secrets } = run.settings;
  if (!shop) throw new Error("the build's environment has no shop settings to render with");
  // The live build's whole build: its files are compressed at its levels (they depend on the site's size).
  const levels = warmLevels(join(layout.buildsDir, run.liveInfo.base ?? basename(run.live)));
  const outcome = await run.warm.run({
    dir,
    live: run.live,
    liveKeys: run.liveManifest.pages,
    levels,
    secrets,
    pricedAt: run.pricedAt,
    shop,
  });
  lap('render');
  Object.assign(timings, { plan: outcome.planMs, renderPages: outcome.renderMs });
  progress('compressing', outcome.written.length);
  const assembled = await assembleWarmBuild({
    dir,
    live: run.live,
    liveInfo: run.liveInfo,
    outcome,
    shared: run.liveManifest.shared,
    siteUrl: shop.siteUrl,
    log: options.log ?? (() => undefined),
  });
  lap('sitePass');
  // Pages naming scripts or styles the live build lacks: the renderer is not the live build's (a failure
  // of the renderer, so the run builds with astro build instead).
  if (assembled.missingAssets.length > 0)
    throw new Error(
      `the warm renderer's pages name assets the live build lacks (${assembled.missingAssets.slice(0, 3).join(', ')})`,
    );
  if (assembled.problems.length > 0)
    throw new BuildError(
      `The new build failed its checks, so it was not published. ${steps.kept}\n  ${assembled.problems.join('\n  ')}`,
    );
  progress('publishing', outcome.written.length);
  const { scan } = assembled;
  const info: BuildInfo = {
    builtAt: started.toISOString(),
    durationMs: Math.round(Date.now() - started.getTime()),
    snapshotHash: options.snapshotHash ?? snapshotHash(options.snapshotFile),
    configHash: options.configHash,
    pages: assembled.pages,
    scriptHashes: [...new Set([...(run.liveInfo.scriptHashes ?? []), ...scan.scriptHashes])].sort(),
    // Compressed by the renderer once live (warm.ts, compressWritten): nothing yet.
    compression: { files: 0, reused: 0, brotliQuality: levels.brotli, bytes: 0, brotliBytes: 0, ms: 0 },
    id: basename(dir),
    mode: 'warm',
    ...(assembled.base ? { base: assembled.base, removed: assembled.removed } : {}),
    rendered: scan.htmlFiles,
    timings: { ...timings },
    sourceHash: run.sourceHash,
    pricedAt: new Date(run.pricedAt).toISOString(),
    ...(outcome.prices ? { priceChanges: outcome.prices } : {}),
  };
  const { swapMs } = await publishAndPrune(layout, dir, info, {
    ...(options.keep === undefined ? {} : { keep: options.keep }),
    protect: options.protect ?? [],
    log: options.log ?? (() => undefined),
  });
  // A layer folded into a whole build has the base's files, some never compressed: the renderer does.
  if (!assembled.base) run.warm.compressLater(dir, levels);
  return { ...info, timings: { ...timings, swap: swapMs } };
}

async function buildOnce(options: BuildSiteOptions): Promise<BuildInfo> {
  const log = options.log ?? (() => undefined);
  const root = resolve(options.root);
  const layout = buildLayout(resolve(root, options.distDir));
  const release = await lockBuilds(layout, { log });
  const started = new Date();
  let dir = join(layout.buildsDir, newBuildId(started));
  const timings: Record<string, number> = {};
  let mark = performance.now();
  const lap = (name: string) => {
    const now = performance.now();
    timings[name] = Math.round(now - mark);
    mark = now;
  };
  const kept = `The live site (${layout.dist}) was kept.`;
  let pass: SitePass | undefined;
  let reuse: PageReuse | undefined;
  try {
    await mkdir(layout.buildsDir, { recursive: true });
    const begun = startPlan(options, root, layout);
    const { live, liveInfo, liveManifest } = begun;
    if (
      options.warm?.sourceHash === begun.sourceHash &&
      !begun.fullBecause &&
      live &&
      liveInfo &&
      liveManifest
    ) {
      const warmRun = { ...begun, live, liveInfo, liveManifest, warm: options.warm };
      try {
        return await warmBuild(options, layout, dir, started, warmRun, { lap, timings, kept });
      } catch (error) {
        // A check that failed stops the run; a renderer that failed leaves the work to `astro build`.
        if (error instanceof BuildError) throw error;
        log(`The warm renderer failed (${messageOf(error)}); building with astro build.`);
        await rm(dir, { recursive: true, force: true });
        // A folder of its own: the renderer may still write the failed one's siblings.
        dir = join(layout.buildsDir, newBuildId(new Date()));
      }
    }
    // `astro build` reads the snapshot file: the warm renderer's sync may not have written it yet.
    await options.warm?.flush();
    const plan = planBuild(options, root, dir, begun);
    lap('plan');
    log(
      plan.mode === 'full'
        ? `Full build: ${plan.fullBecause}.`
        : 'Partial build: product and listing pages whose data changed.',
    );
    const reused = reusedPages(plan.manifest, plan.live);
    reuse = pageReuse(plan.live, dir, reused);
    pass = startClientPass({
      reused,
      dir,
      live: plan.live,
      secrets: plan.settings.secrets,
      // With a warm renderer beside, its process compresses the build once it is live: Astro keeps both cores.
      compress: options.compress ?? options.warm === undefined,
    });
    const { run, rendered, expected, bundleMs, renderMs } = await render(options, plan, kept, pass, reuse);
    lap('astro');
    Object.assign(timings, { astroBundle: bundleMs, astroRender: renderMs });
    if (plan.manifest) {
      // With the data files' keys, as Astro's routes gave them (astro.config.mjs writes them).
      const keys = { ...readCacheKeys(dir), ...plan.fixedKeys, ...plan.manifest.pages };
      await writeFile(join(dir, PAGES_MANIFEST_FILE), JSON.stringify({ ...plan.manifest, pages: keys }));
      await rm(join(dir, CACHE_KEYS_FILE), { force: true });
    }
    const progress = (step: BuildStep) => options.onProgress?.({ step, rendered, expected, mode: plan.mode });
    const finished = await finishBuild({
      dir,
      live: plan.live,
      liveInfo: plan.liveInfo,
      manifest: plan.manifest,
      secrets: plan.settings.secrets,
      siteUrl: plan.settings.shop?.siteUrl,
      smokePages: options.smokePages,
      pass,
      reuse,
      log,
      lap,
      progress,
    });
    if (finished.problems.length > 0)
      throw new BuildError(
        `The new build failed its checks, so it was not published. ${kept}\n  ${finished.problems.join('\n  ')}`,
      );
    for (const [kind, ms] of Object.entries(finished.workMs)) timings[`work.${kind}`] = ms;
    progress('publishing');
    const info = describe(options, plan, started, run, finished, timings);
    const { swapMs } = await publishAndPrune(layout, dir, info, {
      ...(options.keep === undefined ? {} : { keep: options.keep }),
      protect: options.protect ?? [],
      log,
    });
    options.warm?.compressLater(dir, levelsOf(info.compression.brotliQuality));
    return { ...info, timings: { ...info.timings, swap: swapMs } };
  } catch (error) {
    await pass?.stop();
    await reuse?.settled();
    await rm(dir, { recursive: true, force: true });
    if (error instanceof BuildError) throw error;
    throw new BuildError(`The site build could not be finished: ${messageOf(error)}. ${kept}`, {
      cause: error,
    });
  } finally {
    await rm(renderPlanPath(dir), { force: true });
    await release();
  }
}
