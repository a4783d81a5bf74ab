/**
 * `dist/build-info.json`: when the site was built, from which catalogue snapshot and configuration, how
 * many pages, and the CSP hashes of its inline scripts. `npm start` compares it with the sources to
 * decide whether to rebuild; the server reads the hashes from it.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { z } from 'zod';
import { rowsHash } from '../../catalogue/rows.ts';
import type { ShopSettings } from '../../config/env.ts';

/** A product's price changing at an instant with no save in Magento: a special price starting or ending. */
export const priceChangeSchema = z.object({
  /** The instant (ISO 8601, UTC) the price that applies changes. */
  at: z.iso.datetime(),
  sku: z.string(),
  name: z.string(),
  /** The price incl VAT before and after the instant (null: no price shown). */
  before: z.number().nullable(),
  after: z.number().nullable(),
});
export type PriceChange = z.infer<typeof priceChangeSchema>;

/** How many of the coming price changes a build records (the status page lists them; the first is what matters). */
export const RECORDED_PRICE_CHANGES = 50;

export const buildInfoSchema = z.object({
  /** When the build started (ISO 8601): sources changed after it make the build stale. */
  builtAt: z.iso.datetime(),
  durationMs: z.number().int().nonnegative(),
  /** `snapshotHash` of the catalogue snapshot the build rendered; null when there was none. */
  snapshotHash: z.string().nullable(),
  /** `configHash` of the settings pages render (site URL, shop identity). */
  configHash: z.string(),
  /** HTML files in `dist/client`. */
  pages: z.number().int().nonnegative(),
  /** CSP source expressions (`'sha256-…'`) of every inline script in the pages. */
  scriptHashes: z.array(z.string()),
  compression: z.object({
    files: z.number().int().nonnegative(),
    reused: z.number().int().nonnegative(),
    brotliQuality: z.number().int(),
    bytes: z.number().int().nonnegative(),
    brotliBytes: z.number().int().nonnegative(),
    ms: z.number().int().nonnegative(),
  }),
  /** The build's folder name in `dist.builds/` (absent in builds made before that layout). */
  id: z.string().optional(),
  /**
   * `partial`: only the product and listing pages whose data changed were rendered, the others taken from
   * the live build; `warm`: the warm renderer rendered the pages and data files whose fingerprint changed,
   * and the build holds only those, over the whole build it names in `base` (layers.ts).
   */
  mode: z.enum(['full', 'partial', 'warm']).optional(),
  /** A warm build's whole build underneath (its id in `dist.builds/`, linked as `base`). */
  base: z.string().optional(),
  /** Files (relative to `client/`) of the base build this build no longer serves. */
  removed: z.array(z.string()).optional(),
  /** Why the build rendered every page (no live build to start from, sources or settings changed…). */
  fullBecause: z.string().optional(),
  /** HTML pages this build rendered; `pages - rendered` were taken unchanged from the live build. */
  rendered: z.number().int().nonnegative().optional(),
  /**
   * The paths a warm build worked out the keys of: the pages the change can show (src/site/change-plan.ts)
   * and the data files, or every path when it planned in full.
   */
  planned: z.number().int().nonnegative().optional(),
  /** Where the time went, in milliseconds: astro, secrets, precompress, scan, reuse, checks. */
  timings: z.record(z.string(), z.number().int().nonnegative()).optional(),
  /** `sourceHash` of the site's sources (src, public, astro config, lockfile) the build was made from. */
  sourceHash: z.string().optional(),
  /** Peak resident memory of the `astro build` process in KiB (Linux; absent elsewhere). */
  astroPeakRssKb: z.number().int().nonnegative().optional(),
  /** The instant the pages' prices are those of (ISO 8601): a sale applies on a page when it applied then. */
  pricedAt: z.iso.datetime().optional(),
  /**
   * The price changes due after `pricedAt`, soonest first (at most RECORDED_PRICE_CHANGES of them, and how
   * many there are in all): the server re-renders the pages concerned at the first one's instant.
   */
  priceChanges: z
    .object({ total: z.number().int().nonnegative(), upcoming: z.array(priceChangeSchema) })
    .optional(),
});

export type BuildInfo = z.infer<typeof buildInfoSchema>;

export const buildInfoPath = (distDir: string): string => join(distDir, 'build-info.json');

/** The build info of `distDir`, or undefined when there is none (or it is unreadable: treat as no build). */
export function readBuildInfo(distDir: string): BuildInfo | undefined {
  try {
    return buildInfoSchema.parse(JSON.parse(readFileSync(buildInfoPath(distDir), 'utf8')));
  } catch {
    return undefined;
  }
}

/** Hash of the snapshot's content, ignoring when it was read (as `syncCatalogue` compares them). */
/**
 * `catalogueHash` of the snapshot in `file`, as its rows keep it (null when there is none or the file is
 * not one): the rebuilder asks before every run.
 */
export function snapshotHash(file: string): string | null {
  try {
    return rowsHash(file) ?? null;
  } catch {
    return null;
  }
}

/**
 * Hash of the settings that end up in the pages: changing one of them calls for a rebuild. Callers pass the
 * whole `Env`; the filter by name keeps the hash to SITE_URL and SHOP_* whatever else the object holds.
 */
export function configHash(env: ShopSettings): string {
  const rendered = Object.entries(env)
    .filter(([name]) => name === 'SITE_URL' || name.startsWith('SHOP_'))
    .sort(([a], [b]) => a.localeCompare(b));
  return createHash('sha256').update(JSON.stringify(rendered)).digest('hex').slice(0, 16);
}

function hashTree(hash: ReturnType<typeof createHash>, path: string, label: string): void {
  const stats = statSync(path, { throwIfNoEntry: false });
  if (!stats) return;
  if (!stats.isDirectory()) {
    hash.update(`${label}\0`).update(readFileSync(path)).update('\0');
    return;
  }
  for (const entry of readdirSync(path).sort()) hashTree(hash, join(path, entry), `${label}/${entry}`);
}

/**
 * Hash of the content of the site's sources (names and bytes, not times): unlike modification times it
 * survives a fresh checkout, so CI can tell an unchanged site from a changed one.
 */
export function sourceHash(sources: readonly string[]): string {
  const hash = createHash('sha256');
  for (const source of sources) hashTree(hash, source, basename(source));
  return hash.digest('hex').slice(0, 16);
}

/** The first file under `path` changed after `after` (epoch ms), or undefined. */
export function newestChange(path: string, after: number): string | undefined {
  const stats = statSync(path, { throwIfNoEntry: false });
  if (!stats) return undefined;
  if (!stats.isDirectory()) return stats.mtimeMs > after ? path : undefined;
  for (const entry of readdirSync(path)) {
    const changed = newestChange(join(path, entry), after);
    if (changed) return changed;
  }
  return undefined;
}

export interface StalenessInput {
  readonly distDir: string;
  readonly snapshotFile: string;
  /** The snapshot's hash when the caller knows it (a sync in the warm renderer, not written yet). */
  readonly snapshotHash?: string | null;
  readonly configHash: string;
  /** Files and folders whose changes call for a rebuild (default: src, public, astro.config.mjs). */
  readonly sources: readonly string[];
  /**
   * `sourceHash` of the sources now: when given and the build recorded one, contents are compared
   * instead of modification times (which a fresh checkout resets).
   */
  readonly sourceHash?: string;
  /** Now, by the shop's clock (epoch ms; default the system's): a price change due by then makes the build stale. */
  readonly now?: number;
}

/** The live build's price changes due by `now`, soonest first: their pages show a price that no longer applies. */
export function duePriceChanges(info: BuildInfo | undefined, now: number): PriceChange[] {
  return (info?.priceChanges?.upcoming ?? []).filter((change) => Date.parse(change.at) <= now);
}

/** Says which products a due price change is for, for the status page and the log: `HG-1, HG-2 and 3 more`. */
export function describePriceChanges(changes: readonly PriceChange[]): string {
  const skus = [...new Set(changes.map((change) => change.sku))];
  const shown = skus.slice(0, 3).join(', ');
  return skus.length > 3 ? `${shown} and ${skus.length - 3} more` : shown;
}

/** Why the site must be (re)built, or undefined when `distDir` is up to date. */
export function whyStale(input: StalenessInput): string | undefined {
  const info = readBuildInfo(input.distDir);
  if (!info || !existsSync(join(input.distDir, 'client'))) return 'no previous build';
  if (info.snapshotHash !== (input.snapshotHash ?? snapshotHash(input.snapshotFile)))
    return 'the catalogue changed';
  const due = duePriceChanges(info, input.now ?? Date.now());
  if (due.length > 0) return `a scheduled price change is due (${describePriceChanges(due)})`;
  if (info.configHash !== input.configHash) return 'the site settings changed';
  if (input.sourceHash !== undefined && info.sourceHash !== undefined)
    return info.sourceHash === input.sourceHash ? undefined : 'the site sources changed';
  const builtAt = Date.parse(info.builtAt);
  for (const source of input.sources) {
    const changed = newestChange(source, builtAt);
    if (changed) return `${changed} changed`;
  }
  return undefined;
}
