/**
 * The calls on one purchase order: a comment, its order placed by the buyer once it is approved (and paid,
 * for an online payment), and its lines put back into a cart.
 */
import { z } from 'zod';
import { addItem } from '../carts/items.ts';
import { orderNode } from '../customer-orders/nodes.ts';
import { magentoDate } from '../db.ts';
import { MagentoError, renderPhrase } from '../errors.ts';
import type { GraphQlContext } from '../graphql/context.ts';
import { productById } from '../graphql/product.ts';
import { orderRow } from '../orders/serialize.ts';
import { actingUser, visiblePurchaseOrder } from './access.ts';
import { poErrors } from './errors.ts';
import { cartNode, commentById, commentNode } from './nodes.ts';
import { notify } from './notify.ts';
import { placeOrderOf } from './ordering.ts';
import { customerCart } from './place.ts';
import { snapshotOf } from './snapshot.ts';
import { purchaseOrderById, STATUS } from './store.ts';

const commentInput = z.object({ input: z.object({ purchase_order_uid: z.string(), comment: z.string() }) });

/** `addPurchaseOrderComment`: by anyone who may see the purchase order. */
export function addPurchaseOrderComment(args: unknown, context: GraphQlContext) {
  const user = actingUser(context);
  const { purchase_order_uid: uid, comment } = commentInput.parse(args).input;
  const po = visiblePurchaseOrder(context.db, user, uid);
  if (!po) throw poErrors.notFound(uid);
  if (comment.trim() === '') throw poErrors.emptyComment();
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

/** `placeOrderForPurchaseOrder`: the buyer's approved purchase order ordered, once. */
export async function placeOrderForPurchaseOrder(args: unknown, context: GraphQlContext) {
  const user = actingUser(context);
  const uid = placeInput.parse(args).input.purchase_order_uid;
  const { db } = context;
  const po = visiblePurchaseOrder(db, user, uid);
  if (!po) throw poErrors.notFound(uid);
  if (po.creator_id !== user.customerId) throw poErrors.notAllowed();
  const placed = db.transaction(() =>
    placeOrderOf(db, po, [STATUS.approved, STATUS.approvedPendingPayment], context.checkout, user.customerId),
  );
  if (!placed) throw poErrors.cannotPlaceOrder(po.increment_id);
  if ('failed' in placed) throw poErrors.orderFailed(placed.failed);
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
