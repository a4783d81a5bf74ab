/**
 * The seller's side of a negotiation, as the admin REST calls drive it (NegotiableQuoteManagement and the
 * quote repository): changing a quote's prices, delivery price and expiry (`PUT /V1/negotiableQuote/:id`,
 * which puts the quote in the seller's hands: PENDING to the buyer), answering the buyer
 * (`submitToCustomer`: UPDATED, with an e-mail to the buyer) and declining (`decline`). Each change leaves a
 * history entry by the seller; what the buyer last saw is kept as the quote's snapshot.
 */
import { z } from 'zod';
import type { CheckoutSettings } from '../checkout/settings.ts';
import type { Database } from '../db.ts';
import { errors, MagentoError } from '../errors.ts';
import type { ReturnsRuntime } from '../returns/runtime.ts';
import { quoteUpdatedMail } from './mail.ts';
import { quotePrices, PRICE_TYPE } from './pricing.ts';
import {
  addComment,
  addHistory,
  nowOf,
  quoteById,
  setStatus,
  statusLog,
  type HistoryLog,
  type NegotiableRow,
} from './quotes.ts';
import { SELLER_EDITABLE, STATUS } from './status.ts';

/** The quote the seller names, or Magento's 404 for the id. */
export function sellerQuote(db: Database, store: CheckoutSettings, quoteId: number): NegotiableRow {
  const row = quoteById(db, store, quoteId);
  if (!row || row.is_deleted === 1) throw errors.noSuchEntity('quoteId', quoteId);
  return row;
}

/** (derived) Adobe refuses a change to a quote the buyer holds or that is over; its admin words it so. */
const notEditable = (row: NegotiableRow) =>
  new MagentoError(400, 'The quote %1 cannot be changed in its current state (%2).', [
    row.quote_id,
    row.status,
  ]);

function answerable(db: Database, store: CheckoutSettings, quoteId: number): NegotiableRow {
  const row = sellerQuote(db, store, quoteId);
  if (!SELLER_EDITABLE.includes(row.status)) throw notEditable(row);
  return row;
}

export const negotiationInput = z.object({
  quote_name: z.string().nullish(),
  negotiated_price_type: z.number().int().nullish(),
  negotiated_price_value: z.number().nullish(),
  shipping_price: z.number().nullish(),
  expiration_period: z.string().nullish(),
});
export const itemPriceInput = z.object({
  item_id: z.number().int(),
  qty: z.number().nullish(),
  price: z.number().nullish(),
});

export interface QuoteChange {
  readonly negotiation?: z.output<typeof negotiationInput> | null | undefined;
  readonly items?: readonly z.output<typeof itemPriceInput>[] | null | undefined;
}

function checkChange(change: QuoteChange): void {
  const type = change.negotiation?.negotiated_price_type;
  if (type !== undefined && type !== null && !Object.values(PRICE_TYPE).some((known) => known === type))
    throw errors.invalidFieldValue('negotiated_price_type', type);
  const expiry = change.negotiation?.expiration_period;
  if (expiry && !/^\d{4}-\d{2}-\d{2}$/.test(expiry))
    throw errors.invalidFieldValue('expiration_period', expiry);
  for (const item of change.items ?? []) {
    if (item.price !== undefined && item.price !== null && item.price < 0)
      throw errors.invalidFieldValue('price', item.price);
    if (item.qty !== undefined && item.qty !== null && item.qty <= 0)
      throw errors.invalidFieldValue('qty', item.qty);
  }
}

function applyItems(db: Database, row: NegotiableRow, items: QuoteChange['items']): void {
  for (const item of items ?? []) {
    const known = db.get(
      z.object({ item_id: z.number() }),
      'SELECT item_id FROM quote_items WHERE item_id = ? AND quote_id = ?',
      item.item_id,
      row.quote_id,
    );
    if (!known) throw errors.cartItemNotFound(String(row.quote_id), item.item_id);
    if (item.qty) db.run('UPDATE quote_items SET qty = ? WHERE item_id = ?', item.qty, item.item_id);
    if (item.price !== undefined)
      db.run(
        'UPDATE negotiable_quote_item SET negotiated_price = ? WHERE quote_item_id = ?',
        item.price,
        item.item_id,
      );
  }
}

const pick = <T>(sent: T | null | undefined, kept: T): T | null => (sent === undefined ? kept : sent);

/** `PUT /V1/negotiableQuote/:quoteId`: the seller's prices, delivery price, expiry and name. */
export function updateBySeller(
  db: Database,
  store: CheckoutSettings,
  quoteId: number,
  change: QuoteChange,
): true {
  checkChange(change);
  return db.transaction(() => {
    const row = answerable(db, store, quoteId);
    const before = quotePrices(db, row).total;
    const sent = change.negotiation ?? {};
    applyItems(db, row, change.items);
    const next = {
      quote_name: sent.quote_name ?? row.quote_name,
      negotiated_price_type: pick(sent.negotiated_price_type, row.negotiated_price_type),
      negotiated_price_value: pick(sent.negotiated_price_value, row.negotiated_price_value),
      shipping_price: pick(sent.shipping_price, row.shipping_price),
      expiration_period: pick(sent.expiration_period, row.expiration_period),
    };
    const now = nowOf(store);
    db.run(
      `UPDATE negotiable_quote SET quote_name = ?, negotiated_price_type = ?, negotiated_price_value = ?,
         shipping_price = ?, expiration_period = ?, status = ?, updated_at = ? WHERE quote_id = ?`,
      next.quote_name,
      next.negotiated_price_type,
      next.negotiated_price_value,
      next.shipping_price,
      next.expiration_period,
      STATUS.processingByAdmin,
      now,
      row.quote_id,
    );
    const after = quotePrices(db, { ...row, ...next }).total;
    const log: HistoryLog = {
      ...(row.status === STATUS.processingByAdmin ? {} : statusLog(row.status, STATUS.processingByAdmin)),
      ...(after === before ? {} : { total: { old: before, new: after } }),
      ...(next.expiration_period === row.expiration_period
        ? {}
        : { expiration: { old: row.expiration_period, new: next.expiration_period } }),
    };
    addHistory(db, row.quote_id, { by: 'seller', status: STATUS.processingByAdmin, at: now, log });
    return true;
  });
}

const buyerRow = z.object({ email: z.string(), firstname: z.string(), lastname: z.string() });

/** `POST /V1/negotiableQuote/submitToCustomer`: the seller's answer (UPDATED), e-mailed to the buyer. */
export async function submitToCustomer(
  db: Database,
  store: CheckoutSettings,
  runtime: ReturnsRuntime,
  quoteId: number,
  comment: string | undefined,
): Promise<true> {
  const row = db.transaction(() => {
    const found = answerable(db, store, quoteId);
    const now = nowOf(store);
    if (comment) addComment(db, found.quote_id, { by: 'seller', authorId: 0, text: comment, at: now });
    setStatus(db, found.quote_id, STATUS.submittedByAdmin, now);
    const prices = quotePrices(db, found);
    db.run(
      'UPDATE negotiable_quote SET snapshot = ? WHERE quote_id = ?',
      JSON.stringify({
        total: prices.total,
        shipping_price: found.shipping_price,
        expiration_period: found.expiration_period,
      }),
      found.quote_id,
    );
    addHistory(db, found.quote_id, {
      by: 'seller',
      status: STATUS.submittedByAdmin,
      at: now,
      log: { ...statusLog(found.status, STATUS.submittedByAdmin), ...(comment ? { comment } : {}) },
    });
    return found;
  });
  const person = db.get(
    buyerRow,
    'SELECT email, firstname, lastname FROM customers WHERE id = ?',
    row.customer_id,
  );
  if (person)
    await runtime.mailer.send(
      quoteUpdatedMail({
        store: runtime.store,
        storeUrl: runtime.storeUrl ?? '',
        to: { address: person.email, name: `${person.firstname} ${person.lastname}` },
        quoteName: row.quote_name,
        uid: row.uid,
        comment,
        expires: row.expiration_period,
      }),
    );
  return true;
}

/** `POST /V1/negotiableQuote/decline`: DECLINED with the seller's reason; the offered prices go. */
export function declineQuote(db: Database, store: CheckoutSettings, quoteId: number, reason: string): true {
  return db.transaction(() => {
    const row = answerable(db, store, quoteId);
    const now = nowOf(store);
    db.run(
      `UPDATE negotiable_quote SET negotiated_price_type = NULL, negotiated_price_value = NULL, shipping_price = NULL
        WHERE quote_id = ?`,
      row.quote_id,
    );
    db.run(
      `UPDATE negotiable_quote_item SET negotiated_price = NULL
        WHERE quote_item_id IN (SELECT item_id FROM quote_items WHERE quote_id = ?)`,
      row.quote_id,
    );
    addComment(db, row.quote_id, { by: 'seller', authorId: 0, text: reason, at: now, decline: true });
    setStatus(db, row.quote_id, STATUS.declined, now);
    addHistory(db, row.quote_id, {
      by: 'seller',
      status: STATUS.declined,
      at: now,
      log: { ...statusLog(row.status, STATUS.declined), comment: reason },
    });
    return true;
  });
}
