/**
 * The module's mutation resolvers (Model/Resolver/CreateCustomerReturn.php, CreateGuestReturn.php,
 * AddReturnComment.php): the required fields first (`empty()`: 0, '' and [] are missing), then the
 * order and whose it is, then its eligibility, then the return itself (`submit.ts`).
 */
import { z } from 'zod';
import { customerRow } from '../customers/rows.ts';
import { magentoDate } from '../db.ts';
import type { GraphQlContext } from '../graphql/context.ts';
import { customerRma, guestOrder, requireCustomer } from './access.ts';
import { isOrderEligible } from './eligibility.ts';
import { returnErrors } from './errors.ts';
import { commentNode, returnNode } from './nodes.ts';
import { billingName, findOrder, orderCustomerName, type ReturnOrder } from './orders.ts';
import { insertComment } from './rmas.ts';
import { submitReturn, type SelectedItem } from './submit.ts';

const itemInput = z.object({
  order_item_id: z.number(),
  qty_requested: z.number(),
  condition_id: z.number().nullish(),
});

const returnFields = {
  reason_id: z.number(),
  resolution_type_id: z.number(),
  items: z.array(itemInput),
};
const customerInput = z.object({ input: z.object({ order_id: z.number(), ...returnFields }) });
const guestInput = z.object({
  input: z.object({ order_number: z.string(), email: z.string(), ...returnFields }),
});

/** `validateRequiredFields()`: the first field, in the resolver's order, that PHP's `empty()` calls empty. */
function requireFields(input: Record<string, unknown>, labels: readonly (readonly [string, string])[]): void {
  for (const [field, label] of labels) {
    const value = input[field];
    if (value === 0 || value === '' || value === '0' || (Array.isArray(value) && value.length === 0))
      throw returnErrors.required(label);
  }
}

/** `buildSelectedItems()`: by order line, a line named twice keeping the last. */
const selectedItems = (items: z.output<typeof itemInput>[]): Map<number, SelectedItem> =>
  new Map(
    items.map((item) => [
      item.order_item_id,
      {
        orderItemId: item.order_item_id,
        qtyRequested: item.qty_requested,
        conditionId: item.condition_id ?? null,
      },
    ]),
  );

function checkEligible(context: GraphQlContext, order: ReturnOrder): void {
  if (!isOrderEligible(context.db, order, context.returns.settings, context.returns.clock.now()))
    throw returnErrors.notEligible();
}

export async function createCustomerReturn(args: unknown, context: GraphQlContext) {
  const customerId = requireCustomer(context);
  const { input } = customerInput.parse(args);
  requireFields(input, [
    ['order_id', 'Order ID'],
    ['reason_id', 'Reason ID'],
    ['resolution_type_id', 'Resolution type ID'],
    ['items', 'Items'],
  ]);
  const order = findOrder(context.db, input.order_id);
  if (!order) throw returnErrors.orderNotFound(input.order_id);
  if (order.customer_id !== customerId) throw returnErrors.notYourOrder();
  checkEligible(context, order);
  const rma = await submitReturn(context.db, context.returns, {
    order,
    customerId,
    customerEmail: order.customer_email,
    // `getCustomerName()` is never empty ("Guest" without a first name), so 'Customer' never applies.
    customerName: orderCustomerName(order),
    reasonId: input.reason_id,
    resolutionTypeId: input.resolution_type_id,
    items: selectedItems(input.items),
  });
  return { return: returnNode(context.db, rma) };
}

export async function createGuestReturn(args: unknown, context: GraphQlContext) {
  const { input } = guestInput.parse(args);
  requireFields(input, [
    ['order_number', 'Order number'],
    ['email', 'Email'],
    ['reason_id', 'Reason ID'],
    ['resolution_type_id', 'Resolution type ID'],
    ['items', 'Items'],
  ]);
  const order = guestOrder(context, input.order_number, input.email);
  checkEligible(context, order);
  const rma = await submitReturn(context.db, context.returns, {
    order,
    customerId: null,
    customerEmail: order.customer_email,
    customerName: billingName(context.db, order.entity_id) || 'Guest',
    reasonId: input.reason_id,
    resolutionTypeId: input.resolution_type_id,
    items: selectedItems(input.items),
  });
  return { return: returnNode(context.db, rma) };
}

const commentInput = z.object({ input: z.object({ rma_id: z.number(), comment: z.string() }) });

/** `getCustomerName()`: the customer's first and last name, "Customer" if they are gone. */
function customerName(context: GraphQlContext, customerId: number): string {
  const row = context.db.get(customerRow, 'SELECT * FROM customers WHERE id = ?', customerId);
  return row ? `${row.firstname} ${row.lastname}`.trim() : 'Customer';
}

export function addReturnComment(args: unknown, context: GraphQlContext) {
  const customerId = requireCustomer(context);
  const { input } = commentInput.parse(args);
  const text = input.comment.trim();
  if (!input.rma_id) throw returnErrors.rmaIdRequired();
  if (text === '') throw returnErrors.commentRequired();
  customerRma(context, input.rma_id, 'comment on');
  const comment = insertComment(
    context.db,
    input.rma_id,
    {
      authorType: 'customer',
      authorName: customerName(context, customerId),
      comment: text,
      visibleToCustomer: true,
    },
    magentoDate(new Date(context.returns.clock.now())),
  );
  return commentNode(comment);
}
