/**
 * What a feature adds to paying, in the payments' words: a check before any money is taken, and what it
 * does once Magento has placed the order. The bridge asks every check at Pay, again before a provider
 * takes the money in a step of its own (PayPal's capture) and before placing; paying on account asks
 * before placing. The composition lists them (server/shopper/routes.ts): click & collect's is one
 * (features/collect/payment.server.ts). The payments know no feature: only this seam.
 */
import type { CheckoutCart, CheckoutLine } from './magento-checkout.ts';

/** Why a check will not let a cart be paid for now, and what the shopper is told. */
export interface CheckRefusal {
  /** The check's name: the word the shopper's way back from PayPal names it by (`?paypal=collection`). */
  readonly check: string;
  /** 409 for what the shopper can change, 503 when it could not be checked. */
  readonly status: 409 | 503;
  readonly message: string;
  /** For the log. */
  readonly detail: string;
}

/** An order Magento placed for a paid cart, as a check hears of it. */
export interface CheckedOrder {
  readonly cartId: number;
  readonly orderId: number;
  /** The cart's lines as paid for. */
  readonly lines: readonly CheckoutLine[];
  readonly email: string | undefined;
  /** The order as Magento answered when it was read back; undefined when it did not answer. */
  readonly read:
    { readonly number: string | undefined; readonly pickupPoint: string | undefined } | undefined;
}

export interface PaymentCheck {
  readonly name: string;
  /** Why `cart` cannot be paid for now, or undefined when it can. Asked more than once for one cart. */
  beforePayment(cart: CheckoutCart): Promise<CheckRefusal | undefined>;
  /**
   * Once the order is placed (and again should placing be finished twice): true when the order now waits
   * to be handed over (it stays processing, invoiced, rather than complete). Never throws: the order stands.
   */
  placed?(order: CheckedOrder): Promise<boolean>;
}

/** The first refusal of `checks` for `cart`, asked one after another; undefined when none refuses. */
export async function refusalOf(
  checks: readonly PaymentCheck[],
  cart: CheckoutCart,
): Promise<CheckRefusal | undefined> {
  for (const check of checks) {
    const refusal = await check.beforePayment(cart);
    if (refusal) return refusal;
  }
  return undefined;
}

/** Tells every check of the placed order; true when one of them hands it over rather than completing it. */
export async function placedWith(checks: readonly PaymentCheck[], order: CheckedOrder): Promise<boolean> {
  const answers = await Promise.all(checks.map((check) => check.placed?.(order) ?? false));
  return answers.includes(true);
}

/** A check refused the cart where no money is taken (paying on account): the route answers `refusal`. */
export class PaymentRefused extends Error {
  readonly refusal: CheckRefusal;
  constructor(refusal: CheckRefusal) {
    super(`Payment refused by ${refusal.check}: ${refusal.detail}`);
    this.name = 'PaymentRefused';
    this.refusal = refusal;
  }
}
