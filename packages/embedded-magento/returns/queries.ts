/**
 * The module's query resolvers (Model/Resolver/CustomerReturns.php, CustomerReturn.php, GuestReturn.php,
 * ReturnComments.php): the customer's returns a page at a time, one return, a guest's return by its
 * order, and a return's customer-visible comments oldest first.
 */
import { z } from 'zod';
import { countRow } from '../db.ts';
import type { GraphQlContext } from '../graphql/context.ts';
import { limitSql } from '../search-criteria.ts';
import { phpEmpty } from '../wishlist/php.ts';
import { customerRma, guestOrder, requireCustomer } from './access.ts';
import { returnErrors } from './errors.ts';
import { commentNode, returnNode } from './nodes.ts';
import { findRma, rmaCommentRow, rmaRow } from './rmas.ts';

/** An explicit null takes the default too (`$args['pageSize'] ?? 20`). */
const pageArgs = (size: number) =>
  z.object({
    pageSize: z
      .number()
      .nullish()
      .transform((value) => value ?? size),
    currentPage: z
      .number()
      .nullish()
      .transform((value) => value ?? 1),
  });

/** The collection's paging: a page past the last is the last, page size 0 is everything. */
function page(pageSize: number, currentPage: number, total: number) {
  return {
    limit: limitSql({ filter_groups: [], page_size: pageSize, current_page: currentPage }, total),
    page_info: {
      page_size: pageSize,
      current_page: currentPage,
      total_pages: pageSize ? Math.ceil(total / pageSize) : 0,
    },
  };
}

export function customerReturns(args: unknown, context: GraphQlContext) {
  const customerId = requireCustomer(context);
  const { pageSize, currentPage } = pageArgs(20).parse(args);
  const { db } = context;
  const total =
    db.get(countRow, 'SELECT COUNT(*) AS n FROM rma_entity WHERE customer_id = ?', customerId)?.n ?? 0;
  const { limit, page_info } = page(pageSize, currentPage, total);
  const rows = db.all(
    rmaRow,
    `SELECT * FROM rma_entity WHERE customer_id = ? ORDER BY entity_id ${limit}`,
    customerId,
  );
  return { items: rows.map((row) => returnNode(db, row)), total_count: total, page_info };
}

const rmaIdArgs = z.object({ rma_id: z.number() });

export function customerReturn(args: unknown, context: GraphQlContext) {
  return returnNode(context.db, customerRma(context, rmaIdArgs.parse(args).rma_id));
}

const guestArgs = z.object({ order_number: z.string(), email: z.string(), rma_id: z.number() });

export function guestReturn(args: unknown, context: GraphQlContext) {
  const { order_number, email, rma_id } = guestArgs.parse(args);
  // PHP's `!` of a string: "" and "0" are false.
  if (phpEmpty(order_number) || phpEmpty(email) || !rma_id) throw returnErrors.guestReturnArgs();
  const order = guestOrder(context, order_number, email);
  const rma = findRma(context.db, rma_id);
  if (!rma) throw returnErrors.rmaNotFound(rma_id);
  if (rma.order_id !== order.entity_id) throw returnErrors.notYourReturn('view');
  return returnNode(context.db, rma);
}

const commentsArgs = z.object({ rma_id: z.number() }).and(pageArgs(50));

export function returnComments(args: unknown, context: GraphQlContext) {
  const { rma_id, pageSize, currentPage } = commentsArgs.parse(args);
  customerRma(context, rma_id);
  const { db } = context;
  const where = 'WHERE rma_id = ? AND is_visible_to_customer = 1';
  const total = db.get(countRow, `SELECT COUNT(*) AS n FROM rma_comment ${where}`, rma_id)?.n ?? 0;
  const { limit, page_info } = page(pageSize, currentPage, total);
  const rows = db.all(
    rmaCommentRow,
    `SELECT * FROM rma_comment ${where} ORDER BY created_at, entity_id ${limit}`,
    rma_id,
  );
  return { items: rows.map(commentNode), total_count: total, page_info };
}
