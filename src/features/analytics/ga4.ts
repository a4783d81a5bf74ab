/**
 * GA4's recommended ecommerce events (docs/analytics.md), pushed to the `dataLayer` the way Tag Manager
 * reads them: `{ecommerce: null}` first, so one event's items never leak into the next, then
 * `{event, ecommerce}` with GA4's names and item parameters, in GBP. Pushing sends nothing: only a tag
 * the shopper consented to reads the queue (tag.ts, which also hands them to gtag.js when the shop's tag
 * is a GA4 measurement id).
 *
 * Amounts are Magento's, as Magento's own Google Analytics module reports them
 * (Magento/GoogleAnalytics/Block/Ga.php): an item's `price` is its unit price as Magento holds it (a cart
 * or order line's `price`; on catalogue pages the product's price, which this shop's Magento keeps incl
 * VAT, catalogue/map.ts), and a purchase's `value` is the order's grand total, with its `tax` and
 * `shipping` beside it.
 */
import { asNumber, asString, isRecord } from '@cleaning-shop/kit/reader.ts';
import { dataLayer } from './data-layer.ts';

export interface Ga4Item {
  item_id: string;
  item_name: string;
  item_brand?: string;
  item_category?: string;
  item_variant?: string;
  index?: number;
  price?: number;
  quantity?: number;
}

/**
 * An item as a page embeds it or localStorage keeps it (JSON), each field read for its type; undefined when
 * one is not of it.
 */
export function readGa4Item(value: unknown): Ga4Item | undefined {
  if (!isRecord(value)) return undefined;
  const id = asString(value['item_id']);
  const name = asString(value['item_name']);
  if (id === undefined || name === undefined) return undefined;
  const item: Ga4Item = { item_id: id, item_name: name };
  for (const key of ['item_brand', 'item_category', 'item_variant'] as const) {
    if (value[key] === undefined) continue;
    const text = asString(value[key]);
    if (text === undefined) return undefined;
    item[key] = text;
  }
  for (const key of ['index', 'price', 'quantity'] as const) {
    if (value[key] === undefined) continue;
    const number = asNumber(value[key]);
    if (number === undefined) return undefined;
    item[key] = number;
  }
  return item;
}

export type Ga4EcommerceEvent =
  | 'view_item_list'
  | 'select_item'
  | 'view_item'
  | 'add_to_cart'
  | 'remove_from_cart'
  | 'view_cart'
  | 'begin_checkout'
  | 'add_shipping_info'
  | 'add_payment_info'
  | 'purchase';

export interface Ga4Ecommerce {
  items: Ga4Item[];
  value?: number;
  item_list_id?: string;
  item_list_name?: string;
  transaction_id?: string;
  tax?: number;
  shipping?: number;
  coupon?: string;
  shipping_tier?: string;
  payment_type?: string;
}

/** GBP to the penny, as Magento rounds. */
export const pence = (amount: number): number => Math.round(amount * 100) / 100;

/** The items' worth: price × quantity, summed. */
export const itemsValue = (items: readonly Ga4Item[]): number =>
  pence(items.reduce((sum, item) => sum + (item.price ?? 0) * (item.quantity ?? 1), 0));

/** The shop's brand, as its structured data names it (`<html data-brand>`). */
export const shopBrand = (): string | undefined =>
  typeof document === 'undefined' ? undefined : document.documentElement.dataset['brand'];

/** One ecommerce event; events about money carry `value` (the items' worth unless given). */
export function pushEcommerce(event: Ga4EcommerceEvent, ecommerce: Ga4Ecommerce): void {
  // The cart's state also runs outside a page (its tests, on Node): there is nothing to measure there.
  if (ecommerce.items.length === 0 || typeof window === 'undefined') return;
  const lists = event === 'view_item_list' || event === 'select_item';
  const value = lists ? {} : { value: ecommerce.value ?? itemsValue(ecommerce.items) };
  const layer = dataLayer();
  layer.push({ ecommerce: null });
  layer.push({ event, ecommerce: { currency: 'GBP', ...ecommerce, ...value } });
}
