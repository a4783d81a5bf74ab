/**
 * Where builds live and how one goes live. Every build gets a fresh folder `dist.builds/<id>/`; `dist` is a
 * symbolic link to the live one. Publishing writes a new link beside `dist` and renames it over `dist`:
 * one rename(2), atomic, so a request sees the old build or the new one, never a mix or nothing. The
 * server follows the link on every file it opens. The last few builds stay for an instant rollback.
 * A real `dist` folder (the layout before this one) is moved into `dist.builds/` on the first publish.
 */
import { existsSync, lstatSync, readdirSync, readlinkSync, realpathSync, statSync } from 'node:fs';
import { mkdir, open, readFile, rename, rm, symlink, unlink, writeFile } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { buildInfoPath, readBuildInfo, type BuildInfo } from './build-info.ts';
import { errorCode } from './files.ts';
import { layersOf, locateIn } from './layers.ts';

export interface BuildLayout {
  /** The served path, a symbolic link to the live build (e.g. `/work/main/dist`). */
  readonly dist: string;
  /** The folder of all builds (`dist.builds`). */
  readonly buildsDir: string;
}

export const buildLayout = (distDir: string): BuildLayout => {
  const dist = resolve(distDir);
  return { dist, buildsDir: `${dist}.builds` };
};

/** Builds kept after a publish (the live one and the ones before it, for rollback). */
export const KEEP_BUILDS = 3;

/** A sortable, unique build id: UTC time to the millisecond and a random suffix. */
export function newBuildId(date: Date = new Date()): string {
  const stamp = date.toISOString().replace(/[-:]/g, '').replace('.', '');
  return `${stamp}-${Math.random().toString(36).slice(2, 6)}`;
}

export interface BuildEntry {
  readonly id: string;
  readonly dir: string;
  /** Its build-info.json; undefined for a build that never finished, or one adopted from the old layout. */
  readonly info: BuildInfo | undefined;
  /** A whole site: finished by a build, or adopted from the old layout (a real `dist` or `dist.previous`). */
  readonly complete: boolean;
  readonly live: boolean;
}

const ADOPTED = /-(legacy|previous)$/;

/** The folder `dist` points at now (resolved), or undefined when there is no `dist`. */
export function liveBuildDir(layout: BuildLayout): string | undefined {
  try {
    return realpathSync(layout.dist);
  } catch {
    return undefined;
  }
}

/** Every build folder, oldest first. */
export function listBuilds(layout: BuildLayout): BuildEntry[] {
  if (!existsSync(layout.buildsDir)) return [];
  const live = liveBuildDir(layout);
  return readdirSync(layout.buildsDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.'))
    .map((entry) => entry.name)
    .sort()
    .map((id) => {
      const dir = join(layout.buildsDir, id);
      const info = readBuildInfo(dir);
      const complete =
        info !== undefined || (ADOPTED.test(id) && existsSync(join(dir, 'client', 'index.html')));
      return { id, dir, info, complete, live: live === realpathSync(dir) };
    });
}

/** Moves a real `dist` folder (the old layout) into `dist.builds/`, returning where it went. */
async function adoptRealDist(layout: BuildLayout, name: string, path: string): Promise<string> {
  const info = readBuildInfo(path);
  const at = info ? new Date(info.builtAt) : statSync(path).mtime;
  const target = join(layout.buildsDir, `${newBuildId(at)}-${name}`);
  await rename(path, target);
  return target;
}

/**
 * Makes `buildDir` (inside `dist.builds/`) the live build with one rename of a fresh symbolic link over
 * `dist`. A real `dist` folder is first moved into `dist.builds/` (the only moment without a `dist`: two
 * renames in a row, once per installation), and so is an old `dist.previous`.
 */
export async function publishBuild(layout: BuildLayout, buildDir: string): Promise<void> {
  await mkdir(layout.buildsDir, { recursive: true });
  const link = join(dirname(layout.dist), `.${basename(layout.dist)}.link-${process.pid}-${Date.now()}`);
  await symlink(relative(dirname(layout.dist), buildDir), link, 'dir');
  try {
    const stats = lstatSync(layout.dist, { throwIfNoEntry: false });
    if (stats?.isDirectory()) {
      const previous = `${layout.dist}.previous`;
      if (lstatSync(previous, { throwIfNoEntry: false })?.isDirectory())
        await adoptRealDist(layout, 'previous', previous);
      await adoptRealDist(layout, 'legacy', layout.dist);
    }
    await rename(link, layout.dist);
  } catch (error) {
    await unlink(link).catch(() => undefined);
    throw error;
  }
}

/**
 * Moves a real `dist` folder into `dist.builds/` and links it, before a server loads its entry from it
 * (a module loaded from the old path would look for its chunks where the next build's are).
 */
export async function adoptLegacyDist(layout: BuildLayout): Promise<void> {
  if (!lstatSync(layout.dist, { throwIfNoEntry: false })?.isDirectory()) return;
  await mkdir(layout.buildsDir, { recursive: true });
  const adopted = await adoptRealDist(layout, 'legacy', layout.dist);
  await publishBuild(layout, adopted);
}

/**
 * Removes all but the newest `keep` finished builds, never the live one nor those in `protect` (e.g. the
 * build whose server entry a running server loaded), and any unfinished build except `building`.
 */
export async function pruneBuilds(
  layout: BuildLayout,
  options: { keep?: number; protect?: readonly string[]; building?: string } = {},
): Promise<string[]> {
  const keep = options.keep ?? KEEP_BUILDS;
  const protect = new Set((options.protect ?? []).map((dir) => resolve(dir)));
  const builds = listBuilds(layout);
  const finished = builds.filter((build) => build.complete);
  const kept = new Set(finished.slice(-keep).map((build) => build.dir));
  // A warm build is a layer over a whole build (layers.ts): that one stays as long as the layer does.
  const bases = new Set(
    builds
      .filter((build) => build.live || kept.has(build.dir) || protect.has(build.dir))
      .flatMap((build) => (build.info?.base ? [join(layout.buildsDir, build.info.base)] : [])),
  );
  const removed: string[] = [];
  for (const build of builds) {
    if (
      build.live ||
      kept.has(build.dir) ||
      protect.has(build.dir) ||
      bases.has(build.dir) ||
      build.dir === options.building
    )
      continue;
    // A file written into it meanwhile (its last siblings) empties a folder again: rm tries again.
    await rm(build.dir, { recursive: true, force: true, maxRetries: 3 });
    removed.push(build.id);
  }
  return removed;
}

export class RollbackError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RollbackError';
  }
}

/** Points `dist` at the finished build before the live one (or at build `to`), and returns it. */
export async function rollback(layout: BuildLayout, options: { to?: string } = {}): Promise<BuildEntry> {
  const finished = listBuilds(layout).filter((build) => build.complete);
  const liveIndex = finished.findIndex((build) => build.live);
  const target = options.to
    ? finished.find((build) => build.id === options.to)
    : liveIndex > 0
      ? finished[liveIndex - 1]
      : undefined;
  if (!target) {
    const ids = finished.map((build) => `${build.id}${build.live ? ' (live)' : ''}`).join(', ') || 'none';
    throw new RollbackError(
      options.to
        ? `There is no finished build ${options.to} in ${layout.buildsDir} (builds: ${ids}).`
        : `There is no earlier build to roll back to in ${layout.buildsDir} (builds: ${ids}).`,
    );
  }
  if (!(await locateIn(layersOf(target.dir), 'index.html')))
    throw new RollbackError(`Build ${target.id} has no client/index.html: it cannot be served.`);
  await publishBuild(layout, target.dir);
  return { ...target, live: true };
}

/** Where `dist` points, as written in the link (for messages), or undefined. */
export function liveLinkTarget(layout: BuildLayout): string | undefined {
  try {
    return readlinkSync(layout.dist);
  } catch {
    return undefined;
  }
}

const sleep = (ms: number) => new Promise((resolvePromise) => setTimeout(resolvePromise, ms));

/** Whether a process of that id runs (one of another user's counts). */
export const isRunning = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return errorCode(error) === 'EPERM';
  }
};

/**
 * One build at a time across processes (the server's rebuilder and `npm run rebuild`): a lock file with
 * the holder's pid, taken over when that process is gone. Waits for a live holder; returns the release.
 */
export async function lockBuilds(
  layout: BuildLayout,
  options: { log?: (message: string) => void; timeoutMs?: number } = {},
): Promise<() => Promise<void>> {
  await mkdir(layout.buildsDir, { recursive: true });
  const file = join(layout.buildsDir, '.lock');
  const deadline = Date.now() + (options.timeoutMs ?? 30 * 60_000);
  let told = false;
  for (;;) {
    try {
      const handle = await open(file, 'wx');
      await handle.writeFile(String(process.pid));
      await handle.close();
      return () => rm(file, { force: true });
    } catch (error) {
      if (errorCode(error) !== 'EEXIST') throw error;
    }
    const text = (await readFile(file, 'utf8').catch(() => '')).trim();
    const holder = Number(text);
    // An empty lock was just created by a process about to write its pid into it.
    const justTaken =
      text === '' && Date.now() - (statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? 0) < 5000;
    if (!justTaken && (!Number.isInteger(holder) || holder <= 0 || !isRunning(holder))) {
      await rm(file, { force: true });
      continue;
    }
    if (Date.now() > deadline)
      throw new Error(`Another build (process ${holder}) still holds ${file}; try again when it is done.`);
    if (!told) options.log?.(`Waiting for the build of process ${holder} to finish…`);
    told = true;
    await sleep(500);
  }
}

/** Records a finished build in its build-info.json, switches `dist` to it and prunes old builds. */
export async function publishAndPrune(
  layout: BuildLayout,
  dir: string,
  info: BuildInfo,
  options: { keep?: number; protect: readonly string[]; log: (message: string) => void },
): Promise<{ swapMs: number }> {
  await writeFile(buildInfoPath(dir), `${JSON.stringify(info, null, 2)}\n`);
  const swapStarted = performance.now();
  await publishBuild(layout, dir);
  const swapMs = Math.round(performance.now() - swapStarted);
  try {
    const removed = await pruneBuilds(layout, {
      ...(options.keep === undefined ? {} : { keep: options.keep }),
      protect: options.protect,
    });
    if (removed.length > 0) options.log(`Removed old builds: ${removed.join(', ')}`);
  } catch (error) {
    options.log(
      `Warning: old builds could not be removed: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  return { swapMs };
}
