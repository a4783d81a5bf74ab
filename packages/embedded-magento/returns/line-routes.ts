/**
 * A return's items and comments over REST (`RmaItemManagement`, `RmaCommentManagement`): listed with
 * searchCriteria scoped to the return, added (the path's return, whatever the body says), and an item
 * deleted when it is the return's. A comment says itself whether the customer sees it
 * (`is_visible_to_customer`, default true); adding one sends no e-mail, as in the module.
 */
import type { z } from 'zod';
import { countRow, magentoDate, type Database } from '../db.ts';
import { intParam } from '../http/params.ts';
import { withBody, type Route, type RouteRequest } from '../http/route.ts';
import { m } from '../input.ts';
import { findLookup } from './lookups.ts';
import { findRmaItem, insertComment, insertRmaItem } from './rmas.ts';
import { restErrors } from './rest-errors.ts';
import { loadRma, RMA_RESOURCE as resource, search } from './rma-search.ts';
import type { ReturnsRuntime } from './runtime.ts';
import { commentDto, commentOut, itemDto, itemOut } from './wire.ts';

function addItem(db: Database, rmaId: number, item: z.output<typeof itemDto>, at: string) {
  loadRma(db, rmaId);
  const label = 'RMA Item';
  if (item.order_item_id == null || item.qty_requested == null)
    throw restErrors.couldNotSave(label, 'order_item_id and qty_requested must be set');
  if (item.condition_id != null && !findLookup(db, 'item_condition', item.condition_id))
    throw restErrors.couldNotSave(label, `no item condition has the id ${String(item.condition_id)}`);
  if (!db.get(countRow, 'SELECT COUNT(*) AS n FROM order_items WHERE item_id = ?', item.order_item_id)?.n)
    throw restErrors.couldNotSave(label, `no order item has the id ${String(item.order_item_id)}`);
  return insertRmaItem(
    db,
    rmaId,
    {
      orderItemId: item.order_item_id,
      qtyRequested: item.qty_requested,
      qtyApproved: item.qty_approved ?? null,
      qtyReturned: item.qty_returned ?? null,
      conditionId: item.condition_id ?? null,
    },
    at,
  );
}

function deleteItem(db: Database, rmaId: number, itemId: number): true {
  loadRma(db, rmaId);
  const item = findRmaItem(db, itemId);
  if (!item) throw restErrors.notFound('RMA Item', itemId);
  if (item.rma_id !== rmaId) throw restErrors.itemOfAnotherRma();
  db.run('DELETE FROM rma_item WHERE entity_id = ?', itemId);
  return true;
}

function addComment(db: Database, rmaId: number, comment: z.output<typeof commentDto>, at: string) {
  loadRma(db, rmaId);
  if (comment.author_type == null || comment.author_name == null || comment.comment == null)
    throw restErrors.couldNotSave('RMA Comment', 'author_type, author_name and comment must be set');
  return insertComment(
    db,
    rmaId,
    {
      authorType: comment.author_type,
      authorName: comment.author_name,
      comment: comment.comment,
      visibleToCustomer: comment.is_visible_to_customer ?? true,
    },
    comment.created_at ?? at,
  );
}

export function lineRoutes(db: Database, runtime: ReturnsRuntime): Route[] {
  const rmaId = (request: RouteRequest) => intParam(request.params['rmaId'], 'rmaId');
  const now = () => magentoDate(new Date(runtime.clock.now()));
  return [
    {
      method: 'GET',
      path: '/V1/rma/:rmaId/items',
      resource,
      handle: (request) => {
        loadRma(db, rmaId(request));
        return search(db, 'rma_item', request, itemOut, rmaId(request));
      },
    },
    {
      method: 'POST',
      path: '/V1/rma/:rmaId/items',
      resource,
      ...withBody(m.params({ item: itemDto }), (request, { item }) =>
        itemOut(addItem(db, rmaId(request), item, now())),
      ),
    },
    {
      method: 'DELETE',
      path: '/V1/rma/:rmaId/items/:itemId',
      resource,
      handle: (request) => deleteItem(db, rmaId(request), intParam(request.params['itemId'], 'itemId')),
    },
    {
      method: 'GET',
      path: '/V1/rma/:rmaId/comments',
      resource,
      handle: (request) => {
        loadRma(db, rmaId(request));
        return search(db, 'rma_comment', request, commentOut, rmaId(request));
      },
    },
    {
      method: 'POST',
      path: '/V1/rma/:rmaId/comments',
      resource,
      ...withBody(m.params({ comment: commentDto }), (request, { comment }) =>
        commentOut(addComment(db, rmaId(request), comment, now())),
      ),
    },
  ];
}
