/**
 * The Magento calls of the payment bridge (CONTRACT.md §5.4, §5.5, §5.10): read the cart, its addresses
 * and its totals as the shopper's own cart (guest masked id, or the customer's token); record the payment
 * (checkmo) on that cart, which places the order; then, with the integration token (used nowhere else
 * at run time), read the order back and set it complete.
 */
import { z } from 'zod';
import type { QuoteAddress } from '../magento/wire/address.ts';
import { checkoutCartSchema, checkoutTotalsSchema, grandTotal } from '../magento/wire/cart.ts';
import { orderIdSchema, orderSchema } from '../magento/wire/order.ts';
import { magentoFetch, type MagentoClientConfig } from '../magento/client.ts';

export type { QuoteAddress };

export type CartRef =
  | { readonly kind: 'guest'; readonly guestCart: string }
  | { readonly kind: 'customer'; readonly token: string };

export interface CheckoutLine {
  readonly sku: string;
  readonly qty: number;
}

export interface CheckoutCart {
  /** Magento's internal cart id. */
  readonly id: number;
  readonly lines: readonly CheckoutLine[];
  /** The signed-in customer's e-mail (customer carts). */
  readonly customerEmail: string | undefined;
  readonly billing: QuoteAddress | undefined;
  readonly shipping: QuoteAddress | undefined;
  readonly shippingMethod: string | undefined;
  /** The real grand total (the `grand_total` segment), in pounds. */
  readonly amount: number;
  readonly shippingAmount: number;
  /** Totals items: name, quantity, unit price incl VAT. */
  readonly items: readonly { name: string; qty: number; unitGross: number }[];
}

/** `sku×qty` lines sorted: compares a cart's contents at Pay and at notification. */
export const cartLinesKey = (lines: readonly CheckoutLine[]): string =>
  lines
    .map((line) => `${line.sku}×${line.qty}`)
    .sort()
    .join('\n');

export interface MagentoCheckout {
  readCart(ref: CartRef): Promise<CheckoutCart>;
  /** Records the payment (checkmo) on the cart: Magento places the order and returns its entity id. */
  placeOrder(ref: CartRef, email: string): Promise<number>;
  readOrder(orderId: number): Promise<{ status: string | undefined; grandTotal: number | undefined }>;
  setOrderStatus(orderId: number, status: 'complete' | 'holded'): Promise<void>;
}

export function createMagentoCheckout(config: MagentoClientConfig & { token: string }): MagentoCheckout {
  const customer = (ref: CartRef) => ({ ...config, token: ref.kind === 'customer' ? ref.token : undefined });
  const base = (ref: CartRef) => (ref.kind === 'customer' ? '/carts/mine' : `/guest-carts/${ref.guestCart}`);

  return {
    async readCart(ref) {
      const shopper = customer(ref);
      const [cart, totals] = await Promise.all([
        magentoFetch(shopper, { path: base(ref), schema: checkoutCartSchema }),
        magentoFetch(shopper, { path: `${base(ref)}/totals`, schema: checkoutTotalsSchema }),
      ]);
      const assignment = cart.extension_attributes?.shipping_assignments?.[0]?.shipping;
      const shippingSegment = totals.total_segments?.find((segment) => segment.code === 'shipping')?.value;
      return {
        id: cart.id,
        lines: cart.items.map((item) => ({ sku: item.sku, qty: item.qty })),
        customerEmail: cart.customer?.email ?? undefined,
        billing: cart.billing_address,
        shipping: assignment?.address,
        shippingMethod: assignment?.method ?? undefined,
        amount: grandTotal(totals),
        shippingAmount: shippingSegment ?? totals.shipping_amount,
        items: (totals.items ?? []).map((item) => ({
          name: item.name ?? '',
          qty: item.qty,
          unitGross: item.price_incl_tax ?? item.price,
        })),
      };
    },

    placeOrder(ref, email) {
      return magentoFetch(customer(ref), {
        method: 'POST',
        path: `${base(ref)}/payment-information`,
        body: {
          ...(ref.kind === 'guest' ? { email } : {}),
          paymentMethod: { method: 'checkmo' },
        },
        schema: orderIdSchema,
      });
    },

    async readOrder(orderId) {
      const order = await magentoFetch(config, { path: `/orders/${orderId}`, schema: orderSchema });
      return {
        status: order.status ?? undefined,
        grandTotal: order.grand_total ?? order.base_grand_total ?? undefined,
      };
    },

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
