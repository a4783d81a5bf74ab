/**
 * The module's data interfaces as REST answers them (Api/Data/*Interface.php, their getters in declared
 * order, snake_case; a null value left out, as Magento's output processor leaves it) and as a request
 * body binds them (`../input.ts`).
 */
import { m } from '../input.ts';
import type { LookupRow } from './lookups.ts';
import type { RmaCommentRow, RmaItemRow, RmaRow } from './rmas.ts';

const withoutNulls = (record: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(record).filter(([, value]) => value !== null));

/** `RMAInterface`. */
export const rmaOut = (row: RmaRow) =>
  withoutNulls({
    entity_id: row.entity_id,
    increment_id: row.increment_id,
    order_id: row.order_id,
    customer_id: row.customer_id,
    store_id: row.store_id,
    customer_email: row.customer_email,
    customer_name: row.customer_name,
    status_id: row.status_id,
    reason_id: row.reason_id,
    resolution_type_id: row.resolution_type_id,
    created_at: row.created_at,
    updated_at: row.updated_at,
  });

/** `ItemInterface`. */
export const itemOut = (row: RmaItemRow) =>
  withoutNulls({
    entity_id: row.entity_id,
    rma_id: row.rma_id,
    order_item_id: row.order_item_id,
    qty_requested: row.qty_requested,
    qty_approved: row.qty_approved,
    qty_returned: row.qty_returned,
    condition_id: row.condition_id,
    created_at: row.created_at,
    updated_at: row.updated_at,
  });

/** `CommentInterface`: `is_visible_to_customer` as a boolean. */
export const commentOut = (row: RmaCommentRow) => ({
  entity_id: row.entity_id,
  rma_id: row.rma_id,
  author_type: row.author_type,
  author_name: row.author_name,
  comment: row.comment,
  is_visible_to_customer: row.is_visible_to_customer !== 0,
  created_at: row.created_at,
});

/** `StatusInterface`, `ReasonInterface`, … (no per-store labels here: `store_labels` is empty). */
export const lookupOut = (row: LookupRow) => ({
  entity_id: row.entity_id,
  code: row.code,
  label: row.label,
  is_active: row.is_active,
  sort_order: row.sort_order,
  store_labels: [],
});

export const rmaDto = m.dto({
  entity_id: m.int(),
  increment_id: m.string(),
  order_id: m.int(),
  customer_id: m.int(),
  store_id: m.int(),
  customer_email: m.string(),
  customer_name: m.string(),
  status_id: m.int(),
  reason_id: m.int(),
  resolution_type_id: m.int(),
  created_at: m.string(),
  updated_at: m.string(),
});

export const itemDto = m.dto({
  entity_id: m.int(),
  rma_id: m.int(),
  order_item_id: m.int(),
  qty_requested: m.int(),
  qty_approved: m.int(),
  qty_returned: m.int(),
  condition_id: m.int(),
  created_at: m.string(),
  updated_at: m.string(),
});

export const commentDto = m.dto({
  entity_id: m.int(),
  rma_id: m.int(),
  author_type: m.string(),
  author_name: m.string(),
  comment: m.string(),
  is_visible_to_customer: m.bool(),
  created_at: m.string(),
});

export const lookupDto = m.dto({
  entity_id: m.int(),
  code: m.string(),
  label: m.string(),
  is_active: m.int(),
  sort_order: m.int(),
  store_labels: m.mixed(),
});
