/**
 * A cart made a negotiable quote, as both of Adobe's ways of asking do it (the buyer's
 * `requestNegotiableQuote`, the admin REST `POST /V1/negotiableQuote/request`): the quote is CREATED
 * (`is_regular_quote`: Adobe's flag that a cart is a negotiable quote), each line keeps the price the
 * catalogue gives it for the buyer (where the seller's answer starts), the comment is kept, the history
 * records the buyer asking, and the cart stops being the buyer's basket (Adobe saves a negotiable quote
 * inactive). Inside the caller's transaction.
 */
import { maskOf } from '../carts/cart-mask.ts';
import { soldItems } from '../carts/items.ts';
import { customerGroupOf, linePrices } from '../carts/pricing.ts';
import type { QuoteRow } from '../carts/rows.ts';
import type { Database } from '../db.ts';
import type { StoreSettings } from '../store-view.ts';
import { addComment, addHistory, nowOf, statusLog } from './quotes.ts';
import { STATUS } from './status.ts';

/** `NegotiableQuoteInterface::creator_type`: who made the quote. */
export const CREATOR_TYPE = { integration: 1, admin: 2, customer: 3 } as const;

export interface NewQuote {
  readonly cart: QuoteRow;
  /** The buyer: the cart's customer. */
  readonly customerId: number;
  readonly companyId: number;
  readonly name: string;
  readonly comment: string;
  /** Who wrote the comment: the buyer, or the seller's side when the admin REST asked. */
  readonly commentBy: { readonly by: 'buyer' | 'seller'; readonly authorId: number };
  readonly creator: { readonly type: number; readonly id: number };
}

export function makeNegotiable(db: Database, store: StoreSettings, quote: NewQuote): void {
  const { cart } = quote;
  const lines = soldItems(db, cart.id);
  const prices = linePrices(db, store, lines, customerGroupOf(db, cart));
  const now = nowOf(store);
  // The quote's uid in the buyer's GraphQL is its cart's masked id; a cart filled over REST has none yet.
  maskOf(db, cart.id);
  db.run('UPDATE quotes SET is_active = 0, updated_at = ? WHERE id = ?', now, cart.id);
  db.run(
    `INSERT INTO negotiable_quote (quote_id, is_regular_quote, status, quote_name, creator_type, creator_id,
       company_id, created_at, updated_at)
     VALUES (?, 1, ?, ?, ?, ?, ?, ?, ?)`,
    cart.id,
    STATUS.created,
    quote.name,
    quote.creator.type,
    quote.creator.id,
    quote.companyId,
    now,
    now,
  );
  lines.forEach((line, index) =>
    db.run(
      'INSERT INTO negotiable_quote_item (quote_item_id, original_price) VALUES (?, ?)',
      line.item_id,
      prices[index] ?? line.price,
    ),
  );
  const text = quote.comment;
  if (text) addComment(db, cart.id, { ...quote.commentBy, text, at: now });
  addHistory(db, cart.id, {
    by: 'buyer',
    authorId: quote.customerId,
    status: STATUS.created,
    at: now,
    log: { ...statusLog(null, STATUS.created), ...(text ? { comment: text } : {}) },
  });
}
