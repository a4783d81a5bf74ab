/**
 * One site build: `astro build` into a fresh folder beside `dist`, precompress its text files, record
 * `build-info.json`, then swap it in (`dist` → `dist.previous`, new → `dist`). A failed build throws
 * and leaves `dist` exactly as it was. Used by `npm run build` and by `npm start` when the site is stale.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { rename, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { buildInfoPath, snapshotHash, type BuildInfo } from './build-info.ts';
import { precompressSite } from './precompress.ts';
import { scanInlineScripts } from './security.ts';

export interface BuildSiteOptions {
  /** The project (where astro.config.mjs and node_modules are). */
  readonly root: string;
  /** Where the built site goes (`dist`). The new build is made in `${distDir}.next`. */
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
  readonly log?: (message: string) => void;
}

export class BuildError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'BuildError';
  }
}

function run(command: readonly [string, ...string[]], cwd: string, env: NodeJS.ProcessEnv): Promise<number> {
  const [program, ...args] = command;
  return new Promise((resolvePromise, reject) => {
    const child = spawn(program, args, { cwd, env, stdio: 'inherit' });
    child.once('error', reject);
    child.once('exit', (code, signal) => resolvePromise(code ?? (signal ? 128 : 1)));
  });
}

/** More distinct inline scripts than this usually means per-page data in scripts; the CSP header grows. */
const MANY_SCRIPT_HASHES = 40;

let building: Promise<BuildInfo> | undefined;

/** Builds the site; a second call while one runs waits for it (they would share `${distDir}.next`). */
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

async function buildOnce(options: BuildSiteOptions): Promise<BuildInfo> {
  const log = options.log ?? (() => undefined);
  const root = resolve(options.root);
  const dist = resolve(root, options.distDir);
  const next = `${dist}.next`;
  const previous = `${dist}.previous`;
  const started = new Date();
  const command = options.command ?? [
    process.execPath,
    join(root, 'node_modules/astro/bin/astro.mjs'),
    'build',
  ];

  await rm(next, { recursive: true, force: true });
  const snapshot = snapshotHash(options.snapshotFile);
  let code: number;
  try {
    code = await run([...command, '--outDir', next], root, {
      ...(options.env ?? process.env),
      ASTRO_TELEMETRY_DISABLED: '1',
    });
  } catch (error) {
    await rm(next, { recursive: true, force: true });
    throw new BuildError(
      `Could not start the site build (${command.join(' ')}). The previous site was kept.`,
      {
        cause: error,
      },
    );
  }
  const clientDir = join(next, 'client');
  if (code !== 0 || !existsSync(clientDir)) {
    await rm(next, { recursive: true, force: true });
    throw new BuildError(
      code !== 0
        ? `The site build failed (astro build exited with ${code}; its messages are above). The previous site in ${dist} was kept.`
        : `The site build wrote no ${clientDir}. The previous site in ${dist} was kept.`,
    );
  }

  try {
    const compression = await precompressSite(clientDir, {
      previousClientDir: existsSync(join(dist, 'client')) ? join(dist, 'client') : undefined,
    });
    log(
      `Precompressed ${compression.files} files (${compression.reused} reused, brotli ${compression.brotliQuality}) in ${compression.ms} ms`,
    );
    const scripts = await scanInlineScripts(clientDir);
    for (const file of scripts.inlineHandlers)
      log(`Warning: ${file} has an inline event handler (on…=), which the Content-Security-Policy blocks.`);
    if (scripts.hashes.length > MANY_SCRIPT_HASHES)
      log(
        `Warning: the pages carry ${scripts.hashes.length} different inline scripts, each a hash in the CSP header of every response. Pass per-page data in data- attributes or JSON script tags instead.`,
      );
    const info: BuildInfo = {
      builtAt: started.toISOString(),
      durationMs: Math.round(Date.now() - started.getTime()),
      snapshotHash: snapshot,
      configHash: options.configHash,
      pages: scripts.htmlFiles,
      scriptHashes: scripts.hashes,
      compression,
    };
    await writeFile(buildInfoPath(next), `${JSON.stringify(info, null, 2)}\n`);

    await rm(previous, { recursive: true, force: true });
    const hadDist = existsSync(dist);
    if (hadDist) await rename(dist, previous);
    try {
      await rename(next, dist);
    } catch (error) {
      if (hadDist) await rename(previous, dist);
      throw error;
    }
    return info;
  } catch (error) {
    await rm(next, { recursive: true, force: true });
    if (error instanceof BuildError) throw error;
    throw new BuildError(
      `The site build could not be finished: ${error instanceof Error ? error.message : String(error)}. The previous site in ${dist} was kept.`,
      {
        cause: error,
      },
    );
  }
}
