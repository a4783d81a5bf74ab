/**
 * Step 2, settle: what a provider verified happened (Opayo's notification, PayPal's capture or webhook)
 * is dispatched on the transaction's state and the payment's outcome. A final transaction gets the same
 * answer again; an authorised payment
 * claims the transaction (REGISTERED → PLACING) and goes on to `place`; a declined one ends FAILED; a
 * notification that finds another one placing the order waits for its outcome. Whenever the outcome is not
 * known (the wait ran out, the store failed), it throws instead of answering: a final ERROR would make the
 * provider void a payment whose order may still be completed (topology F3), so the route answers 503 and
 * the provider tries again.
 */
import type { Acknowledgement, ProviderNotification } from '../provider.ts';
import type { PaymentRecord } from '../payment-records.ts';
import { isFinal, transition } from '../transitions.ts';
import { describe, OutcomeUnknownError, redirectFor, sleep, type BridgeDeps } from './deps.ts';
import { decline, place } from './place.ts';
import { REPLICA_TIMINGS } from '../../store/replica-timings.ts';

/** A transaction that is already PAID or FAILED: the same answer again, or INVALID for another status. */
function replyFinal(
  deps: BridgeDeps,
  record: PaymentRecord,
  notification: ProviderNotification,
): Acknowledgement {
  if (record.reply && record.providerStatus === notification.status) return record.reply;
  deps.log(
    `Payment ${record.code}: ${notification.status} notification for a transaction already ${record.state} (${record.providerStatus ?? '?'}); refused`,
  );
  return {
    status: 'INVALID',
    redirectUrl: redirectFor(deps, record),
    detail: 'The transaction is already complete.',
  };
}

/**
 * Another notification is placing this order: wait for its outcome and answer the same. When it takes
 * longer than `waitMs`, there is no answer yet: the provider is asked to send the notification again.
 */
async function waitForFinal(
  deps: BridgeDeps,
  code: string,
  notification: ProviderNotification,
): Promise<Acknowledgement> {
  const deadline = Date.now() + deps.waitMs;
  for (;;) {
    const record = await deps.store.get(code);
    if (record && isFinal(record.state)) return replyFinal(deps, record, notification);
    if (record?.state === 'REGISTERED') return dispatch(deps, record, notification);
    if (Date.now() > deadline)
      throw new OutcomeUnknownError(`Payment ${code}: the order is still being placed`);
    await sleep(REPLICA_TIMINGS.notifyPollMs);
  }
}

/**
 * An authorised payment: claim the transaction and place its order, or wait for whoever holds it. The
 * claim also takes over a PLACING one whose lease ran out (its replica died), by the store's clock.
 */
async function authorised(deps: BridgeDeps, record: PaymentRecord, notification: ProviderNotification) {
  if (!(await deps.store.claim(record.code, deps.leaseMs, notification.status)))
    return waitForFinal(deps, record.code, notification);
  try {
    return await place(deps, record.code, notification.status);
  } catch (error) {
    // Unexpected (a store failure): the claim runs out and recovery, or the provider's next try, finishes
    // it; no final answer now, as the order may yet be completed.
    deps.log(`Payment ${record.code}: placing the order failed: ${describe(error)}`);
    throw error;
  }
}

async function dispatch(
  deps: BridgeDeps,
  record: PaymentRecord,
  notification: ProviderNotification,
): Promise<Acknowledgement> {
  if (isFinal(record.state)) return replyFinal(deps, record, notification);
  // Another notification holds the order: an authorised one tries to take it over (the claim succeeds
  // only if its lease ran out), anything else waits for its outcome.
  const event = record.state === 'PLACING' ? 'reclaim' : 'claim';
  if (event === 'reclaim' && notification.outcome !== 'paid')
    return waitForFinal(deps, record.code, notification);
  switch (notification.outcome) {
    case 'paid':
      if (!transition(record.state, event).ok) return waitForFinal(deps, record.code, notification);
      return authorised(deps, record, notification);
    case 'pending':
      return { status: 'OK', redirectUrl: deps.paidUrl };
    case 'unknown':
      deps.log(`Payment ${record.code}: unexpected status ${notification.status}; refused`);
      return { status: 'INVALID', redirectUrl: deps.failedUrl, detail: 'Unexpected status.' };
    case 'declined':
    case 'cancelled': {
      const declined = await decline(deps, record, notification);
      if (declined.done) return declined.reply;
      const current = await deps.store.get(record.code);
      return current ? dispatch(deps, current, notification) : declined.reply;
    }
  }
}

/** Settles `record` with what its provider verified; throws while the outcome is not known. */
export async function settle(
  deps: BridgeDeps,
  record: PaymentRecord,
  notification: ProviderNotification,
): Promise<Acknowledgement> {
  // Read again: the caller's copy may be older than a settlement that just ended.
  const current = await deps.store.get(record.code);
  return current ? dispatch(deps, current, notification) : replyFinal(deps, record, notification);
}
