/**
 * Which product pages this build renders. The product route's `getStaticPaths` passes its products through
 * `productsToRender`: in a plain `astro build` that is all of them; when the site build asks for a partial
 * rebuild (REBUILD_PAGES_MANIFEST, with the live build's fingerprints in REBUILD_PAGES_PREVIOUS), only the
 * products whose fingerprint changed. Every fingerprint is written to the manifest either way, so the
 * site build knows which pages to take from the live build and the next build has something to compare.
 * Everything else (listings, home, landings, search index, sitemap, fixed pages) is rendered every time.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { z } from 'zod';
import { getCatalogue, type CatalogueIndex } from '../catalogue/snapshot.ts';
import type { Product } from '../catalogue/types.ts';
import { loadEnv } from '../config/env.ts';
import { shopInfo } from '../config/shop.ts';
import { productFingerprints, sharedFingerprint } from './fingerprint.ts';

export const pagesManifestSchema = z.object({
  version: z.literal(1),
  /** `sharedFingerprint` of the build: when it changes, every product page is rendered again. */
  shared: z.string(),
  /** Fingerprint by url key of every product page of the build (`/{url key}/index.html`). */
  pages: z.record(z.string(), z.string()),
  /** Url keys this build rendered; the other pages are the live build's, unchanged. */
  rendered: z.array(z.string()),
  /** false when there was no previous manifest to compare with, so every page was rendered. */
  partial: z.boolean(),
});
export type PagesManifest = z.infer<typeof pagesManifestSchema>;

export const PAGES_MANIFEST_FILE = 'pages.json';

/** The manifest in `file`, or undefined when there is none or it is unreadable (then: render everything). */
export function readPagesManifest(file: string): PagesManifest | undefined {
  try {
    return pagesManifestSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
  } catch {
    return undefined;
  }
}

/** The plan of one build: what to render, given the fingerprints now and those of the live build. */
export function planPages(current: ReadonlyMap<string, string>, shared: string, previous?: PagesManifest) {
  const rendered = [...current]
    .filter(([urlKey, fingerprint]) => previous?.pages[urlKey] !== fingerprint)
    .map(([urlKey]) => urlKey);
  const manifest: PagesManifest = {
    version: 1,
    shared,
    pages: Object.fromEntries(current),
    rendered,
    partial: previous !== undefined,
  };
  return { manifest, render: new Set(rendered) };
}

/** The routed products this build renders (all of them unless the site build asked for a partial one). */
export function productsToRender(
  routed: Product[],
  hrefBySku: ReadonlyMap<string, string>,
  index: CatalogueIndex = getCatalogue(),
): Product[] {
  const env = loadEnv();
  if (!env.REBUILD_PAGES_MANIFEST) return routed;
  const shared = sharedFingerprint(index, shopInfo());
  const current = productFingerprints(routed, index, hrefBySku, shared);
  const previous = env.REBUILD_PAGES_PREVIOUS ? readPagesManifest(env.REBUILD_PAGES_PREVIOUS) : undefined;
  const { manifest, render } = planPages(current, shared, previous);
  writeFileSync(env.REBUILD_PAGES_MANIFEST, JSON.stringify(manifest));
  return routed.filter((product) => render.has(product.urlKey));
}
