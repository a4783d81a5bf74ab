/**
 * An order's status history (`sales_order_status_history`) as Magento 2.4 keeps and answers it: the
 * entries `GET /V1/orders/:id` carries in `status_histories` (`Order::getStatusHistoryCollection()`:
 * newest first, `created_at` then `entity_id` descending), and `OrderManagementInterface`'s
 * `addComment()` and `getCommentsList()` (`Sales/Model/Service/OrderService.php`), which an integration
 * uses to write a note on an order, e.g. the payment bridge naming the provider's reference.
 */
import { z } from 'zod';
import { magentoDate, sqlNumber, type Database } from '../db.ts';
import { errors, MagentoError } from '../errors.ts';
import { m } from '../input.ts';
import { STATE_OF_STATUS } from './write.ts';

export const orderStatusHistoryRow = z.object({
  entity_id: sqlNumber,
  parent_id: sqlNumber,
  status: z.string(),
  comment: z.string().nullable(),
  is_customer_notified: sqlNumber.nullable(),
  is_visible_on_front: sqlNumber,
  entity_name: z.string().nullable(),
  created_at: z.string(),
});
type OrderStatusHistoryRow = z.output<typeof orderStatusHistoryRow>;

/**
 * `OrderStatusHistoryInterface` in its getters' order: a `string|null` getter's null (entity name,
 * status) is left out, the others' null is kept, as Magento's output does.
 */
const serializeHistory = (row: OrderStatusHistoryRow) => ({
  comment: row.comment,
  created_at: row.created_at,
  entity_id: row.entity_id,
  ...(row.entity_name === null ? {} : { entity_name: row.entity_name }),
  is_customer_notified: row.is_customer_notified,
  is_visible_on_front: row.is_visible_on_front,
  parent_id: row.parent_id,
  status: row.status,
});

/** `status_histories` of `GET /V1/orders/:id`: newest first, as `getStatusHistoryCollection()` sorts. */
export const statusHistories = (db: Database, orderId: number) =>
  db
    .all(
      orderStatusHistoryRow,
      'SELECT * FROM order_status_history WHERE parent_id = ? ORDER BY created_at DESC, entity_id DESC',
      orderId,
    )
    .map(serializeHistory);

/**
 * `GET /V1/orders/:id/comments`: the entries whose `parent_id` is the id, found by the search
 * `getCommentsList()` builds itself without loading the order (an unknown order has none) and without a
 * sort order (the table's own). Its criteria are echoed.
 */
export function orderComments(db: Database, orderId: number) {
  const items = db
    .all(
      orderStatusHistoryRow,
      'SELECT * FROM order_status_history WHERE parent_id = ? ORDER BY entity_id',
      orderId,
    )
    .map(serializeHistory);
  return {
    items,
    search_criteria: {
      filter_groups: [{ filters: [{ field: 'parent_id', value: String(orderId), condition_type: 'eq' }] }],
    },
    total_count: items.length,
  };
}

/** `addComment()`'s parameter, `OrderStatusHistoryInterface`'s setters. */
export const statusHistoryDto = m.dto({
  comment: m.string(),
  created_at: m.string(),
  entity_id: m.int(),
  entity_name: m.string(),
  is_customer_notified: m.int(),
  is_visible_on_front: m.int(),
  parent_id: m.int(),
  status: m.string(),
  extension_attributes: m.mixed(),
});
export type StatusHistoryInput = z.output<typeof statusHistoryDto>;

const orderOfComment = z.object({ status: z.string(), state: z.string() });

/** `OrderService::addComment()`: a status of another state than the order's is refused (a LocalizedException). */
const statusNotInHistory = (status: string) =>
  new MagentoError(400, 'Unable to add comment: The status "%1" is not part of the order status history.', [
    status,
  ]);

/**
 * `POST /V1/orders/:id/comments`: adds the entry to the order (its `parent_id` is the order's, whatever
 * was sent) and answers true. Its status is the order's unless one of the statuses of the order's state
 * is given, which the order then takes. `entity_id` and `created_at` sent are not kept: the entry is new.
 * No e-mail is sent here, so `is_customer_notified` is only recorded.
 */
export function addOrderComment(db: Database, orderId: number, history: StatusHistoryInput): boolean {
  // `OrderRepository::get()`.
  if (!orderId) throw new MagentoError(400, 'An ID is needed. Set the ID and try again.');
  return db.transaction(() => {
    const order = db.get(orderOfComment, 'SELECT status, state FROM orders WHERE entity_id = ?', orderId);
    if (!order) throw errors.orderNotFound();
    const status = history.status || order.status;
    if (history.status && STATE_OF_STATUS[history.status] !== order.state) throw statusNotInHistory(status);
    const now = magentoDate();
    if (status !== order.status)
      db.run('UPDATE orders SET status = ?, updated_at = ? WHERE entity_id = ?', status, now, orderId);
    db.run(
      `INSERT INTO order_status_history
         (parent_id, status, comment, is_customer_notified, is_visible_on_front, entity_name, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
      orderId,
      status,
      history.comment ?? null,
      history.is_customer_notified ?? null,
      history.is_visible_on_front ?? 0,
      history.entity_name ?? null,
      now,
    );
    return true;
  });
}
