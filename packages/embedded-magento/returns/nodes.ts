/**
 * A return as the module's GraphQL answers it (Model/Resolver/DataProvider/ReturnDataProvider.php):
 * `CustomerReturn` with its lookups, its items named after their order lines, and the comments the
 * customer sees; `ReturnComment` alike for `addReturnComment` and `returnComments`.
 */
import type { Database } from '../db.ts';
import { lookupValue } from './lookups.ts';
import { findOrder, orderLines } from './orders.ts';
import { rmaItems, visibleComments, type RmaCommentRow, type RmaRow } from './rmas.ts';

export const commentNode = (comment: RmaCommentRow) => ({
  comment_id: comment.entity_id,
  author_type: comment.author_type,
  author_name: comment.author_name,
  comment: comment.comment,
  created_at: comment.created_at,
});

function itemNodes(db: Database, rma: RmaRow) {
  const lines = new Map(orderLines(db, rma.order_id).map((line) => [line.item_id, line]));
  return rmaItems(db, rma.entity_id).map((item) => {
    const line = lines.get(item.order_item_id);
    return {
      item_id: item.entity_id,
      order_item_id: item.order_item_id,
      product_name: line?.name ?? null,
      product_sku: line?.sku ?? null,
      qty_requested: item.qty_requested,
      qty_approved: item.qty_approved,
      qty_returned: item.qty_returned,
      condition: item.condition_id ? lookupValue(db, 'item_condition', item.condition_id) : null,
    };
  });
}

export function returnNode(db: Database, rma: RmaRow) {
  return {
    rma_id: rma.entity_id,
    increment_id: rma.increment_id,
    order_number: findOrder(db, rma.order_id)?.increment_id ?? null,
    status: lookupValue(db, 'status', rma.status_id),
    reason: lookupValue(db, 'reason', rma.reason_id),
    resolution_type: lookupValue(db, 'resolution_type', rma.resolution_type_id),
    items: itemNodes(db, rma),
    comments: visibleComments(db, rma.entity_id).map(commentNode),
    created_at: rma.created_at,
    updated_at: rma.updated_at,
  };
}
