/**
 * The catalogue the e2e shop was built from (`var/e2e/catalogue.db`, or in `E2E_DIR`, written by the sync that
 * `scripts/e2e-server.ts` runs), so journeys pick their products and listings from the data instead of
 * hard-coding names the demo generator may change. Read lazily: the file exists only once the web server
 * has started, which is after Playwright has loaded the spec files.
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readWrittenSnapshot } from '../../src/catalogue/snapshot.ts';
import { pricedAt } from '../../src/catalogue/special-prices.ts';
import type { Catalogue, CategoryNode, Product } from '../../src/catalogue/types.ts';
import { E2E_DIR } from './ports.ts';

export type { Catalogue, CategoryNode, Product };

/** In `E2E_DIR` (`var/e2e` unless a run moved it), from the project's root. */
const SNAPSHOT = resolve(fileURLToPath(new URL('../..', import.meta.url)), E2E_DIR, 'catalogue.db');

let cached: Catalogue | undefined;

export function catalogue(): Catalogue {
  cached ??= readWrittenSnapshot(SNAPSHOT).catalogue;
  return cached;
}

let priced: Map<string, Product> | undefined;

/**
 * The products as the shop prices them now: a sale price within its dates (the demo has one running from
 * the day it was seeded), a configurable from its children; by sku.
 */
export function pricedNow(): ReadonlyMap<string, Product> {
  const { products, rulePrices } = catalogue();
  priced ??= new Map(pricedAt(products, Date.now(), rulePrices).map((product) => [product.sku, product]));
  return priced;
}

/** Whether shoppers have reviewed the product: the sync read a rating of at least one review. */
export const hasReviews = (product: Product): boolean => (product.rating?.count ?? 0) > 0;

/** A rating as the shop reads it out: stars out of 5 to one decimal ("Rated 4.2 out of 5" for 84 %). */
export const starsOf = (percent: number): number => Math.round(percent / 2) / 10;

/**
 * Why a journey about ratings is skipped: the e2e catalogue has no reviews, since the demo back end seeds
 * none yet. Once it does, the journeys pick their rated products from the catalogue like any other.
 */
export const NO_REVIEWS = 'The e2e catalogue has no product with reviews (the demo back end seeds none yet)';

/** Products with a page of their own (visibility 2, 3 or 4). */
export const productPages = (): Product[] => catalogue().products.filter((p) => p.visibility !== 1);

export const bySku = (sku: string): Product | undefined => catalogue().products.find((p) => p.sku === sku);

/** What the product page shows under a connected-products heading: known skus, once each, not itself. */
export function connected(product: Product, type: 'upsell' | 'crosssell' | 'related'): Product[] {
  const seen = new Set([product.sku]);
  const items: Product[] = [];
  for (const sku of product.links[type]) {
    const linked = bySku(sku);
    if (seen.has(sku) || !linked) continue;
    seen.add(sku);
    items.push(linked);
  }
  return items;
}

/** Spec §2: the heading of each connected-products section and the Magento link type behind it. */
export const CONNECTED_SECTIONS = [
  { title: 'Detergents', type: 'upsell' },
  { title: 'Accessories', type: 'crosssell' },
  { title: 'Related Products', type: 'related' },
] as const;

const allConnected = (product: Product): Product[] =>
  CONNECTED_SECTIONS.flatMap((section) => connected(product, section.type));

function first(products: Product[], what: string): Product {
  const product = products[0];
  if (!product) throw new Error(`The e2e catalogue has no ${what}; the demo catalogue changed.`);
  return product;
}

/**
 * An in-stock product that shows everything a product page can: list price (so the info box), several
 * pictures, technical data, equipment, applications and all three connected sections. Its price differs
 * from its connected products' so price texts are unambiguous; a price over £1,000 is preferred, to see
 * the thousands separator.
 */
export function richProduct(): Product {
  const candidates = productPages().filter(
    (p) =>
      p.inStock &&
      p.listPrice !== null &&
      p.priceInclVat !== null &&
      p.priceExclVat !== null &&
      p.modelNumber !== null &&
      p.images.length > 2 &&
      p.technicalData.length > 0 &&
      p.equipment.length > 0 &&
      p.applications.length > 0 &&
      CONNECTED_SECTIONS.every((section) => connected(p, section.type).length > 0) &&
      allConnected(p).every((c) => c.priceInclVat !== p.priceInclVat),
  );
  return first(
    [...candidates].sort(
      (a, b) => Number((b.priceInclVat ?? 0) >= 1000) - Number((a.priceInclVat ?? 0) >= 1000),
    ),
    'fully described product in stock',
  );
}

/** An in-stock product without list_price: its page has no side info box. */
export const productWithoutListPrice = (): Product =>
  first(
    productPages().filter((p) => p.inStock && p.listPrice === null && p.priceInclVat !== null),
    'in-stock product without list price',
  );

/** An out-of-stock product whose connected products are all in stock, so 'Unavailable' is its own. */
export const outOfStockProduct = (): Product =>
  first(
    productPages().filter(
      (p) => !p.inStock && p.priceInclVat !== null && allConnected(p).every((c) => c.inStock),
    ),
    'out-of-stock product',
  );

export interface ListingInfo {
  path: string;
  name: string;
  /**
   * The products the listing shows: visibility 2 or 4, assigned directly to the category, in the order
   * the listing shows them first: Magento's category positions, whatever their stock.
   */
  products: Product[];
}

/** The spec's page size. */
export const PAGE_SIZE = 12;

/** A listing page's own URL: the listing's path for page 1, `{path}/page/{n}` after. */
export const pagePath = (path: string, page: number): string => (page <= 1 ? path : `${path}/page/${page}`);

/**
 * The code the spec refused while every menu linked to it: it has its listing like every other category
 * (DESIGN.md §3).
 */
export const DRY_ICE_PATH = '/professional/dry-ice-cleaning';

/** Every listing page: second-level categories and their children. */
export function listings(): ListingInfo[] {
  const { audiences, products } = catalogue();
  const shown = products.filter((p) => p.visibility === 2 || p.visibility === 4);
  const info = (node: CategoryNode): ListingInfo => {
    const order = catalogue().positions[String(node.id)] ?? [];
    const rank = (p: Product) => (order.includes(p.sku) ? order.indexOf(p.sku) : order.length);
    const products = shown.filter((p) => p.categoryIds.includes(node.id)).sort((a, b) => rank(a) - rank(b));
    return { path: node.path, name: node.name, products };
  };
  return Object.values(audiences).flatMap((root) =>
    root.children.flatMap((node) => [info(node), ...node.children.map(info)]),
  );
}

export const largestListing = (): ListingInfo =>
  [...listings()].sort((a, b) => b.products.length - a.products.length)[0] ??
  (() => {
    throw new Error('The e2e catalogue has no listings.');
  })();

/** £1,234.56, the way the shop shows prices (DESIGN.md §3: exact pence). */
export const formatGbp = (amount: number): string =>
  new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' }).format(amount);

/** A price as the shop prints it: pound sign, thousands separators, always two decimals. */
export const PRICE_PATTERN = /£\d{1,3}(,\d{3})*\.\d{2}/;
