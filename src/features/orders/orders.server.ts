/**
 * Orders as the storefront server reads them (DESIGN.md §1, "orders"). Magento lets a customer token read
 * no orders, so they are read with the integration token, always narrowed by something the browser cannot
 * choose: the customer id Magento gives for the session's own token (`customers/me`), or, for a guest, an
 * order number whose billing e-mail and postcode the shopper also knows. Each order is mapped to the
 * fields the pages show (features/orders/order.ts) before it leaves the server.
 */
import {
  MagentoApiError,
  magentoFetch,
  searchCriteria,
  type IntegrationConfig,
} from '../../magento/client.ts';
import { customerSchema, type Customer } from '../../magento/wire/customer.ts';
import { magentoTime } from '../../magento/wire/date.ts';
import { customerOrdersSchema, type CustomerOrderWire } from '../../magento/wire/order.ts';
import { strings } from '../../strings.ts';
import type { ConfigurableItemOption } from '../cart/options.ts';
import { invoicesOf, orderInvoice } from './order-invoices.server.ts';
import type {
  OrderAddress,
  OrderDetail,
  OrderInvoice,
  OrderLine,
  OrdersPage,
  OrderSummary,
} from './order.ts';

/** Magento as the integration (orders) and its base URL (the customer's own `customers/me`). */
export type OrdersMagento = IntegrationConfig;

/** Magento ran `customers/me` as nobody: the session's token expired or was revoked. */
export class SessionEnded extends Error {
  constructor() {
    super("Magento no longer accepts the session's customer token");
    this.name = 'SessionEnded';
  }
}

/**
 * The customer whose token this is, as Magento gives them (`customers/me`): the only customer whose orders
 * and account the session may see. Throws `SessionEnded` when Magento no longer accepts the token.
 */
export async function sessionCustomer(magento: OrdersMagento, customerToken: string): Promise<Customer> {
  try {
    return await magentoFetch(magento, {
      path: '/customers/me',
      schema: customerSchema,
      token: customerToken,
    });
  } catch (error) {
    if (error instanceof MagentoApiError && error.status === 401) throw new SessionEnded();
    throw error;
  }
}

/** The id Magento gives for the customer whose token this is: the only customer whose orders it may see. */
export const customerIdOf = async (magento: OrdersMagento, customerToken: string): Promise<number> =>
  (await sessionCustomer(magento, customerToken)).id;

const t = strings.orders;

/** Magento's default status labels (`sales_order_status`), in the shop's spelling. */
const STATUS_LABELS: Readonly<Record<string, string>> = {
  pending: 'Pending',
  pending_payment: 'Pending payment',
  payment_review: 'Payment review',
  processing: 'Processing',
  complete: 'Complete',
  closed: 'Closed',
  canceled: 'Cancelled',
  holded: 'On hold',
  fraud: 'Suspected fraud',
};

function statusLabel(status: string | null | undefined): string {
  if (!status) return t.statusUnknown;
  const known = STATUS_LABELS[status];
  if (known) return known;
  const words = status.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Magento's `created_at` as ISO 8601; the text as given when it is not a timestamp. */
const isoDate = (magento: string): string => {
  const time = magentoTime(magento);
  return Number.isNaN(time) ? magento : new Date(time).toISOString();
};

const amount = (value: number | null | undefined): number => value ?? 0;

/** The rows a shopper sees: configurable and bundle children are shown through their parent. */
const visibleLines = (order: CustomerOrderWire) =>
  (order.items ?? []).filter((item) => item.parent_item_id === null || item.parent_item_id === undefined);

function summary(order: CustomerOrderWire): OrderSummary {
  const counted = visibleLines(order).reduce((sum, line) => sum + amount(line.qty_ordered), 0);
  return {
    number: order.increment_id,
    placedAt: isoDate(order.created_at),
    status: statusLabel(order.status),
    itemCount: order.items ? counted : amount(order.total_qty_ordered),
    total: amount(order.grand_total),
    currency: order.order_currency_code ?? 'GBP',
  };
}

const countries = new Intl.DisplayNames(['en-GB'], { type: 'region' });

function countryName(code: string | null | undefined): string {
  if (!code) return '';
  try {
    return countries.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

type WireAddress = NonNullable<CustomerOrderWire['billing_address']>;

/** An order address as the pages (and the VAT invoice) show it: the name, the lines under it, the country. */
export function address(wire: WireAddress | null | undefined): OrderAddress | null {
  if (!wire) return null;
  const present = (value: string | null | undefined): value is string => !!value && value.trim() !== '';
  return {
    name: [wire.firstname, wire.lastname].filter(present).join(' '),
    lines: [wire.company, ...(wire.street ?? []), wire.city, wire.region, wire.postcode].filter(present),
    country: countryName(wire.country_id),
    telephone: present(wire.telephone) ? wire.telephone : null,
  };
}

/**
 * How it was paid. The payment bridge places every card order as `checkmo` once the provider has taken
 * the money (DESIGN.md §1), so that is a card payment here; other methods say Magento's title.
 */
function paymentLabel(order: CustomerOrderWire): string {
  const method = order.payment?.method;
  if (method === 'checkmo') return t.paidByCard;
  const title = order.extension_attributes?.payment_additional_info?.find(
    (info) => info.key === 'method_title',
  )?.value;
  return title ?? method ?? t.statusUnknown;
}

type WireLine = NonNullable<CustomerOrderWire['items']>[number];

/** A configurable line's choice as Magento keeps it (ids only: the page finds the labels). */
const lineOptions = (wire: WireLine): ConfigurableItemOption[] =>
  (wire.product_option?.extension_attributes?.configurable_item_options ?? []).map(
    ({ option_id, option_value }) => ({ option_id, option_value }),
  );

function line(wire: WireLine): OrderLine {
  return {
    sku: wire.sku,
    name: wire.name ?? wire.sku,
    options: lineOptions(wire),
    qty: amount(wire.qty_ordered),
    price: wire.price_incl_tax ?? amount(wire.price),
    rowTotal: wire.row_total_incl_tax ?? amount(wire.row_total),
  };
}

function orderDetail(order: CustomerOrderWire, invoices: readonly OrderInvoice[] = []): OrderDetail {
  const discount = order.discount_amount ?? 0;
  const vat = order.tax_amount ?? 0;
  return {
    ...summary(order),
    lines: visibleLines(order).map(line),
    subtotal: order.subtotal_incl_tax ?? amount(order.subtotal),
    shipping: order.shipping_incl_tax ?? amount(order.shipping_amount),
    shippingMethod: order.shipping_description ?? null,
    discount: discount === 0 ? null : discount,
    discountFor: discount === 0 ? null : order.discount_description || null,
    vat: vat > 0 ? vat : null,
    billingAddress: address(order.billing_address),
    shippingAddress: address(order.extension_attributes?.shipping_assignments?.[0]?.shipping?.address),
    payment: paymentLabel(order),
    poNumber: order.payment?.po_number?.trim() || null,
    invoices,
  };
}

/** One order as its page shows it, with the invoices Magento made of it. */
async function withInvoices(magento: OrdersMagento, order: CustomerOrderWire): Promise<OrderDetail> {
  return orderDetail(order, (await invoicesOf(magento, order.entity_id)).map(orderInvoice));
}

const byCustomer = (customerId: number) => ({ field: 'customer_id', value: String(customerId) });
const byNumber = (number: string) => ({ field: 'increment_id', value: number });

/** The fields a page of "My orders" shows (and the item rows it counts), not whole orders. */
const LIST_FIELDS =
  'items[entity_id,increment_id,created_at,status,customer_id,order_currency_code,grand_total,total_qty_ordered,items[sku,qty_ordered,parent_item_id]],total_count';

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

/** The latest orders whose products "machines from your past orders" looks through. */
const ORDERED_LATEST = 100;

/** The skus of the customer's latest orders' lines (a configurable's: the chosen child's), newest first, once each. */
export async function orderedSkus(magento: OrdersMagento, customerId: number): Promise<string[]> {
  const found = await magentoFetch(magento, {
    path: `/orders?${newestFirst(customerId, 1, ORDERED_LATEST)}&fields=${encodeURIComponent(LIST_FIELDS)}`,
    schema: customerOrdersSchema,
  });
  const mine = found.items.filter((order) => order.customer_id === customerId);
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
): Promise<OrderDetail | undefined> {
  const order = await customerOrderWire(magento, customerId, number);
  return order && withInvoices(magento, order);
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
): Promise<OrderDetail | undefined> {
  const order = await guestOrderWire(magento, lookup);
  return order && withInvoices(magento, order);
}
