/**
 * Orders as the storefront server reads them (DESIGN.md §1, "orders"). Magento lets a customer token read
 * no orders, so they are read with the integration token, always narrowed by something the browser cannot
 * choose: the customer id Magento gives for the session's own token (`customers/me`), or, for a guest, an
 * order number whose billing e-mail and postcode the shopper also knows. Each order is mapped to the
 * fields the pages show (order-mapping.ts) before it leaves the server.
 */
import { sessionCustomer } from '../account/index.server.ts';
import { magentoFetch, searchCriteria, type IntegrationConfig } from '../../magento/client.ts';
import { customerOrdersSchema, type CustomerOrderWire } from '../../magento/wire/order.ts';
import { invoicesOf, orderInvoice } from './order-invoices.server.ts';
import {
  collectionState,
  orderDetail,
  summary,
  visibleLines,
  type CollectionFacts,
} from './order-mapping.ts';
import type { OrderPayments } from '../../payments/views.ts';
import type { OrderDetail, OrdersPage } from './order.ts';

/** Magento as the integration (orders) and its base URL (the customer's own `customers/me`). */
export type OrdersMagento = IntegrationConfig;

/** The id Magento gives for the customer whose token this is: the only customer whose orders it may see. */
export const customerIdOf = async (magento: OrdersMagento, customerToken: string): Promise<number> =>
  (await sessionCustomer(magento, customerToken)).id;

export type { OrderPayments };

/** Click & collect's word on a collection order (features/collect/order-facts.server.ts). */
export interface OrderCollections {
  /** The point's name, address, phone and hours, the days it keeps an order and what to bring. */
  factsOf(pointCode: string): Promise<CollectionFacts>;
}

/** What one order's page reads besides the order: how it was paid, and where it is collected. */
export interface OrderExtras {
  readonly payments?: OrderPayments | undefined;
  readonly collections?: OrderCollections | undefined;
}

async function collectionFacts(
  order: CustomerOrderWire,
  collections: OrderCollections | undefined,
): Promise<CollectionFacts | undefined> {
  const point = order.extension_attributes?.pickup_location_code;
  if (!point || !collectionState(order) || !collections) return undefined;
  return collections.factsOf(point);
}

/** One order as its page shows it, with the invoices Magento made of it, how it was paid and where it is collected. */
async function withInvoices(
  magento: OrdersMagento,
  order: CustomerOrderWire,
  extras: OrderExtras,
): Promise<OrderDetail> {
  const [invoices, paid, collection] = await Promise.all([
    invoicesOf(magento, order.entity_id),
    extras.payments?.ofOrder(order.entity_id),
    collectionFacts(order, extras.collections),
  ]);
  return orderDetail(order, invoices.map(orderInvoice), paid, collection);
}

const byCustomer = (customerId: number) => ({ field: 'customer_id', value: String(customerId) });
const byNumber = (number: string) => ({ field: 'increment_id', value: number });

/** The fields a page of "My orders" shows (and the item rows it counts), not whole orders. */
const LIST_FIELDS =
  'items[entity_id,increment_id,created_at,status,state,customer_id,order_currency_code,grand_total,total_qty_ordered,items[sku,qty_ordered,parent_item_id],extension_attributes[pickup_location_code,notification_sent,send_notification]],total_count';

/** The search for a page of the customer's orders, newest first (placed in the same second: the later one first). */
const newestFirst = (customerId: number, page: number, size: number): string =>
  searchCriteria({
    filters: [byCustomer(customerId)],
    sort: [
      { field: 'created_at', direction: 'DESC' },
      { field: 'entity_id', direction: 'DESC' },
    ],
    pageSize: size,
    currentPage: page,
  });

/**
 * A page of the customer's orders, newest first (placed in the same second: the later one first). A page
 * past the last is empty: Magento itself would answer its last page again.
 */
export async function listOrders(
  magento: OrdersMagento,
  customerId: number,
  page: number,
  size: number,
): Promise<OrdersPage> {
  const found = await magentoFetch(magento, {
    path: `/orders?${newestFirst(customerId, page, size)}&fields=${encodeURIComponent(LIST_FIELDS)}`,
    schema: customerOrdersSchema,
  });
  const pages = Math.ceil(found.total_count / size);
  const orders = page > pages ? [] : found.items.filter((order) => order.customer_id === customerId);
  return { orders: orders.map(summary), page, pages, total: found.total_count };
}

/**
 * The customer's latest `count` orders, newest first, as a page of "My orders" reads them (LIST_FIELDS:
 * number, day, status and the lines' skus): what "machines from your past orders" and guarantee
 * registration look through.
 */
export async function latestOrders(
  magento: OrdersMagento,
  customerId: number,
  count: number,
): Promise<CustomerOrderWire[]> {
  const found = await magentoFetch(magento, {
    path: `/orders?${newestFirst(customerId, 1, count)}&fields=${encodeURIComponent(LIST_FIELDS)}`,
    schema: customerOrdersSchema,
  });
  return found.items.filter((order) => order.customer_id === customerId);
}

/** The latest orders whose products "machines from your past orders" looks through. */
const ORDERED_LATEST = 100;

/** The skus of the customer's latest orders' lines (a configurable's: the chosen child's), newest first, once each. */
export async function orderedSkus(magento: OrdersMagento, customerId: number): Promise<string[]> {
  const mine = await latestOrders(magento, customerId, ORDERED_LATEST);
  return [...new Set(mine.flatMap((order) => visibleLines(order).map((line) => line.sku)))];
}

/** Orders a page of the export reads, and the pages it reads at most (10,000 orders). */
const EXPORT_PAGE_SIZE = 100;
const EXPORT_MAX_PAGES = 100;

/**
 * Every order of the customer, newest first, each whole as one order's page shows it (lines, totals,
 * addresses, payment): what their data export holds.
 */
export async function allOrders(magento: OrdersMagento, customerId: number): Promise<OrderDetail[]> {
  const orders: OrderDetail[] = [];
  for (let page = 1; page <= EXPORT_MAX_PAGES; page++) {
    const found = await magentoFetch(magento, {
      path: `/orders?${newestFirst(customerId, page, EXPORT_PAGE_SIZE)}`,
      schema: customerOrdersSchema,
    });
    const mine = found.items.filter((order) => order.customer_id === customerId);
    orders.push(...mine.map((order) => orderDetail(order)));
    if (page * EXPORT_PAGE_SIZE >= found.total_count) break;
  }
  return orders;
}

/** Orders with this number (Magento keeps numbers unique per store), narrowed by `more` filters. */
async function ordersNumbered(
  magento: OrdersMagento,
  number: string,
  more: { field: string; value: string }[] = [],
): Promise<CustomerOrderWire[]> {
  const query = searchCriteria({ filters: [byNumber(number), ...more], pageSize: 20, currentPage: 1 });
  const found = await magentoFetch(magento, { path: `/orders?${query}`, schema: customerOrdersSchema });
  return found.items.filter((order) => order.increment_id === number);
}

/** The customer's own order with this number, as Magento gives it; undefined when there is none, or it is someone else's. */
export async function customerOrderWire(
  magento: OrdersMagento,
  customerId: number,
  number: string,
): Promise<CustomerOrderWire | undefined> {
  const orders = await ordersNumbered(magento, number, [byCustomer(customerId)]);
  return orders.find((candidate) => candidate.customer_id === customerId);
}

/** The customer's own order with this number; undefined when there is none, or it is someone else's. */
export async function customerOrder(
  magento: OrdersMagento,
  customerId: number,
  number: string,
  extras: OrderExtras = {},
): Promise<OrderDetail | undefined> {
  const order = await customerOrderWire(magento, customerId, number);
  return order && withInvoices(magento, order, extras);
}

export interface GuestLookup {
  readonly number: string;
  readonly email: string;
  readonly postcode: string;
}

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
const samePostcode = (a: string, b: string) =>
  a.replace(/\s+/g, '').toUpperCase() === b.replace(/\s+/g, '').toUpperCase();

/**
 * The order whose number, billing e-mail and billing postcode all match (case and spaces aside), as Magento
 * gives it; undefined otherwise, whatever was wrong.
 */
export async function guestOrderWire(
  magento: OrdersMagento,
  lookup: GuestLookup,
): Promise<CustomerOrderWire | undefined> {
  const orders = await ordersNumbered(magento, lookup.number);
  return orders.find((candidate) => {
    const billing = candidate.billing_address;
    const email = billing?.email ?? candidate.customer_email;
    return (
      !!email &&
      !!billing?.postcode &&
      sameEmail(email, lookup.email) &&
      samePostcode(billing.postcode, lookup.postcode)
    );
  });
}

/** The guest's order (see guestOrderWire) as its page shows it; undefined when the details do not match. */
export async function guestOrder(
  magento: OrdersMagento,
  lookup: GuestLookup,
  extras: OrderExtras = {},
): Promise<OrderDetail | undefined> {
  const order = await guestOrderWire(magento, lookup);
  return order && withInvoices(magento, order, extras);
}
