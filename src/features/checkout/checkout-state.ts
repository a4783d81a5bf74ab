/**
 * The checkout as islands drive it: the pending transaction code kept in localStorage under `order`
 * (spec §3), the shipping step's Confirm, Pay (the storefront server registers the payment and answers
 * where to send the browser), and the paid page's question about its own code. No amount is computed or
 * trusted here: totals are Magento's, the outcome is the payment bridge's.
 */
import type { PaymentMethod } from '../../payments/methods.ts';
import { persistentAtom } from '@nanostores/persistent';
import { type CountryName, $signedIn } from '../account/index.ts';
import { $guestCode, asShopper, cartPath, forgetCart, requireCartPath } from '../cart/index.ts';
import { ShopApiError, shopFetch } from '../../shop-api/shop-api.ts';
import { checkoutCartSchema, paymentDetailsSchema } from '../../magento/wire/cart.ts';
import {
  paymentStatusSchema,
  shippingInformation,
  startReplySchema,
  validOrderCode,
  type CheckoutAddress,
  type CheckoutCart,
  type DeliveryMethodCode,
  type PaymentAnswer,
} from './checkout.ts';

export const $order = persistentAtom<string>('order', '', {
  decode: validOrderCode,
  encode: (value) => value,
});

/** Shipping and payment need a signed-in shopper or a guest cart (spec §2, §6). */
export const hasCheckoutCart = (): boolean => $signedIn.get() || $guestCode.get() !== '';

/** A load guard for the checkout's steps: null (go ahead) with a cart to check out, else where to go. */
export const checkoutCartOr = (path: string) => (): string | null => (hasCheckoutCart() ? null : path);

/** The cart with any addresses already confirmed; null when there is no cart (gone, ordered, none). */
export async function fetchCheckoutCart(): Promise<CheckoutCart | null> {
  const path = cartPath();
  if (!path) return null;
  try {
    return await asShopper(() => shopFetch(path, { schema: checkoutCartSchema }));
  } catch (error) {
    if (error instanceof ShopApiError && error.status === 404) return null;
    throw error;
  }
}

/** Confirm: both addresses and the chosen delivery method on the cart; Magento answers the new totals. */
export async function saveShippingInformation(
  shipping: CheckoutAddress,
  billing: CheckoutAddress,
  countries: readonly CountryName[],
  method: DeliveryMethodCode,
): Promise<void> {
  const path = requireCartPath();
  await asShopper(() =>
    shopFetch(`${path}/shipping-information`, {
      method: 'POST',
      body: shippingInformation(shipping, billing, countries, method),
      schema: paymentDetailsSchema,
    }),
  );
}

/**
 * Pay: the server registers the payment for this shopper's cart (session cookie, or the guest code and
 * e-mail) and answers the provider's page; the code is kept under `order` before the browser leaves.
 */
export async function startPayment(method: PaymentMethod = 'card'): Promise<string> {
  const guestCode = $signedIn.get() ? undefined : $guestCode.get();
  const reply = await asShopper(() =>
    shopFetch('/payments/start', {
      method: 'POST',
      body: { ...(guestCode ? { guestCode } : {}), method },
      schema: startReplySchema,
    }),
  );
  $order.set(reply.code);
  return reply.nextUrl;
}

/**
 * The payment bridge's word on the stored code only (its state, and a paid order's number); undefined
 * when the code is unknown there.
 */
export async function fetchPaymentStatus(code: string): Promise<PaymentAnswer | undefined> {
  try {
    return await shopFetch(`/payments/status/${encodeURIComponent(code)}`, {
      schema: paymentStatusSchema,
    });
  } catch (error) {
    if (error instanceof ShopApiError && error.status === 404) return undefined;
    throw error;
  }
}

/** What another feature does once an order is placed, after the checkout's own forgetting. */
export type OrderPlacedHook = () => Promise<unknown> | undefined;
let orderPlacedHooks: readonly OrderPlacedHook[] = [];

/**
 * The other features' parts of an order placed (none until a composition place says:
 * components/checkout/order-placed-hooks.ts), run in this order, none waited for.
 */
export function onOrderPlaced(hooks: readonly OrderPlacedHook[]): void {
  orderPlacedHooks = hooks;
}

/** After a confirmed payment: the order is placed, so the code and the guest cart are forgotten. */
export function finishPaidOrder(): void {
  $order.set('');
  forgetCart();
  for (const hook of orderPlacedHooks) void hook();
}
