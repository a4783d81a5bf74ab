/** What a site build is asked to do (`buildSite`, build.ts) and what it reports while it runs. */
import type { NamedSecret } from './secrets.ts';
import type { CatalogueSync } from '../../catalogue/catalogue-owner.ts';
import type { WarmRendererClient } from './warm-client.ts';

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
  /** The catalogue's owner whose last sync `astro build` must find written (its `flush`), when it defers it. */
  readonly owner?: CatalogueSync;
  /**
   * Write the `.br`/`.gz` siblings before publishing (default: yes, unless a warm renderer is given, whose
   * process writes them once the build is live). `npm start` publishes its first build at once and the
   * rebuilder's renderer compresses it.
   */
  readonly compress?: boolean;
}
