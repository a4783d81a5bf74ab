/**
 * A rebuild run's settings (task.ts): the options a caller gives, and the same with their defaults applied,
 * which every step of the run reads.
 */
import { catalogueOwner, ownerSync, type CatalogueSync } from '../../catalogue/catalogue-owner.ts';
import { snapshotPath } from '../../catalogue/snapshot.ts';
import { systemClock, type Clock } from '@cleaning-shop/kit/clock.ts';
import type { EmbeddedSettings, MagentoSettings, ShopSettings } from '../../config/env.ts';
import { configHash } from '../releases/build-info.ts';
import { defaultSources, type BuildSiteOptions } from '../render/build.ts';
import { warmRendererClient, type WarmRendererClient } from '../render/warm-client.ts';

export interface RebuildTaskOptions {
  /** The shop's settings (the pages' configuration hash, the snapshot) and Magento's, for the sync. */
  readonly env: ShopSettings & MagentoSettings & EmbeddedSettings;
  /** The project (where astro.config.mjs is). */
  readonly root: string;
  /** The served path (`dist`). */
  readonly distDir: string;
  /** Sync attempts while Magento is unreachable or answers 5xx/429 (default 3). */
  readonly attempts?: number;
  /** Wait before the second attempt; it doubles for each further one (default 2 s). */
  readonly retryDelayMs?: number;
  /** Build folders never pruned (the one whose server entry the running server loaded). */
  readonly protect?: readonly string[];
  /** Environment of the build process (`processEnvironment()`: this process's); it must agree with `env`. */
  readonly buildEnv: NodeJS.ProcessEnv;
  /** Files whose change since the live build calls for a full build (default: the site's sources). */
  readonly sources?: readonly string[];
  /** Stand-in for `astro build` (tests). */
  readonly command?: BuildSiteOptions['command'];
  /** The shop's clock: the instant the pages are priced at, and whether a scheduled price change is due. */
  readonly clock?: Clock;
  /**
   * Keep a warm renderer (src/publish/render/warm-client.ts) beside the live build, so a rebuild renders only what
   * changed, in about a second, instead of running `astro build` (the server's rebuilder; not one-off runs):
   * `true` starts one, or the one `npm start` made its first build with (src/start.ts).
   */
  readonly warm?: boolean | WarmRendererClient;
  readonly log?: (message: string) => void;
  /** Warnings for the operator (price drift found by a reconciliation). Default: `log`. */
  readonly warn?: (message: string) => void;
}

/** The task's settings with their defaults applied. */
export interface Settings {
  readonly options: RebuildTaskOptions;
  readonly log: (message: string) => void;
  /** Where warnings go (a price drift): `options.warn`, else the log. */
  readonly warn: (message: string) => void;
  readonly attempts: number;
  readonly retryDelayMs: number;
  readonly snapshotFile: string;
  readonly configHash: string;
  readonly sources: readonly string[];
  readonly clock: Clock;
  readonly warm: WarmRendererClient | undefined;
  /** The catalogue's one owner for the run's syncs: the warm renderer's process when there is one. */
  readonly owner: CatalogueSync;
}

export function taskSettings(options: RebuildTaskOptions): Settings {
  const log = options.log ?? (() => undefined);
  const warm =
    options.warm === true
      ? warmRendererClient({
          root: options.root,
          env: options.buildEnv,
          ...(options.log ? { log: options.log } : {}),
        })
      : options.warm || undefined;
  return {
    options,
    log,
    warn: options.warn ?? log,
    attempts: options.attempts ?? 3,
    retryDelayMs: options.retryDelayMs ?? 2000,
    snapshotFile: snapshotPath(options.env.CATALOGUE_SNAPSHOT),
    configHash: configHash(options.env),
    sources: options.sources ?? defaultSources(options.root),
    clock: options.clock ?? systemClock,
    warm,
    owner: warm ?? ownerSync(catalogueOwner(options.env, log)),
  };
}
