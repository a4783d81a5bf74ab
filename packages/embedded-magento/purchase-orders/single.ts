/**
 * The calls on one purchase order: a comment, its order placed again by one who may, and its lines put
 * back into a cart.
 */
import { z } from 'zod';
import { addItem } from '../carts/items.ts';
import { orderNode } from '../customer-orders/nodes.ts';
import { magentoDate } from '../db.ts';
import { MagentoError, renderPhrase } from '../errors.ts';
import type { GraphQlContext } from '../graphql/context.ts';
import { productById } from '../graphql/product.ts';
import { orderRow } from '../orders/serialize.ts';
import type { CompanyUser } from '../company/index.ts';
import { actingUser, RESOURCE, userAllowed, visiblePurchaseOrder } from './access.ts';
import { mayPlaceOrder, READY } from './authority.ts';
import { poErrors } from './errors.ts';
import { cartNode, commentById, commentNode } from './nodes.ts';
import { notify } from './notify.ts';
import { placeOrderOf } from './ordering.ts';
import { customerCart } from './place.ts';
import { snapshotOf } from './snapshot.ts';
import { decodeUid, purchaseOrderById } from './store.ts';

const commentInput = z.object({ input: z.object({ purchase_order_uid: z.string(), comment: z.string() }) });

/** `addPurchaseOrderComment`: by anyone who may see the purchase order. */
export function addPurchaseOrderComment(args: unknown, context: GraphQlContext) {
  const user = actingUser(context);
  const { purchase_order_uid: uid, comment } = commentInput.parse(args).input;
  if (uid === '') throw poErrors.missing('purchase_order_uid');
  if (comment.trim() === '') throw poErrors.missing('comment');
  const po = visiblePurchaseOrder(context.db, user, uid);
  if (!po) throw poErrors.notFound(uid);
  const id = context.db.run(
    'INSERT INTO purchase_order_comment (purchase_order_id, creator_id, comment, created_at) VALUES (?, ?, ?, ?)',
    po.entity_id,
    user.customerId,
    comment,
    magentoDate(),
  ).lastInsertRowid;
  const row = commentById(context.db, id);
  if (!row) throw new Error(`Comment ${String(id)} was not written`);
  return { comment: commentNode(context.db, row) };
}

const placeInput = z.object({ input: z.object({ purchase_order_uid: z.string() }) });

/** The company's purchase order a uid names; derived: Adobe's resolver lets the repository's refusal out. */
function companyPurchaseOrder(user: CompanyUser, context: GraphQlContext, uid: string) {
  const id = decodeUid(uid);
  const po = id === undefined ? undefined : purchaseOrderById(context.db, id);
  if (!po || po.company_id !== user.companyId) throw poErrors.notFound(uid);
  return po;
}

/**
 * `placeOrderForPurchaseOrder`: an approved purchase order's order placed again by one who may
 * (`authority.ts`: the company administrator for one paid offline, whose order the store places on
 * approval, after it failed; the buyer for one paid later), once: from APPROVED or ORDER_FAILED only, any
 * other state (an order placed already) refused with the resolver's catch-all, as Adobe's
 * `createSalesOrder` refuses it.
 */
export async function placeOrderForPurchaseOrder(args: unknown, context: GraphQlContext) {
  const user = userAllowed(context, RESOURCE.placeOrder);
  const uid = placeInput.parse(args).input.purchase_order_uid;
  if (uid === '') throw poErrors.missing('purchase_order_uid');
  const { db } = context;
  const po = companyPurchaseOrder(user, context, uid);
  if (!mayPlaceOrder(user, po)) throw poErrors.cannotPlace(po.increment_id);
  const placed = db.transaction(() =>
    placeOrderOf(db, po, READY.placeOrder, context.checkout, user.customerId),
  );
  if (!placed) throw poErrors.orderServerError();
  if ('failed' in placed)
    throw placed.unworded ? poErrors.orderServerError() : poErrors.orderFailed(placed.failed);
  await notify(context, purchaseOrderById(db, po.entity_id) ?? po, 'order_placed', placed.incrementId);
  const order = db.get(orderRow, 'SELECT * FROM orders WHERE entity_id = ?', placed.orderId);
  if (!order) throw new Error(`Order ${String(placed.orderId)} was not written`);
  return { order: orderNode(context, order) };
}

const itemsInput = z.object({
  input: z.object({
    purchase_order_uid: z.string(),
    cart_id: z.string(),
    replace_existing_cart_items: z.boolean(),
  }),
});

const configurableOptions = z.array(z.object({ option_id: z.string(), option_value: z.number() }));

/** One line of the purchase order put in the cart, or why not (`CartUserInputError`). */
function addLine(
  context: GraphQlContext,
  cartId: string,
  line: { product_id: number; sku: string; qty: number; product_option: string | null },
) {
  const { db } = context;
  const product = productById(db, line.product_id);
  if (!product)
    return { code: 'PRODUCT_NOT_FOUND', message: `Could not find a product with SKU "${line.sku}"` };
  const options =
    line.product_option === null
      ? undefined
      : configurableOptions.safeParse(JSON.parse(line.product_option)).data;
  try {
    addItem(
      db,
      customerCart(db, cartId, context.customerId ?? 0),
      {
        sku: product.sku,
        qty: line.qty,
        ...(options
          ? { product_option: { extension_attributes: { configurable_item_options: options } } }
          : {}),
      },
      context.store,
    );
    return undefined;
  } catch (error) {
    if (!(error instanceof MagentoError)) throw error;
    return { code: 'UNDEFINED', message: renderPhrase(error.message, error.parameters) };
  }
}

/** `addPurchaseOrderItemsToCart`: the purchase order's lines into the customer's active cart. */
export function addPurchaseOrderItemsToCart(args: unknown, context: GraphQlContext) {
  const user = actingUser(context);
  const input = itemsInput.parse(args).input;
  const { db } = context;
  const po = visiblePurchaseOrder(db, user, input.purchase_order_uid);
  if (!po) throw poErrors.notFound(input.purchase_order_uid);
  const quote = customerCart(db, input.cart_id, user.customerId);
  const errors = db.transaction(() => {
    if (input.replace_existing_cart_items) db.run('DELETE FROM quote_items WHERE quote_id = ?', quote.id);
    return po.snapshot_quote.lines.flatMap((line) => addLine(context, input.cart_id, line) ?? []);
  });
  return {
    cart: cartNode(context, input.cart_id, snapshotOf(db, quote, context.checkout, false)),
    user_errors: errors,
  };
}
