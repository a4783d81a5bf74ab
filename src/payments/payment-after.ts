/**
 * What a provider says after a transaction ended: what it refunded in all, a payment given back once it
 * was owed, and the provider's events acted on already (webhooks come at least once, to any replica).
 */
import type { PaymentSql } from './payment-table.ts';

const now = () => new Date().toISOString();

/** Refunds, money given back and providers' events. */
export interface PaymentAfter {
  /** Sets what the provider says was refunded in all (it only grows); true if that changed the row. */
  recordRefund(code: string, refundedPence: number): Promise<boolean>;
  /**
   * An owed payment given back, with what the provider says it refunded in all (pence): OWED → DONE;
   * true if this call made it so.
   */
  givenBack(code: string, refundedPence: number): Promise<boolean>;
  /** Whether `provider`'s event `eventId` was acted on already. */
  eventSeen(provider: string, eventId: string): Promise<boolean>;
  /** Remembers that it was (a second call for the same event changes nothing). */
  rememberEvent(provider: string, eventId: string): Promise<void>;
}

/** Refunds and events in the payments tables. */
export function paymentAfter({ query, changed }: PaymentSql): PaymentAfter {
  return {
    recordRefund(code, refundedPence) {
      return changed(
        'UPDATE payments SET refunded_pence = ?, updated_at = ? WHERE code = ? AND COALESCE(refunded_pence, 0) < ?',
        [refundedPence, now(), code, refundedPence],
      );
    },
    givenBack(code, refundedPence) {
      return changed(
        `UPDATE payments SET give_back = 'DONE', updated_at = ?,
           refunded_pence = CASE WHEN COALESCE(refunded_pence, 0) < ? THEN ? ELSE refunded_pence END
         WHERE code = ? AND give_back = 'OWED'`,
        [now(), refundedPence, refundedPence, code],
      );
    },
    async eventSeen(provider, eventId) {
      const rows = await query('SELECT 1 FROM payment_events WHERE provider = ? AND event_id = ?', [
        provider,
        eventId,
      ]);
      return rows.length > 0;
    },
    async rememberEvent(provider, eventId) {
      await changed(
        'INSERT INTO payment_events (provider, event_id, received_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING',
        [provider, eventId, now()],
      );
    },
  };
}
