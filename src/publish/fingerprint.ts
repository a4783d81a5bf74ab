/**
 * Fingerprints of the product and listing pages: a hash of everything such a page renders from data, so a
 * rebuild re-renders only the pages whose fingerprint changed and reuses the others from the live build. What the
 * page renders from its code is not here: any change under src/, public/ or the lockfile makes the next
 * build a full one (`partialBuildBlocker` in src/publish/build.ts).
 *
 * Keep this in step with `src/pages/[product].astro`: data the page starts to show must be added here, or
 * a partial rebuild keeps the old page. Today that is the product itself, its connected-product cards
 * (name, price, picture and link of each linked product), and what every page shares: the header menus
 * (category tiles with a product picture each), the category tree and the shop's identity.
 */
import { createHash } from 'node:crypto';
import { connectedSections } from '../catalogue/product-page.ts';
import type { CatalogueIndex } from '../catalogue/snapshot.ts';
import type { Product } from '../catalogue/types.ts';
import type { ListingPage } from '../components/catalogue/listing-pages.ts';
import { audienceMenus } from '../components/shell/menu.ts';
import type { ShopInfo } from '../config/shop.ts';

const hash = (...parts: readonly unknown[]): string => {
  const digest = createHash('sha256');
  for (const part of parts) digest.update(JSON.stringify(part)).update('\0');
  return digest.digest('base64url').slice(0, 22);
};

/** The fingerprint of a file whose whole content is `text` (the data endpoints' JSON). */
export const textFingerprint = (text: string): string =>
  createHash('sha256').update(text).digest('base64url').slice(0, 22);

/** What every page shows around its content: menus (with their product pictures), categories, shop. */
export function sharedFingerprint(
  index: Pick<CatalogueIndex, 'catalogue' | 'byCategory'>,
  shop: ShopInfo,
): string {
  return hash(audienceMenus(index), index.catalogue.audiences, shop);
}

/** One fingerprint per routed product, by url key. */
export function productFingerprints(
  routed: readonly Product[],
  index: Pick<CatalogueIndex, 'bySku'>,
  hrefBySku: ReadonlyMap<string, string>,
  shared: string,
): Map<string, string> {
  const source = { bySku: index.bySku, hrefBySku };
  return new Map(
    routed.map((product) => [product.urlKey, hash(shared, product, connectedSections(product, source))]),
  );
}

/**
 * One fingerprint per listing page, by its path without the leading `/`. A listing page renders its
 * listing (name, trail, sub-category links), its page number, and what the category's filter index
 * holds (its cards, counts, page count), which the index file's URL names by its content hash.
 */
export const listingFingerprints = (pages: readonly ListingPage[], shared: string): Map<string, string> =>
  new Map(
    pages.map((page) => [page.path.slice(1), hash(shared, page.data.listing, page.page, page.data.url)]),
  );
