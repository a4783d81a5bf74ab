/**
 * Step 3, place: while holding the claim (PLACING), checks the cart still matches the payment, places the
 * Magento order once (or finds it placed), checks the order's total and sets it complete (PAID) or holded
 * (FAILED). Every ending goes through `transition`, and the store applies it only from the states it allows.
 */
import { cartLinesKey, type CartRef, type CheckoutCart } from '../magento-checkout.ts';
import type { Acknowledgement, ProviderNotification } from '../provider.ts';
import type { PaymentRecord } from '../store.ts';
import { isFinal, statesBefore, transition, type PaymentEvent } from '../transitions.ts';
import { basketProblem, pence } from './basket.ts';
import { describe, refOf, sleep, type BridgeDeps, type Reply } from './deps.ts';

interface Ending {
  readonly reply: Acknowledgement;
  readonly orderId?: number;
  readonly failure: string | null;
}

/** Records the transaction's end reached by `event` and answers with its reply. */
function end(
  deps: BridgeDeps,
  record: PaymentRecord,
  notification: ProviderNotification,
  event: Extract<PaymentEvent, 'placed' | 'notPlaced' | 'declined'>,
  ending: Ending,
): { done: boolean; reply: Reply } {
  const from = statesBefore(event);
  const step = from[0] === undefined ? undefined : transition(from[0], event);
  if (!step?.ok || !isFinal(step.next)) throw new Error(`${event} does not end a transaction`);
  const done = deps.store().finish(record.code, from, {
    state: step.next,
    providerStatus: notification.status,
    reply: ending.reply,
    orderId: ending.orderId,
    failure: ending.failure,
  });
  return { done, reply: deps.answer(ending.reply) };
}

/** The provider declined, aborted or failed the payment: REGISTERED → FAILED, if it still is REGISTERED. */
export function decline(deps: BridgeDeps, record: PaymentRecord, notification: ProviderNotification) {
  return end(deps, record, notification, 'declined', {
    reply: { status: 'OK', redirectUrl: deps.failedUrl },
    failure: `${notification.status}: ${notification.detail}`,
  });
}

function fail(deps: BridgeDeps, record: PaymentRecord, notification: ProviderNotification, reason: string) {
  deps.log(`Payment ${record.code}: ${notification.status} not turned into an order: ${reason}`);
  const reply: Acknowledgement = {
    status: 'INVALID',
    redirectUrl: deps.failedUrl,
    detail: 'The order could not be placed; do not settle.',
  };
  return end(deps, record, notification, 'notPlaced', { reply, failure: reason }).reply;
}

/** Why the cart cannot be ordered for this payment now, or undefined when it still matches. */
async function cartMismatch(
  deps: BridgeDeps,
  record: PaymentRecord,
  ref: CartRef,
): Promise<string | undefined> {
  let cart: CheckoutCart;
  try {
    cart = await deps.magento.readCart(ref);
  } catch (error) {
    return `the cart cannot be read (${describe(error)})`;
  }
  if (cart.id !== record.cartId) return `another cart (${cart.id}, expected ${record.cartId})`;
  if (cartLinesKey(cart.lines) !== record.cartLines) return 'the cart changed after Pay';
  const problem = basketProblem(cart);
  if (problem) return problem;
  if (pence(cart.amount) !== record.amountPence)
    return `the amount changed (${pence(cart.amount)} pence, paid ${record.amountPence})`;
  return undefined;
}

async function setStatus(deps: BridgeDeps, orderId: number, status: 'complete' | 'holded'): Promise<boolean> {
  for (let attempt = 1; attempt <= 3; attempt++) {
    try {
      await deps.magento.setOrderStatus(orderId, status);
      return true;
    } catch (error) {
      deps.log(`Order ${orderId} not set ${status} (attempt ${attempt}): ${describe(error)}`);
      await sleep(200 * attempt);
    }
  }
  return false;
}

/** The order of this payment: the one already placed, or a new one if the cart still matches. */
async function orderOf(
  deps: BridgeDeps,
  record: PaymentRecord,
): Promise<{ orderId: number } | { failure: string }> {
  const ref = refOf(record);
  if (!ref) return { failure: 'the cart reference is gone' };
  if (record.orderId !== null) return { orderId: record.orderId };
  const mismatch = await cartMismatch(deps, record, ref);
  if (mismatch) return { failure: mismatch };
  let orderId: number;
  try {
    orderId = await deps.magento.placeOrder(ref, record.email);
  } catch (error) {
    return { failure: `Magento did not place the order (${describe(error)})` };
  }
  deps.store().recordOrder(record.code, orderId);
  return { orderId };
}

/** Holds the claim: places the order once (or finds it placed), checks it and sets it complete. */
export async function place(
  deps: BridgeDeps,
  code: string,
  notification: ProviderNotification,
): Promise<Reply> {
  const record = deps.store().get(code);
  if (!record) return deps.answer({ status: 'INVALID', redirectUrl: deps.failedUrl });
  const placed = await orderOf(deps, record);
  if ('failure' in placed) return fail(deps, record, notification, placed.failure);
  const { orderId } = placed;
  // The cart was checked before placing; the order's own total is checked too, in case the cart
  // changed in between.
  const order = await deps.magento.readOrder(orderId).catch((error: unknown) => {
    deps.log(`Order ${orderId} of payment ${code} not read back: ${describe(error)}`);
    return undefined;
  });
  if (order?.grandTotal !== undefined && pence(order.grandTotal) !== record.amountPence) {
    await setStatus(deps, orderId, 'holded');
    deps.log(
      `Payment ${code}: order ${orderId} totals ${pence(order.grandTotal)} pence, paid ${record.amountPence}; order held`,
    );
    const reply: Acknowledgement = {
      status: 'INVALID',
      redirectUrl: deps.failedUrl,
      detail: 'The order total differs from the amount; do not settle.',
    };
    return end(deps, record, notification, 'notPlaced', {
      reply,
      orderId,
      failure: 'order total differs from the amount',
    }).reply;
  }
  const completed = await setStatus(deps, orderId, 'complete');
  return end(deps, record, notification, 'placed', {
    reply: { status: 'OK', redirectUrl: deps.paidUrl },
    orderId,
    failure: completed ? null : 'placed, but the status could not be set to complete',
  }).reply;
}
