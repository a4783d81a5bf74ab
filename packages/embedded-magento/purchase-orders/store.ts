/**
 * The purchase-order rows as the module reads and writes them: zod schemas beside their types, the uid
 * (base64 of the entity id, as Adobe's examples show "MQ==" for 1), the snapshot of the cart and the
 * history log.
 */
import { z } from 'zod';
import { magentoDate, sqlNumber, type Database } from '../db.ts';

export const STATUS = {
  pending: 'pending',
  approvalRequired: 'approval_required',
  approved: 'approved',
  orderInProgress: 'order_in_progress',
  orderPlaced: 'order_placed',
  orderFailed: 'order_failed',
  rejected: 'rejected',
  canceled: 'canceled',
  approvedPendingPayment: 'approved_pending_payment',
} as const;
export type Status = (typeof STATUS)[keyof typeof STATUS];

export const encodeUid = (id: number): string => Buffer.from(String(id)).toString('base64');

/** Whether a uid is base64 as `Uid::isValidBase64` takes it (decoding and encoding again gives it back). */
export const isBase64 = (uid: string): boolean =>
  uid !== '' && Buffer.from(uid, 'base64').toString('base64') === uid;

/** The text a base64 uid stands for (Adobe's messages name the decoded id). */
export const decodedText = (uid: string): string => Buffer.from(uid, 'base64').toString('utf8');

/** The entity id a uid names, or undefined for anything that is not base64 of a positive integer. */
export function decodeUid(uid: string): number | undefined {
  const text = Buffer.from(uid, 'base64').toString('utf8');
  return /^[1-9]\d{0,15}$/.test(text) ? Number(text) : undefined;
}

/** A line of the cart as it was when the purchase order was placed. */
export const snapshotLine = z.object({
  item_id: z.number(),
  product_id: z.number(),
  sku: z.string(),
  name: z.string(),
  qty: z.number(),
  product_type: z.string(),
  product_option: z.string().nullable(),
  price: z.number(),
  price_incl_tax: z.number(),
  row_total: z.number(),
  row_total_incl_tax: z.number(),
});

/** What the purchase order shows of its cart, whatever happens to the cart later. */
export const snapshot = z.object({
  lines: z.array(snapshotLine),
  email: z.string().nullable(),
  subtotal: z.number(),
  subtotal_incl_tax: z.number(),
  discount: z.number(),
  tax: z.number(),
  shipping_incl_tax: z.number(),
  shipping_excl_tax: z.number(),
  grand_total: z.number(),
  shipping: z
    .object({
      carrier_code: z.string(),
      method_code: z.string(),
      carrier_title: z.string(),
      method_title: z.string(),
      firstname: z.string(),
      lastname: z.string(),
      city: z.string(),
      postcode: z.string().nullable(),
      street: z.array(z.string()),
    })
    .nullable(),
});
export type Snapshot = z.output<typeof snapshot>;

const jsonText = <T extends z.ZodType>(schema: T) =>
  z.string().transform((text, ctx): z.output<T> => {
    const parsed = schema.safeParse(JSON.parse(text));
    if (parsed.success) return parsed.data;
    ctx.addIssue({ code: 'custom', message: parsed.error.message });
    return z.NEVER;
  });

export const purchaseOrderRow = z.object({
  entity_id: sqlNumber,
  increment_id: z.string(),
  quote_id: sqlNumber,
  status: z.enum(Object.values(STATUS) as [Status, ...Status[]]),
  company_id: sqlNumber,
  creator_id: sqlNumber,
  order_id: sqlNumber.nullable(),
  order_increment_id: z.string().nullable(),
  grand_total: sqlNumber,
  shipping_amount: sqlNumber,
  payment_method: z.string(),
  snapshot_quote: jsonText(snapshot),
  approved_by: jsonText(z.array(z.number())),
  created_at: z.string(),
  updated_at: z.string(),
});
export type PurchaseOrderRow = z.output<typeof purchaseOrderRow>;

export const purchaseOrderById = (db: Database, id: number): PurchaseOrderRow | undefined =>
  db.get(purchaseOrderRow, 'SELECT * FROM purchase_order WHERE entity_id = ?', id);

/** Sets the status (and more columns) only if the purchase order is still in one of `from`: the claim. */
export function moveStatus(
  db: Database,
  id: number,
  from: readonly Status[],
  to: Status,
  extra: { order_id?: number; order_increment_id?: string } = {},
): boolean {
  const changes = db.run(
    `UPDATE purchase_order SET status = ?, updated_at = ?,
        order_id = COALESCE(?, order_id), order_increment_id = COALESCE(?, order_increment_id)
      WHERE entity_id = ? AND status IN (${from.map(() => '?').join(', ')})`,
    to,
    magentoDate(),
    extra.order_id ?? null,
    extra.order_increment_id ?? null,
    id,
    ...from,
  ).changes;
  return Number(changes) === 1;
}

/** Adds a line to the purchase order's history (`purchase_order_log`). */
export function log(
  db: Database,
  poId: number,
  activity: string,
  params: Readonly<Record<string, string>>,
  ownerId: number | null,
): void {
  db.run(
    'INSERT INTO purchase_order_log (request_id, request_log, owner_id, activity, created_at) VALUES (?, ?, ?, ?, ?)',
    poId,
    JSON.stringify(params),
    ownerId,
    activity,
    magentoDate(),
  );
}

const personRow = z.object({
  id: sqlNumber,
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
});
export type Person = z.output<typeof personRow>;

export const personById = (db: Database, id: number): Person | undefined =>
  db.get(personRow, 'SELECT id, firstname, lastname, email FROM customers WHERE id = ?', id);

export const fullName = (person: Person | undefined): string =>
  person ? `${person.firstname} ${person.lastname}`.trim() : 'Unknown Customer';
