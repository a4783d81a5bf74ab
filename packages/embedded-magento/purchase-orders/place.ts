/**
 * `placePurchaseOrder` (Magento_PurchaseOrderGraphQl): the buyer's active cart, with its delivery and payment
 * chosen, becomes a purchase order. In one transaction the cart is snapshotted and deactivated (as Magento
 * does: the buyer's next basket is a new cart), the purchase order written and validated against the
 * company's rules (`approval.ts`): approved at once, its order placed at once when paid offline, or
 * waiting for its approvers, who are e-mailed. It is paid with one of the company's B2B payment methods
 * (`../carts/company-payment.ts`): any other is refused before anything is written.
 */
import { z } from 'zod';
import { allows, type CompanyUser } from '../company/index.ts';
import { cartOfMask } from '../carts/cart-mask.ts';
import { quoteRow, type QuoteRow } from '../carts/rows.ts';
import { b2bMayUse } from '../carts/company-payment.ts';
import { storedPayment } from '../carts/payment.ts';
import { magentoDate, sqlNumber, type Database } from '../db.ts';
import type { GraphQlContext } from '../graphql/context.ts';
import { actingUser, RESOURCE } from './access.ts';
import { approvedStatus, validate } from './approval.ts';
import { isDeferredPayment } from './authority.ts';
import { poErrors } from './errors.ts';
import { notify } from './notify.ts';
import { purchaseOrderNode } from './nodes.ts';
import { placeOrderOf } from './ordering.ts';
import { snapshotOf } from './snapshot.ts';
import { log, moveStatus, purchaseOrderById, STATUS, type PurchaseOrderRow } from './store.ts';

/**
 * The customer's own active cart by the id GraphQL names it with: the masked id `customerCart { id }` gave
 * (`../carts/cart-mask.ts`), a guest cart's masked id, or its quote id (what a client reading the cart over
 * REST, `carts/mine`, knows). QuoteGraphQl's `GetCartForUser` refusals: unknown or inactive, not found;
 * another's, not theirs.
 */
export function customerCart(db: Database, cartId: string, customerId: number): QuoteRow {
  const quoteId = cartOfMask(db, cartId) ?? (/^\d+$/.test(cartId) ? Number(cartId) : undefined);
  const quote =
    (quoteId === undefined ? undefined : db.get(quoteRow, 'SELECT * FROM quotes WHERE id = ?', quoteId)) ??
    db.get(quoteRow, 'SELECT * FROM quotes WHERE masked_id = ?', cartId);
  if (!quote || quote.is_active !== 1) throw poErrors.cartNotFound(cartId);
  if (quote.customer_id !== customerId) throw poErrors.cartNotYours(cartId);
  return quote;
}

const nextRow = z.object({ next: sqlNumber });

/** Writes the purchase order (PENDING) from the cart and closes the cart; the new row. */
function insertPurchaseOrder(context: GraphQlContext, user: CompanyUser, quote: QuoteRow): PurchaseOrderRow {
  const { db } = context;
  const payment = storedPayment(db, quote.id);
  if (!payment) throw poErrors.paymentMissing();
  // Magento imports the cart's payment again first, B2B's company check among its checks; its refusal is
  // no validation error, so the resolver answers with its catch-all.
  if (!b2bMayUse(context.checkout, payment.method)) throw poErrors.placeServerError();
  const cart = snapshotOf(db, quote, context.checkout);
  const now = magentoDate();
  const next =
    db.get(nextRow, 'SELECT COALESCE(MAX(entity_id), 0) + 1 AS next FROM purchase_order')?.next ?? 1;
  const id = db.run(
    `INSERT INTO purchase_order (increment_id, quote_id, status, company_id, creator_id, grand_total,
       shipping_amount, payment_method, snapshot_quote, created_at, updated_at)
     VALUES (?, ?, 'pending', ?, ?, ?, ?, ?, ?, ?, ?)`,
    String(next).padStart(9, '0'),
    quote.id,
    user.companyId,
    user.customerId,
    cart.grand_total,
    cart.shipping_incl_tax,
    payment.method,
    JSON.stringify(cart),
    now,
    now,
  ).lastInsertRowid;
  db.run('UPDATE quotes SET is_active = 0, updated_at = ? WHERE id = ?', now, quote.id);
  const po = purchaseOrderById(db, id);
  if (!po) throw new Error(`Purchase order ${String(id)} was not written`);
  log(db, po.entity_id, 'submit', { increment_id: po.increment_id }, user.customerId);
  return po;
}

/** Creates, validates and (approved and paid offline) orders the purchase order; the row as it ends. */
function submit(context: GraphQlContext, user: CompanyUser, quote: QuoteRow): PurchaseOrderRow {
  const { db } = context;
  return db.transaction(() => {
    const po = insertPurchaseOrder(context, user, quote);
    if (validate(db, po, user) === 'approved') {
      moveStatus(db, po.entity_id, [STATUS.pending], approvedStatus(po));
      if (!isDeferredPayment(po)) placeOrderOf(db, po, [STATUS.approved], context.checkout, null);
    }
    return purchaseOrderById(db, po.entity_id) ?? po;
  });
}

/** `placePurchaseOrder(input: {cart_id})`. */
export async function placePurchaseOrder(args: unknown, context: GraphQlContext) {
  const user = actingUser(context);
  if (!allows(user, RESOURCE.placeOrder)) throw poErrors.notAllowed();
  const cartId = z.object({ input: z.object({ cart_id: z.string() }) }).parse(args).input.cart_id;
  const quote = customerCart(context.db, cartId, user.customerId);
  const po = submit(context, user, quote);
  if (po.status === STATUS.approvalRequired) await notify(context, po, 'approval_required');
  if (po.status === STATUS.orderPlaced)
    await notify(context, po, 'order_placed', po.order_increment_id ?? '');
  return { purchase_order: purchaseOrderNode(context, po, user) };
}
