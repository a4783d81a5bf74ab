/**
 * A product's facts as the browser reads them without asking the back end: the small static file the
 * build writes (`/product-data/{n}.json`, build-facts.ts), spread over a fixed number of files by a hash of
 * the sku. Compare, the guest's wish list and "Recently viewed" draw from these, so they work from a CDN
 * with no Magento call, and every build writes them all afresh (a few hundred small files).
 * Quick order resolves a typed SKU or model number through them too (codes.ts finds the sku), and a
 * configurable's children have entries of their own, keyed by their skus, though they have no page: a
 * basket line, a wish-list item or a quick-order row names the child.
 * Read by hand (facts-reader.ts): no zod on catalogue pages (DESIGN.md §4). What most products
 * lack (a model number, tier prices, variants, a parent) is left out of the file rather than written
 * empty, to keep 10,000 products' files small.
 */
import { isRecord } from '@cleaning-shop/kit/reader.ts';
import type { Rating } from '../../catalogue/types.ts';
import { productFactsReader } from './facts-reader.ts';
import { productDataShard, productDataUrl } from './files.ts';

export interface ProductFacts {
  sku: string;
  name: string;
  /** The product page, `/{url_key}`. */
  href: string;
  /** The thumbnail (path under Magento's `catalog/product` media folder) and its alt text. */
  image: { file: string; alt: string } | null;
  /** GBP with pence; null when unknown (the price is then hidden, as on cards). */
  priceInclVat: number | null;
  priceExclVat: number | null;
  /** The price is the cheapest of a configurable's children, which differ ("from £9.99"); absent otherwise. */
  from?: true;
  /** The regular price while a sale price applies ("Was £X"); absent otherwise. */
  was?: FactsWas;
  /** What shoppers rated it (its stars on cards and in compare); absent while it has no reviews. */
  rating?: Rating;
  inStock: boolean;
  /** What kind of product it is: the listing category it is first assigned to; null when none. */
  kind: { id: number; name: string } | null;
  /**
   * The values of the attributes Magento marks `is_comparable`, by attribute code, as the product page
   * shows them: one text (technical data), or a list (equipment, applications). Missing values are absent.
   */
  specs: Record<string, string | string[]>;
  /** Magento's supplier_code ("Model n"), when it has one. */
  model?: string;
  /** The machine model it is (`machine_model`, e.g. "K 5": My machines offers it from an order); absent when not a machine. */
  machine?: string;
  /**
   * The quantity prices every shopper gets (Magento's ALL GROUPS, 32000), fewest first: `qty` or more at
   * these prices each. Absent when none.
   */
  tierPrices?: FactsTierPrice[];
  /** A configurable product's attributes and children, for a size picker; absent for any other type. */
  variants?: FactsVariants;
  /**
   * A configurable's child (it has no page of its own): its parent and the options that make it this
   * child. Its `href` is then the parent's page with this child chosen (`/car-shampoo?volume=5-l`).
   */
  parent?: FactsParent;
}

export interface FactsWas {
  inclVat: number | null;
  exclVat: number | null;
}

export interface FactsTierPrice {
  qty: number;
  priceInclVat: number;
  priceExclVat: number;
}

/** One attribute a configurable varies by, e.g. Volume, with its values in Magento's option order. */
export interface FactsVariantAttribute {
  code: string;
  /** Magento's attribute id: the cart's `option_id` (a string, as on the wire). */
  id: string;
  label: string;
  /** `id` is the option id (the cart's `option_value`); `slug` the value in the page's URL (`5-l`). */
  values: { id: number; label: string; slug: string }[];
}

/** One child of a configurable: what the picker needs to show it once chosen. */
export interface FactsChild {
  sku: string;
  /** The option id it has for each attribute, by attribute code. */
  values: Record<string, number>;
  priceInclVat: number | null;
  priceExclVat: number | null;
  inStock: boolean;
  model: string | null;
}

export interface FactsVariants {
  attributes: FactsVariantAttribute[];
  children: FactsChild[];
}

export interface FactsParent {
  sku: string;
  name: string;
  /** The child's value of each attribute, in the parent's attribute order: "Volume", "5 l". */
  options: { code: string; label: string; value: string }[];
}

export { PRODUCT_DATA_BASE, PRODUCT_DATA_SHARDS, productDataShard, productDataUrl } from './files.ts';

/** What each file holds: the facts of its products, by sku. */
export type ProductDataFile = Record<string, ProductFacts>;

/** What loading one sku's facts came to. */
export type FactsResult =
  | { status: 'found'; facts: ProductFacts }
  /** Its file has no such sku: the product no longer has a page (deleted, disabled, hidden). */
  | { status: 'gone' }
  /** The network or the file failed: try again later; this says nothing about the product. */
  | { status: 'failed' };

/** One file's facts by sku, or undefined when it cannot be had or read. */
async function loadShard(shard: number): Promise<ReadonlyMap<string, ProductFacts> | undefined> {
  try {
    const response = await fetch(productDataUrl(shard), { credentials: 'same-origin' });
    if (!response.ok) return undefined;
    const file: unknown = await response.json();
    if (!isRecord(file)) return undefined;
    const facts = new Map<string, ProductFacts>();
    for (const [sku, entry] of Object.entries(file)) {
      const parsed = productFactsReader.safeParse(entry);
      if (!parsed.success || parsed.data.sku !== sku) return undefined;
      facts.set(sku, parsed.data);
    }
    return facts;
  } catch {
    return undefined;
  }
}

/** Every sku's facts, in the order asked: each file fetched once (the browser's HTTP cache applies). */
export async function loadFacts(skus: readonly string[]): Promise<FactsResult[]> {
  const shards = new Map<number, Promise<ReadonlyMap<string, ProductFacts> | undefined>>();
  for (const sku of skus) {
    const shard = productDataShard(sku);
    if (!shards.has(shard)) shards.set(shard, loadShard(shard));
  }
  return Promise.all(
    skus.map(async (sku): Promise<FactsResult> => {
      const file = await shards.get(productDataShard(sku));
      if (!file) return { status: 'failed' };
      const facts = file.get(sku);
      return facts ? { status: 'found', facts } : { status: 'gone' };
    }),
  );
}

/**
 * One sku's facts at a time, each file fetched once for the page (a failed one is asked again next time):
 * for a page that looks skus up one by one as they are typed (quick order).
 */
export function factsCache(): (sku: string) => Promise<FactsResult> {
  const shards = new Map<number, Promise<ReadonlyMap<string, ProductFacts> | undefined>>();
  return async (sku) => {
    const shard = productDataShard(sku);
    let pending = shards.get(shard);
    if (!pending) {
      pending = loadShard(shard);
      shards.set(shard, pending);
    }
    const file = await pending;
    if (!file) {
      if (shards.get(shard) === pending) shards.delete(shard);
      return { status: 'failed' };
    }
    const facts = file.get(sku);
    return facts ? { status: 'found', facts } : { status: 'gone' };
  };
}
