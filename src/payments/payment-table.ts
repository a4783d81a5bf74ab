/**
 * The payments table as the shared store holds it (src/store: PostgreSQL shared by every replica, or an
 * SQLite file on one host; the same SQL for both): its columns, the columns added since it was first
 * created, a row parsed into the bridge's record, and the copy of an older single-host file into the
 * shared store. What the bridge does with the rows is payment-records.ts.
 */
import { z } from 'zod';
import { addLaterColumns } from '../store/later-columns.ts';
import type { SharedStore } from '../store/shared-store.ts';
import { PAYMENT_METHODS, type PaymentMethod } from './methods.ts';

/** The payments table's SQL, its table made ready first: rows read, and whether an update changed one row. */
export interface PaymentSql {
  readonly query: (text: string, params: readonly unknown[]) => Promise<Record<string, unknown>[]>;
  readonly changed: (text: string, params: readonly unknown[]) => Promise<boolean>;
  /** The store's clock in SQL (ms), so replicas whose clocks differ agree on leases. */
  readonly clock: string;
}

export const PAYMENT_STATES = ['REGISTERED', 'PLACING', 'PAID', 'FAILED'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

export const GIVE_BACK_STATES = ['OWED', 'DONE'] as const;
export type GiveBackState = (typeof GIVE_BACK_STATES)[number];

/** A provider's answer to what it said (kept with a final transaction, so a repeated notification gets the same): OK (processed), INVALID (untrusted or refused), ERROR (cannot process). */
export interface Acknowledgement {
  readonly status: 'OK' | 'INVALID' | 'ERROR';
  readonly redirectUrl: string;
  readonly detail?: string | undefined;
}

export interface NewPayment {
  readonly code: string;
  readonly provider: string;
  /** How the shopper chose to pay (card, PayPal, Pay in 3), as the order page and measurement name it. */
  readonly method: PaymentMethod;
  readonly providerRef: string;
  /** The provider's own data for the payment, opaque here (Opayo's SecurityKey); the `secret` column. */
  readonly providerData: string;
  readonly amountPence: number;
  readonly currency: string;
  readonly cartKind: 'guest' | 'customer';
  /** The guest cart's masked id. */
  readonly guestCart: string | null;
  /** The e-mail the payment was made with; '' once its account was deleted. */
  readonly email: string;
  /**
   * The Magento customer whose account's cart it paid (null for a guest's cart, and once that account was
   * deleted): the one key a customer's own records are found by, as an e-mail address can change hands.
   */
  readonly customerId: number | null;
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
  /** What the provider says was refunded of this payment, in pence (0: nothing). */
  readonly refundedPence: number;
  /**
   * A payment the provider took for an order that could not be placed is given back (PayPal's capture
   * refunded): OWED once that is decided, until the provider says it is done (DONE); null otherwise.
   */
  readonly giveBack: GiveBackState | null;
  readonly createdAt: string;
  readonly updatedAt: string;
}

/** The table both dialects create alike: ms as BIGINT, one transaction per Magento order. */
const SCHEMA = [
  `CREATE TABLE IF NOT EXISTS payments (
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
  customer_id INTEGER,
  cart_id INTEGER NOT NULL,
  cart_lines TEXT NOT NULL,
  state TEXT NOT NULL CHECK (state IN ('REGISTERED', 'PLACING', 'PAID', 'FAILED')),
  provider_status TEXT,
  order_id INTEGER,
  order_number TEXT,
  failure TEXT,
  reply TEXT,
  lease_until BIGINT,
  authorised_status TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
)`,
  'CREATE UNIQUE INDEX IF NOT EXISTS payments_order ON payments (order_id) WHERE order_id IS NOT NULL',
  // A provider's events (PayPal's webhooks) already acted on, by the provider's event id.
  `CREATE TABLE IF NOT EXISTS payment_events (
  provider TEXT NOT NULL,
  event_id TEXT NOT NULL,
  received_at TEXT NOT NULL,
  PRIMARY KEY (provider, event_id)
)`,
];

/** The columns added since the table was first created, with their types (older tables gain them). */
const LATER_COLUMNS = {
  authorised_status: 'TEXT',
  order_number: 'TEXT',
  customer_id: 'INTEGER',
  method: 'TEXT',
  refunded_pence: 'INTEGER',
  give_back: 'TEXT',
} as const;

/** A customer's records are found by their id. */
const CUSTOMER_INDEX = 'CREATE INDEX IF NOT EXISTS payments_customer ON payments (customer_id)';
/** A provider's callbacks name its own reference (PayPal's order id). */
const REF_INDEX = 'CREATE INDEX IF NOT EXISTS payments_provider_ref ON payments (provider, provider_ref)';

/** Every column, in the order a copy from one store to another names them. */
const COLUMNS = [
  'code',
  'provider',
  'provider_ref',
  'secret',
  'amount_pence',
  'currency',
  'cart_kind',
  'guest_cart',
  'customer_token',
  'email',
  'customer_id',
  'cart_id',
  'cart_lines',
  'state',
  'provider_status',
  'order_id',
  'order_number',
  'failure',
  'reply',
  'lease_until',
  'authorised_status',
  'method',
  'refunded_pence',
  'give_back',
  'created_at',
  'updated_at',
] as const;

const acknowledgementSchema = z.object({
  status: z.enum(['OK', 'INVALID', 'ERROR']),
  redirectUrl: z.string(),
  detail: z.string().optional(),
});

/** A `payments` row, parsed once where it is read, as the bridge's record. */
export const rowSchema = z
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
    customer_id: z.number().nullable(),
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
    // Rows from before PayPal were all card payments, with nothing refunded.
    method: z
      .enum(PAYMENT_METHODS)
      .nullable()
      .transform((method) => method ?? 'card'),
    refunded_pence: z.coerce
      .number()
      .nullable()
      .transform((pence) => pence ?? 0),
    give_back: z.enum(GIVE_BACK_STATES).nullable().optional(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .transform((row): PaymentRecord => ({
    code: row.code,
    provider: row.provider,
    method: row.method,
    providerRef: row.provider_ref,
    providerData: row.secret,
    amountPence: row.amount_pence,
    currency: row.currency,
    cartKind: row.cart_kind,
    guestCart: row.guest_cart,
    customerToken: row.customer_token,
    email: row.email,
    customerId: row.customer_id,
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
    refundedPence: row.refunded_pence,
    giveBack: row.give_back ?? null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  }));
/**
 * The table as this version has it: created if missing, and in a table from an older version, the columns
 * added since (CREATE TABLE IF NOT EXISTS leaves old tables as they were).
 */
export async function preparePaymentsTable(store: SharedStore): Promise<void> {
  await store.ensure(SCHEMA);
  await addLaterColumns(store, 'payments', LATER_COLUMNS);
  await store.ensure([CUSTOMER_INDEX, REF_INDEX]);
}

/**
 * Copies every transaction of `from` (an older single-host payments file) into `to`, leaving any `to`
 * already has as it is; how many `from` held and how many were new to `to`.
 */
export async function copyPayments(
  from: SharedStore,
  to: SharedStore,
): Promise<{ found: number; copied: number }> {
  // Both tables as this version has them (the old file gains its later columns first).
  await preparePaymentsTable(from);
  await preparePaymentsTable(to);
  const rows = await from.query(`SELECT ${COLUMNS.join(', ')} FROM payments`);
  const insert = `INSERT INTO payments (${COLUMNS.join(', ')}) VALUES (${COLUMNS.map(() => '?').join(', ')})
    ON CONFLICT (code) DO NOTHING`;
  let copied = 0;
  for (const row of rows)
    copied += await to.run(
      insert,
      COLUMNS.map((column) => row[column] ?? null),
    );
  return { found: rows.length, copied };
}
