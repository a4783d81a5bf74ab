/**
 * The two files of a build's render plan. The plan (`<build>.render-plan.json`, beside the build's output
 * folder in `dist.builds/`) is what the site build hands `astro build`: the keys of the product and
 * listing pages to render, the instant they are priced at, the snapshot they render and the shop's
 * identity. astro.config.mjs serves it to the pages as the `virtual:render-plan` module. The pages manifest (`pages.json` inside a finished build) records their fingerprints, so the
 * next build knows which pages changed. Kept apart from render-plan.ts so the Astro config loads only this.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { z } from 'zod';
import { shopInfoSchema } from '../../config/shop.ts';

export const pagesManifestSchema = z.object({
  version: z.literal(1),
  /** `sharedFingerprint` of the build: when it changes, every product page is rendered again. */
  shared: z.string(),
  /**
   * Fingerprint of every product and listing page of the build, by key: a product's url key
   * (`/{url key}/index.html`) or a listing page's path without the leading `/`.
   */
  pages: z.record(z.string(), z.string()),
  /** Url keys this build rendered; the other pages are the live build's, unchanged. */
  rendered: z.array(z.string()),
  /** false when there was no previous manifest to compare with, so every page was rendered. */
  partial: z.boolean(),
});
export type PagesManifest = z.infer<typeof pagesManifestSchema>;

export const PAGES_MANIFEST_FILE = 'pages.json';

/**
 * Every path's cache key (its fingerprint) as the routes gave them to `astro build`, by key (the path
 * without its leading `/`): written by astro.config.mjs beside the build's `client/`, merged into
 * `pages.json` by the site build.
 */
export const CACHE_KEYS_FILE = 'cache-keys.json';

/** The cache keys `astro build` recorded in `dir`, or none. */
export function readCacheKeys(dir: string): Record<string, string> {
  try {
    return z
      .record(z.string(), z.string())
      .parse(JSON.parse(readFileSync(`${dir}/${CACHE_KEYS_FILE}`, 'utf8')));
  } catch {
    return {};
  }
}

/** The manifest in `file`, or undefined when there is none or it is unreadable (then: render everything). */
export function readPagesManifest(file: string): PagesManifest | undefined {
  try {
    return pagesManifestSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
  } catch {
    return undefined;
  }
}

const renderPlanSchema = z.object({
  /** Keys of the product and listing pages to render; null: every one. */
  render: z.array(z.string()).nullable(),
  /** The instant (epoch ms) the pages are priced at: the one the plan's fingerprints were worked out at. */
  pricedAt: z.number().int(),
  /** The catalogue snapshot the pages render (the file its owner wrote: src/catalogue/catalogue-owner.ts). */
  snapshotFile: z.string().min(1),
  /** The shop's identity, on every page. */
  shop: shopInfoSchema,
});
export type RenderPlan = z.infer<typeof renderPlanSchema>;

/** Where the plan of the build writing into `outDir` lies: beside it, never inside what Astro writes. */
export const renderPlanPath = (outDir: string): string => `${outDir.replace(/\/+$/, '')}.render-plan.json`;

export function writeRenderPlan(outDir: string, plan: RenderPlan): void {
  writeFileSync(renderPlanPath(outDir), JSON.stringify(plan));
}

/**
 * The `virtual:render-plan` module of a build into `outDir`: what its pages render, as values. Without a
 * plan beside it, as in a plain `astro build`, every page, priced when the build starts, from `unplanned`
 * (the settings astro.config.mjs read). A plan that does not parse stops the build.
 */
export function renderPlanModule(
  outDir: string,
  unplanned: Pick<RenderPlan, 'snapshotFile' | 'shop'>,
): string {
  let plan: RenderPlan | undefined;
  try {
    plan = renderPlanSchema.parse(JSON.parse(readFileSync(renderPlanPath(outDir), 'utf8')));
  } catch (error) {
    if (!(error instanceof Error && 'code' in error && error.code === 'ENOENT')) throw error;
  }
  const values = {
    renderOnly: plan?.render ?? null,
    pricedAt: plan?.pricedAt ?? null,
    snapshotFile: plan?.snapshotFile ?? unplanned.snapshotFile,
    shop: plan?.shop ?? unplanned.shop,
  };
  return Object.entries(values)
    .map(([name, value]) => `export const ${name} = ${JSON.stringify(value)};\n`)
    .join('');
}
