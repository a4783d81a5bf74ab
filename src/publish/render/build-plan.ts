/**
 * A build's decisions, made before anything is rendered: full, partial or warm (and why), the pages to
 * render and their fingerprints, the instant they are priced at, and the settings the build reads, parsed
 * once from its environment and handed down.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { loadEnv, processEnvironment, type Env } from '../../config/env.ts';
import { shopInfo, type ShopInfo } from '../../config/shop.ts';
import { readBuildInfo, snapshotHash, sourceHash, type BuildInfo } from '../releases/build-info.ts';
import { liveBuildDir, type BuildLayout } from '../releases/builds.ts';
import { PAGES_MANIFEST_FILE, readPagesManifest } from '../plan/plan-files.ts';
import {
  defaultSources,
  partialBuildBlocker,
  workOutRenderPlan,
  type PagesManifest,
  type PriceSchedule,
} from '../plan/render-plan.ts';
import type { BuildSiteOptions } from './build-options.ts';
import { buildSecrets, type NamedSecret } from './secrets.ts';

/** One build's decisions, made before `astro build` runs. */
export interface Plan {
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
export interface BuildSettings {
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
export type BuildStart = ReturnType<typeof startPlan>;

export function startPlan(options: BuildSiteOptions, root: string, layout: BuildLayout) {
  const live = liveBuildDir(layout);
  const liveInfo = live ? readBuildInfo(live) : undefined;
  // Read only for a build by `astro build` (planBuild): a warm run's renderer reads it, or keeps it.
  const manifestFile = live ? join(live, PAGES_MANIFEST_FILE) : undefined;
  const hasManifest = manifestFile !== undefined && existsSync(manifestFile);
  const sources = options.sources ?? defaultSources(root);
  const hash = options.sourceHash ?? sourceHash(sources);
  const fullBecause = partialBuildBlocker({
    mode: options.mode ?? 'auto',
    live,
    liveInfo,
    hasManifest,
    configHash: options.configHash,
    sources,
    sourceHash: hash,
  });
  // The pages price at the plan's instant (the render plan carries it), so their prices are those the
  // fingerprints were worked out from.
  const pricedAt = options.pricedAt ?? Date.now();
  const environment = options.env ?? processEnvironment();
  const settings = buildSettings(environment, options.secrets);
  return { live, liveInfo, hasManifest, sourceHash: hash, fullBecause, pricedAt, environment, settings };
}

/** The pages of a full or partial build (the render plan), once a warm run is ruled out or has failed. */
export function planBuild(options: BuildSiteOptions, root: string, dir: string, started: BuildStart): Plan {
  const { live, liveInfo, fullBecause, pricedAt, environment, settings } = started;
  const liveManifest = live && !fullBecause ? readPagesManifest(join(live, PAGES_MANIFEST_FILE)) : undefined;
  const planned =
    settings.shop &&
    workOutRenderPlan({
      root,
      snapshotFile: options.snapshotFile,
      shop: settings.shop,
      previous: liveManifest,
      at: pricedAt,
    });
  for (const line of planned?.unlisted ?? []) options.log?.(`Warning: ${line}`);
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
