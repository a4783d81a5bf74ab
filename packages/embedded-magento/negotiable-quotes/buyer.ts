/**
 * The buyer's negotiable-quote calls (Magento_NegotiableQuoteGraphQl): requesting a quote from their cart,
 * reading one or a page of them, sending one back for review with a comment, changing its quantities,
 * removing its lines, closing and deleting quotes. Every change is one transaction and leaves a history
 * entry; a change to an answered quote opens it again (OPEN), so it must go back for review before ordering.
 */
import { z } from 'zod';
import { items, soldItems } from '../carts/items.ts';
import { CREATOR_TYPE, makeNegotiable } from './create.ts';
import { quoteRow } from '../carts/rows.ts';
import { sqlNumber } from '../db.ts';
import type { GraphQlContext } from '../graphql/context.ts';
import { buyer, ownQuote } from './access.ts';
import { cartOfMask } from '../carts/cart-mask.ts';
import { quoteErrors } from './errors.ts';
import { quoteView } from './nodes.ts';
import { quotePrices } from './pricing.ts';
import {
  addComment,
  addHistory,
  nowOf,
  quoteByUid,
  setStatus,
  statusLog,
  type NegotiableRow,
} from './quotes.ts';
import { BUYER_EDITABLE, STATUS } from './status.ts';
import { decodeUid } from './uid.ts';

const commentInput = z.object({ comment: z.string() }).nullish();

const requestArgs = z.object({
  input: z.object({ cart_id: z.string(), quote_name: z.string(), comment: commentInput }),
});

const existsRow = z.object({ quote_id: sqlNumber });

/** The customer's active cart the masked id names, or Adobe's "Could not find a quote…". */
function cartToQuote(context: GraphQlContext, customerId: number, cartId: string) {
  const id = cartOfMask(context.db, cartId);
  const cart =
    id === undefined ? undefined : context.db.get(quoteRow, 'SELECT * FROM quotes WHERE id = ?', id);
  if (!cart || cart.customer_id !== customerId) throw quoteErrors.cartNotFound();
  if (context.db.get(existsRow, 'SELECT quote_id FROM negotiable_quote WHERE quote_id = ?', cart.id))
    throw quoteErrors.alreadyQuoted();
  if (cart.is_active !== 1) throw quoteErrors.inactiveCart();
  return cart;
}

/**
 * `requestNegotiableQuote`: the cart becomes the quote (SUBMITTED) and stops being the buyer's basket
 * (`create.ts`).
 */
export function requestQuote(args: unknown, context: GraphQlContext) {
  const user = buyer(context, 'manage');
  const { input } = requestArgs.parse(args);
  return context.db.transaction(() => {
    const cart = cartToQuote(context, user.customerId, input.cart_id);
    if (soldItems(context.db, cart.id).length === 0) throw quoteErrors.emptyCart();
    makeNegotiable(context.db, context.store, {
      cart,
      customerId: user.customerId,
      companyId: user.companyId,
      name: input.quote_name,
      comment: input.comment?.comment ?? '',
      commentBy: { by: 'buyer', authorId: user.customerId },
      creator: { type: CREATOR_TYPE.customer, id: user.customerId },
    });
    return { quote: quoteOut(context, input.cart_id) };
  });
}

/** The quote as the answer shows it, read again after the change. */
export function quoteOut(context: GraphQlContext, uid: string) {
  const row = quoteByUid(context.db, context.store, uid);
  return row ? quoteView(context, row) : null;
}

/** A quote the buyer may change now: their own, in a state they may change. */
function editable(
  context: GraphQlContext,
  uid: string | undefined,
  states: readonly string[] = BUYER_EDITABLE,
) {
  const user = buyer(context, 'manage');
  const row = ownQuote(context, user, uid);
  if (!states.includes(row.status)) throw quoteErrors.badStatus([row.uid]);
  return { user, row };
}

/** After a buyer's change to the lines: the quote is open again, the history records it with the new total. */
function reopened(context: GraphQlContext, row: NegotiableRow, customerId: number, before: number) {
  const now = nowOf(context.store);
  setStatus(context.db, row.quote_id, STATUS.processingByCustomer, now);
  const after = quotePrices(context.db, row).total;
  addHistory(context.db, row.quote_id, {
    by: 'buyer',
    authorId: customerId,
    status: STATUS.processingByCustomer,
    at: now,
    log: {
      ...(row.status === STATUS.processingByCustomer
        ? {}
        : statusLog(row.status, STATUS.processingByCustomer)),
      total: { old: before, new: after },
    },
  });
  return { quote: quoteOut(context, row.uid) };
}

const sendArgs = z.object({ input: z.object({ quote_uid: z.string(), comment: commentInput }) });

/** `sendNegotiableQuoteForReview`: back to the seller (SUBMITTED), with the buyer's comment. */
export function sendForReview(args: unknown, context: GraphQlContext) {
  const { input } = sendArgs.parse(args);
  return context.db.transaction(() => {
    const { user, row } = editable(context, input.quote_uid);
    const now = nowOf(context.store);
    const text = input.comment?.comment ?? '';
    if (text) addComment(context.db, row.quote_id, { by: 'buyer', authorId: user.customerId, text, at: now });
    setStatus(context.db, row.quote_id, STATUS.submittedByCustomer, now);
    addHistory(context.db, row.quote_id, {
      by: 'buyer',
      authorId: user.customerId,
      status: STATUS.submittedByCustomer,
      at: now,
      log: { ...statusLog(row.status, STATUS.submittedByCustomer), ...(text ? { comment: text } : {}) },
    });
    return { quote: quoteOut(context, row.uid) };
  });
}

const quantitiesArgs = z.object({
  input: z.object({
    quote_uid: z.string(),
    items: z.array(z.object({ quote_item_uid: z.string(), quantity: z.number() })),
  }),
});

/** The quote's item ids the uids name; Adobe's refusal lists those it does not hold. */
function itemIds(context: GraphQlContext, row: NegotiableRow, uids: readonly string[]): number[] {
  const held = new Set(items(context.db, row.quote_id).map((line) => line.item_id));
  const ids = uids.map((uid) => decodeUid(uid));
  const missing = uids.filter((_uid, index) => {
    const id = ids[index];
    return id === undefined || !held.has(id);
  });
  if (missing.length > 0) throw quoteErrors.itemsNotFound(missing);
  return ids.filter((id): id is number => id !== undefined);
}

/** `updateNegotiableQuoteQuantities`. */
export function updateQuantities(args: unknown, context: GraphQlContext) {
  const { input } = quantitiesArgs.parse(args);
  // Adobe's resolver refuses the quantities before it looks at the quote.
  const zero = input.items.filter((item) => item.quantity <= 0).map((item) => item.quote_item_uid);
  if (zero.length > 0) throw quoteErrors.badQuantity(zero);
  return context.db.transaction(() => {
    const { user, row } = editable(context, input.quote_uid);
    const ids = itemIds(
      context,
      row,
      input.items.map((item) => item.quote_item_uid),
    );
    const before = quotePrices(context.db, row).total;
    input.items.forEach((item, index) => {
      const id = ids[index];
      if (id !== undefined)
        context.db.run('UPDATE quote_items SET qty = ? WHERE item_id = ?', item.quantity, id);
    });
    return reopened(context, row, user.customerId, before);
  });
}

const removeArgs = z.object({
  input: z.object({ quote_uid: z.string(), quote_item_uids: z.array(z.string()) }),
});

/** `removeNegotiableQuoteItems`. */
export function removeItems(args: unknown, context: GraphQlContext) {
  const { input } = removeArgs.parse(args);
  return context.db.transaction(() => {
    const { user, row } = editable(context, input.quote_uid);
    const ids = itemIds(context, row, input.quote_item_uids);
    const before = quotePrices(context.db, row).total;
    for (const id of ids) context.db.run('DELETE FROM quote_items WHERE item_id = ?', id);
    return reopened(context, row, user.customerId, before);
  });
}
