/**
 * The payment bridge's memory (node:sqlite): one row per registered transaction, holding what the
 * server-to-server notification needs to place the order later without the shopper's cookie (the
 * provider's secret, the amount, Magento's quote id and the cart's lines), and the transaction's state:
 *
 *   REGISTERED ──OK──▶ PLACING ──order placed──▶ PAID
 *        │                 └────placement failed──▶ FAILED
 *        └──NOTAUTHED / REJECTED / ABORT / ERROR──▶ FAILED
 *
 * Every transition is a compare-and-set on the state, so of two notifications arriving together only one
 * places the order; the reply given for the final state is stored, so a repeated notification gets the
 * same answer. A claim remembers the authorised status it was made for, so a bridge restarted after a
 * crash can finish a PLACING transaction without waiting for the provider to notify again; an order id is
 * recorded by one transaction only. A PAID transaction keeps its order's number (Magento's `increment_id`),
 * which the paid page shows; it is written once, when known. No customer token is kept: the order is placed with the integration
 * token (older files may hold one, erased as soon as the transaction is final).
 */
import { DatabaseSync } from 'node:sqlite';
import { z } from 'zod';
import type { Acknowledgement } from './provider.ts';
import { preparePrivateFile } from '../config/private-files.ts';

export const PAYMENT_STATES = ['REGISTERED', 'PLACING', 'PAID', 'FAILED'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

export interface NewPayment {
  readonly code: string;
  readonly provider: string;
  readonly providerRef: string;
  readonly secret: string;
  readonly amountPence: number;
  readonly currency: string;
  readonly cartKind: 'guest' | 'customer';
  /** The guest cart's masked id. */
  readonly guestCart: string | null;
  readonly email: string;
  /** Magento's quote id: the cart is read, placed and its order found by it, with the integration token. */
  readonly cartId: number;
  /** `sku×qty` lines, sorted: the cart's contents when the shopper pressed Pay. */
  readonly cartLines: string;
}

export interface PaymentRecord extends NewPayment {
  /** A customer token an older bridge kept until the end; new payments never store one. */
  readonly customerToken: string | null;
  readonly state: PaymentState;
  /** The provider's status word of the notification that made the transaction final. */
  readonly providerStatus: string | null;
  readonly orderId: number | null;
  /** The order's number, Magento's `increment_id` (e.g. "000000123"), once known; PAID only. */
  readonly orderNumber: string | null;
  readonly failure: string | null;
  readonly reply: Acknowledgement | null;
  readonly leaseUntil: number | null;
  /** The provider's status word of the authorised notification that claimed it (PLACING). */
  readonly authorisedStatus: string | null;
  readonly createdAt: string;
  readonly updatedAt: string;
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS payments (
  code TEXT PRIMARY KEY,
  provider TEXT NOT NULL,
  provider_ref TEXT NOT NULL,
  secret TEXT NOT NULL,
  amount_pence INTEGER NOT NULL CHECK (amount_pence > 0),
  currency TEXT NOT NULL,
  cart_kind TEXT NOT NULL CHECK (cart_kind IN ('guest', 'customer')),
  guest_cart TEXT,
  customer_token TEXT,
  email TEXT NOT NULL,
  cart_id INTEGER NOT NULL,
  cart_lines TEXT NOT NULL,
  state TEXT NOT NULL CHECK (state IN ('REGISTERED', 'PLACING', 'PAID', 'FAILED')),
  provider_status TEXT,
  order_id INTEGER,
  order_number TEXT,
  failure TEXT,
  reply TEXT,
  lease_until INTEGER,
  authorised_status TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE UNIQUE INDEX IF NOT EXISTS payments_order ON payments (order_id) WHERE order_id IS NOT NULL;
`;

const acknowledgementSchema = z.object({
  status: z.enum(['OK', 'INVALID', 'ERROR']),
  redirectUrl: z.string(),
  detail: z.string().optional(),
});

/** A `payments` row, parsed once where it is read, as the bridge's record. */
const rowSchema = z
  .object({
    code: z.string(),
    provider: z.string(),
    provider_ref: z.string(),
    secret: z.string(),
    amount_pence: z.number(),
    currency: z.string(),
    cart_kind: z.enum(['guest', 'customer']),
    guest_cart: z.string().nullable(),
    customer_token: z.string().nullable(),
    email: z.string(),
    cart_id: z.number(),
    cart_lines: z.string(),
    state: z.enum(PAYMENT_STATES),
    provider_status: z.string().nullable(),
    order_id: z.number().nullable(),
    order_number: z.string().nullable(),
    failure: z.string().nullable(),
    reply: z.string().nullable(),
    lease_until: z.number().nullable(),
    authorised_status: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .transform((row): PaymentRecord => ({
    code: row.code,
    provider: row.provider,
    providerRef: row.provider_ref,
    secret: row.secret,
    amountPence: row.amount_pence,
    currency: row.currency,
    cartKind: row.cart_kind,
    guestCart: row.guest_cart,
    customerToken: row.customer_token,
    email: row.email,
    cartId: row.cart_id,
    cartLines: row.cart_lines,
    state: row.state,
    providerStatus: row.provider_status,
    orderId: row.order_id,
    orderNumber: row.order_number,
    failure: row.failure,
    reply: row.reply === null ? null : acknowledgementSchema.parse(JSON.parse(row.reply)),
    leaseUntil: row.lease_until,
    authorisedStatus: row.authorised_status,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  }));

export interface FinalState {
  readonly state: 'PAID' | 'FAILED';
  readonly providerStatus: string;
  readonly reply: Acknowledgement;
  readonly orderId?: number | null | undefined;
  readonly orderNumber?: string | null | undefined;
  readonly failure?: string | null | undefined;
}

export interface PaymentStore {
  insert(payment: NewPayment): void;
  get(code: string): PaymentRecord | undefined;
  /**
   * REGISTERED (or PLACING whose lease ran out) → PLACING until `leaseUntil`, for the authorised
   * notification whose status word is `status`; true if this caller won.
   */
  claim(code: string, now: number, leaseUntil: number, status: string): boolean;
  /**
   * Remembers the Magento order at once, so nothing can place it a second time; false when the row is no
   * longer PLACING or another transaction already holds that order.
   */
  recordOrder(code: string, orderId: number): boolean;
  /** The transaction that recorded this Magento order, if any. */
  codeOfOrder(orderId: number): string | undefined;
  /** PLACING transactions whose lease ran out before `now` (their notification died with its process). */
  abandoned(now: number): PaymentRecord[];
  /**
   * The number of a PAID transaction's order, read after it ended; false when the row is not PAID or
   * already has one (the first number written stays).
   */
  recordOrderNumber(code: string, orderNumber: string): boolean;
  /** → PAID or FAILED from one of `from`; true if the row was in one of them. */
  finish(code: string, from: readonly PaymentState[], final: FinalState): boolean;
  close(): void;
}

const now = () => new Date().toISOString();

/** Columns added after a file was first created (CREATE TABLE IF NOT EXISTS leaves old tables as they were). */
function migrate(db: DatabaseSync): void {
  const columns = db.prepare('PRAGMA table_info(payments)').all();
  const has = (name: string) => columns.some((column) => column['name'] === name);
  if (!has('authorised_status')) db.exec('ALTER TABLE payments ADD COLUMN authorised_status TEXT');
  if (!has('order_number')) db.exec('ALTER TABLE payments ADD COLUMN order_number TEXT');
}

/** SQLite's refusal of a second row with the same order id (the `payments_order` unique index). */
const isUniqueViolation = (error: unknown): boolean =>
  error instanceof Error && /UNIQUE constraint failed/.test(error.message);

export function openPaymentStore(file: string): PaymentStore {
  preparePrivateFile(file);
  const db = new DatabaseSync(file);
  db.exec('PRAGMA journal_mode = WAL; PRAGMA busy_timeout = 5000; PRAGMA synchronous = NORMAL;');
  db.exec(SCHEMA);
  migrate(db);

  const insert = db.prepare(
    `INSERT INTO payments (code, provider, provider_ref, secret, amount_pence, currency, cart_kind, guest_cart,
       email, cart_id, cart_lines, state, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'REGISTERED', ?, ?)`,
  );
  const select = db.prepare('SELECT * FROM payments WHERE code = ?');
  const claim = db.prepare(
    `UPDATE payments SET state = 'PLACING', lease_until = ?, authorised_status = ?, updated_at = ?
     WHERE code = ? AND (state = 'REGISTERED' OR (state = 'PLACING' AND lease_until < ?))`,
  );
  const recordOrder = db.prepare(
    "UPDATE payments SET order_id = ?, updated_at = ? WHERE code = ? AND state = 'PLACING'",
  );
  const recordOrderNumber = db.prepare(
    "UPDATE payments SET order_number = ?, updated_at = ? WHERE code = ? AND state = 'PAID' AND order_number IS NULL",
  );
  const codeOfOrder = db.prepare('SELECT code FROM payments WHERE order_id = ?');
  const abandoned = db.prepare(
    "SELECT * FROM payments WHERE state = 'PLACING' AND lease_until < ? ORDER BY updated_at",
  );

  return {
    insert(payment) {
      const at = now();
      insert.run(
        payment.code,
        payment.provider,
        payment.providerRef,
        payment.secret,
        payment.amountPence,
        payment.currency,
        payment.cartKind,
        payment.guestCart,
        payment.email,
        payment.cartId,
        payment.cartLines,
        at,
        at,
      );
    },
    get(code) {
      const row = select.get(code);
      return row ? rowSchema.parse(row) : undefined;
    },
    claim(code, at, leaseUntil, status) {
      return Number(claim.run(leaseUntil, status, now(), code, at).changes) === 1;
    },
    recordOrder(code, orderId) {
      try {
        return Number(recordOrder.run(orderId, now(), code).changes) === 1;
      } catch (error) {
        if (isUniqueViolation(error)) return false;
        throw error;
      }
    },
    recordOrderNumber(code, orderNumber) {
      return Number(recordOrderNumber.run(orderNumber, now(), code).changes) === 1;
    },
    codeOfOrder(orderId) {
      const row = codeOfOrder.get(orderId);
      return typeof row?.['code'] === 'string' ? row['code'] : undefined;
    },
    abandoned(at) {
      return abandoned.all(at).map((row) => rowSchema.parse(row));
    },
    finish(code, from, final) {
      const states = from.map(() => '?').join(', ');
      const result = db
        .prepare(
          `UPDATE payments SET state = ?, provider_status = ?, reply = ?, order_id = COALESCE(?, order_id),
             order_number = COALESCE(?, order_number), failure = ?, customer_token = NULL, lease_until = NULL, updated_at = ?
           WHERE code = ? AND state IN (${states})`,
        )
        .run(
          final.state,
          final.providerStatus,
          JSON.stringify(final.reply),
          final.orderId ?? null,
          final.orderNumber ?? null,
          final.failure ?? null,
          now(),
          code,
          ...from,
        );
      return Number(result.changes) === 1;
    },
    close() {
      db.close();
    },
  };
}
