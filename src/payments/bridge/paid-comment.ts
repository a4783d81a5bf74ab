/**
 * The provider's reference written on the order Magento holds for a payment (issue 53), as a comment of
 * its status history that staff read beside the order (not the customer: it is neither sent nor shown).
 * The bridge places every order as checkmo, so this comment is what tells staff which provider took the
 * money and under which reference, to find, refund or dispute it there.
 *
 * Written once per order: only when the order's history does not carry it already, read again before
 * each retry. Any path to a paid order (placed now, adopted after a crash, recorded and retried) can
 * then write it, and none writes it twice.
 */
import type { PaymentRecord } from '../payment-records.ts';
import type { PaymentProvider } from '../provider.ts';
import { describe, sleep, type BridgeDeps } from './deps.ts';

/**
 * The comment for a payment, in its provider's words (`PaymentProvider.orderComment`): e.g. "Paid by
 * card through Opayo: VPSTxId {…}", "Paid with Pay in 3 with PayPal: PayPal order 5O19…"; a provider no
 * longer configured is named as stored.
 */
export function paidComment(
  providers: readonly PaymentProvider[],
  payment: Pick<PaymentRecord, 'provider' | 'method' | 'providerRef'>,
): string {
  const provider = providers.find((each) => each.name === payment.provider);
  return (
    provider?.orderComment(payment) ??
    `Paid with ${payment.provider} (${payment.method}): ${payment.providerRef}`
  );
}

/**
 * Best effort: writes the payment's comment on order `orderId` unless its history already carries it
 * (`known`, the comments of the order as just read, saves reading it again on the first attempt). A
 * failure is logged and retried, as setting the status is; it never fails the payment. True once the
 * order carries the comment.
 */
export async function writePaidComment(
  deps: BridgeDeps,
  record: PaymentRecord,
  orderId: number,
  known: readonly string[] | undefined,
): Promise<boolean> {
  const comment = paidComment(deps.config.providers, record);
  for (let attempt = 1; attempt <= 3; attempt++) {
    try {
      // A retry reads again: the attempt before may have written it and only its answer was lost.
      const comments = attempt === 1 && known ? known : (await deps.magento.readOrder(orderId)).comments;
      if (!comments.includes(comment)) await deps.magento.commentOrder(orderId, comment);
      return true;
    } catch (error) {
      deps.log(
        `Order ${orderId} of payment ${record.code}: no comment written (attempt ${attempt}): ${describe(error)}`,
      );
      await sleep(200 * attempt);
    }
  }
  return false;
}
