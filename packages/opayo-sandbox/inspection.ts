/**
 * `GET /sandbox/transactions[?vendorTxCode=…|vpsTxId=…]`: a local development view of every transaction,
 * its signed notification, each POST of it with the reply received, and settled/void. The SecurityKey is
 * never shown.
 */
import type { SandboxStore } from './db.ts';

const iso = (time: number | undefined): string | null =>
  time === undefined ? null : new Date(time).toISOString();

export function inspectTransactions(store: SandboxStore, query: URLSearchParams): unknown {
  const filter = {
    vendorTxCode: query.get('vendorTxCode') ?? undefined,
    vpsTxId: query.get('vpsTxId') ?? undefined,
  };
  return {
    transactions: store.list(filter).map((tx) => ({
      vendorTxCode: tx.vendorTxCode,
      vpsTxId: tx.vpsTxId,
      vendor: tx.vendor,
      amount: (tx.amountPence / 100).toFixed(2),
      currency: tx.currency,
      description: tx.description,
      status: tx.status,
      statusDetail: tx.statusDetail,
      failedAttempts: tx.failedAttempts,
      registeredAt: iso(tx.registeredAt),
      completedAt: iso(tx.completedAt),
      settlement: tx.settlement ?? null,
      settled: tx.settlement === 'settled',
      void: tx.settlement === 'void',
      notification: {
        state: tx.notifyState,
        retries: tx.notifyRetries,
        nextAttemptAt: tx.notifyState === 'pending' ? iso(tx.nextNotifyAt) : null,
        replyStatus: tx.replyStatus ?? null,
        redirectUrl: tx.redirectUrl ?? null,
        fields: tx.notification ?? null,
      },
      notifications: store.deliveries(tx.vpsTxId).map((delivery) => ({
        sentAt: iso(delivery.sentAt),
        trigger: delivery.trigger,
        outcome: delivery.outcome,
        httpStatus: delivery.httpStatus ?? null,
        reply: delivery.reply ?? null,
        replyStatus: delivery.replyStatus ?? null,
        redirectUrl: delivery.redirectUrl ?? null,
        problem: delivery.problem ?? null,
      })),
    })),
  };
}
