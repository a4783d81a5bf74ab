/**
 * Negotiable quotes as rows: found by uid (the masked id of the cart that became the quote) or id, their
 * lazy expiry, and the comments and history entries each change writes. The store's clock decides what
 * "now" and "today" are, so tests and demos can move past an expiry date.
 */
import { z } from 'zod';
import { magentoDate, sqlNumber, type Database } from '../db.ts';
import { storeNow, storeToday, type StoreSettings } from '../store-view.ts';
import { LIVE, STATUS } from './status.ts';

export const negotiableRow = z.object({
  quote_id: sqlNumber,
  status: z.string(),
  quote_name: z.string(),
  negotiated_price_type: sqlNumber.nullable(),
  negotiated_price_value: sqlNumber.nullable(),
  shipping_price: sqlNumber.nullable(),
  expiration_period: z.string().nullable(),
  creator_type: sqlNumber,
  creator_id: sqlNumber,
  company_id: sqlNumber,
  email_notification_status: sqlNumber,
  has_unconfirmed_changes: sqlNumber,
  is_deleted: sqlNumber,
  order_id: sqlNumber.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  uid: z.string(),
  customer_id: sqlNumber,
  shipping_method: z.string().nullable(),
});
export type NegotiableRow = z.output<typeof negotiableRow>;

const SELECT = `SELECT n.*, m.masked_id AS uid, q.customer_id, q.shipping_method
  FROM negotiable_quote n JOIN quotes q ON q.id = n.quote_id JOIN quote_id_mask m ON m.quote_id = n.quote_id`;

/** Now by the store's clock, as Magento writes dates. */
export const nowOf = (store: StoreSettings): string => magentoDate(storeNow(store));

/**
 * A quote past its expiration day is expired (Adobe's cron does it each night; here it is done when the
 * quote is read): its state changes and the history says the store did it.
 */
function expireIfDue(db: Database, store: StoreSettings, row: NegotiableRow): NegotiableRow {
  if (!row.expiration_period || !LIVE.includes(row.status)) return row;
  if (storeToday(store.timezone, storeNow(store)) <= row.expiration_period) return row;
  const now = nowOf(store);
  db.run(
    'UPDATE negotiable_quote SET status = ?, updated_at = ? WHERE quote_id = ?',
    STATUS.expired,
    now,
    row.quote_id,
  );
  addHistory(db, row.quote_id, {
    by: 'system',
    status: STATUS.expired,
    at: now,
    log: statusLog(row.status, STATUS.expired),
  });
  return { ...row, status: STATUS.expired, updated_at: now };
}

export function quoteByUid(db: Database, store: StoreSettings, uid: string): NegotiableRow | undefined {
  const row = db.get(negotiableRow, `${SELECT} WHERE m.masked_id = ?`, uid);
  return row ? expireIfDue(db, store, row) : undefined;
}

export function quoteById(db: Database, store: StoreSettings, id: number): NegotiableRow | undefined {
  const row = db.get(negotiableRow, `${SELECT} WHERE n.quote_id = ?`, id);
  return row ? expireIfDue(db, store, row) : undefined;
}

/** The quotes of the customers given (not deleted), each expired if due. */
export function quotesOf(
  db: Database,
  store: StoreSettings,
  customerIds: readonly number[],
): NegotiableRow[] {
  if (customerIds.length === 0) return [];
  const marks = customerIds.map(() => '?').join(', ');
  return db
    .all(
      negotiableRow,
      `${SELECT} WHERE n.is_deleted = 0 AND q.customer_id IN (${marks}) ORDER BY n.quote_id`,
      ...customerIds,
    )
    .map((row) => expireIfDue(db, store, row));
}

/** Every quote, for the seller (expired if due). */
export const allQuotes = (db: Database, store: StoreSettings): NegotiableRow[] =>
  db.all(negotiableRow, `${SELECT} ORDER BY n.quote_id`).map((row) => expireIfDue(db, store, row));

export function setStatus(db: Database, quoteId: number, status: string, at: string): void {
  db.run('UPDATE negotiable_quote SET status = ?, updated_at = ? WHERE quote_id = ?', status, at, quoteId);
}

// ---- Comments and history -------------------------------------------------------------------------

export const CREATOR = { seller: 2, buyer: 3 } as const;

export function addComment(
  db: Database,
  quoteId: number,
  comment: { by: 'buyer' | 'seller'; authorId: number; text: string; at: string; decline?: boolean },
): void {
  db.run(
    `INSERT INTO negotiable_quote_comment (parent_id, creator_type, creator_id, is_decline, comment, created_at)
     VALUES (?, ?, ?, ?, ?, ?)`,
    quoteId,
    CREATOR[comment.by],
    comment.authorId,
    comment.decline ? 1 : 0,
    comment.text,
    comment.at,
  );
}

/** What one history entry logs: any of a status change, a comment, a new total, a new expiry. */
export interface HistoryLog {
  status?: { old: string | null; new: string };
  comment?: string;
  total?: { old: number | null; new: number };
  expiration?: { old: string | null; new: string | null };
}

export const statusLog = (old: string | null, next: string): HistoryLog => ({ status: { old, new: next } });

export function addHistory(
  db: Database,
  quoteId: number,
  entry: {
    by: 'buyer' | 'seller' | 'system';
    authorId?: number;
    status: string;
    at: string;
    log: HistoryLog;
  },
): void {
  db.run(
    `INSERT INTO negotiable_quote_history (quote_id, is_seller, author_id, is_system, status, log_data, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
    quoteId,
    entry.by === 'seller' ? 1 : 0,
    entry.authorId ?? 0,
    entry.by === 'system' ? 1 : 0,
    entry.status,
    JSON.stringify(entry.log),
    entry.at,
  );
}
