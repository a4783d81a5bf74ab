/**
 * What the purchase-order fields answer: `PurchaseOrder` with its cart (`Cart`, from the snapshot), its
 * order (`CustomerOrder`, as `Customer.orders` gives it), comments, history and approval flow, and the
 * actions the viewer may take. Plain objects: graphql-js reads each field, calling it where it is a function.
 */
import { z } from 'zod';
import { renderPhrase } from '../errors.ts';
import type { CompanyUser } from '../company/index.ts';
import { orderNode } from '../customer-orders/nodes.ts';
import { sqlNumber, type Database } from '../db.ts';
import type { GraphQlContext } from '../graphql/context.ts';
import { productById, productView } from '../graphql/product.ts';
import { orderRow } from '../orders/serialize.ts';
import { pendingRows } from './approval.ts';
import { mayAnswer, mayCancel, mayPlaceOrder, READY } from './authority.ts';
import { encodeUid, fullName, personById, STATUS, type PurchaseOrderRow, type Snapshot } from './store.ts';

/** `Customer`, as a purchase order names its buyer or a comment's author. */
export function customerNode(db: Database, customerId: number | null) {
  const person = customerId === null ? undefined : personById(db, customerId);
  return person
    ? {
        id: encodeUid(person.id),
        firstname: person.firstname,
        lastname: person.lastname,
        email: person.email,
      }
    : null;
}

const money = (context: GraphQlContext, value: number) => ({ value, currency: context.store.currency });

const TYPENAMES: Readonly<Record<string, string>> = {
  configurable: 'ConfigurableCartItem',
  virtual: 'VirtualCartItem',
};

/** `Cart`, from a snapshot of it. */
export function cartNode(context: GraphQlContext, cartId: string, cart: Snapshot) {
  const { db } = context;
  const shipping = cart.shipping;
  return {
    id: cartId,
    email: cart.email,
    is_virtual: shipping === null,
    total_quantity: cart.lines.reduce((sum, line) => sum + line.qty, 0),
    items: cart.lines.map((line) => {
      const product = productById(db, line.product_id);
      return {
        __typename: TYPENAMES[line.product_type] ?? 'SimpleCartItem',
        uid: encodeUid(line.item_id),
        quantity: line.qty,
        product: product ? productView(db, product, context.product) : null,
        prices: {
          price: money(context, line.price),
          price_including_tax: money(context, line.price_incl_tax),
          row_total: money(context, line.row_total),
          row_total_including_tax: money(context, line.row_total_incl_tax),
        },
      };
    }),
    prices: {
      grand_total: money(context, cart.grand_total),
      grand_total_excluding_tax: money(context, Math.round((cart.grand_total - cart.tax) * 100) / 100),
      subtotal_excluding_tax: money(context, cart.subtotal),
      subtotal_including_tax: money(context, cart.subtotal_incl_tax),
      subtotal_with_discount_excluding_tax: money(
        context,
        Math.round((cart.subtotal - cart.discount) * 100) / 100,
      ),
    },
    shipping_addresses: shipping
      ? [
          {
            ...shipping,
            selected_shipping_method: {
              amount: money(context, cart.shipping_incl_tax),
              carrier_code: shipping.carrier_code,
              carrier_title: shipping.carrier_title,
              method_code: shipping.method_code,
              method_title: shipping.method_title,
              price_excl_tax: money(context, cart.shipping_excl_tax),
              price_incl_tax: money(context, cart.shipping_incl_tax),
            },
          },
        ]
      : [],
  };
}

const commentRow = z.object({
  entity_id: sqlNumber,
  creator_id: sqlNumber.nullable(),
  comment: z.string(),
  created_at: z.string(),
});

export const commentNode = (db: Database, row: z.output<typeof commentRow>) => ({
  uid: encodeUid(row.entity_id),
  text: row.comment,
  created_at: row.created_at,
  author: customerNode(db, row.creator_id),
});

export const commentById = (db: Database, id: number) =>
  db.get(commentRow, 'SELECT * FROM purchase_order_comment WHERE entity_id = ?', id);

const logRow = z.object({
  id: sqlNumber,
  activity: z.string(),
  request_log: z.string().transform((text) => z.record(z.string(), z.string()).parse(JSON.parse(text))),
  owner_id: sqlNumber.nullable(),
  created_at: z.string(),
});

/** Each activity's line (`GetLogMessage`'s messages in Magento_PurchaseOrderGraphQl and the rules' module). */
const LOG_MESSAGES: Readonly<Record<string, string>> = {
  submit: 'Purchase Order #%increment_id was Submitted',
  place_order_fail: 'Failed to create Order from Purchase Order #%increment_id with Error - %error_message',
  auto_approve: 'Purchase Order #%increment_id was automatically approved',
  place_order: 'Successfully created Order #%order_increment_id from Purchase Order #%increment_id',
  reject: 'Purchase Order #%increment_id was Rejected',
  approve: 'Purchase Order #%increment_id was Approved',
  cancel: 'Purchase Order #%increment_id was Canceled',
  apply_rules: 'Rules: %rule applied to Purchase Order',
};

/** The history line's message, with " By <name>" when a customer did it, as `GetLogMessage` words it. */
function logMessage(db: Database, row: z.output<typeof logRow>): string {
  const template = LOG_MESSAGES[row.activity];
  if (template === undefined) return '';
  const { error, ...params } = row.request_log;
  const message = renderPhrase(template, {
    ...params,
    error_message: params['error_message'] ?? error ?? '',
  });
  const owner = row.owner_id === null ? undefined : personById(db, row.owner_id);
  return owner ? `${message} By ${fullName(owner)}` : message;
}

const flowRow = z.object({
  applied_rule_id: sqlNumber,
  rule_name: z.string(),
  role_name: z.string().nullable(),
  status: sqlNumber.nullable(),
  customer_id: sqlNumber.nullable(),
  updated_at: z.string().nullable(),
});
const FLOW_STATUS = ['PENDING', 'APPROVED', 'REJECTED'] as const;

/** `approval_flow`: each applied rule with one event per approver line. */
function approvalFlow(db: Database, poId: number) {
  const rows = db.all(
    flowRow,
    `SELECT r.applied_rule_id, r.rule_name, a.role_name, a.status, a.customer_id, a.updated_at
       FROM purchase_order_applied_rule r
       LEFT JOIN purchase_order_applied_rule_approver a ON a.applied_rule_id = r.applied_rule_id
      WHERE r.purchase_order_id = ? ORDER BY r.applied_rule_id, a.applied_rule_approver_id`,
    poId,
  );
  const flows = new Map<number, { rule_name: string; events: object[] }>();
  for (const row of rows) {
    const flow = flows.get(row.applied_rule_id) ?? { rule_name: row.rule_name, events: [] };
    flows.set(row.applied_rule_id, flow);
    if (row.role_name === null) continue;
    const status = FLOW_STATUS[row.status ?? 0] ?? 'PENDING';
    const name = fullName(row.customer_id === null ? undefined : personById(db, row.customer_id));
    flow.events.push({
      name,
      role: row.role_name,
      status,
      updated_at: row.updated_at,
      message:
        status === 'PENDING'
          ? `Pending Approval from ${row.role_name}`
          : `${status === 'APPROVED' ? 'Approved' : 'Rejected'} by ${name}`,
    });
  }
  return [...flows.values()];
}

/**
 * The actions the viewer may take now (`available_actions`): each whose state and authorization allow it
 * (`authority.ts`), as `AvailableActions` asks the same validators the actions run.
 */
function availableActions(db: Database, viewer: CompanyUser, po: PurchaseOrderRow): string[] {
  const answers = mayAnswer(db, viewer, po, pendingRows(db, po.entity_id));
  return [
    ...(READY.approve.includes(po.status) && answers ? ['APPROVE'] : []),
    ...(READY.reject.includes(po.status) && answers ? ['REJECT'] : []),
    ...(READY.cancel.includes(po.status) && mayCancel(db, viewer, po) ? ['CANCEL'] : []),
    ...(po.status === STATUS.pending ? ['VALIDATE'] : []),
    ...(READY.placeOrder.includes(po.status) && po.order_id === null && mayPlaceOrder(viewer, po)
      ? ['PLACE_ORDER']
      : []),
  ];
}

/** `PurchaseOrder`, as `viewer` sees it (the acting customer). */
export function purchaseOrderNode(context: GraphQlContext, po: PurchaseOrderRow, viewer?: CompanyUser) {
  const { db } = context;
  return {
    uid: encodeUid(po.entity_id),
    number: po.increment_id,
    status: po.status.toUpperCase(),
    created_at: po.created_at,
    updated_at: po.updated_at,
    created_by: () => customerNode(db, po.creator_id),
    order: () => {
      const row =
        po.order_id === null
          ? undefined
          : db.get(orderRow, 'SELECT * FROM orders WHERE entity_id = ?', po.order_id);
      return row ? orderNode(context, row) : null;
    },
    quote: () => cartNode(context, String(po.quote_id), po.snapshot_quote),
    comments: () =>
      db
        .all(
          commentRow,
          'SELECT * FROM purchase_order_comment WHERE purchase_order_id = ? ORDER BY entity_id',
          po.entity_id,
        )
        .map((row) => commentNode(db, row)),
    history_log: () =>
      db
        .all(logRow, 'SELECT * FROM purchase_order_log WHERE request_id = ? ORDER BY id', po.entity_id)
        .map((row) => ({
          uid: encodeUid(row.id),
          activity: row.activity,
          created_at: row.created_at,
          message: logMessage(db, row),
        })),
    approval_flow: () => approvalFlow(db, po.entity_id),
    available_actions: () => (viewer ? availableActions(db, viewer, po) : []),
  };
}
