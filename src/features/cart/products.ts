/**
 * What the basket needs of the catalogue that the cart lacks: each sku's page, thumbnail and list prices,
 * from the small JSON the build emits (`/basket/products.json`), fetched once, on demand. A configurable's
 * cart line carries its child's sku: the child has no page, so its entry links to the parent's page with
 * the child chosen (`href`, `/car-shampoo?volume=5-l`). Its ALL GROUPS tiers tell a tier price Magento
 * applied from a price cut since the build (lines.ts `isTierPrice`). Read by hand (parse/reader.ts), with no zod: the basket page
 * stays light (DESIGN.md §4).
 */
import {
  asListOf,
  asNumber,
  asString,
  BAD,
  handReader,
  isRecord,
  optional,
  type Reader,
} from '@cleaning-shop/kit/reader.ts';
import type { PublicTier } from '../../catalogue/tier-prices.ts';
import { shopFetch } from '../../shop-api/shop-api.ts';

export interface BasketProduct {
  /** The product page is `/{urlKey}`; null when the product has no page of its own. */
  urlKey: string | null;
  /**
   * Where the line links: the product page, or for a configurable's child its parent's page with the
   * child chosen; null when there is none.
   */
  href: string | null;
  /** Path under `catalog/product`, e.g. `/h/g/hg-pw-00012-1.jpg`. */
  thumbnail: string | null;
  /** The catalogue's unit price excl VAT; null when unknown. */
  priceExclVat: number | null;
  /** The catalogue's unit price incl VAT (before any tier price); null when unknown. */
  priceInclVat: number | null;
  /** Its quantity prices every shopper gets (catalogue/tier-prices.ts `publicTiers`), fewest first; empty for none. */
  tiers: readonly PublicTier[];
}

/**
 * The file as the build writes it: sku → product. `href` is written only where it is not `/{urlKey}`,
 * `tiers` only where there are any, and a file from before it or `priceInclVat` reads as "not known".
 */
export type BasketProductsFile = Record<
  string,
  Omit<BasketProduct, 'href' | 'priceInclVat' | 'tiers'> & {
    href?: string;
    priceInclVat: number | null;
    tiers?: PublicTier[];
  }
>;
/** The file as the basket reads it. */
export type BasketProducts = ReadonlyMap<string, BasketProduct>;

export const BASKET_PRODUCTS_PATH = '/basket/products.json';

const price = (value: unknown): number | undefined => {
  const number = asNumber(value);
  return number !== undefined && number > 0 ? number : undefined;
};

const tier = (value: unknown): PublicTier | undefined => {
  if (!isRecord(value)) return undefined;
  const qty = asNumber(value['qty']);
  const priceInclVat = price(value['priceInclVat']);
  const priceExclVat = price(value['priceExclVat']);
  return qty !== undefined && qty > 0 && priceInclVat !== undefined && priceExclVat !== undefined
    ? { qty, priceInclVat, priceExclVat }
    : undefined;
};

/** A string or null, as the build writes them; undefined for anything else (missing included). */
const stringOrNull = (value: unknown): string | null | undefined => (value === null ? null : asString(value));

function readProduct(value: unknown): BasketProduct | undefined {
  if (!isRecord(value)) return undefined;
  const urlKey = stringOrNull(value['urlKey']);
  const thumbnail = stringOrNull(value['thumbnail']);
  // A file written before prices were added reads as "price unknown", not as a broken file.
  const priceExclVat = optional(value['priceExclVat'], price);
  const priceInclVat = optional(value['priceInclVat'], price);
  const href = optional(value['href'], (link) => {
    const text = asString(link);
    // Only a path of this site: the file is the shop's own, but a link is never taken on trust.
    return text !== undefined && /^\/(?!\/)/.test(text) ? text : undefined;
  });
  const tiers = optional(value['tiers'], (list) => asListOf(list, tier));
  if (urlKey === undefined || thumbnail === undefined) return undefined;
  if (priceExclVat === BAD || priceInclVat === BAD || href === BAD || tiers === BAD) return undefined;
  return {
    urlKey,
    href: href ?? (urlKey === null ? null : `/${urlKey}`),
    thumbnail,
    priceExclVat: priceExclVat ?? null,
    priceInclVat: priceInclVat ?? null,
    tiers: tiers ?? [],
  };
}

export const basketProductsReader: Reader<BasketProducts> = handReader((value) => {
  if (!isRecord(value)) return undefined;
  const products = new Map<string, BasketProduct>();
  for (const [sku, entry] of Object.entries(value)) {
    const product = readProduct(entry);
    if (!product) return undefined;
    products.set(sku, product);
  }
  return products;
});

let loading: Promise<BasketProducts> | undefined;

export function loadBasketProducts(): Promise<BasketProducts> {
  loading ??= shopFetch(BASKET_PRODUCTS_PATH, { schema: basketProductsReader }).catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}
