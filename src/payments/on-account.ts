/**
 * Paying on account (issue 38): a Trade customer's order placed with Magento's `purchaseorder` method and
 * their purchase-order number, without the card page. Magento decides who may (the method is offered to
 * the Trade group only: a payment-restriction module on a real Magento, a setting in the embedded back
 * end) and checks the number (`Purchaseorder::validate`); the order is placed exactly once:
 * - the cart is read as the customer's own (their token proves it is theirs), then placed by its quote id
 *   with the integration token, as the card bridge does (`magento-checkout.ts`);
 * - one lock per quote among every replica: a second Confirm while the first is placing is told so;
 * - an order Magento already holds for the quote is answered again instead of placing another.
 */
import { z } from 'zod';
import { MagentoApiError, magentoFetch, type IntegrationConfig } from '../magento/client.ts';
import { orderIdSchema } from '../magento/wire/order.ts';
import type { TryLock } from '../store/locks.ts';
import { PaymentRefused, placedWith, refusalOf, type PaymentCheck } from './checks.ts';
import { PICKUP_SHIPPING_METHOD } from '../magento/wire/pickup-codes.ts';
import type { MagentoCheckout } from './magento-checkout.ts';

/** Why an order on account was not placed, in words the route turns into answers. */
export type OnAccountRefusal = 'empty' | 'no-delivery' | 'busy' | 'not-allowed';

export class OnAccountRefused extends Error {
  readonly reason: OnAccountRefusal;
  /** Magento's own message, when it refused. */
  readonly magentoMessage: string | undefined;
  constructor(reason: OnAccountRefusal, magentoMessage?: string) {
    super(`Order on account refused: ${reason}${magentoMessage ? ` (${magentoMessage})` : ''}`);
    this.name = 'OnAccountRefused';
    this.reason = reason;
    this.magentoMessage = magentoMessage;
  }
}

export interface OnAccountDeps {
  readonly magento: IntegrationConfig;
  readonly checkout: Pick<MagentoCheckout, 'readCart' | 'ordersOfCart' | 'readOrder'>;
  /** A lock among every replica, or null when another holds it. */
  readonly lock: TryLock;
  /** What features check before the order is placed, and do once it is (checks.ts); a refusal throws PaymentRefused. */
  readonly checks?: readonly PaymentCheck[] | undefined;
}

const purchaseOrderMethod = (poNumber: string) => ({ method: 'purchaseorder', po_number: poNumber });

/** Magento's refusal of the method or the number as the route words it; anything else as it came. */
function refusedMethod(error: unknown): unknown {
  // The method not offered to this customer's group, or the number refused: Magento's 400 or 403.
  if (error instanceof MagentoApiError && (error.status === 400 || error.status === 403))
    return new OnAccountRefused('not-allowed', error.magentoMessage);
  return error;
}

/** Selects purchaseorder with the number on the quote (integration token). */
async function selectPurchaseOrder(magento: IntegrationConfig, cartId: number, poNumber: string) {
  await magentoFetch(magento, {
    method: 'PUT',
    path: `/carts/${cartId}/selected-payment-method`,
    body: { method: purchaseOrderMethod(poNumber) },
    schema: z.unknown(),
  });
}

/** Selects purchaseorder with the number on the quote and places it (integration token); the order id. */
async function placeWithPurchaseOrder(magento: IntegrationConfig, cartId: number, poNumber: string) {
  try {
    await selectPurchaseOrder(magento, cartId, poNumber);
    return await magentoFetch(magento, {
      method: 'PUT',
      path: `/carts/${cartId}/order`,
      body: { paymentMethod: purchaseOrderMethod(poNumber) },
      schema: orderIdSchema,
    });
  } catch (error) {
    throw refusedMethod(error);
  }
}

/**
 * A company's purchase order in place of the order (issue 68): the cart checked as for an order on account
 * (lines, delivery, the features' checks, one at a time), purchaseorder selected with the buyer's number,
 * then `submit` (the feature that knows purchase orders) makes the cart a purchase order. Its order is
 * placed once it is approved, by Magento, with this same method and number. No money is taken here.
 */
export async function submitOnAccount<T>(
  deps: OnAccountDeps,
  token: string,
  poNumber: string,
  /** Given Magento's quote id of the cart. */
  submit: (cartId: number) => Promise<T>,
): Promise<T> {
  const cart = await deps.checkout.readCart({ kind: 'customer', token });
  if (cart.lines.length === 0) throw new OnAccountRefused('empty');
  if (!cart.shippingMethod || !cart.billing) throw new OnAccountRefused('no-delivery');
  const held = await deps.lock(`on-account:${cart.id}`);
  if (!held) throw new OnAccountRefused('busy');
  try {
    const refusal = await refusalOf(deps.checks ?? [], cart);
    if (refusal) throw new PaymentRefused(refusal);
    await selectPurchaseOrder(deps.magento, cart.id, poNumber).catch((error: unknown) => {
      throw refusedMethod(error);
    });
    return await submit(cart.id);
  } finally {
    await held.release();
  }
}

/** Places the session customer's cart on account; the order's number (Magento's `increment_id`). */
export async function placeOnAccount(deps: OnAccountDeps, token: string, poNumber: string): Promise<string> {
  const cart = await deps.checkout.readCart({ kind: 'customer', token });
  if (cart.lines.length === 0) throw new OnAccountRefused('empty');
  if (!cart.shippingMethod || !cart.billing) throw new OnAccountRefused('no-delivery');
  const held = await deps.lock(`on-account:${cart.id}`);
  if (!held) throw new OnAccountRefused('busy');
  try {
    const [placed] = await deps.checkout.ordersOfCart(cart.id);
    const checks = deps.checks ?? [];
    const refusal = placed ? undefined : await refusalOf(checks, cart);
    if (refusal) throw new PaymentRefused(refusal);
    const orderId = placed?.orderId ?? (await placeWithPurchaseOrder(deps.magento, cart.id, poNumber));
    const read = deps.checkout.readOrder(orderId);
    // Also when a first attempt placed it and failed after: what the checks do once is done once.
    const known = await read.catch(() => undefined);
    const pickupPoint = cart.shippingMethod === PICKUP_SHIPPING_METHOD ? cart.pickupPoint : undefined;
    await placedWith(checks, {
      cartId: cart.id,
      orderId,
      lines: cart.lines,
      email: known?.email ?? cart.customerEmail,
      read: { number: known?.number, pickupPoint },
    });
    const order = await read;
    return order.number ?? String(orderId);
  } finally {
    await held.release();
  }
}
