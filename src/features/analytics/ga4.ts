/**
 * GA4's recommended ecommerce events (docs/analytics.md), pushed to the `dataLayer` the way Tag Manager
 * reads them: `{ecommerce: null}` first, so one event's items never leak into the next, then
 * `{event, ecommerce}` with GA4's names and item parameters, in GBP. With a GA4 measurement id as the
 * shop's tag (gtag.js, which reads no such pushes) each event also goes through `gtag('event')`. Pushing
 * sends nothing: only a tag the shopper consented to reads the queue (tag.ts).
 *
 * Amounts are Magento's, as Magento's own Google Analytics module reports them
 * (Magento/GoogleAnalytics/Block/Ga.php): an item's `price` is its unit price as Magento holds it (a cart
 * or order line's `price`; on catalogue pages the product's price, which this shop's Magento keeps incl
 * VAT, catalogue/map.ts), and a purchase's `value` is the order's grand total, with its `tax` and
 * `shipping` beside it.
 */
import { dataLayer, gtag } from './data-layer.ts';
import { isMeasurementId } from './tag.ts';

export interface Ga4Item {
  item_id: string;
  item_name: string;
  item_brand?: string;
  item_category?: string;
  item_variant?: string;
  item_list_id?: string;
  item_list_name?: string;
  index?: number;
  price?: number;
  quantity?: number;
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

function push(event: string, payload: Record<string, unknown>, ecommerce: boolean): void {
  // The cart's state also runs outside a page (its tests, on Node): there is nothing to measure there.
  if (typeof window === 'undefined') return;
  const layer = dataLayer();
  if (ecommerce) layer.push({ ecommerce: null });
  layer.push(ecommerce ? { event, ecommerce: payload } : { event, ...payload });
  const tag = document.documentElement.dataset['analyticsTag'];
  if (tag && isMeasurementId(tag)) gtag('event', event, payload);
}

/** One ecommerce event; events about money carry `value` (the items' worth unless given). */
export function pushEcommerce(event: Ga4EcommerceEvent, ecommerce: Ga4Ecommerce): void {
  if (ecommerce.items.length === 0) return;
  const lists = event === 'view_item_list' || event === 'select_item';
  const value = lists ? {} : { value: ecommerce.value ?? itemsValue(ecommerce.items) };
  push(event, { currency: 'GBP', ...ecommerce, ...value }, true);
}

/** GA4's `search` event: what the shopper searched for. */
export function pushSearch(term: string): void {
  if (term.trim()) push('search', { search_term: term.trim() }, false);
}
