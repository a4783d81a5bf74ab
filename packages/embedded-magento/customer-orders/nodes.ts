/**
 * What `Customer.orders` answers (SalesGraphQl's `CustomerOrders`, `OrderFormatter`, `Invoices`,
 * `InvoiceTotal`, `InvoiceItems` resolvers): the signed-in customer's orders a page at a time, each with
 * its totals and invoices, ids base64-encoded as Magento's `Uid` does. Figures come from the order as REST
 * serializes it and from the invoices as REST reads them, so both APIs tell the same sums. Plain objects:
 * graphql-js reads each field, calling it where it is a function.
 */
import { z } from 'zod';
import { sqlNumber } from '../db.ts';
import { encodeUid } from '../graphql/configurable.ts';
import type { GraphQlContext } from '../graphql/context.ts';
import { authorizationError, inputError } from '../graphql/errors.ts';
import {
  invoiceCommentRows,
  invoiceItems,
  invoiceRow,
  type InvoiceItemRow,
  type InvoiceRow,
} from '../invoices/read.ts';
import { invoicedTotals } from '../invoices/invoiced.ts';
import { roundMoney } from '../money.ts';
import { orderHeader, orderRow, type OrderRow } from '../orders/serialize.ts';
import { searchPage, type SearchCriteria } from '../search-criteria.ts';

/** Any of `FilterStringTypeInput`, `FilterRangeTypeInput`, `FilterEqualTypeInput`: GraphQL checked which. */
const condition = z.object({
  eq: z.string().nullish(),
  in: z.array(z.string().nullable()).nullish(),
  match: z.string().nullish(),
  from: z.string().nullish(),
  to: z.string().nullish(),
});

const ordersArgs = z.object({
  filter: z.record(z.string(), condition.nullish()).nullish(),
  currentPage: z.number().int(),
  pageSize: z.number().int(),
  sort: z
    .object({ sort_direction: z.enum(['ASC', 'DESC']), sort_field: z.enum(['NUMBER', 'CREATED_AT']) })
    .nullish(),
});

/** `Order::getStatusLabel()`: the labels of Magento's install statuses. */
const STATUS_LABELS: Readonly<Record<string, string>> = {
  pending: 'Pending',
  pending_payment: 'Pending Payment',
  processing: 'Processing',
  complete: 'Complete',
  closed: 'Closed',
  canceled: 'Canceled',
  holded: 'On Hold',
  payment_review: 'Payment Review',
  fraud: 'Suspected Fraud',
  // The shop's custom status for a click & collect order handed over (orders/write.ts).
  collected: 'Collected',
};

const SORT_FIELDS = { NUMBER: 'increment_id', CREATED_AT: 'created_at' } as const;
/** `OrderFilter`'s field translation: the filter's names as `sales_order` columns. */
const FILTER_FIELDS: Readonly<Record<string, string>> = {
  number: 'increment_id',
  order_date: 'created_at',
  grand_total: 'grand_total',
  status: 'status',
};
const ORDER_FIELDS = new Set(['customer_id', 'entity_id', ...Object.values(FILTER_FIELDS)]);
/** A range's ends as searchCriteria conditions; the others are named alike. */
const CONDITIONS: Readonly<Record<string, string>> = { from: 'gteq', to: 'lteq', eq: 'eq', in: 'in' };

/** `OrderFilter::createFilterGroups()`: the customer's own, each condition a group (`match`: LIKE). */
function criteriaOf(args: z.output<typeof ordersArgs>, customerId: number): SearchCriteria {
  const groups = [{ filters: [{ field: 'customer_id', value: String(customerId), condition_type: 'eq' }] }];
  for (const [name, conditions] of Object.entries(args.filter ?? {})) {
    const field = FILTER_FIELDS[name];
    if (!field) continue;
    for (const [type, value] of Object.entries(conditions ?? {})) {
      if (value === null || value === undefined) continue;
      const filter =
        type === 'match'
          ? { value: `%${String(value).replaceAll('%', '')}%`, condition_type: 'like' }
          : {
              value: Array.isArray(value) ? value.join(',') : value,
              condition_type: CONDITIONS[type] ?? 'eq',
            };
      groups.push({ filters: [{ field, ...filter }] });
    }
  }
  return {
    filter_groups: groups,
    // No sort asked for: none given to the repository, so the table's own order.
    sort_orders: args.sort
      ? [{ field: SORT_FIELDS[args.sort.sort_field], direction: args.sort.sort_direction }]
      : [],
    page_size: args.pageSize,
    current_page: args.currentPage,
  };
}

/** `Customer.orders`. */
export function customerOrders(context: GraphQlContext, rawArgs: unknown) {
  const { customerId } = context;
  if (customerId === undefined) throw authorizationError("The current customer isn't authorized.");
  const args = ordersArgs.parse(rawArgs);
  if (args.currentPage < 1) throw inputError('currentPage value must be greater than 0.');
  if (args.pageSize < 1) throw inputError('pageSize value must be greater than 0.');
  const { rows, total } = searchPage(
    context.db,
    {
      table: 'orders',
      alias: 'o',
      mapping: { expression: (field) => (ORDER_FIELDS.has(field) ? `o.${field}` : 'NULL') },
      tieBreak: 'o.entity_id ASC',
      row: orderRow,
    },
    criteriaOf(args, customerId),
  );
  const totalPages = Math.ceil(total / args.pageSize);
  return {
    items: rows.map((row) => orderNode(context, row)),
    page_info: {
      current_page: Math.min(args.currentPage, Math.max(totalPages, 1)),
      page_size: args.pageSize,
      total_pages: totalPages,
    },
    total_count: total,
  };
}

const money = (context: GraphQlContext, value: number) => ({ value, currency: context.store.currency });

/** A discount as the totals resolvers list it: none without an amount or a description. */
function discounts(context: GraphQlContext, amount: number, description: string | null) {
  if (amount === 0 && description === null) return [];
  return [{ label: description ?? 'Discount', amount: money(context, Math.abs(amount)) }];
}

/** `OrderFormatter::format()` with the `total` and `invoices` resolvers. */
export function orderNode(context: GraphQlContext, row: OrderRow) {
  return {
    id: encodeUid(String(row.entity_id)),
    order_date: row.created_at,
    status: STATUS_LABELS[row.status] ?? row.status,
    number: row.increment_id,
    increment_id: row.increment_id,
    order_number: row.increment_id,
    created_at: row.created_at,
    grand_total: row.grand_total,
    total: () => orderTotal(context, row),
    invoices: () =>
      context.db
        .all(invoiceRow, 'SELECT * FROM invoices WHERE order_id = ? ORDER BY entity_id', row.entity_id)
        .map((invoice) => invoiceNode(context, row, invoice)),
  };
}

/** `OrderTotal`, from the order's serialized figures. No tax rate is applied here: `taxes` are none. */
function orderTotal(context: GraphQlContext, row: OrderRow) {
  const header = orderHeader(row, context.store, undefined, 0, invoicedTotals(context.db, row.entity_id));
  return {
    subtotal: money(context, header.subtotal),
    subtotal_excl_tax: money(context, header.subtotal),
    subtotal_incl_tax: money(context, header.subtotal_incl_tax),
    discounts: discounts(context, header.discount_amount, row.discount_description),
    total_tax: money(context, header.tax_amount),
    taxes: [],
    grand_total: money(context, header.grand_total),
    grand_total_excl_tax: money(context, roundMoney(header.grand_total - header.tax_amount)),
    base_grand_total: money(context, header.base_grand_total),
    total_shipping: money(context, header.shipping_amount),
    shipping_handling: {
      total_amount: money(context, header.shipping_amount),
      amount_including_tax: money(context, header.shipping_incl_tax),
      amount_excluding_tax: money(context, header.shipping_amount),
      taxes: [],
      discounts: header.shipping_discount_amount
        ? [{ amount: money(context, header.shipping_discount_amount) }]
        : [],
    },
  };
}

const childItemRow = z.object({ item_id: sqlNumber });

/** An invoice: its totals, its lines but a configurable's child's, its comments shown on the storefront. */
function invoiceNode(context: GraphQlContext, order: OrderRow, invoice: InvoiceRow) {
  return {
    id: encodeUid(String(invoice.entity_id)),
    number: invoice.increment_id,
    total: () => invoiceTotal(context, invoice),
    items: () => {
      const children = new Set(
        context.db
          .all(
            childItemRow,
            'SELECT item_id FROM order_items WHERE order_id = ? AND parent_item_id IS NOT NULL',
            order.entity_id,
          )
          .map((child) => child.item_id),
      );
      return invoiceItems(context.db, invoice.entity_id)
        .filter((item) => !children.has(item.order_item_id))
        .map((item) => invoiceItemNode(context, order, item));
    },
    comments: () =>
      invoiceCommentRows(context.db, invoice.entity_id)
        .filter((comment) => comment.is_visible_on_front === 1)
        .map((comment) => ({ timestamp: comment.created_at, message: comment.comment })),
  };
}

/** `InvoiceTotal`. */
function invoiceTotal(context: GraphQlContext, invoice: InvoiceRow) {
  return {
    subtotal: money(context, invoice.subtotal),
    discounts: discounts(context, invoice.discount_amount, invoice.discount_description),
    total_tax: money(context, invoice.tax_amount),
    taxes: [],
    grand_total: money(context, invoice.grand_total),
    base_grand_total: money(context, invoice.grand_total),
    total_shipping: money(context, invoice.shipping_amount),
    shipping_handling: {
      total_amount: money(context, invoice.shipping_amount),
      amount_including_tax: money(context, invoice.shipping_incl_tax ?? 0),
      amount_excluding_tax: money(context, invoice.shipping_amount),
      taxes: [],
      discounts: [],
    },
  };
}

/** `InvoiceItem`: the line's own price, quantity and discount. */
function invoiceItemNode(context: GraphQlContext, order: OrderRow, item: InvoiceItemRow) {
  return {
    __typename: 'InvoiceItem',
    id: encodeUid(String(item.entity_id)),
    product_name: item.name,
    product_sku: item.sku,
    product_sale_price: money(context, item.price),
    discounts: item.discount_amount
      ? discounts(context, item.discount_amount, order.discount_description)
      : [],
    quantity_invoiced: item.qty,
  };
}
