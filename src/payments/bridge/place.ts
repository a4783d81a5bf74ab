/**
 * Step 3, place: while holding the claim (PLACING), finds the order Magento may already have placed for
 * the payment's quote (a process that died between placing and recording it) and adopts it; otherwise
 * checks the cart still matches the payment and places the order, with the integration token and the
 * quote id. Then it reads the order back, checks its total and sets it complete (an order to collect:
 * invoiced only, until it is shipped to the counter; PAID, with the order's
 * number the paid page shows, and the provider's reference written on it: paid-comment.ts) or holded
 * (FAILED). Every step leaves something a later attempt finds, so a crash between any two of them still
 * ends with exactly one order: placed but not recorded → found by quote id; recorded but not complete →
 * the recorded id is used; complete but not PAID → set complete again, which changes nothing, and the
 * comment written if the order lacks it. Every ending goes through `transition`, and the store applies it
 * only from the states it allows. An order not placed for money the provider had already taken (PayPal's
 * capture) ends FAILED with the money owed back, and the provider is asked to refund it (give-back.ts).
 */
import { linesOfKey, type PlacedOrder } from '../magento-checkout.ts';
import { placedWith } from '../checks.ts';
import type { Acknowledgement, ProviderNotification } from '../provider.ts';
import type { PaymentRecord } from '../payment-records.ts';
import { isFinal, statesBefore, transition, type PaymentEvent } from '../transitions.ts';
import { pence } from './basket.ts';
import { describe, sleep, type BridgeDeps } from './deps.ts';
import { giveBack, owesBack } from './give-back.ts';
import { cartAsPaid } from './orderable.ts';
import { writePaidComment } from './paid-comment.ts';
import { shownOrderNumber } from './status.ts';

interface Ending {
  readonly reply: Acknowledgement;
  readonly orderId?: number;
  readonly orderNumber?: string | undefined;
  readonly failure: string | null;
}

/** Records the transaction's end reached by `event` and answers with its reply. */
async function end(
  deps: BridgeDeps,
  record: PaymentRecord,
  providerStatus: string,
  event: Extract<PaymentEvent, 'placed' | 'notPlaced' | 'declined'>,
  ending: Ending,
): Promise<{ done: boolean; reply: Acknowledgement }> {
  const from = statesBefore(event);
  const step = from[0] === undefined ? undefined : transition(from[0], event);
  if (!step?.ok || !isFinal(step.next)) throw new Error(`${event} does not end a transaction`);
  // An order not placed for money the provider already took: the money is owed back, in the same write.
  const owed = event === 'notPlaced' && owesBack(deps, record);
  const done = await deps.store.finish(record.code, from, {
    state: step.next,
    providerStatus,
    reply: ending.reply,
    orderId: ending.orderId,
    orderNumber: ending.orderNumber,
    failure: ending.failure,
    giveBack: owed ? 'OWED' : undefined,
  });
  if (done && owed) await giveBack(deps, record.code);
  return { done, reply: ending.reply };
}

/** The provider declined, aborted or failed the payment: REGISTERED → FAILED, if it still is REGISTERED. */
export function decline(deps: BridgeDeps, record: PaymentRecord, notification: ProviderNotification) {
  return end(deps, record, notification.status, 'declined', {
    reply: { status: 'OK', redirectUrl: deps.failedUrl },
    failure: `${notification.status}: ${notification.detail}`,
  });
}

async function fail(deps: BridgeDeps, record: PaymentRecord, providerStatus: string, reason: string) {
  deps.log(`Payment ${record.code}: ${providerStatus} not turned into an order: ${reason}`);
  const reply: Acknowledgement = {
    status: 'INVALID',
    redirectUrl: deps.failedUrl,
    detail: 'The order could not be placed; do not settle.',
  };
  return (await end(deps, record, providerStatus, 'notPlaced', { reply, failure: reason })).reply;
}

/**
 * `complete`: invoiced, then complete. `invoiced`: invoiced only, for an order to be collected, which stays
 * processing until Magento ships it to the counter (MSI counts it as on the point's shelf until then).
 */
async function setStatus(
  deps: BridgeDeps,
  orderId: number,
  status: 'complete' | 'invoiced' | 'holded',
): Promise<boolean> {
  for (let attempt = 1; attempt <= 3; attempt++) {
    try {
      // A paid order is invoiced before it is complete: the payment is captured, and the invoice is the
      // customer's VAT invoice (issue 38).
      if (status !== 'holded') await deps.magento.invoiceOrder(orderId);
      if (status !== 'invoiced') await deps.magento.setOrderStatus(orderId, status);
      return true;
    } catch (error) {
      deps.log(`Order ${orderId} not set ${status} (attempt ${attempt}): ${describe(error)}`);
      await sleep(200 * attempt);
    }
  }
  return false;
}

type Found = { orderId: number } | { failure: string };

/**
 * Reconciles by quote id: the order Magento already placed for this payment's quote that no other payment
 * has recorded, now recorded for this one; undefined when there is none. A failed lookup throws, since
 * placing blindly could make a second order.
 */
async function adoptPlaced(deps: BridgeDeps, record: PaymentRecord): Promise<Found | undefined> {
  const orders: PlacedOrder[] = await deps.magento.ordersOfCart(record.cartId);
  let unclaimed: PlacedOrder | undefined;
  for (const order of orders) {
    if ((await deps.store.codeOfOrder(order.orderId)) !== undefined) continue;
    unclaimed = order;
    break;
  }
  if (!unclaimed) return undefined;
  if (!(await deps.store.recordOrder(record.code, unclaimed.orderId)))
    return { failure: `order ${unclaimed.orderId} was recorded by another payment` };
  deps.log(
    `Payment ${record.code}: adopted order ${unclaimed.orderId}, already placed for cart ${record.cartId}`,
  );
  return { orderId: unclaimed.orderId };
}

/** Places the order with the two admin calls and records it at once. */
async function placeNew(deps: BridgeDeps, record: PaymentRecord): Promise<Found> {
  let orderId: number;
  try {
    orderId = await deps.magento.placeOrder(record.cartId);
  } catch (error) {
    // Magento may have placed the order and only its answer was lost: look before giving up.
    const late = await adoptPlaced(deps, record);
    return late ?? { failure: `Magento did not place the order (${describe(error)})` };
  }
  if (!(await deps.store.recordOrder(record.code, orderId)))
    return { failure: `order ${orderId} was recorded by another payment` };
  return { orderId };
}

/** The order of this payment: the one recorded, the one Magento already placed, or a new one. */
async function orderOf(deps: BridgeDeps, record: PaymentRecord): Promise<Found> {
  if (record.orderId !== null) return { orderId: record.orderId };
  const adopted = await adoptPlaced(deps, record);
  if (adopted) return adopted;
  // What Magento checks itself at placing (stock, a collection's address) is left to it: its refusal
  // ends the payment.
  const paid = await cartAsPaid(deps, record);
  if ('reason' in paid) return { failure: paid.detail };
  return placeNew(deps, record);
}

/**
 * Renews the claim on `code` while `work` runs, so no other replica takes over a live one. A renewal that
 * finds the row no longer PLACING stops; so do renewals failing for a whole lease, as the claim may then
 * be someone else's.
 */
async function holdingClaim<T>(deps: BridgeDeps, code: string, work: () => Promise<T>): Promise<T> {
  let renewedAt = performance.now();
  const timer = setInterval(() => {
    deps.store.renew(code, deps.leaseMs).then(
      (held) => {
        if (held) renewedAt = performance.now();
        else clearInterval(timer);
      },
      (error: unknown) => {
        deps.log(`Payment ${code}: the claim was not renewed: ${describe(error)}`);
        if (performance.now() - renewedAt > deps.leaseMs) clearInterval(timer);
      },
    );
  }, deps.renewMs);
  timer.unref();
  try {
    return await work();
  } finally {
    clearInterval(timer);
  }
}

/**
 * Holds the claim made for an authorised notification whose status word is `providerStatus`: places the
 * order once (or finds it placed), checks it and sets it complete, renewing the claim meanwhile.
 */
export function place(deps: BridgeDeps, code: string, providerStatus: string): Promise<Acknowledgement> {
  return holdingClaim(deps, code, () => placeClaimed(deps, code, providerStatus));
}

async function placeClaimed(
  deps: BridgeDeps,
  code: string,
  providerStatus: string,
): Promise<Acknowledgement> {
  const record = await deps.store.get(code);
  if (!record) return { status: 'INVALID', redirectUrl: deps.failedUrl };
  const placed = await orderOf(deps, record);
  if ('failure' in placed) return fail(deps, record, providerStatus, placed.failure);
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
    const held = await end(deps, record, providerStatus, 'notPlaced', {
      reply,
      orderId,
      failure: 'order total differs from the amount',
    });
    return held.reply;
  }
  // An order a check hands over (one to collect) stays processing until it is shipped to the counter.
  const handOver = await placedWith(deps.checks, {
    cartId: record.cartId,
    orderId,
    lines: linesOfKey(record.cartLines),
    email: record.email,
    read: order && { number: order.number, pickupPoint: order.pickupPoint },
  });
  const completed = await setStatus(deps, orderId, handOver ? 'invoiced' : 'complete');
  // Before PAID is recorded, so a crash before it writes the comment on the next attempt (if missing).
  if (completed) await writePaidComment(deps, record, orderId, order?.comments);
  const paid = await end(deps, record, providerStatus, 'placed', {
    reply: { status: 'OK', redirectUrl: deps.paidUrl },
    orderId,
    // Unread (Magento did not answer): the status route reads it later.
    orderNumber: shownOrderNumber(deps, orderId, order?.number),
    failure: completed ? null : 'placed, but the status could not be set to complete',
  });
  return paid.reply;
}
