/**
 * One site build, published atomically: `astro build` into a fresh `dist.builds/<id>/`, precompressed text,
 * `build-info.json`, checks (pages, no secret in any file, a smoke test), then `dist` switched to it in one
 * rename (src/publish/builds.ts). A failed build or check throws and leaves the live site exactly as it was.
 *
 * Partial builds: when the live build was made from the same sources and settings, only the product pages
 * whose data changed are rendered (src/publish/render-plan.ts); the others are hard links to the live
 * build's files, which no build ever writes to again. Everything else is rendered every time. Used by
 * `npm run build`, `npm start` when the site is stale, `npm run rebuild` and the server's rebuilder.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { copyFile, link, mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { LISTING_CODES } from '../catalogue/categories.ts';
import { loadEnv } from '../config/env.ts';
import {
  buildLayout,
  liveBuildDir,
  lockBuilds,
  newBuildId,
  pruneBuilds,
  publishBuild,
  type BuildLayout,
} from './builds.ts';
import { checkPageCount, findSecrets, smokeTest } from './checks.ts';
import { buildSecrets, type NamedSecret } from './config.ts';
import { PAGES_MANIFEST_FILE, readPagesManifest, type PagesManifest } from './render-plan.ts';
import {
  buildInfoPath,
  newestChange,
  readBuildInfo,
  snapshotHash,
  sourceHash,
  type BuildInfo,
} from './build-info.ts';
import { SUFFIX } from '../server/encoding.ts';
import { precompressSite } from './precompress.ts';
import { scanInlineScripts } from '../server/security.ts';

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
  /** `configHash(env)` of the settings the pages render. */
  readonly configHash: string;
  /** Environment of the build process (default: this process's). */
  readonly env?: NodeJS.ProcessEnv;
  /**
   * The build command, to which `--outDir <dir>` is appended. Default: Astro's CLI run by this Node
   * (not `node_modules/.bin/astro`, whose `#!/usr/bin/env node` may find an older system Node).
   */
  readonly command?: readonly [string, ...string[]];
  /** `auto` (default): partial when the live build allows it; `full`: render every page. */
  readonly mode?: 'auto' | 'full';
  /** Values no built file may contain. Default: the configured tokens and passwords (`buildSecrets`). */
  readonly secrets?: readonly NamedSecret[];
  /** Pages (relative to `client/`) that must exist and be HTML. Default: home, 404, a product, a listing. */
  readonly smokePages?: readonly string[];
  /** Files and folders whose change since the live build calls for a full build (default: the site's sources). */
  readonly sources?: readonly string[];
  /** Finished builds kept (default 3). */
  readonly keep?: number;
  /** Build folders never pruned (e.g. the one whose server entry a running server loaded). */
  readonly protect?: readonly string[];
  readonly log?: (message: string) => void;
  readonly onProgress?: (progress: BuildProgress) => void;
}

export class BuildError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'BuildError';
  }
}

/** A partial build could not take a page from the live build; a full build does not need it. */
export class ReuseError extends BuildError {
  constructor(message: string) {
    super(message);
    this.name = 'ReuseError';
  }
}

/** More distinct inline scripts than this usually means per-page data in scripts; the CSP header grows. */
const MANY_SCRIPT_HASHES = 40;
/** Lines of the build's output kept for the error message of a failed build. */
const TAIL_LINES = 25;

/** `astro build` lists each page it writes on a line of its own, drawn as a tree. */
const PAGE_LINE = /[├└]─ /;
// eslint-disable-next-line no-control-regex -- colour codes are exactly what this strips
const ANSI = /\u001b\[[0-9;]*m/g;

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

export const defaultSources = (root: string): string[] =>
  ['src', 'public', 'astro.config.mjs', 'package-lock.json'].map((path) => join(root, path));

/** Why the next build must render every page, or undefined when it may take unchanged pages from `live`. */
export function partialBuildBlocker(input: {
  readonly mode: 'auto' | 'full';
  readonly live: string | undefined;
  readonly liveInfo: BuildInfo | undefined;
  readonly liveManifest: PagesManifest | undefined;
  readonly configHash: string;
  readonly sources: readonly string[];
  /** `sourceHash(sources)` now: compared with the live build's when it recorded one. */
  readonly sourceHash: string;
}): string | undefined {
  if (input.mode === 'full') return 'a full build was asked for';
  if (!input.live || !input.liveInfo) return 'there is no live build to start from';
  if (!input.liveManifest) return 'the live build has no product-page fingerprints';
  if (input.liveInfo.configHash !== input.configHash) return 'the site settings changed';
  if (input.liveInfo.sourceHash !== undefined)
    return input.liveInfo.sourceHash === input.sourceHash ? undefined : 'the site sources changed';
  const builtAt = Date.parse(input.liveInfo.builtAt);
  for (const source of input.sources) {
    const changed = newestChange(source, builtAt);
    if (changed) return `${changed} changed since the live build`;
  }
  return undefined;
}

/** Peak resident memory of a process in KiB (Linux /proc), or undefined. */
function peakRssKb(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/^VmHWM:\s+(\d+)/m.exec(status)?.[1]);
    return Number.isFinite(kb) ? kb : undefined;
  } catch {
    return undefined;
  }
}

interface RunResult {
  code: number;
  tail: string[];
  peakKb: number | undefined;
}

function runBuild(
  command: readonly [string, ...string[]],
  cwd: string,
  env: NodeJS.ProcessEnv,
  onLine: (line: string) => void,
): Promise<RunResult> {
  const [program, ...args] = command;
  return new Promise((resolvePromise, reject) => {
    const child = spawn(program, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const tail: string[] = [];
    let peakKb: number | undefined;
    const sample = setInterval(() => {
      const kb = peakRssKb(child.pid);
      if (kb !== undefined) peakKb = Math.max(peakKb ?? 0, kb);
    }, 250);
    const read = (stream: NodeJS.ReadableStream) => {
      let rest = '';
      stream.on('data', (chunk: Buffer) => {
        const parts = (rest + chunk.toString()).split('\n');
        rest = parts.pop() ?? '';
        for (const raw of parts) {
          const line = raw.replace(ANSI, '');
          tail.push(line);
          if (tail.length > TAIL_LINES) tail.shift();
          onLine(line);
        }
      });
    };
    read(child.stdout);
    read(child.stderr);
    child.once('error', (error) => {
      clearInterval(sample);
      reject(error);
    });
    child.once('exit', (code, signal) => {
      clearInterval(sample);
      resolvePromise({ code: code ?? (signal ? 128 : 1), tail, peakKb });
    });
  });
}

/** Hard-links `names` from `from` into `to` (copies across file systems); `to` is a fresh folder. */
async function linkFiles(from: string, to: string, names: readonly string[]): Promise<void> {
  await mkdir(to, { recursive: true });
  for (const name of names) {
    const source = join(from, name);
    const target = join(to, name);
    try {
      await link(source, target);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EEXIST') continue;
      if (code === 'EXDEV' || code === 'EPERM') await copyFile(source, target);
      else throw error;
    }
  }
}

/**
 * Takes the unchanged product pages (with their `.br`/`.gz`) from the live build, and any hashed asset
 * of the live build the new one lacks (old pages, and browsers holding them, still ask for those).
 */
async function reuseFromLive(liveClient: string, client: string, urlKeys: readonly string[]): Promise<void> {
  const names = ['index.html', ...Object.values(SUFFIX).map((suffix) => `index.html${suffix}`)];
  let next = 0;
  const worker = async () => {
    for (let key = urlKeys[next++]; key !== undefined; key = urlKeys[next++]) {
      const from = join(liveClient, key);
      if (!existsSync(join(from, 'index.html')))
        throw new ReuseError(`The live build has no page /${key} to reuse; a full build is needed.`);
      await linkFiles(
        from,
        join(client, key),
        names.filter((name) => existsSync(join(from, name))),
      );
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  const liveAssets = join(liveClient, '_astro');
  if (existsSync(liveAssets)) {
    const present = new Set(await readdir(join(client, '_astro')).catch(() => []));
    const missing = (await readdir(liveAssets)).filter((name) => !present.has(name));
    await linkFiles(liveAssets, join(client, '_astro'), missing);
  }
}

function defaultSecrets(env: NodeJS.ProcessEnv): NamedSecret[] {
  try {
    return buildSecrets(loadEnv(env));
  } catch {
    return [];
  }
}

function defaultSmokePages(manifest: PagesManifest | undefined): string[] {
  const pages = ['index.html', '404.html'];
  if (!manifest) return pages; // not the shop's own pages (no product route): home and 404 only
  const product = manifest.rendered[0] ?? Object.keys(manifest.pages)[0];
  if (product) pages.push(`${product}/index.html`);
  pages.push(`home-garden/${LISTING_CODES['home-garden'][0]}/index.html`);
  return pages;
}

async function buildOnce(options: BuildSiteOptions): Promise<BuildInfo> {
  const log = options.log ?? (() => undefined);
  const root = resolve(options.root);
  const layout: BuildLayout = buildLayout(resolve(root, options.distDir));
  const release = await lockBuilds(layout, { log });
  const started = new Date();
  const id = newBuildId(started);
  const dir = join(layout.buildsDir, id);
  const manifestFile = `${dir}.${PAGES_MANIFEST_FILE}`;
  const timings: Record<string, number> = {};
  let mark = performance.now();
  const lap = (name: string) => {
    const now = performance.now();
    timings[name] = Math.round(now - mark);
    mark = now;
  };
  const kept = `The live site (${layout.dist}) was kept.`;

  try {
    const live = liveBuildDir(layout);
    const liveInfo = live ? readBuildInfo(live) : undefined;
    const liveManifest = live ? readPagesManifest(join(live, PAGES_MANIFEST_FILE)) : undefined;
    const sources = options.sources ?? defaultSources(root);
    const sourcesHash = sourceHash(sources);
    const fullBecause = partialBuildBlocker({
      mode: options.mode ?? 'auto',
      live,
      liveInfo,
      liveManifest,
      configHash: options.configHash,
      sources,
      sourceHash: sourcesHash,
    });
    const mode = fullBecause ? 'full' : 'partial';
    log(fullBecause ? `Full build: ${fullBecause}.` : 'Partial build: product pages whose data changed.');
    const snapshot = snapshotHash(options.snapshotFile);
    const baseEnv = options.env ?? process.env;
    const env: NodeJS.ProcessEnv = {
      ...baseEnv,
      ASTRO_TELEMETRY_DISABLED: '1',
      REBUILD_PAGES_MANIFEST: manifestFile,
    };
    if (mode === 'partial' && live) env['REBUILD_PAGES_PREVIOUS'] = join(live, PAGES_MANIFEST_FILE);
    else delete env['REBUILD_PAGES_PREVIOUS'];

    // Pages other than product pages are rendered every time; the estimate only drives the progress bar.
    const otherPages =
      liveInfo && liveManifest
        ? Math.max(0, liveInfo.pages - Object.keys(liveManifest.pages).length)
        : undefined;
    let rendered = 0;
    let expected: number | undefined = mode === 'full' ? liveInfo?.pages : undefined;
    const progress = (step: BuildStep) => options.onProgress?.({ step, rendered, expected, mode });
    progress('rendering');

    const command = options.command ?? [
      process.execPath,
      join(root, 'node_modules/astro/bin/astro.mjs'),
      'build',
    ];
    await mkdir(layout.buildsDir, { recursive: true });
    let run: RunResult;
    try {
      run = await runBuild([...command, '--outDir', dir], root, env, (line) => {
        if (PAGE_LINE.test(line)) {
          rendered += 1;
          if (rendered % 50 === 0) progress('rendering');
          return;
        }
        if (/(prerendering|generating) static routes/.test(line)) {
          const plan = readPagesManifest(manifestFile);
          if (plan && otherPages !== undefined) expected = otherPages + plan.rendered.length;
          progress('rendering');
        }
        if (line.trim() !== '') log(line);
      });
    } catch (error) {
      throw new BuildError(`Could not start the site build (${command.join(' ')}). ${kept}`, {
        cause: error,
      });
    }
    const clientDir = join(dir, 'client');
    if (run.code !== 0 || !existsSync(clientDir)) {
      const tail = run.tail.filter((line) => line.trim() !== '').join('\n');
      throw new BuildError(
        run.code !== 0
          ? `The site build failed (astro build exited with ${run.code}). ${kept}\n${tail}`
          : `The site build wrote no ${clientDir}. ${kept}`,
      );
    }
    lap('astro');

    const manifest = readPagesManifest(manifestFile);
    if (manifest) await writeFile(join(dir, PAGES_MANIFEST_FILE), JSON.stringify(manifest));
    const renderedKeys = new Set(manifest?.rendered ?? []);
    const reused =
      manifest?.partial && live ? Object.keys(manifest.pages).filter((key) => !renderedKeys.has(key)) : [];
    // A partial build the product route did not take part in rendered every page: say so.
    const builtAs = mode === 'partial' && !manifest?.partial ? 'full' : mode;
    const fullReason =
      fullBecause ??
      (builtAs === 'full'
        ? manifest
          ? "the live build's fingerprints could not be read"
          : 'the product route does not plan its pages (src/publish/render-plan.ts)'
        : undefined);

    // Secrets are looked for in what this build wrote; reused pages were checked when they were built.
    // The server bundle may hold the code's public demo defaults; what browsers get must hold none.
    progress('checking');
    const secrets = options.secrets ?? defaultSecrets(baseEnv);
    const problems = [
      ...(await findSecrets(clientDir, secrets)).map((problem) => `client/${problem}`),
      ...(
        await findSecrets(
          join(dir, 'server'),
          secrets.filter((secret) => !secret.demoDefault),
        )
      ).map((problem) => `server/${problem}`),
    ];
    lap('secrets');

    progress('compressing');
    const liveClient = live ? join(live, 'client') : undefined;
    const compression = await precompressSite(clientDir, {
      previousClientDir: liveClient && existsSync(liveClient) ? liveClient : undefined,
    });
    log(
      `Precompressed ${compression.files} files (${compression.reused} reused, brotli ${compression.brotliQuality}) in ${compression.ms} ms`,
    );
    lap('precompress');
    const scripts = await scanInlineScripts(clientDir);
    for (const file of scripts.inlineHandlers)
      log(`Warning: ${file} has an inline event handler (on…=), which the Content-Security-Policy blocks.`);
    lap('scan');

    if (reused.length > 0 && liveClient) await reuseFromLive(liveClient, clientDir, reused);
    lap('reuse');
    // Reused pages carry the live build's inline scripts: keep their hashes (a full build drops stale ones).
    const scriptHashes = [
      ...new Set([...scripts.hashes, ...(reused.length > 0 ? (liveInfo?.scriptHashes ?? []) : [])]),
    ].sort();
    if (scriptHashes.length > MANY_SCRIPT_HASHES)
      log(
        `Warning: the pages carry ${scriptHashes.length} different inline scripts, each a hash in the CSP header of every response. Pass per-page data in data- attributes or JSON script tags instead.`,
      );
    const pages = scripts.htmlFiles + reused.length;
    problems.push(
      ...checkPageCount(pages, liveInfo?.pages),
      ...(await smokeTest(clientDir, options.smokePages ?? defaultSmokePages(manifest))),
    );
    lap('checks');
    if (problems.length > 0)
      throw new BuildError(
        `The new build failed its checks, so it was not published. ${kept}\n  ${problems.join('\n  ')}`,
      );

    progress('publishing');
    const info: BuildInfo = {
      builtAt: started.toISOString(),
      durationMs: Math.round(Date.now() - started.getTime()),
      snapshotHash: snapshot,
      configHash: options.configHash,
      pages,
      scriptHashes,
      compression,
      id,
      mode: builtAs,
      ...(fullReason ? { fullBecause: fullReason } : {}),
      rendered: scripts.htmlFiles,
      timings: { ...timings },
      sourceHash: sourcesHash,
      ...(run.peakKb === undefined ? {} : { astroPeakRssKb: run.peakKb }),
    };
    await writeFile(buildInfoPath(dir), `${JSON.stringify(info, null, 2)}\n`);
    await publishBuild(layout, dir);
    try {
      const removed = await pruneBuilds(layout, {
        ...(options.keep === undefined ? {} : { keep: options.keep }),
        protect: options.protect ?? [],
      });
      if (removed.length > 0) log(`Removed old builds: ${removed.join(', ')}`);
    } catch (error) {
      log(
        `Warning: old builds could not be removed: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    return info;
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    if (error instanceof BuildError) throw error;
    throw new BuildError(
      `The site build could not be finished: ${error instanceof Error ? error.message : String(error)}. ${kept}`,
      { cause: error },
    );
  } finally {
    await rm(manifestFile, { force: true });
    await release();
  }
}
