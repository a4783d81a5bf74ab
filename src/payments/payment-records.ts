/**
 * The payment bridge's memory, a table in the shared store (src/store: PostgreSQL shared by every
 * replica, or an SQLite file on one host; the same SQL for both). One row per registered transaction,
 * holding what the server-to-server notification needs to place the order later without the shopper's
 * cookie (the provider's secret, the amount, Magento's quote id and the cart's lines), and the
 * transaction's state:
 *
 *   REGISTERED ──OK──▶ PLACING ──order placed──▶ PAID
 *        │                 └────placement failed──▶ FAILED
 *        └──NOTAUTHED / REJECTED / ABORT / ERROR──▶ FAILED
 *
 * Every transition is a compare-and-set on the state, so of two notifications arriving together, at one
 * replica or two, only one places the order; the reply given for the final state is stored, so a
 * repeated notification gets the same answer. A claim is a lease compared on the store's clock, renewed
 * while its holder places the order, so the claim of a replica that died is taken over once it runs out.
 * A claim remembers the authorised status it was made for, so recovery can finish a PLACING transaction
 * without waiting for the provider to notify again; an order id is recorded by one transaction only. A
 * PAID transaction keeps its order's number (Magento's `increment_id`), which the paid page shows; it is
 * written once, when known. No customer token is kept: the order is placed with the integration token
 * (older files may hold one, erased as soon as the transaction is final).
 */
import { onceUntilFailure, type SharedStore } from '../store/shared-store.ts';
import { isRecord } from '../parse/reader.ts';
import {
  preparePaymentsTable,
  rowSchema,
  type Acknowledgement,
  type NewPayment,
  type PaymentRecord,
  type PaymentState,
} from './payment-table.ts';

export {
  PAYMENT_STATES,
  type GiveBackState,
  type Acknowledgement,
  type NewPayment,
  type PaymentRecord,
  type PaymentState,
} from './payment-table.ts';

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

export interface PaymentStore {
  insert(payment: NewPayment): Promise<void>;
  get(code: string): Promise<PaymentRecord | undefined>;
  /** The transaction a provider knows by `providerRef` (PayPal's order id). */
  byProviderRef(provider: string, providerRef: string): Promise<PaymentRecord | undefined>;
  /** `provider`'s transactions still REGISTERED that were registered before `before` (ISO time). */
  waiting(provider: string, before: string): Promise<PaymentRecord[]>;
  /** Sets what the provider says was refunded in all (it only grows); true if that changed the row. */
  recordRefund(code: string, refundedPence: number): Promise<boolean>;
  /** FAILED transactions whose money is still to be given back, oldest first. */
  owed(): Promise<PaymentRecord[]>;
  /**
   * An owed payment given back, with what the provider says it refunded in all (pence): OWED → DONE;
   * true if this call made it so.
   */
  givenBack(code: string, refundedPence: number): Promise<boolean>;
  /** Whether `provider`'s event `eventId` was acted on already. */
  eventSeen(provider: string, eventId: string): Promise<boolean>;
  /** Remembers that it was (a second call for the same event changes nothing). */
  rememberEvent(provider: string, eventId: string): Promise<void>;
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
  /** The transaction that recorded this Magento order, if any. */
  codeOfOrder(orderId: number): Promise<string | undefined>;
  /** PLACING transactions whose lease ran out by the store's clock (their placer died or stalled). */
  abandoned(): Promise<PaymentRecord[]>;
  /**
   * The number of a PAID transaction's order, read after it ended; false when the row is not PAID or
   * already has one (the first number written stays).
   */
  recordOrderNumber(code: string, orderNumber: string): Promise<boolean>;
  /** → PAID or FAILED from one of `from`; true if the row was in one of them. */
  finish(code: string, from: readonly PaymentState[], final: FinalState): Promise<boolean>;
}

const now = () => new Date().toISOString();

/** The refusal of a second row with the same order id (the `payments_order` unique index). */
const isUniqueViolation = (error: unknown): boolean =>
  (isRecord(error) && error['code'] === '23505') ||
  (error instanceof Error && /UNIQUE constraint failed/.test(error.message));

/**
 * The payments table in `store` (created on first use, so opening touches nothing). The caller owns
 * `store` and closes it.
 */
export function openPaymentStore(store: SharedStore): PaymentStore {
  const { clock } = store;
  /** The table, created once; a store that was down is asked again by the next call. */
  const prepared = onceUntilFailure(() => preparePaymentsTable(store));
  const query = async (text: string, params: readonly unknown[]) => {
    await prepared();
    return store.query(text, params);
  };
  const changed = async (text: string, params: readonly unknown[]) => {
    await prepared();
    return (await store.run(text, params)) === 1;
  };

  return {
    async insert(payment) {
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
          payment.secret,
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
    },
    async get(code) {
      const [row] = await query('SELECT * FROM payments WHERE code = ?', [code]);
      return row ? rowSchema.parse(row) : undefined;
    },
    async byProviderRef(provider, providerRef) {
      const [row] = await query('SELECT * FROM payments WHERE provider = ? AND provider_ref = ?', [
        provider,
        providerRef,
      ]);
      return row ? rowSchema.parse(row) : undefined;
    },
    async waiting(provider, before) {
      const rows = await query(
        `SELECT * FROM payments WHERE provider = ? AND state = 'REGISTERED' AND created_at < ? ORDER BY created_at`,
        [provider, before],
      );
      return rows.map((row) => rowSchema.parse(row));
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
    recordRefund(code, refundedPence) {
      return changed(
        'UPDATE payments SET refunded_pence = ?, updated_at = ? WHERE code = ? AND COALESCE(refunded_pence, 0) < ?',
        [refundedPence, now(), code, refundedPence],
      );
    },
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
    async codeOfOrder(orderId) {
      const [row] = await query('SELECT code FROM payments WHERE order_id = ?', [orderId]);
      return typeof row?.['code'] === 'string' ? row['code'] : undefined;
    },
    async owed() {
      const rows = await query(
        "SELECT * FROM payments WHERE state = 'FAILED' AND give_back = 'OWED' ORDER BY updated_at",
        [],
      );
      return rows.map((row) => rowSchema.parse(row));
    },
    givenBack(code, refundedPence) {
      return changed(
        `UPDATE payments SET give_back = 'DONE', updated_at = ?,
           refunded_pence = CASE WHEN COALESCE(refunded_pence, 0) < ? THEN ? ELSE refunded_pence END
         WHERE code = ? AND give_back = 'OWED'`,
        [now(), refundedPence, refundedPence, code],
      );
    },
    async abandoned() {
      const rows = await query(
        `SELECT * FROM payments WHERE state = 'PLACING' AND lease_until < ${clock} ORDER BY updated_at`,
        [],
      );
      return rows.map((row) => rowSchema.parse(row));
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
