/**
 * The payment bridge (DESIGN.md §1, §3): starts a payment for the shopper's own cart with the amount
 * Magento computes, with the provider taking the way the shopper chose (card: Opayo; PayPal and Pay in 3:
 * PayPal), and turns what the provider verifiably says into exactly one complete Magento order.
 * The browser is never trusted with an amount or an outcome: `/paid` only asks `status(code)`. The named
 * steps share one dependencies object (`bridge/deps.ts`): register (`bridge/register.ts`: read the cart,
 * check it, register with the provider, store it REGISTERED), orderable (`bridge/orderable.ts`: whether
 * the order can still be placed, asked again before a provider takes the money in a step of its own),
 * settle (`bridge/settle.ts`: what a provider's route verified, dispatched on state and outcome), place
 * (`bridge/place.ts`: claim, place the order once, check its total, set it complete or holded, keep its
 * number), give back (`bridge/give-back.ts`: money taken for an order that was not placed is refunded),
 * status (`bridge/status.ts`: the state, a paid order's number, a refund) and recover
 * (`bridge/recover.ts`: finish what a crash left PLACING, and give back what is still owed). A
 * transaction moves REGISTERED → PLACING → PAID or FAILED, or REGISTERED → FAILED when declined or
 * aborted; those moves are the pure `transition` of `transitions.ts`, and the store
 * (`payment-records.ts`, shared by every replica) applies them conditionally.
 * Orders are placed and found with the integration token by Magento's quote id, so a crash between any two
 * steps, or a notification arriving after the customer's token expired, still ends with exactly one order.
 */
import { createDeps, type PaymentBridgeConfig } from './bridge/deps.ts';
import { orderable } from './bridge/orderable.ts';
import { recover } from './bridge/recover.ts';
import { settle } from './bridge/settle.ts';
import type { PaymentProvider, PaymentSettlement } from './provider.ts';
import { register, type StartRequest } from './bridge/register.ts';
import { status, type PaymentStatusAnswer } from './bridge/status.ts';

export { basketProblem, paymentAddress, paymentBasket } from './bridge/basket.ts';
export { OutcomeUnknownError, type PaymentBridgeConfig } from './bridge/deps.ts';
export type { StartRequest } from './bridge/register.ts';
export type { PaymentStatus, PaymentStatusAnswer } from './bridge/status.ts';

export interface PaymentBridge {
  start(request: StartRequest): Promise<{ code: string; nextUrl: string }>;
  /** The providers it pays through, whose routes take their callbacks. */
  readonly providers: readonly PaymentProvider[];
  /** What the providers' routes are given: find, settle, note refunds. */
  readonly settlement: PaymentSettlement;
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
  const { store } = deps;
  return {
    start: (request) => register(deps, request),
    providers: config.providers,
    settlement: {
      find: (code) => store.get(code),
      findByRef: (provider, ref) => store.byProviderRef(provider, ref),
      settle: (record, notification) => settle(deps, record, notification),
      orderable: (record) => orderable(deps, record),
      refunded: async (record, refundedPence) => {
        if (await store.recordRefund(record.code, refundedPence))
          deps.log(`Payment ${record.code}: ${refundedPence} pence refunded in all`);
      },
      events: {
        seen: (provider, id) => store.eventSeen(provider, id),
        remember: (provider, id) => store.rememberEvent(provider, id),
      },
      pages: { paid: deps.paidUrl, failed: deps.failedUrl, payment: deps.paymentUrl },
      log: deps.log,
    },
    status: (code) => status(deps, code),
    recover: () => recover(deps),
  };
}
