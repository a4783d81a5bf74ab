/**
 * What happens to a build between `astro build` and the swap: secrets looked for, text precompressed,
 * inline scripts scanned for the CSP (one pass over the files, site-pass.ts, that starts while Astro
 * renders), unchanged product and listing pages taken from the live build (also while Astro renders), and the checks
 * (src/publish/render/checks.ts), among them that every link of the pages it rendered resolves in the whole
 * new site (links.ts). Returns what build-info.json records, and the problems that stop the publish.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { LISTING_CODES } from '../../catalogue/categories.ts';
import type { BuildInfo } from '../releases/build-info.ts';
import { checkPageCount, checkSiteLinks, findSecrets, smokeTest } from './checks.ts';
import { folderLocate } from './links.ts';
import type { NamedSecret } from './secrets.ts';
import type { PagesManifest } from '../plan/plan-files.ts';
import type { PrecompressResult } from '../releases/precompress.ts';
import { layersOf } from '../releases/layers.ts';
import { reuseAssets, reusePages } from './reuse.ts';
import { isPageKey } from './warm-paths.ts';

/** How long a full build keeps serving the hashed assets earlier builds wrote (longer than any cache keeps a page). */
const CARRIED_ASSETS_MS = 7 * 24 * 3600_000;
import { startSitePass, type SitePass, type SitePassResult } from './site-pass.ts';

/** More distinct inline scripts than this usually means per-page data in scripts; the CSP header grows. */
const MANY_SCRIPT_HASHES = 40;

export interface FinishInput {
  readonly dir: string;
  readonly live: string | undefined;
  readonly liveInfo: BuildInfo | undefined;
  /** The plan this build rendered (undefined: a project without a product route). */
  readonly manifest: PagesManifest | undefined;
  /** Values no built file may contain. */
  readonly secrets: readonly NamedSecret[];
  readonly smokePages: readonly string[] | undefined;
  /** The per-file work started before `astro build` ran (`startClientPass`). */
  readonly pass: SitePass;
  /** The pages linked from the live build, started while Astro ran (`pageReuse`). */
  readonly reuse: PageReuse;
  readonly log: (message: string) => void;
  readonly lap: (name: string) => void;
  readonly progress: (step: 'checking' | 'compressing') => void;
}

export interface Finished {
  readonly pages: number;
  readonly rendered: number;
  readonly scriptHashes: string[];
  readonly compression: PrecompressResult;
  readonly problems: string[];
  /** Time the site pass spent on each kind of work, summed over files (site-pass.ts). */
  readonly workMs: SitePassResult['workMs'];
}

export function defaultSmokePages(manifest: PagesManifest | undefined): string[] {
  const pages = ['index.html', '404.html'];
  if (!manifest) return pages; // not the shop's own pages (no product route): home and 404 only
  // A page of one segment (a product's) this build rendered, else one among the keys written.
  const productPage = (key: string) => isPageKey(key) && !key.includes('/');
  const product = manifest.rendered.find(productPage) ?? Object.keys(manifest.pages).find(productPage);
  if (product) pages.push(`${product}/index.html`);
  pages.push(`home-garden/${LISTING_CODES['home-garden'][0]}/index.html`);
  return pages;
}

/**
 * Starts the per-file work on the build's `client/` folder (site-pass.ts): the site build hands it each
 * page Astro writes, and `finishBuild` completes it.
 */
export function startClientPass(input: {
  readonly dir: string;
  readonly live: string | undefined;
  readonly secrets: readonly NamedSecret[];
  /** The pages linked from the live build (`reusedPages`): not this build's to check or compress. */
  readonly reused: readonly string[];
  /** false: no `.br`/`.gz` siblings now; the warm renderer's process writes them once the build is live. */
  readonly compress?: boolean;
  /** `SITE_URL`, whose absolute links (canonical, Open Graph) are the site's own; undefined when unknown. */
  readonly siteUrl: string | undefined;
}): SitePass {
  const liveClient = input.live ? join(input.live, 'client') : undefined;
  return startSitePass(join(input.dir, 'client'), {
    previousClientDir: liveClient && existsSync(liveClient) ? liveClient : undefined,
    secrets: input.secrets,
    skip: new Set(input.reused),
    siteUrl: input.siteUrl,
    ...(input.compress === false ? { compress: false } : {}),
  });
}

/** The pages a partial build takes from the live build: every page of the plan it does not render. */
export function reusedPages(manifest: PagesManifest | undefined, live: string | undefined): string[] {
  if (!manifest?.partial || !live) return [];
  const rendered = new Set(manifest.rendered);
  return Object.keys(manifest.pages).filter((key) => !rendered.has(key));
}

/**
 * Links the reused pages from the live build (reuse.ts) while `astro build` runs: `start` once Astro has
 * emptied its output folder, `done` when they are all there (a ReuseError when the live build lacks one).
 */
export function pageReuse(live: string | undefined, dir: string, keys: readonly string[]) {
  let outcome: Promise<unknown> | undefined;
  const start = (): void => {
    if (outcome || !live || keys.length === 0) return;
    // Settled at once, so a failure waits for `done` instead of ending the process as unhandled.
    outcome = reusePages(layersOf(live), join(dir, 'client'), keys).then(
      () => undefined,
      (error: unknown) => ({ error }),
    );
  };
  const done = async (): Promise<void> => {
    start();
    const result = await outcome;
    if (result && typeof result === 'object' && 'error' in result) throw result.error;
  };
  return { keys, start, done, settled: async () => void (await outcome) };
}

export type PageReuse = ReturnType<typeof pageReuse>;

/**
 * Secrets in the server bundle: it may hold the code's public demo defaults; what browsers get (the
 * client folder, checked by the site pass) must hold none. Reused pages were checked when they were built.
 */
export async function serverSecretProblems(dir: string, secrets: readonly NamedSecret[]): Promise<string[]> {
  const server = await findSecrets(
    join(dir, 'server'),
    secrets.filter((secret) => !secret.demoDefault),
  );
  return server.map((problem) => `server/${problem}`);
}

export async function finishBuild(input: FinishInput): Promise<Finished> {
  const { dir, live, liveInfo, manifest, log, lap } = input;
  const clientDir = join(dir, 'client');
  input.progress('compressing');
  const pass = await input.pass.finish();
  const { compression } = pass;
  log(
    `Precompressed ${compression.files} files (${compression.reused} reused, brotli ${compression.brotliQuality}; ${pass.early} while Astro rendered) in ${compression.ms} ms after the render`,
  );
  lap('finish');
  input.progress('checking');
  const problems = [
    ...pass.secretProblems.map((problem) => `client/${problem}`),
    ...(await serverSecretProblems(dir, input.secrets)),
  ];
  lap('secrets');
  for (const file of pass.inlineHandlers)
    log(`Warning: ${file} has an inline event handler (on…=), which the Content-Security-Policy blocks.`);
  const reused = input.reuse.keys;
  if (live) {
    if (reused.length > 0) await input.reuse.done();
    // The live build's hashed assets, from its base too when it is a warm build's layer (layers.ts): reused
    // pages need them all; after a full build, pages of the previous builds still cached (by a CDN, in a
    // browser) ask for theirs, so those of the last week stay served.
    const since = reused.length > 0 ? 0 : Date.now() - CARRIED_ASSETS_MS;
    for (const liveClient of layersOf(live).clients) await reuseAssets(liveClient, clientDir, since);
  }
  lap('reuse');
  // Reused pages carry the live build's inline scripts: keep their hashes (a full build drops stale ones).
  const scriptHashes = [
    ...new Set([...pass.scriptHashes, ...(reused.length > 0 ? (liveInfo?.scriptHashes ?? []) : [])]),
  ].sort();
  if (scriptHashes.length > MANY_SCRIPT_HASHES)
    log(
      `Warning: the pages carry ${scriptHashes.length} different inline scripts, each a hash in the CSP header of every response. Pass per-page data in data- attributes or JSON script tags instead.`,
    );
  const pages = pass.htmlFiles + reused.length;
  problems.push(
    ...checkPageCount(pages, liveInfo?.pages),
    ...(await smokeTest(clientDir, input.smokePages ?? defaultSmokePages(manifest))),
  );
  lap('checks');
  // A full build's every page; a partial build's own pages (the site pass read them as Astro wrote them),
  // against the whole folder (the reused pages are linked in by now). The pages it took from the live
  // build were checked with it, and the site pass does not read them.
  const site = await folderLocate(clientDir);
  const links = await checkSiteLinks(pass.links, site.locate);
  const { report } = links;
  log(
    `Checked ${report.links} links (${report.paths} distinct) on ${report.pages} pages${reused.length > 0 ? ` (not the ${reused.length} reused)` : ''} in ${report.ms} ms (read from the pages by the site pass in ${pass.workMs.links} ms): ${report.dead.length} dead`,
  );
  problems.push(...links.problems);
  lap('links');
  return { pages, rendered: pass.htmlFiles, scriptHashes, compression, problems, workMs: pass.workMs };
}
