/**
 * A warm build (warm.ts renders, this assembles): the files the run wrote, checked and precompressed
 * (site-pass.ts), in a new folder that is a layer over the live build's whole build (layers.ts), with the
 * live layer's other files carried over as hard links. Its cost follows what changed, not the catalogue.
 */
import { mkdir, readdir, symlink } from 'node:fs/promises';
import { basename, dirname, join, relative } from 'node:path';
import { readBuildInfo, snapshotHash, type BuildInfo } from '../releases/build-info.ts';
import { checkPageCount, scannedLinkProblems } from './checks.ts';
import { layeredLocate } from './links.ts';
import { linkFiles } from '../releases/files.ts';
import { BUILD_LEVELS, FAST_BUILD_LEVELS, SUFFIX, type Levels } from '../releases/encoding.ts';
import { BASE_LINK, layersOf, locateIn } from '../releases/layers.ts';
import type { WarmOutcome, WarmScan } from './warm.ts';
import { publishAndPrune, type BuildLayout } from '../releases/builds.ts';
import type { BuildSiteOptions, BuildStep } from './build-options.ts';
import type { BuildStart } from './build-plan.ts';
import { BuildError } from './errors.ts';
import type { WarmRendererClient } from './warm-client.ts';

/**
 * Every file under `dir`, relative to it with `/` separators; not the hidden ones (a sibling being
 * written, `.index.html.br.tmp`, which the server never serves either).
 */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile() && !entry.name.startsWith('.'))
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split('\\').join('/'));
}

/** A precompressed sibling's file (`a/index.html.br` → `a/index.html`), or the file itself. */
const sourceOf = (file: string): string => {
  for (const suffix of Object.values(SUFFIX)) if (file.endsWith(suffix)) return file.slice(0, -suffix.length);
  return file;
};

/** The levels a build whose pages got brotli `quality` was compressed at (they depend on the site's size). */
export const levelsOf = (quality: number | undefined): Levels =>
  quality === BUILD_LEVELS.brotli ? BUILD_LEVELS : FAST_BUILD_LEVELS;

/** The levels a warm build's files are compressed at: the whole build's. */
export const warmLevels = (base: string): Levels => levelsOf(readBuildInfo(base)?.compression.brotliQuality);

/**
 * A layer that holds more files than this (the pages of many runs, carried from layer to layer) is folded
 * into a whole build by the next run: that run links every file once, and the runs after it carry nothing.
 */
export const COMPACT_AFTER_FILES = 6000;

/** Hard-links every file under `from` into `to` that `keep` accepts, creating the folders it needs. */
export async function linkTree(from: string, to: string, keep: (file: string) => boolean): Promise<number> {
  const files = (await filesUnder(from)).filter(keep);
  await linkFiles(from, to, files);
  return files.length;
}

export interface WarmAssembly {
  /** What the renderer found in the files it wrote (no site pass: it checked them as it wrote them). */
  readonly scan: WarmScan;
  /** The whole build underneath; undefined when this build was folded into a whole one. */
  readonly base: string | undefined;
  readonly removed: string[];
  readonly pages: number;
  readonly problems: string[];
  /** Files of the live layer carried into this one. */
  readonly carried: number;
  /** Hashed assets (`/_astro/…`) the written pages name that the build does not have. */
  readonly missingAssets: string[];
}

interface AssemblyInput {
  readonly dir: string;
  readonly live: string;
  readonly liveInfo: BuildInfo;
  readonly outcome: WarmOutcome;
  readonly log: (message: string) => void;
}

/**
 * The live layer's files the run did not replace or remove, linked into the new one; past
 * COMPACT_AFTER_FILES, the base's too (`whole`: the layer is folded into a whole build).
 */
async function carryOver(input: AssemblyInput, baseDir: string, base: string) {
  const { dir, live, liveInfo, outcome } = input;
  const client = join(dir, 'client');
  const written = new Set(outcome.written);
  const gone = new Set(outcome.removed);
  const fresh = (file: string) => !written.has(sourceOf(file)) && !gone.has(sourceOf(file));
  const liveFiles = liveInfo.base ? await filesUnder(join(live, 'client')) : [];
  const removedBefore = new Set(liveInfo.removed ?? []);
  const layerFiles = new Set(liveFiles.map(sourceOf));
  const carried = liveFiles.filter(fresh);
  await linkFiles(join(live, 'client'), client, carried);
  const whole = liveFiles.length > COMPACT_AFTER_FILES;
  if (whole) {
    // Folded: the base's files the layers did not replace or remove, and its server, linked in once.
    await linkTree(
      join(baseDir, 'client'),
      client,
      (file) => fresh(file) && !layerFiles.has(sourceOf(file)) && !removedBefore.has(sourceOf(file)),
    );
    await linkTree(join(baseDir, 'server'), join(dir, 'server'), () => true);
  } else {
    await symlink(join('..', base), join(dir, BASE_LINK), 'dir');
    await symlink(join('..', base, 'server'), join(dir, 'server'), 'dir');
  }
  return { carried: carried.length, whole };
}

/** Pages: the live count, with pages new to it added and pages gone taken off. */
async function pageCount(live: string, liveInfo: BuildInfo, outcome: WarmOutcome): Promise<number> {
  const liveLayers = layersOf(live);
  let pages = liveInfo.pages;
  for (const file of outcome.written)
    if (file.endsWith('.html') && !(await locateIn(liveLayers, file))) pages += 1;
  for (const file of outcome.removed)
    if (file.endsWith('.html') && (await locateIn(liveLayers, file))) pages -= 1;
  return pages;
}

/** What is wrong with the new build: secrets, dead links, a page count gone astray, a missing page. */
async function problemsOf(
  input: AssemblyInput,
  build: { client: string; baseDir: string; whole: boolean; removed: string[]; pages: number },
): Promise<string[]> {
  const { scan, written } = input.outcome;
  const problems = [...scan.secretProblems.map((problem) => `client/${problem}`)];
  // The pages this run wrote link only to files of the new build, as the server will read it.
  const newLayers = {
    clients: build.whole ? [build.client] : [build.client, join(build.baseDir, 'client')],
    removed: new Set(build.removed),
  };
  problems.push(...(await scannedLinkProblems(scan.links, layeredLocate(newLayers))));
  problems.push(...checkPageCount(build.pages, input.liveInfo.pages));
  const baseLayers = layersOf(build.baseDir);
  for (const page of ['index.html', '404.html'])
    if (!written.includes(page) && !(await locateIn(baseLayers, page)))
      problems.push(`${page} is missing from the build.`);
  return problems;
}

export async function assembleWarmBuild(input: AssemblyInput): Promise<WarmAssembly> {
  const { dir, live, liveInfo, outcome } = input;
  const client = join(dir, 'client');
  await mkdir(client, { recursive: true });
  // The whole build underneath: the live build's own base, or the live build when it is whole.
  const base = liveInfo.base ?? basename(live);
  const baseDir = join(dirname(dir), base);
  const { scan } = outcome;
  for (const file of scan.inlineHandlers)
    input.log(
      `Warning: ${file} has an inline event handler (on…=), which the Content-Security-Policy blocks.`,
    );
  const { carried, whole } = await carryOver(input, baseDir, base);
  const written = new Set(outcome.written);
  const removed = whole
    ? []
    : [...new Set([...(liveInfo.removed ?? []), ...outcome.removed])].filter((file) => !written.has(file));
  const pages = await pageCount(live, liveInfo, outcome);
  const problems = await problemsOf(input, { client, baseDir, whole, removed, pages });
  // The renderer's bundle was made from the live build's sources, so its assets are the base's: check.
  const baseLayers = layersOf(baseDir);
  const missingAssets: string[] = [];
  for (const asset of scan.assets)
    if (!(await locateIn(baseLayers, asset.replace(/^\/+/, '')))) missingAssets.push(asset);
  return { scan, base: whole ? undefined : base, removed, pages, problems, carried, missingAssets };
}

/** What a build the renderer made shares in `build-info.json`, warm or whole; its own part is the caller's. */
export function renderedBuildInfo(
  options: BuildSiteOptions,
  build: {
    readonly dir: string;
    readonly started: Date;
    readonly run: Pick<BuildStart, 'sourceHash' | 'pricedAt'>;
    readonly levels: Levels;
    readonly timings: Record<string, number>;
  },
  outcome: WarmOutcome,
): Omit<BuildInfo, 'pages' | 'scriptHashes' | 'mode'> {
  const { dir, started, run, levels, timings } = build;
  return {
    builtAt: started.toISOString(),
    durationMs: Math.round(Date.now() - started.getTime()),
    snapshotHash: options.snapshotHash ?? snapshotHash(options.snapshotFile),
    configHash: options.configHash,
    // Compressed by the renderer once live (releases/compress-later.ts): nothing yet.
    compression: { files: 0, reused: 0, brotliQuality: levels.brotli, bytes: 0, brotliBytes: 0, ms: 0 },
    id: basename(dir),
    rendered: outcome.scan.htmlFiles,
    planned: outcome.paths,
    timings: { ...timings },
    sourceHash: run.sourceHash,
    pricedAt: new Date(run.pricedAt).toISOString(),
    ...(outcome.prices ? { priceChanges: outcome.prices } : {}),
  };
}

/** What the new build's `build-info.json` says of it: a layer over `base` (unless folded), its pages. */
function warmBuildInfo(
  options: BuildSiteOptions,
  build: Parameters<typeof renderedBuildInfo>[1] & { readonly run: { readonly liveInfo: BuildInfo } },
  outcome: WarmOutcome,
  assembled: WarmAssembly,
): BuildInfo {
  const { scan } = assembled;
  return {
    ...renderedBuildInfo(options, build, outcome),
    pages: assembled.pages,
    scriptHashes: [...new Set([...(build.run.liveInfo.scriptHashes ?? []), ...scan.scriptHashes])].sort(),
    mode: 'warm',
    ...(assembled.base ? { base: assembled.base, removed: assembled.removed } : {}),
  };
}

/**
 * A build by the warm renderer: the pages and data files whose fingerprint changed, rendered without
 * `astro build`, as a layer over the live site (warm-build.ts), checked and published.
 */
export async function warmBuild(
  options: BuildSiteOptions,
  layout: BuildLayout,
  dir: string,
  started: Date,
  run: BuildStart & {
    readonly live: string;
    readonly liveInfo: BuildInfo;
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
  const info = warmBuildInfo(options, { dir, started, run, levels, timings }, outcome, assembled);
  const { swapMs } = await publishAndPrune(layout, dir, info, {
    ...(options.keep === undefined ? {} : { keep: options.keep }),
    protect: options.protect ?? [],
    log: options.log ?? (() => undefined),
  });
  // A layer folded into a whole build has the base's files, some never compressed: the renderer does.
  if (!assembled.base) run.warm.compressLater(dir, levels);
  return { ...info, timings: { ...timings, swap: swapMs } };
}
