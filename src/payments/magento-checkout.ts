/**
 * The Magento calls of the payment bridge (CONTRACT.md §5.4, §5.5, §5.10; COVERAGE.md rows 28–32). When
 * the shopper presses Pay, the cart is read as the shopper's own (guest masked id, or the customer's
 * token), which proves it is theirs. Everything after that uses the integration token and Magento's
 * numeric quote id, never the shopper's token: read the cart again, select checkmo and place the order
 * (the admin's `PUT /V1/carts/{cartId}/selected-payment-method` and `…/order`), so a notification that
 * arrives after the customer's token expired still places it; find the order Magento placed for a quote
 * (`GET /V1/orders` by `quote_id`), so a crash between placing and recording never places a second one;
 * read the order back (its total, its number and its comments), set it complete and write the provider's
 * reference on it as a comment staff read (`POST /V1/orders/{id}/comments`).
 */
import { z } from 'zod';
import type { QuoteAddress } from '../magento/wire/address.ts';
import { checkoutCartSchema } from '../magento/wire/cart.ts';
import { orderIdSchema, orderSchema, orderSearchSchema } from '../magento/wire/order.ts';
import {
  asShopper,
  MagentoApiError,
  magentoFetch,
  type IntegrationConfig,
  type MagentoClientConfig,
} from '../magento/client.ts';
import { readStock, type StockItem } from './magento-stock.ts';
import { bridgeTotalsSchema, checkoutAmounts, type CheckoutAmounts } from './checkout-totals.ts';

export type { QuoteAddress };
export type { CheckoutDiscount, CheckoutItem } from './checkout-totals.ts';
export type { StockItem } from './magento-stock.ts';

/** The shopper's own cart, as the shopper names it. */
export type ShopperCartRef =
  | { readonly kind: 'guest'; readonly guestCart: string }
  | { readonly kind: 'customer'; readonly token: string };

/** A cart by Magento's quote id, reached with the integration token (the admin routes). */
export type CartRef = ShopperCartRef | { readonly kind: 'quote'; readonly cartId: number };

export interface CheckoutLine {
  readonly sku: string;
  readonly qty: number;
  /** The product's name as the cart holds it. */
  readonly name?: string | undefined;
}

/** The cart as the bridge pays for it: its lines, parties and addresses, and its amounts. */
export interface CheckoutCart extends CheckoutAmounts {
  /** Magento's internal cart id. */
  readonly id: number;
  readonly lines: readonly CheckoutLine[];
  /** The signed-in customer's id and e-mail (customer carts). */
  readonly customerId: number | undefined;
  readonly customerEmail: string | undefined;
  readonly billing: QuoteAddress | undefined;
  readonly shipping: QuoteAddress | undefined;
  readonly shippingMethod: string | undefined;
  /** The pickup location the cart is collected from (MSI's in-store pickup), when it is. */
  readonly pickupPoint: string | undefined;
}

/** `sku×qty` lines sorted: compares a cart's contents at Pay and at notification. */
export const cartLinesKey = (lines: readonly CheckoutLine[]): string =>
  lines
    .map((line) => `${line.sku}×${line.qty}`)
    .sort()
    .join('\n');

/** The lines a `cartLinesKey` names (the basket paid for, as the payment's record keeps it). */
export const linesOfKey = (key: string): CheckoutLine[] =>
  key.split('\n').flatMap((entry) => {
    const at = entry.lastIndexOf('×');
    const qty = Number(entry.slice(at + 1));
    return at > 0 && Number.isFinite(qty) && qty > 0 ? [{ sku: entry.slice(0, at), qty }] : [];
  });

/** An order Magento holds for a quote. */
export interface PlacedOrder {
  readonly orderId: number;
  readonly status: string | undefined;
  readonly grandTotal: number | undefined;
}

/** What the bridge reads of an order it placed: its status, total and number. */
export interface ReadOrder {
  readonly status: string | undefined;
  readonly grandTotal: number | undefined;
  /** Magento's `increment_id`, the number the customer is told (e.g. "000000123"). */
  readonly number: string | undefined;
  /** The comments of its status history (`status_histories`), newest first; entries without one left out. */
  readonly comments: readonly string[];
  /** The pickup location it is collected from (MSI's `extension_attributes.pickup_location_code`). */
  readonly pickupPoint: string | undefined;
  /** The shopper's e-mail (`customer_email`), for the collection order's confirmation. */
  readonly email?: string | undefined;
}

export interface MagentoCheckout {
  readCart(ref: CartRef): Promise<CheckoutCart>;
  /** Selects checkmo on the quote and places its order (integration token); the order's entity id. */
  placeOrder(cartId: number): Promise<number>;
  /** The orders Magento placed for a quote, oldest first (integration token). */
  ordersOfCart(cartId: number): Promise<PlacedOrder[]>;
  /** An order read back by its entity id (integration token). */
  readOrder(orderId: number): Promise<ReadOrder>;
  setOrderStatus(orderId: number, status: 'complete' | 'holded'): Promise<void>;
  /**
   * Invoices the whole order, its payment captured (`POST /V1/order/:id/invoice`), as a card payment module
   * does on capture: the customer's VAT invoice is made from it. An order invoiced already (a retry) is left.
   */
  invoiceOrder(orderId: number): Promise<void>;
  /**
   * Adds `comment` to the order's status history (`POST /V1/orders/:id/comments`, integration token), for
   * staff only: the customer is not told and the storefront does not show it. Each call adds one.
   */
  commentOrder(orderId: number, comment: string): Promise<void>;
  /**
   * What Magento's stock item says of a product to be delivered (`GET /V1/products/:sku`, its
   * `extension_attributes.stock_item`): in stock, and how many; undefined when Magento does not manage
   * its stock.
   */
  stockOf(sku: string): Promise<StockItem | undefined>;
}

/**
 * `GET /V1/orders/:id` with its status history (`sales-data-order-status-history-interface`): Magento
 * serializes an unset comment as null, and may leave it out.
 */
const orderWithHistorySchema = orderSchema.extend({
  customer_email: z.string().nullable().optional(),
  status_histories: z
    .array(z.object({ comment: z.string().nullable().optional() }).loose())
    .nullable()
    .optional(),
  extension_attributes: z
    .object({ pickup_location_code: z.string().nullable().optional() })
    .loose()
    .nullable()
    .optional(),
});

/** `OrderManagementInterface::addComment()` answers a boolean, true once the comment is saved. */
const commentAddedSchema = z.literal(true);

/** `searchCriteria` for the orders of one quote, oldest first (CONTRACT.md §4). */
const ordersOfCartQuery = (cartId: number): string =>
  new URLSearchParams({
    'searchCriteria[filterGroups][0][filters][0][field]': 'quote_id',
    'searchCriteria[filterGroups][0][filters][0][value]': String(cartId),
    'searchCriteria[filterGroups][0][filters][0][conditionType]': 'eq',
    'searchCriteria[sortOrders][0][field]': 'created_at',
    'searchCriteria[sortOrders][0][direction]': 'ASC',
  }).toString();

const totalOf = (order: {
  grand_total?: number | null | undefined;
  base_grand_total?: number | null | undefined;
}) => order.grand_total ?? order.base_grand_total ?? undefined;

export function createMagentoCheckout(config: IntegrationConfig): MagentoCheckout {
  // The shopper's token for their own cart; the integration's credentials for a quote id; none for a guest.
  const caller = (ref: CartRef): MagentoClientConfig =>
    ref.kind === 'quote' ? config : asShopper(config, ref.kind === 'customer' ? ref.token : undefined);
  const base = (ref: CartRef) =>
    ref.kind === 'customer'
      ? '/carts/mine'
      : ref.kind === 'guest'
        ? `/guest-carts/${ref.guestCart}`
        : `/carts/${ref.cartId}`;

  return {
    async readCart(ref) {
      const shopper = caller(ref);
      const [cart, totals] = await Promise.all([
        magentoFetch(shopper, { path: base(ref), schema: checkoutCartSchema }),
        magentoFetch(shopper, { path: `${base(ref)}/totals`, schema: bridgeTotalsSchema }),
      ]);
      const assignment = cart.extension_attributes?.shipping_assignments?.[0]?.shipping;
      return {
        id: cart.id,
        lines: cart.items.map((item) => ({ sku: item.sku, qty: item.qty, name: item.name ?? undefined })),
        customerId: cart.customer?.id,
        customerEmail: cart.customer?.email ?? undefined,
        billing: cart.billing_address,
        shipping: assignment?.address,
        shippingMethod: assignment?.method ?? undefined,
        pickupPoint: assignment?.address?.extension_attributes?.pickup_location_code ?? undefined,
        ...checkoutAmounts(totals),
      };
    },

    async placeOrder(cartId) {
      const payment = { method: 'checkmo' };
      await magentoFetch(config, {
        method: 'PUT',
        path: `/carts/${cartId}/selected-payment-method`,
        body: { method: payment },
        schema: z.unknown(),
      });
      return magentoFetch(config, {
        method: 'PUT',
        path: `/carts/${cartId}/order`,
        body: { paymentMethod: payment },
        schema: orderIdSchema,
      });
    },

    async ordersOfCart(cartId) {
      const found = await magentoFetch(config, {
        path: `/orders?${ordersOfCartQuery(cartId)}`,
        schema: orderSearchSchema,
      });
      return found.items
        .filter((order) => (order.quote_id ?? cartId) === cartId)
        .map((order) => ({
          orderId: order.entity_id,
          status: order.status ?? undefined,
          grandTotal: totalOf(order),
        }));
    },

    async readOrder(orderId) {
      const order = await magentoFetch(config, {
        path: `/orders/${orderId}`,
        schema: orderWithHistorySchema,
      });
      return {
        status: order.status ?? undefined,
        grandTotal: totalOf(order),
        number: order.increment_id ?? undefined,
        comments: (order.status_histories ?? []).flatMap((entry) => (entry.comment ? [entry.comment] : [])),
        pickupPoint: order.extension_attributes?.pickup_location_code ?? undefined,
        email: order.customer_email ?? undefined,
      };
    },

    async invoiceOrder(orderId) {
      try {
        await magentoFetch(config, {
          method: 'POST',
          path: `/order/${orderId}/invoice`,
          body: { capture: true, notify: false },
          schema: z.unknown(),
        });
      } catch (error) {
        // "You can't create an invoice without products.": invoiced in full before (InvoiceOrder's validation).
        if (error instanceof MagentoApiError && error.status === 400) return;
        throw error;
      }
    },

    async commentOrder(orderId, comment) {
      await magentoFetch(config, {
        method: 'POST',
        path: `/orders/${orderId}/comments`,
        body: {
          statusHistory: { comment, is_customer_notified: 0, is_visible_on_front: 0, parent_id: orderId },
        },
        schema: commentAddedSchema,
      });
    },

    stockOf: (sku) => readStock(config, sku),

    async setOrderStatus(orderId, status) {
      await magentoFetch(config, {
        method: 'POST',
        path: '/orders/',
        body: { entity: { entity_id: orderId, status } },
        schema: z.unknown(),
      });
    },
  };
}
