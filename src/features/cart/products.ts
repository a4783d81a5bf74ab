/**
 * What the basket needs of the catalogue that the cart lacks: each sku's page, thumbnail and price excl
 * VAT, from the small JSON the build emits (`/basket/products.json`), fetched once, on demand. Read by
 * hand (magento/wire/reader.ts), with no zod: the basket page stays light (DESIGN.md §4).
 */
import {
  asNumber,
  asString,
  BAD,
  handReader,
  isRecord,
  optional,
  type Reader,
} from '../../magento/wire/reader.ts';
import { shopFetch } from '../shop-api.ts';

export interface BasketProduct {
  /** The product page is `/{urlKey}`; null when the product has no page of its own. */
  urlKey: string | null;
  /** Path under `catalog/product`, e.g. `/h/g/hg-pw-00012-1.jpg`. */
  thumbnail: string | null;
  /** The catalogue's unit price excl VAT; null when unknown. */
  priceExclVat: number | null;
}

/** The file as the build writes it: sku → product. */
export type BasketProductsFile = Record<string, BasketProduct>;
/** The file as the basket reads it. */
export type BasketProducts = ReadonlyMap<string, BasketProduct>;

export const BASKET_PRODUCTS_PATH = '/basket/products.json';

const price = (value: unknown): number | undefined => {
  const number = asNumber(value);
  return number !== undefined && number > 0 ? number : undefined;
};

/** A string or null, as the build writes them; undefined for anything else (missing included). */
const stringOrNull = (value: unknown): string | null | undefined => (value === null ? null : asString(value));

function readProduct(value: unknown): BasketProduct | undefined {
  if (!isRecord(value)) return undefined;
  const urlKey = stringOrNull(value['urlKey']);
  const thumbnail = stringOrNull(value['thumbnail']);
  // A file written before prices were added reads as "price unknown", not as a broken file.
  const priceExclVat = optional(value['priceExclVat'], price);
  if (urlKey === undefined || thumbnail === undefined || priceExclVat === BAD) return undefined;
  return { urlKey, thumbnail, priceExclVat: priceExclVat ?? null };
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
