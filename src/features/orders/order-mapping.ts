/**
 * Magento's orders as the pages show them (features/orders/order.ts): a list's summary, one order's lines,
 * totals, addresses, payment, PO number and invoices. Pure: what is read from Magento comes in, nothing is
 * asked of it here (orders.server.ts reads).
 */
import type { OrderPayment } from '../../payments/views.ts';
import { magentoTime } from '../../magento/wire/date.ts';
import type { CustomerOrderWire } from '../../magento/wire/order.ts';
import { orderTexts } from './texts.ts';
import type { ConfigurableItemOption } from '../../magento/wire/item-options.ts';
import type {
  CollectionState,
  OrderAddress,
  OrderCollection,
  OrderDetail,
  OrderInvoice,
  OrderLine,
  OrderSummary,
} from './order.ts';

const t = orderTexts;

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

/** The order's status as collected by Magento; a click & collect order's custom status once handed over. */
const COLLECTED_STATUS = 'collected';
/** States in which a collection order is on its way to the counter or waiting there. */
const LIVE_STATES = new Set(['new', 'processing', 'complete']);

/**
 * Where a click & collect order stands, from what Magento keeps of it: undefined for an order delivered
 * (no pickup location). Collected once staff set the `collected` status; cancelled when cancelled or
 * refunded (closed); ready once staff told Magento it is (`notify-orders-are-ready-for-pickup`, which
 * ships it and sets `send_notification`, then `notification_sent` once the e-mail is out); else still
 * being got ready.
 */
export function collectionState(
  order: Pick<CustomerOrderWire, 'status' | 'state' | 'extension_attributes'>,
): CollectionState | undefined {
  if (!order.extension_attributes?.pickup_location_code) return undefined;
  if (order.status === COLLECTED_STATUS) return 'collected';
  if (order.state === 'canceled' || order.state === 'closed' || order.status === 'canceled')
    return 'cancelled';
  const { notification_sent: sent, send_notification: due } = order.extension_attributes;
  if ((sent ?? 0) > 0 || (due ?? 0) > 0) return 'ready';
  return 'awaiting';
}

const COLLECTION_LABELS: Readonly<Record<Exclude<CollectionState, 'cancelled'>, string>> = {
  awaiting: orderTexts.awaitingCollection,
  ready: orderTexts.readyToCollect,
  collected: orderTexts.collected,
};

/**
 * The status a shopper reads: a collection order's says where its collection stands (not "Complete" for
 * one shipped to the counter and waiting there), unless Magento holds it for another reason (on hold,
 * payment review, cancelled), whose own label then stands.
 */
function orderStatus(order: CustomerOrderWire): string {
  const collection = collectionState(order);
  if (!collection || collection === 'cancelled') return statusLabel(order.status);
  if (collection === 'collected' || LIVE_STATES.has(order.state ?? 'new'))
    return COLLECTION_LABELS[collection];
  return statusLabel(order.status);
}

/** Magento's `created_at` as ISO 8601; the text as given when it is not a timestamp. */
const isoDate = (magento: string): string => {
  const time = magentoTime(magento);
  return Number.isNaN(time) ? magento : new Date(time).toISOString();
};

const amount = (value: number | null | undefined): number => value ?? 0;

/** The rows a shopper sees: configurable and bundle children are shown through their parent. */
export const visibleLines = (order: CustomerOrderWire) =>
  (order.items ?? []).filter((item) => item.parent_item_id === null || item.parent_item_id === undefined);

export function summary(order: CustomerOrderWire): OrderSummary {
  const counted = visibleLines(order).reduce((sum, line) => sum + amount(line.qty_ordered), 0);
  return {
    number: order.increment_id,
    placedAt: isoDate(order.created_at),
    status: orderStatus(order),
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
 * How it was paid. The payment bridge places every provider's order as `checkmo` once the provider has
 * taken the money (DESIGN.md §1) and knows which way it was paid (card, PayPal, Pay in 3); without its
 * word `checkmo` is a card payment, and other methods say Magento's title.
 */
function paymentLabel(order: CustomerOrderWire, paid: OrderPayment | undefined): string {
  if (paid?.method === 'paypal') return t.paidWithPayPal;
  if (paid?.method === 'paylater') return t.paidPayIn3;
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

/** What the shop knows of a collection order beyond Magento's: the point as shown, the days kept, what to bring. */
export interface CollectionFacts {
  readonly place: OrderCollection['place'];
  readonly keptForDays: number | null;
  readonly bring: string | null;
}

/** A click & collect order's collection; null for one delivered. */
export function orderCollection(order: CustomerOrderWire, facts?: CollectionFacts): OrderCollection | null {
  const state = collectionState(order);
  const point = order.extension_attributes?.pickup_location_code;
  if (!state || !point) return null;
  return {
    point,
    state,
    place: facts?.place ?? null,
    keptForDays: facts?.keptForDays ?? null,
    bring: facts?.bring ?? null,
  };
}

export function orderDetail(
  order: CustomerOrderWire,
  invoices: readonly OrderInvoice[] = [],
  paid?: OrderPayment,
  collection?: CollectionFacts,
): OrderDetail {
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
    payment: paymentLabel(order, paid),
    refunded: paid && paid.refundedPence > 0 ? paid.refundedPence / 100 : null,
    poNumber: order.payment?.po_number?.trim() || null,
    invoices,
    collection: orderCollection(order, collection),
  };
}
