/**
 * Returns as the module's repositories keep them (Model/RMARepository.php, ItemRepository.php,
 * CommentRepository.php): `rma_entity`, `rma_item` and `rma_comment` rows, read by id or number, written
 * one at a time. A new return's number is the configured prefix and its id padded to 9 digits, as the
 * resource model's `_afterSave()` writes it.
 */
import { z } from 'zod';
import { sqlNumber, type Database } from '../db.ts';

export const rmaRow = z.object({
  entity_id: sqlNumber,
  increment_id: z.string().nullable(),
  order_id: sqlNumber,
  customer_id: sqlNumber.nullable(),
  store_id: sqlNumber,
  customer_email: z.string(),
  customer_name: z.string(),
  status_id: sqlNumber,
  reason_id: sqlNumber,
  resolution_type_id: sqlNumber,
  created_at: z.string(),
  updated_at: z.string(),
});
export type RmaRow = z.output<typeof rmaRow>;

export const rmaItemRow = z.object({
  entity_id: sqlNumber,
  rma_id: sqlNumber,
  order_item_id: sqlNumber,
  qty_requested: sqlNumber,
  qty_approved: sqlNumber.nullable(),
  qty_returned: sqlNumber.nullable(),
  condition_id: sqlNumber.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type RmaItemRow = z.output<typeof rmaItemRow>;

export const rmaCommentRow = z.object({
  entity_id: sqlNumber,
  rma_id: sqlNumber,
  author_type: z.string(),
  author_name: z.string(),
  comment: z.string(),
  is_visible_to_customer: sqlNumber,
  created_at: z.string(),
});
export type RmaCommentRow = z.output<typeof rmaCommentRow>;

export const findRma = (db: Database, id: number): RmaRow | undefined =>
  db.get(rmaRow, 'SELECT * FROM rma_entity WHERE entity_id = ?', id);

export const findRmaByNumber = (db: Database, incrementId: string): RmaRow | undefined =>
  db.get(rmaRow, 'SELECT * FROM rma_entity WHERE increment_id = ?', incrementId);

export const rmaItems = (db: Database, rmaId: number): RmaItemRow[] =>
  db.all(rmaItemRow, 'SELECT * FROM rma_item WHERE rma_id = ? ORDER BY entity_id', rmaId);

export const findRmaItem = (db: Database, id: number): RmaItemRow | undefined =>
  db.get(rmaItemRow, 'SELECT * FROM rma_item WHERE entity_id = ?', id);

export const findComment = (db: Database, id: number): RmaCommentRow | undefined =>
  db.get(rmaCommentRow, 'SELECT * FROM rma_comment WHERE entity_id = ?', id);

/** The comments a customer sees (`is_visible_to_customer` 1), in the order they were saved (no sort order is set). */
export const visibleComments = (db: Database, rmaId: number): RmaCommentRow[] =>
  db.all(
    rmaCommentRow,
    'SELECT * FROM rma_comment WHERE rma_id = ? AND is_visible_to_customer = 1 ORDER BY entity_id',
    rmaId,
  );

export interface NewRma {
  readonly orderId: number;
  readonly customerId: number | null;
  readonly storeId: number;
  readonly customerEmail: string;
  readonly customerName: string;
  readonly statusId: number;
  readonly reasonId: number;
  readonly resolutionTypeId: number;
  /** Set when given; else the prefix and the id padded to 9 digits. */
  readonly incrementId?: string | null;
}

/** The number `_afterSave` gives a return saved without one: the prefix and its id in 9 digits. */
export const incrementIdOf = (prefix: string, id: number | bigint): string =>
  `${prefix}${String(id).padStart(9, '0')}`;

export function insertRma(db: Database, rma: NewRma, prefix: string, at: string): RmaRow {
  const id = db.run(
    `INSERT INTO rma_entity (increment_id, order_id, customer_id, store_id, customer_email, customer_name,
       status_id, reason_id, resolution_type_id, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    rma.incrementId ?? null,
    rma.orderId,
    rma.customerId,
    rma.storeId,
    rma.customerEmail,
    rma.customerName,
    rma.statusId,
    rma.reasonId,
    rma.resolutionTypeId,
    at,
    at,
  ).lastInsertRowid;
  if (!rma.incrementId)
    db.run('UPDATE rma_entity SET increment_id = ? WHERE entity_id = ?', incrementIdOf(prefix, id), id);
  const row = findRma(db, id);
  if (!row) throw new Error(`The return ${String(id)} just written is not there`);
  return row;
}

export interface NewRmaItem {
  readonly orderItemId: number;
  readonly qtyRequested: number;
  readonly qtyApproved?: number | null;
  readonly qtyReturned?: number | null;
  readonly conditionId: number | null;
}

export function insertRmaItem(db: Database, rmaId: number, item: NewRmaItem, at: string): RmaItemRow {
  const id = db.run(
    `INSERT INTO rma_item (rma_id, order_item_id, qty_requested, qty_approved, qty_returned, condition_id, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    rmaId,
    item.orderItemId,
    item.qtyRequested,
    item.qtyApproved ?? null,
    item.qtyReturned ?? null,
    item.conditionId,
    at,
    at,
  ).lastInsertRowid;
  const row = findRmaItem(db, id);
  if (!row) throw new Error(`The return item ${String(id)} just written is not there`);
  return row;
}

export interface NewComment {
  readonly authorType: string;
  readonly authorName: string;
  readonly comment: string;
  readonly visibleToCustomer: boolean;
}

export function insertComment(db: Database, rmaId: number, comment: NewComment, at: string): RmaCommentRow {
  const id = db.run(
    `INSERT INTO rma_comment (rma_id, author_type, author_name, comment, is_visible_to_customer, created_at)
     VALUES (?, ?, ?, ?, ?, ?)`,
    rmaId,
    comment.authorType,
    comment.authorName,
    comment.comment,
    comment.visibleToCustomer ? 1 : 0,
    at,
  ).lastInsertRowid;
  const row = findComment(db, id);
  if (!row) throw new Error(`The return comment ${String(id)} just written is not there`);
  return row;
}

const requestedRow = z.object({ order_item_id: sqlNumber, qty: sqlNumber });

/**
 * `OrderEligibility::getAlreadyRequestedQty()`: per order line, the quantity every return of the order
 * asks for, whatever the return's status (a rejected or cancelled return still counts, as in the module).
 */
export function alreadyRequested(db: Database, orderId: number): Map<number, number> {
  const rows = db.all(
    requestedRow,
    `SELECT i.order_item_id, SUM(i.qty_requested) AS qty FROM rma_item i
     JOIN rma_entity r ON r.entity_id = i.rma_id WHERE r.order_id = ? GROUP BY i.order_item_id`,
    orderId,
  );
  return new Map(rows.map((row) => [row.order_item_id, row.qty]));
}
