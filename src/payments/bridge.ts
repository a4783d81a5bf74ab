/**
 * The payment bridge (DESIGN.md §1, §3): starts a payment for the shopper's own cart with the amount
 * Magento computes, and turns the provider's signed notification into exactly one complete Magento order.
 * The browser is never trusted with an amount or an outcome: `/paid` only asks `status(code)`. Five named
 * steps share one dependencies object (`bridge/deps.ts`): register (`bridge/register.ts`: read the cart,
 * check it, register with the provider, store it REGISTERED), notify (`bridge/notify.ts`: read and verify
 * the notification, dispatch on state and outcome), place (`bridge/place.ts`: claim, place the order once,
 * check its total, set it complete or holded, keep its number), status (`bridge/status.ts`: the state,
 * and a paid order's number) and recover
 * (`bridge/recover.ts`: finish what a crash left PLACING). A transaction moves REGISTERED → PLACING →
 * PAID or FAILED, or REGISTERED → FAILED when declined or aborted; those moves are the pure `transition` of
 * `transitions.ts`, and the store (`payment-records.ts`, shared by every replica) applies them conditionally.
 * Orders are placed and found with the integration token by Magento's quote id, so a crash between any two
 * steps, or a notification arriving after the customer's token expired, still ends with exactly one order.
 */
import { createDeps, type PaymentBridgeConfig } from './bridge/deps.ts';
import { notify } from './bridge/notify.ts';
import { recover } from './bridge/recover.ts';
import { register, type StartRequest } from './bridge/register.ts';
import { status, type PaymentStatusAnswer } from './bridge/status.ts';

export { basketProblem, paymentAddress, paymentBasket } from './bridge/basket.ts';
export { OutcomeUnknownError, type PaymentBridgeConfig } from './bridge/deps.ts';
export type { StartRequest } from './bridge/register.ts';
export type { PaymentStatus, PaymentStatusAnswer } from './bridge/status.ts';

export interface PaymentBridge {
  start(request: StartRequest): Promise<{ code: string; nextUrl: string }>;
  /**
   * Handles one notification body and returns the bytes to answer with; throws when the outcome is not
   * known yet (another notification is still placing the order, or the store failed): no answer must be
   * given then, so the provider sends it again.
   */
  notify(body: string): Promise<{ contentType: string; body: string }>;
  /**
   * What the paid page may know of its own transaction: pending, failed, or paid with the order's number
   * (read from Magento here if placing could not read it); undefined for an unknown code.
   */
  status(code: string): Promise<PaymentStatusAnswer | undefined>;
  /**
   * Finishes the transactions left PLACING by a replica that died (their lease ran out): adopts the order
   * Magento already placed for the quote, or places it, and sets it complete. How many it took over.
   */
  recover(): Promise<number>;
}

export function createPaymentBridge(config: PaymentBridgeConfig): PaymentBridge {
  const deps = createDeps(config);
  return {
    start: (request) => register(deps, request),
    notify: (body) => notify(deps, body),
    status: (code) => status(deps, code),
    recover: () => recover(deps),
  };
}
