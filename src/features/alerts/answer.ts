/**
 * What the storefront server's /product-alerts routes answer (src/server/shopper/alerts.ts), read by hand
 * in the browser (no zod on catalogue pages: DESIGN.md §4).
 */
import { asListOf, asNumber, asString, handReader, isOneOf, isRecord } from '@cleaning-shop/kit/reader.ts';

export type AlertKind = 'stock' | 'price';
export const ALERT_KINDS: readonly AlertKind[] = ['stock', 'price'];

/** One of the customer's alerts, as My alerts lists it. */
export interface CustomerAlert {
  readonly kind: AlertKind;
  /** Magento's product id: an e-mail's unsubscribe link names the product by it. */
  readonly productId: number | null;
  readonly sku: string;
  readonly name: string;
  /** The product page, `/{url_key}`; null when Magento names no page. */
  readonly href: string | null;
  /** A price alert's price (GBP, as Magento keeps it: the final price at subscription, then at each e-mail). */
  readonly price: number | null;
  /** When it was made, Magento's `YYYY-MM-DD HH:MM:SS` (UTC). */
  readonly since: string;
  /** An e-mail went out (a stock alert is then done until the shopper subscribes again). */
  readonly sent: boolean;
}

export interface AlertsAnswer {
  readonly stock: readonly CustomerAlert[];
  readonly price: readonly CustomerAlert[];
}

function readAlert(value: unknown): CustomerAlert | undefined {
  if (!isRecord(value)) return undefined;
  const { kind, sku, name, since } = value;
  if (!isOneOf(ALERT_KINDS, kind) || typeof sku !== 'string' || typeof name !== 'string') return undefined;
  if (typeof since !== 'string') return undefined;
  return {
    kind,
    productId: asNumber(value['productId']) ?? null,
    sku,
    name,
    href: asString(value['href']) ?? null,
    price: asNumber(value['price']) ?? null,
    since,
    sent: value['sent'] === true,
  };
}

export const alertsAnswer = handReader((value): AlertsAnswer | undefined => {
  if (!isRecord(value)) return undefined;
  const stock = asListOf(value['stock'], readAlert);
  const price = asListOf(value['price'], readAlert);
  return stock && price ? { stock, price } : undefined;
});

/** A subscription's answer: what Magento said, for the shopper. */
export const subscribedAnswer = handReader((value) =>
  isRecord(value) && typeof value['message'] === 'string' ? { message: value['message'] } : undefined,
);
