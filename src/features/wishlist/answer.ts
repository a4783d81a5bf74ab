/**
 * What the storefront server's wish-list routes answer (src/server/shopper/wishlist.ts), as one type for
 * both sides and a hand reader for the browser (no zod on catalogue pages: DESIGN.md §4). Every answer
 * carries the customer's list as it now is, so the page and the header never need a second call.
 */
import {
  asListOf,
  asNumber,
  asString,
  handReader,
  isRecord,
  type Reader,
} from '@cleaning-shop/kit/reader.ts';

export interface WishlistItem {
  /** Magento's wish-list item id (a string of digits): what Remove and Add to basket name. */
  id: string;
  sku: string;
  /** The product's name as Magento gives it: the page's fallback for a product without facts. */
  name: string | null;
}

/** A product that could not be added or moved, with Magento's reason. */
export interface WishlistFailure {
  sku: string;
  message: string;
}

export interface WishlistAnswer {
  items: WishlistItem[];
  /** Added (POST /wishlist/items) or moved to the basket (POST /wishlist/cart): their skus. */
  done: string[];
  failed: WishlistFailure[];
}

function readItem(value: unknown): WishlistItem | undefined {
  if (!isRecord(value)) return undefined;
  const id = asString(value['id']);
  const sku = asString(value['sku']);
  const name = value['name'] === null ? null : asString(value['name']);
  return id === undefined || sku === undefined || name === undefined ? undefined : { id, sku, name };
}

function readFailure(value: unknown): WishlistFailure | undefined {
  if (!isRecord(value)) return undefined;
  const sku = asString(value['sku']);
  const message = asString(value['message']);
  return sku === undefined || message === undefined ? undefined : { sku, message };
}

export const wishlistAnswer: Reader<WishlistAnswer> = handReader((value) => {
  if (!isRecord(value) || asNumber(value['count']) === undefined) return undefined;
  const items = asListOf(value['items'], readItem);
  const done = asListOf(value['done'] ?? [], asString);
  const failed = asListOf(value['failed'] ?? [], readFailure);
  return items && done && failed ? { items, done, failed } : undefined;
});
