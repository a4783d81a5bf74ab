/**
 * A customer's orders as the storefront server hands them to the browser (DESIGN.md §1, "orders"): only
 * what the account pages and the guest lookup show, never Magento's internal ids or another customer's
 * data. Amounts are in the order's currency, VAT included, as Magento charged them.
 */
import type { ConfigurableItemOption } from '../../magento/wire/item-options.ts';
import { orderNumberOf } from '../../parse/order-number.ts';

/** One row of "My orders". */
export interface OrderSummary {
  /** Magento's order number (`increment_id`), e.g. "000000123": what the shopper reads and the URL names. */
  readonly number: string;
  /** When it was placed, ISO 8601 in UTC. */
  readonly placedAt: string;
  /**
   * Magento's status label, e.g. "Complete"; a click & collect order's says where its collection stands
   * ("Being got ready for collection", "Ready to collect", "Collected").
   */
  readonly status: string;
  /** How many items (the quantities of its products added up). */
  readonly itemCount: number;
  /** The grand total, VAT included. */
  readonly total: number;
  readonly currency: string;
}

/**
 * A product line of an order, from the order itself (a product deleted since still shows). A configurable's
 * line is Magento's parent item: the chosen child's sku, the parent's name, and the options it was added
 * with (their labels come from the product facts of the child's sku); its hidden child item is not a line.
 */
export interface OrderLine {
  readonly sku: string;
  readonly name: string;
  /** The chosen options (Magento's ids, as the cart takes them); empty for a simple product. */
  readonly options: readonly Readonly<ConfigurableItemOption>[];
  readonly qty: number;
  /** Unit price and line total as charged, VAT included. */
  readonly price: number;
  readonly rowTotal: number;
}

export interface OrderAddress {
  readonly name: string;
  /** Company, street lines, city, region and postcode: the lines of the address under the name. */
  readonly lines: readonly string[];
  readonly country: string;
  readonly telephone: string | null;
}

export interface OrderDetail extends OrderSummary {
  readonly lines: readonly OrderLine[];
  readonly subtotal: number;
  readonly shipping: number;
  readonly shippingMethod: string | null;
  /** A discount (a negative amount), when the order had one. */
  readonly discount: number | null;
  /** What Magento says the discount was for (the rule's label or the code), when it says. */
  readonly discountFor: string | null;
  /** The VAT Magento shows for the order, when it gives one. */
  readonly vat: number | null;
  readonly billingAddress: OrderAddress | null;
  readonly shippingAddress: OrderAddress | null;
  /** How it was paid, in words. */
  readonly payment: string;
  /** What the payment provider refunded of it (a refund made in PayPal's dashboard), when anything. */
  readonly refunded: number | null;
  /** The buyer's purchase-order number (an order paid on account), when they gave one. */
  readonly poNumber: string | null;
  /** Magento's invoices of the order, oldest first: each can be downloaded as a VAT invoice (PDF). */
  readonly invoices: readonly OrderInvoice[];
  /** Where and when it is collected, for a click & collect order; null for one delivered. */
  readonly collection: OrderCollection | null;
}

/**
 * Where a click & collect order stands (issue 55, Magento MSI's in-store pickup): being got ready at the
 * point, ready (staff notified the shopper, `notification_sent`), collected (the `collected` status), or
 * cancelled (cancelled or refunded: nothing to collect).
 */
export type CollectionState = 'awaiting' | 'ready' | 'collected' | 'cancelled';

/** The collection point as the order page shows it (the pickup location with the shop's hours). */
export interface CollectionPlace {
  readonly name: string;
  /** Street, city, postcode. */
  readonly lines: readonly string[];
  readonly phone: string | null;
  /** "Monday 8.30 am – 5.30 pm", Monday first. */
  readonly hours: readonly string[];
  readonly mapUrl: string;
}

/** A click & collect order's collection. */
export interface OrderCollection {
  /** Magento's pickup location code. @example "shop" */
  readonly point: string;
  readonly state: CollectionState;
  /** The point's name, address, phone and hours; null when they could not be read (or it is no longer a point). */
  readonly place: CollectionPlace | null;
  /** Days the order waits at the point before it goes back on the shelf; null when unknown. */
  readonly keptForDays: number | null;
  /** What to bring to collect it; null when unknown. */
  readonly bring: string | null;
}

/** One of an order's invoices, as the order page lists it. */
export interface OrderInvoice {
  /** Magento's invoice number (`increment_id`), e.g. "000000042". */
  readonly number: string;
  /** When it was issued, ISO 8601 in UTC. */
  readonly issuedAt: string;
}

/** A page of "My orders", newest first. */
export interface OrdersPage {
  readonly orders: readonly OrderSummary[];
  /** The page shown (from 1), how many pages there are, and how many orders in all. */
  readonly page: number;
  readonly pages: number;
  readonly total: number;
}

/** Orders on a page of `/customer/orders`; the account page's block shows the latest few. */
export const ORDERS_PAGE_SIZE = 10;
export const LATEST_ORDERS = 3;
export const MAX_ORDERS_PAGE_SIZE = 50;

export { orderNumberOf };

/** `/customer/orders/{number}`: one order of the signed-in customer. */
export const orderPath = (number: string): string => `/customer/orders/${encodeURIComponent(number)}`;

/** A signed-in customer's VAT invoice (PDF) of one of their orders, from the storefront server. */
export const invoicePdfPath = (order: string, invoice: string): string =>
  `/orders/mine/${encodeURIComponent(order)}/invoices/${encodeURIComponent(invoice)}`;

/** The file name a VAT invoice downloads as. */
export const invoiceFileName = (invoice: string): string => `VAT-invoice-${invoice}.pdf`;
export const ORDERS_PATH = '/customer/orders';
export const ORDER_STATUS_PATH = '/order-status';
