/**
 * "Your data and privacy" (issue 41): what the shopper's data export holds, for the storefront server that
 * gathers it (my-data.server.ts) and the page that saves it as a file with what this browser keeps
 * (my-data-state.ts). Pure: no calls, no browser.
 */
import type { OrderDetail } from '../orders/index.ts';
import type { CustomerPayment } from '../../payments/views.ts';
import type { Registration } from '../guarantee/index.server.ts';

export const MY_DATA_PATH = '/account/data';
export const DELETE_ACCOUNT_PATH = '/account/delete';

import type { Booking } from '../service-booking/index.server.ts';

/** What the shop keeps about the customer itself, outside Magento. */
export interface ShopRecords {
  /** Their card transactions, as the payment bridge keeps them (without the provider's secrets). */
  readonly payments: readonly CustomerPayment[];
  /** Failed sign-ins counted against the account in the last 15 minutes, which hold off guessing. */
  readonly failedSignIns: number;
  /** Their service and repair bookings, cancelled ones too (issue 54). */
  readonly serviceBookings?: readonly Booking[];
  /** Their machines registered for a guarantee (a receipt photo as its type and size only). */
  readonly guaranteeRegistrations?: readonly Registration[];
}

/** The export as the storefront server answers it; the page adds `browser` before saving it. */
export interface MyData {
  readonly exportedAt: string;
  /** The shop's address, so the file says where it came from. */
  readonly shop: string;
  /** The account as Magento holds it (`customers/me`), with its addresses. */
  readonly account: Readonly<Record<string, unknown>>;
  /** Every order of the account, newest first, as its page shows it. */
  readonly orders: readonly OrderDetail[];
  /** The wish list: the products on it. */
  readonly wishlist: readonly { readonly sku: string; readonly name: string | null }[];
  /** The stock and price alerts: the product, a price alert's price, when it was made and whether it was e-mailed. */
  readonly alerts: readonly {
    readonly kind: 'stock' | 'price';
    readonly sku: string;
    readonly name: string;
    readonly price?: number;
    readonly since: string;
    readonly sent: boolean;
  }[];
  readonly shopRecords: ShopRecords;
}

/** A stored value as the file shows it: parsed when it is JSON, the text as it is otherwise. */
export function storedValue(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The browser's part of the export: each of `keys` that holds something, by name. */
export function browserPart(
  keys: readonly string[],
  read: (key: string) => string | null,
): Record<string, unknown> {
  const part: Record<string, unknown> = {};
  for (const key of keys) {
    const text = read(key);
    if (text !== null && text !== '') part[key] = storedValue(text);
  }
  return part;
}

/** The file's name: the shop's host and the day, e.g. `my-data-shop.example-2026-05-01.json`. */
export function exportFileName(shop: string, exportedAt: string): string {
  let host = 'shop';
  try {
    host = new URL(shop).hostname.replace(/[^a-z0-9.-]/gi, '') || host;
  } catch {
    // not a URL: the default name
  }
  return `my-data-${host}-${exportedAt.slice(0, 10)}.json`;
}
