/**
 * Fingerprints of the site's pages: the hash of each page's model (what it renders from data), with what
 * every page shares, so a rebuild renders only the pages whose fingerprint changed and takes the others
 * from the live build. The routes return them as their cache keys, computed where their props are made:
 * a product page's model (product-page.ts) is both its props and what its fingerprint hashes, a listing
 * page's is what it shows: its listing's tools and counts and its own products (listing-pages.ts), a data
 * file's is its text (data-files.ts). What a page renders from its code is not here: any change under src/, public/ or the
 * lockfile makes the next build a full one (`partialBuildBlocker` in src/publish/plan/render-plan.ts).
 * Models are hashed as JSON: they hold plain data (arrays and objects, no Maps).
 */
import { createHash } from 'node:crypto';
import type { CatalogueIndex } from '../catalogue/snapshot.ts';
import { ALL_GROUPS, type Product } from '../catalogue/types.ts';
import type { ListingData, ListingPage } from './listing-pages.ts';
import { audienceMenus } from './menus.ts';
import type { ProductPageModel } from './product-page.ts';
import type { ShopInfo } from '../config/shop.ts';
import { keptParts, keyedParts } from '../catalogue/kept-parts.ts';
import { bakedFacets, type RatingPair } from '../features/listing/index.ts';

const hash = (...parts: readonly unknown[]): string => {
  const digest = createHash('sha256');
  for (const part of parts) digest.update(JSON.stringify(part)).update('\0');
  return digest.digest('base64url').slice(0, 22);
};

/** The fingerprint of a page that shows what every page shares (`shared`) and `inputs` from the catalogue. */
export const fixedFingerprint = (shared: string, inputs: unknown): string => hash(shared, inputs);

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

/**
 * Each product's own hash, once per product object: the catalogue's products are never changed once made
 * (a sync or a price change makes new ones), and the warm renderer keeps the unchanged ones between runs,
 * so a run hashes the products that changed, not all of them.
 */
const productDigests = keptParts<Product, string>();
export const productDigest = (product: Product): string =>
  productDigests(product, [], () => hash(publicPart(product)));

/**
 * What a page can show of a product: all of it but the tier prices of particular customer groups, which only
 * the trade price files hold (trade-price-files.ts): a Trade price change re-renders no public page.
 */
function publicPart(product: Product): Product {
  const tierPrices = product.tierPrices.filter((tier) => tier.customerGroupId === ALL_GROUPS);
  return tierPrices.length === product.tierPrices.length ? product : { ...product, tierPrices };
}

/**
 * A product page's fingerprint: the hash of its model (product-page.ts), what the page renders, with the
 * product and its variants' products by their own hashes. page-plan.ts keeps it between runs with what the
 * model reads, not the model.
 */
export const productFingerprint = (model: ProductPageModel, shared: string): string =>
  hash(shared, {
    ...model,
    product: productDigest(model.product),
    children: model.children.map(productDigest),
  });

/**
 * What every page of a listing shows from its category's whole index, hashed once per listing: its name,
 * trail and sub-category links, the tools as baked (the filters' values without counts or price bands,
 * the sorts: CategoryListing.astro) and how many products and pages there are, which change only when a
 * product joins or leaves the listing. Not the index's products: a page shows only its own twelve.
 */
const listingDigests = keptParts<ListingData, string>();
const listingDigest = (data: ListingData): string =>
  listingDigests(data, [], () => {
    const { index, browsed } = data;
    return hash(data.listing, data.url, bakedFacets(index.facets), index.sorts, [
      browsed.results.length,
      browsed.pageCount,
    ]);
  });

/**
 * One fingerprint per listing page of `pages` that is `planned`, by its path without the leading `/`: the
 * hash of what the page shows (listing-pages.ts, CategoryListing.astro), its listing's digest, its number
 * and its own products' cards with their "from" and "Was" marks and their ratings. A price, stock or rating
 * change re-renders the page whose cards it changes (the listing's order is the merchandiser's, whatever
 * the stock), no other. Each page's is kept while those are the same values (a card is the same object
 * while its product is: build-index.ts), so a save hashes the pages whose cards changed, not every page of
 * the listings it is in (about 4,500 a run for a detergent in 90 parts pages at 10,000 products). The
 * pages not planned keep theirs for a later call; pages no longer in `pages` are forgotten.
 */
export function listingFingerprints(
  pages: readonly ListingPage[],
  shared: string,
  planned: (page: ListingPage) => boolean = () => true,
): Map<string, string> {
  const keys = new Map<string, string>();
  for (const page of pages) {
    const key = page.path.slice(1);
    if (!planned(page)) {
      listingPageKeys.keep(key);
      continue;
    }
    const digest = listingDigest(page.data);
    const marks = cardMarks(page);
    const inputs = [shared, digest, page.page, ...page.shown, ...marks.flatMap(markInputs)];
    keys.set(
      key,
      listingPageKeys.get(key, inputs, () => hash(shared, digest, page.page, page.shown, marks)),
    );
  }
  listingPageKeys.sweep();
  return keys;
}

const listingPageKeys = keyedParts<string, string>();

type CardMarks = [
  from: boolean,
  was: readonly [number | null, number | null] | null,
  rating: RatingPair | null,
];

/** Each card's marks on a listing page: "from", "Was" (incl and excl VAT), rating (percent and count). */
function cardMarks(page: ListingPage): CardMarks[] {
  const { from = [], was = {}, rating = {} } = page.data.index;
  return page.shown.map(([sku]) => [from.includes(sku), was[sku] ?? null, rating[sku] ?? null]);
}

/** A card's marks as five values compared one by one: `undefined` where it has no "Was" or rating. */
const markInputs = ([from, was, rating]: CardMarks): unknown[] => [
  from,
  was?.[0],
  was?.[1],
  rating?.[0],
  rating?.[1],
];
