/**
 * Reading the payments table: a transaction by its code or its provider's reference, and the ones
 * recovery looks for (waiting at the provider, left PLACING by a replica that died, owed back).
 */
import { rowSchema, type PaymentRecord, type PaymentSql } from './payment-table.ts';

/** The transactions as the bridge finds them. */
export interface PaymentReads {
  get(code: string): Promise<PaymentRecord | undefined>;
  /** The transaction a provider knows by `providerRef` (PayPal's order id). */
  byProviderRef(provider: string, providerRef: string): Promise<PaymentRecord | undefined>;
  /** `provider`'s transactions still REGISTERED that were registered before `before` (ISO time). */
  waiting(provider: string, before: string): Promise<PaymentRecord[]>;
  /** The transaction that recorded this Magento order, if any. */
  codeOfOrder(orderId: number): Promise<string | undefined>;
  /** FAILED transactions whose money is still to be given back, oldest first. */
  owed(): Promise<PaymentRecord[]>;
  /** PLACING transactions whose lease ran out by the store's clock (their placer died or stalled). */
  abandoned(): Promise<PaymentRecord[]>;
}

/** Reads of the payments table. */
export function paymentReads({ query, clock }: PaymentSql): PaymentReads {
  return {
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
    async abandoned() {
      const rows = await query(
        `SELECT * FROM payments WHERE state = 'PLACING' AND lease_until < ${clock} ORDER BY updated_at`,
        [],
      );
      return rows.map((row) => rowSchema.parse(row));
    },
  };
}
