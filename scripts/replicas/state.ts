/**
 * What the scenarios read to judge an outcome, from where each party keeps it: the sandbox's transactions
 * and delivery log (its inspection API), Magento's orders, products and failed sign-ins (the embedded back
 * end's SQLite file, readable while the back end is paused), the payment bridge's transactions (the
 * `payments` table in the shared PostgreSQL, or each replica's own file where payments are not shared) and
 * the rebuild status page of a replica. Wire data is parsed with zod, so a changed shape fails here by name.
 */
import { existsSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import pg from 'pg';
import { z } from 'zod';
import { http, json } from './http.ts';

const deliverySchema = z.object({
  sentAt: z.string().nullable(),
  trigger: z.string(),
  outcome: z.string(),
  httpStatus: z.number().nullable(),
  replyStatus: z.string().nullable(),
  problem: z.string().nullable(),
});

const transactionSchema = z.object({
  vendorTxCode: z.string(),
  vpsTxId: z.string(),
  status: z.string(),
  settlement: z.string().nullable(),
  settled: z.boolean(),
  void: z.boolean(),
  notification: z.object({ state: z.string(), retries: z.number() }),
  notifications: z.array(deliverySchema),
});

export type SandboxTransaction = z.infer<typeof transactionSchema>;
export type Delivery = z.infer<typeof deliverySchema>;

/** Every transaction the sandbox holds, by VPSTxId. */
export async function sandboxTransactions(sandboxUrl: string): Promise<Map<string, SandboxTransaction>> {
  const reply = await http(`${sandboxUrl}/sandbox/transactions`, { timeoutMs: 10_000 });
  if (reply.status !== 200) throw new Error(`The sandbox's inspection answered ${reply.status}`);
  const { transactions } = z.object({ transactions: z.array(transactionSchema) }).parse(json(reply));
  return new Map(transactions.map((tx) => [tx.vpsTxId, tx]));
}

/** Settled or void: the provider is done with it (an authorised payment is one or the other). */
export const sandboxFinal = (tx: SandboxTransaction | undefined): boolean =>
  tx !== undefined &&
  tx.notification.state !== 'pending' &&
  (tx.settlement === null || tx.settled || tx.void);

function readMagento<T>(dbFile: string, read: (db: DatabaseSync) => T): T {
  const db = new DatabaseSync(dbFile, { readOnly: true });
  try {
    db.exec('PRAGMA busy_timeout = 2000');
    return read(db);
  } finally {
    db.close();
  }
}

const orderRow = z.object({
  entity_id: z.number(),
  increment_id: z.string(),
  quote_id: z.number(),
  state: z.string(),
  status: z.string(),
});
export type MagentoOrder = z.infer<typeof orderRow>;

/** Magento's orders by quote id (a cart is one quote). */
export function magentoOrders(dbFile: string): Map<number, MagentoOrder[]> {
  const rows = readMagento(dbFile, (db) =>
    db.prepare('SELECT entity_id, increment_id, quote_id, state, status FROM orders').all(),
  );
  const byQuote = new Map<number, MagentoOrder[]>();
  for (const row of z.array(orderRow).parse(rows))
    byQuote.set(row.quote_id, [...(byQuote.get(row.quote_id) ?? []), row]);
  return byQuote;
}

export interface Buyable {
  readonly sku: string;
  readonly price: number;
  readonly urlKey: string;
}

/**
 * Simple products on sale with stock to spare, for checkouts that do not compete for the last unit, and
 * cheap enough for a card payment (the bridge refuses a cart over £1,000: src/payments/bridge/register.ts).
 */
export function buyableProducts(dbFile: string, minQty = 20, maxPrice = 500): Buyable[] {
  const rows = readMagento(dbFile, (db) =>
    db
      .prepare(
        `SELECT sku, price, json_extract(attributes, '$.url_key') AS url_key FROM products
         WHERE type_id = 'simple' AND status = 1 AND visibility = 4 AND is_in_stock = 1 AND qty >= ? AND price > 0
           AND price <= ?
         ORDER BY id`,
      )
      .all(minQty, maxPrice),
  );
  return z
    .array(z.object({ sku: z.string(), price: z.number(), url_key: z.string().nullable() }))
    .parse(rows)
    .map((row) => ({ sku: row.sku, price: row.price, urlKey: row.url_key ?? '' }));
}

/** Magento's failed sign-ins of a customer's e-mail, and whether its lock is on (six failures: 30 min). */
export function loginFailures(dbFile: string, email: string): { failures: number; locked: boolean } {
  const row = readMagento(dbFile, (db) =>
    db
      .prepare(
        'SELECT failures, locked_until FROM login_failures WHERE username = ? COLLATE NOCASE AND user_type = 3',
      )
      .get(email),
  );
  const parsed = z
    .object({ failures: z.number(), locked_until: z.number().nullable() })
    .optional()
    .parse(row);
  return {
    failures: parsed?.failures ?? 0,
    locked: parsed?.locked_until !== null && parsed?.locked_until !== undefined,
  };
}

export interface BridgePayment {
  readonly code: string;
  /** The provider's id (VPSTxId). */
  readonly providerRef: string;
  readonly state: string;
  readonly cartId: number;
  readonly orderId: number | null;
  readonly leaseUntil: number | null;
  /** Every column, to find a holder a newer schema may record. */
  readonly row: Readonly<Record<string, unknown>>;
}

const paymentRow = z
  .object({
    code: z.string(),
    provider_ref: z.string(),
    state: z.string(),
    cart_id: z.coerce.number(),
    order_id: z.coerce.number().nullable(),
    lease_until: z.coerce.number().nullable().optional(),
  })
  .passthrough();

const toPayment = (row: z.infer<typeof paymentRow>): BridgePayment => ({
  code: row.code,
  providerRef: row.provider_ref,
  state: row.state,
  cartId: row.cart_id,
  orderId: row.order_id,
  leaseUntil: row.lease_until ?? null,
  row,
});

export interface BridgeView {
  /** Where the rows came from: the shared store, or each replica's own file (not shared). */
  readonly source: string;
  readonly payments: Map<string, BridgePayment>;
}

/**
 * The bridge's transactions by provider id: the shared store's `payments` table when it has one, else the
 * union of the replicas' own payments files (payments not shared yet).
 */
export async function bridgePayments(storeUrl: string, replicaFiles: readonly string[]): Promise<BridgeView> {
  const client = new pg.Client({ connectionString: storeUrl, connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    const table = await client.query<{ table_schema: string }>(
      `SELECT table_schema FROM information_schema.columns
       WHERE table_name = 'payments' AND column_name = 'provider_ref' LIMIT 1`,
    );
    const schema = table.rows[0]?.table_schema;
    if (schema) {
      const rows = await client.query(`SELECT * FROM "${schema}".payments`);
      const payments = z.array(paymentRow).parse(rows.rows).map(toPayment);
      return { source: 'the shared store', payments: new Map(payments.map((p) => [p.providerRef, p])) };
    }
  } finally {
    await client.end().catch(() => undefined);
  }
  const payments = new Map<string, BridgePayment>();
  for (const file of replicaFiles) {
    if (!existsSync(file)) continue;
    const rows = readMagento(file, (db) => db.prepare('SELECT * FROM payments').all());
    for (const payment of z.array(paymentRow).parse(rows).map(toPayment))
      payments.set(payment.providerRef, payment);
  }
  return { source: "each replica's own payments file (not shared)", payments };
}

/** A product whose page shows its price as is (no special price), for a price change to look for. */
export function plainPricedProduct(dbFile: string): Buyable | undefined {
  const row = readMagento(dbFile, (db) =>
    db
      .prepare(
        `SELECT sku, price, json_extract(attributes, '$.url_key') AS url_key FROM products
         WHERE type_id = 'simple' AND status = 1 AND visibility = 4 AND price > 0
           AND json_extract(attributes, '$.special_price') IS NULL AND json_extract(attributes, '$.url_key') IS NOT NULL
         ORDER BY id LIMIT 1 OFFSET 3`,
      )
      .get(),
  );
  const parsed = z.object({ sku: z.string(), price: z.number(), url_key: z.string() }).optional().parse(row);
  return parsed && { sku: parsed.sku, price: parsed.price, urlKey: parsed.url_key };
}

const runSchema = z
  .object({
    startedAt: z.string(),
    reasons: z.array(z.string()),
    outcome: z.string(),
    build: z.object({ id: z.string(), mode: z.string().optional() }).passthrough().optional(),
  })
  .passthrough();

const statusSchema = z
  .object({
    state: z.string(),
    builder: z.string().nullish(),
    /** The builder's renderer: `warm` renders a change in about a second; otherwise `astro build` runs. */
    renderer: z.string().optional(),
    current: z.object({ phase: z.string(), startedAt: z.string() }).passthrough().nullish(),
    history: z.array(runSchema),
    live: z.object({ id: z.string().optional() }).passthrough().nullish(),
  })
  .passthrough();

export type RebuildStatus = z.infer<typeof statusSchema>;
export type RunSummary = z.infer<typeof runSchema>;

/** The editors' status page as JSON, asked of one replica; undefined when it does not answer it. */
export async function rebuildStatus(
  replicaUrl: string,
  password: string,
): Promise<RebuildStatus | undefined> {
  const reply = await http(`${replicaUrl}/rebuild/status`, {
    headers: { Authorization: `Bearer ${password}`, Accept: 'application/json' },
    agent: false,
    timeoutMs: 5000,
  });
  if (reply.status !== 200) return undefined;
  const parsed = statusSchema.safeParse(json(reply));
  return parsed.success ? parsed.data : undefined;
}
