/**
 * A product's facts as the browser reads them without asking the back end: the small static file the
 * build writes (`/product-data/{n}.json`, build-facts.ts), spread over a fixed number of files by a hash of
 * the sku. Compare, the guest's wish list and "Recently viewed" draw from these, so they work from a CDN
 * with no Magento call, and every build writes them all afresh (a few hundred small files).
 * Read by hand (magento/wire/reader.ts): no zod on catalogue pages (DESIGN.md §4).
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
} from '../../magento/wire/reader.ts';
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
  inStock: boolean;
  /** What kind of product it is: the listing category it is first assigned to; null when none. */
  kind: { id: number; name: string } | null;
  /**
   * The values of the attributes Magento marks `is_comparable`, by attribute code, as the product page
   * shows them: one text (technical data), or a list (equipment, applications). Missing values are absent.
   */
  specs: Record<string, string | string[]>;
}

export { PRODUCT_DATA_BASE, PRODUCT_DATA_SHARDS, productDataShard, productDataUrl } from './files.ts';

/** What each file holds: the facts of its products, by sku. */
export type ProductDataFile = Record<string, ProductFacts>;

const price = (value: unknown): number | undefined => {
  const number = asNumber(value);
  return number !== undefined && number > 0 ? number : undefined;
};

function readImage(value: unknown): { file: string; alt: string } | undefined {
  if (!isRecord(value)) return undefined;
  const file = asString(value['file']);
  const alt = asString(value['alt']);
  return file === undefined || alt === undefined ? undefined : { file, alt };
}

function readKind(value: unknown): { id: number; name: string } | undefined {
  if (!isRecord(value)) return undefined;
  const id = asNumber(value['id']);
  const name = asString(value['name']);
  return id === undefined || name === undefined ? undefined : { id, name };
}

function readSpecs(value: unknown): Record<string, string | string[]> | undefined {
  if (!isRecord(value)) return undefined;
  const specs: Record<string, string | string[]> = {};
  for (const [code, entry] of Object.entries(value)) {
    const read = asString(entry) ?? asListOf(entry, asString);
    if (read === undefined) return undefined;
    specs[code] = read;
  }
  return specs;
}

export const productFactsReader: Reader<ProductFacts> = handReader((value) => {
  if (!isRecord(value)) return undefined;
  const sku = asString(value['sku']);
  const name = asString(value['name']);
  const href = asString(value['href']);
  const image = optional(value['image'], readImage);
  const priceInclVat = optional(value['priceInclVat'], price);
  const priceExclVat = optional(value['priceExclVat'], price);
  const inStock = value['inStock'];
  const kind = optional(value['kind'], readKind);
  const specs = readSpecs(value['specs']);
  if (sku === undefined || name === undefined || href === undefined || typeof inStock !== 'boolean')
    return undefined;
  if (image === BAD || priceInclVat === BAD || priceExclVat === BAD || kind === BAD || !specs)
    return undefined;
  return {
    sku,
    name,
    href,
    image: image ?? null,
    priceInclVat: priceInclVat ?? null,
    priceExclVat: priceExclVat ?? null,
    inStock,
    kind: kind ?? null,
    specs,
  };
});

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
