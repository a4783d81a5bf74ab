/**
 * Magento's cart and cart item (CONTRACT.md §6.1) as the shopper's browser reads them: the basket badge,
 * add to cart and the basket page. Checked by hand, with no zod, because the badge and add to cart run on
 * every catalogue page (DESIGN.md §4); other fields Magento sends are kept as they came.
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

/** Magento's masked guest cart id (`QuoteIdMask`): 32 letters and digits, as a pattern to embed in others. */
export const MASKED_CART_ID = '[A-Za-z0-9]{32}';
export const isMaskedCartId = (value: string): boolean => new RegExp(`^${MASKED_CART_ID}$`).test(value);

export interface CartItem {
  item_id: number;
  sku: string;
  qty: number;
  name?: string | null | undefined;
  price?: number | null | undefined;
  [field: string]: unknown;
}

export interface Cart {
  id: number;
  items: CartItem[];
  items_qty?: number | null | undefined;
  [field: string]: unknown;
}

function readItem(value: unknown): CartItem | undefined {
  if (!isRecord(value)) return undefined;
  const item_id = asNumber(value['item_id']);
  const sku = asString(value['sku']);
  const qty = asNumber(value['qty']);
  const name = optional(value['name'], asString);
  const price = optional(value['price'], asNumber);
  if (item_id === undefined || sku === undefined || qty === undefined || name === BAD || price === BAD)
    return undefined;
  return { ...value, item_id, sku, qty, name, price };
}

export const cartItemReader: Reader<CartItem> = handReader(readItem);

export const cartReader: Reader<Cart> = handReader((value) => {
  if (!isRecord(value)) return undefined;
  const id = asNumber(value['id']);
  const items = asListOf(value['items'], readItem);
  const itemsQty = optional(value['items_qty'], asNumber);
  if (id === undefined || items === undefined || itemsQty === BAD) return undefined;
  return { ...value, id, items, items_qty: itemsQty };
});

/** The badge count: Magento's items_qty (0 without a cart). */
export const itemsCount = (cart: Cart | null): number =>
  cart?.items_qty ?? cart?.items.reduce((sum, item) => sum + item.qty, 0) ?? 0;
