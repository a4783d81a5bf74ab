/**
 * The transaction's moves in the payments table, each a compare-and-set on its state (transitions.ts
 * names them): registered (insert), claimed and its lease renewed while the order is placed, the order
 * recorded as soon as Magento names it, and finished PAID or FAILED; a paid order's number written once.
 * Of two replicas making the same move at once, one wins.
 */
import { isRecord } from '@cleaning-shop/kit/reader.ts';
import type { Acknowledgement, NewPayment, PaymentSql, PaymentState } from './payment-table.ts';

export interface FinalState {
  readonly state: 'PAID' | 'FAILED';
  readonly providerStatus: string;
  readonly reply: Acknowledgement;
  readonly orderId?: number | null | undefined;
  readonly orderNumber?: string | null | undefined;
  readonly failure?: string | null | undefined;
  /** FAILED after the provider took the money: it is to be given back. */
  readonly giveBack?: 'OWED' | undefined;
}

/** The refusal of a second row with the same order id (the `payments_order` unique index). */
const isUniqueViolation = (error: unknown): boolean =>
  (isRecord(error) && error['code'] === '23505') ||
  (error instanceof Error && /UNIQUE constraint failed/.test(error.message));

const now = () => new Date().toISOString();

/** A transaction's moves from state to state. */
export interface PaymentMoves {
  insert(payment: NewPayment): Promise<void>;
  /**
   * REGISTERED (or PLACING whose lease ran out, by the store's clock) → PLACING for `leaseMs`, for the
   * authorised notification whose status word is `status`; true if this caller won.
   */
  claim(code: string, leaseMs: number, status: string): Promise<boolean>;
  /** Extends a PLACING claim by `leaseMs` from now (store's clock); false once it is no longer PLACING. */
  renew(code: string, leaseMs: number): Promise<boolean>;
  /**
   * Remembers the Magento order at once, so nothing can place it a second time; false when the row is no
   * longer PLACING or another transaction already holds that order.
   */
  recordOrder(code: string, orderId: number): Promise<boolean>;
  /**
   * The number of a PAID transaction's order, read after it ended; false when the row is not PAID or
   * already has one (the first number written stays).
   */
  recordOrderNumber(code: string, orderNumber: string): Promise<boolean>;
  /** → PAID or FAILED from one of `from`; true if the row was in one of them. */
  finish(code: string, from: readonly PaymentState[], final: FinalState): Promise<boolean>;
}

/** A transaction the provider accepted: REGISTERED. */
async function insert(changed: PaymentSql['changed'], payment: NewPayment): Promise<void> {
  const at = now();
  await changed(
    `INSERT INTO payments (code, provider, method, provider_ref, secret, amount_pence, currency, cart_kind,
         guest_cart, email, customer_id, cart_id, cart_lines, state, refunded_pence, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'REGISTERED', 0, ?, ?)`,
    [
      payment.code,
      payment.provider,
      payment.method,
      payment.providerRef,
      payment.providerData,
      payment.amountPence,
      payment.currency,
      payment.cartKind,
      payment.guestCart,
      payment.email,
      payment.customerId,
      payment.cartId,
      payment.cartLines,
      at,
      at,
    ],
  );
}

/** The moves as conditional updates of the payments table. */
export function paymentMoves({ changed, clock }: PaymentSql): PaymentMoves {
  return {
    insert: (payment) => insert(changed, payment),
    claim(code, leaseMs, status) {
      // The lease is compared on the store's clock, so replicas whose clocks differ agree on who holds it.
      return changed(
        `UPDATE payments SET state = 'PLACING', lease_until = ${clock} + ?, authorised_status = ?, updated_at = ?
         WHERE code = ? AND (state = 'REGISTERED' OR (state = 'PLACING' AND lease_until < ${clock}))`,
        [leaseMs, status, now(), code],
      );
    },
    renew(code, leaseMs) {
      return changed(`UPDATE payments SET lease_until = ${clock} + ? WHERE code = ? AND state = 'PLACING'`, [
        leaseMs,
        code,
      ]);
    },
    async recordOrder(code, orderId) {
      try {
        return await changed(
          "UPDATE payments SET order_id = ?, updated_at = ? WHERE code = ? AND state = 'PLACING'",
          [orderId, now(), code],
        );
      } catch (error) {
        if (isUniqueViolation(error)) return false;
        throw error;
      }
    },
    recordOrderNumber(code, orderNumber) {
      return changed(
        "UPDATE payments SET order_number = ?, updated_at = ? WHERE code = ? AND state = 'PAID' AND order_number IS NULL",
        [orderNumber, now(), code],
      );
    },
    finish(code, from, final) {
      const states = from.map(() => '?').join(', ');
      return changed(
        `UPDATE payments SET state = ?, provider_status = ?, reply = ?, order_id = COALESCE(?, order_id),
           order_number = COALESCE(?, order_number), failure = ?, give_back = COALESCE(?, give_back),
           customer_token = NULL, lease_until = NULL, updated_at = ?
         WHERE code = ? AND state IN (${states})`,
        [
          final.state,
          final.providerStatus,
          JSON.stringify(final.reply),
          final.orderId ?? null,
          final.orderNumber ?? null,
          final.failure ?? null,
          final.giveBack ?? null,
          now(),
          code,
          ...from,
        ],
      );
    },
  };
}
