/**
 * A whole build made by the warm renderer (warm.ts): every page and data file rendered in slices, a slice's
 * props at a time, into a new folder, over the files of the renderer's own build by Astro (its bundle: the
 * hashed assets, the public files, the server), linked in. What `astro build` writes, made by the
 * machinery of warm runs: no second process reading the catalogue, no route cache of every page. Used when
 * a renderer made from the sources is at hand and the build must be whole (none is live yet, the settings
 * changed, or a full build was asked for); `astro build` stays for one-off builds and for a renderer that
 * failed.
 */
import { join } from 'node:path';
import type { BuildInfo } from '../releases/build-info.ts';
import { publishAndPrune, type BuildLayout } from '../releases/builds.ts';
import { FAST_BUILD_LEVELS } from '../releases/encoding.ts';
import type { BuildSiteOptions, BuildStep } from './build-options.ts';
import type { BuildStart } from './build-plan.ts';
import { checkPageCount, findSecrets, scannedLinkProblems, smokeTest } from './checks.ts';
import { BuildError } from './errors.ts';
import { serverSecretProblems } from './finish.ts';
import { folderLocate } from './links.ts';
import { linkTree, renderedBuildInfo } from './warm-build.ts';
import type { WarmRendererClient } from './warm-client.ts';
import type { WarmOutcome } from './warm-messages.ts';

interface WholeRun extends BuildStart {
  readonly warm: WarmRendererClient;
  /** The renderer's build by Astro, whose files are the new build's but for its pages. */
  readonly bundle: string;
}

interface Steps {
  lap(name: string): void;
  readonly timings: Record<string, number>;
  readonly kept: string;
}

/** The bundle's files the run did not write, linked in: the new folder is a whole build. */
async function linkBundle(dir: string, bundle: string, written: ReadonlySet<string>): Promise<number> {
  let pages = 0;
  await linkTree(join(bundle, 'client'), join(dir, 'client'), (file) => {
    if (written.has(file)) return false;
    if (file.endsWith('.html')) pages += 1;
    return true;
  });
  await linkTree(join(bundle, 'server'), join(dir, 'server'), () => true);
  return pages;
}

/** What stops the publish: secrets, dead links, missing assets or pages, a page count gone astray. */
async function problemsOf(
  dir: string,
  run: WholeRun,
  outcome: WarmOutcome,
  found: { readonly pages: number; readonly smokePages: readonly string[] },
): Promise<string[]> {
  const client = join(dir, 'client');
  const { scan } = outcome;
  const { secrets } = run.settings;
  const linked = await findSecrets(join(run.bundle, 'client'), secrets);
  const problems = [
    ...[...scan.secretProblems, ...linked].map((problem) => `client/${problem}`),
    ...(await serverSecretProblems(dir, secrets)),
  ];
  const site = await folderLocate(client);
  const files = new Set(site.files);
  for (const asset of scan.assets)
    if (!files.has(asset.replace(/^\/+/, '')))
      problems.push(`${asset} is named by a page but not in the build.`);
  problems.push(...(await scannedLinkProblems(scan.links, site.locate)));
  problems.push(...checkPageCount(found.pages, run.liveInfo?.pages));
  problems.push(...(await smokeTest(client, found.smokePages)));
  return problems;
}

/** What the new build's `build-info.json` says of it: a whole build, and why. */
function wholeBuildInfo(
  options: BuildSiteOptions,
  build: { dir: string; started: Date; run: WholeRun; pages: number; timings: Record<string, number> },
  outcome: WarmOutcome,
): BuildInfo {
  const { run } = build;
  return {
    ...renderedBuildInfo(options, { ...build, levels: FAST_BUILD_LEVELS }, outcome),
    pages: build.pages,
    scriptHashes: outcome.scan.scriptHashes,
    mode: 'full',
    ...(run.fullBecause ? { fullBecause: run.fullBecause } : {}),
  };
}

/** Renders every page with the warm renderer into `dir`, checks the whole build and publishes it. */
export async function wholeWarmBuild(
  options: BuildSiteOptions,
  layout: BuildLayout,
  build: { readonly dir: string; readonly started: Date },
  run: WholeRun,
  steps: Steps,
): Promise<BuildInfo> {
  const { dir } = build;
  const { lap, timings } = steps;
  const progress = (step: BuildStep, rendered = 0) => options.onProgress?.({ step, rendered, mode: 'full' });
  progress('rendering');
  const { shop, secrets } = run.settings;
  if (!shop) throw new Error("the build's environment has no shop settings to render with");
  const outcome = await run.warm.run({
    ...{ dir, levels: FAST_BUILD_LEVELS, secrets },
    ...{ pricedAt: run.pricedAt, shop },
    // The bundle's files are linked in after the run: its links are checked against both, in the renderer.
    linksIn: [join(dir, 'client'), join(run.bundle, 'client')],
  });
  lap('render');
  Object.assign(timings, { plan: outcome.planMs, renderPages: outcome.renderMs });
  progress('checking', outcome.written.length);
  for (const file of outcome.scan.inlineHandlers)
    options.log?.(
      `Warning: ${file} has an inline event handler (on…=), which the Content-Security-Policy blocks.`,
    );
  const pages = outcome.scan.htmlFiles + (await linkBundle(dir, run.bundle, new Set(outcome.written)));
  // The renderer wrote the build's pages.json beside its files, and chose the pages to smoke-test.
  const smokePages = options.smokePages ?? outcome.smokePages;
  const problems = await problemsOf(dir, run, outcome, { pages, smokePages });
  lap('sitePass');
  if (problems.length > 0)
    throw new BuildError(
      `The new build failed its checks, so it was not published. ${steps.kept}\n  ${problems.join('\n  ')}`,
    );
  progress('publishing', outcome.written.length);
  const info = wholeBuildInfo(options, { dir, started: build.started, run, pages, timings }, outcome);
  const { swapMs } = await publishAndPrune(layout, dir, info, {
    ...(options.keep === undefined ? {} : { keep: options.keep }),
    protect: options.protect ?? [],
    log: options.log ?? (() => undefined),
  });
  // Every file's siblings, once live (a warm run's own are written after the run: warm-worker.ts).
  run.warm.compressLater(dir, FAST_BUILD_LEVELS);
  return { ...info, timings: { ...timings, swap: swapMs } };
}
