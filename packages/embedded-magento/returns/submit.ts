/**
 * A return made from the storefront (`Service/RmaSubmitService.php::createRma()`): New Request, or
 * Approved with `rma/policy/auto_approve`, for the order's store, with one item per order line named.
 * The module saves whatever reason, resolution, condition and quantity it is given; this shop refuses
 * an unknown lookup, a line that is not the order's, and a quantity below 1, above what was ordered, or
 * above what earlier returns of the line leave (README.md, "Deviations"). Then `rma_created_after`.
 */
import { magentoDate, type Database } from '../db.ts';
import { returnableLines, type EligibleLine } from './eligibility.ts';
import { returnErrors } from './errors.ts';
import { returnCreated } from './events.ts';
import { findLookup, findLookupByCode, type LookupKind } from './lookups.ts';
import { orderLines, type ReturnOrder } from './orders.ts';
import { insertRma, insertRmaItem, type RmaRow } from './rmas.ts';
import type { ReturnsRuntime } from './runtime.ts';

export interface SelectedItem {
  readonly orderItemId: number;
  readonly qtyRequested: number;
  readonly conditionId: number | null;
}

export interface ReturnRequest {
  readonly order: ReturnOrder;
  readonly customerId: number | null;
  readonly customerEmail: string;
  readonly customerName: string;
  readonly reasonId: number;
  readonly resolutionTypeId: number;
  /** By order line: `ReturnInputTrait::buildSelectedItems()` keys them so, a line named twice keeps the last. */
  readonly items: ReadonlyMap<number, SelectedItem>;
}

function checkLookup(db: Database, kind: LookupKind, id: number, what: string): void {
  const row = findLookup(db, kind, id);
  if (!row || row.is_active !== 1) throw returnErrors.unknownLookup(what, id);
}

function checkItem(db: Database, order: ReturnOrder, item: SelectedItem, open: Map<number, EligibleLine>) {
  const line = orderLines(db, order.entity_id).find((l) => l.item_id === item.orderItemId);
  const eligible = open.get(item.orderItemId);
  if (
    !line ||
    line.parent_item_id !== null ||
    line.product_type === 'virtual' ||
    line.product_type === 'downloadable'
  )
    throw returnErrors.lineNotInOrder(item.orderItemId);
  if (item.qtyRequested < 1) throw returnErrors.qtyBelowOne(line.name);
  const ordered = Math.trunc(line.qty);
  if (item.qtyRequested > ordered) throw returnErrors.qtyAboveOrdered(line.name, ordered);
  if (!eligible) throw returnErrors.lineFullyReturned(line.name, ordered);
  if (item.qtyRequested > eligible.qtyAvailable)
    throw returnErrors.qtyAboveAvailable(line.name, eligible.qtyAvailable, eligible.qtyAlreadyRequested);
  if (item.conditionId !== null) checkLookup(db, 'item_condition', item.conditionId, 'Item condition');
}

/** Writes the return (checked, in one transaction), then sends its e-mails; answers the stored return. */
export async function submitReturn(
  db: Database,
  runtime: ReturnsRuntime,
  request: ReturnRequest,
): Promise<RmaRow> {
  const rma = db.transaction(() => {
    const code = runtime.settings.autoApprove ? 'approved' : 'new_request';
    const status = findLookupByCode(db, 'status', code);
    if (!status) throw returnErrors.noInitialStatus();
    checkLookup(db, 'reason', request.reasonId, 'Reason');
    checkLookup(db, 'resolution_type', request.resolutionTypeId, 'Resolution type');
    const open = new Map(returnableLines(db, request.order).map((line) => [line.line.item_id, line]));
    for (const item of request.items.values()) checkItem(db, request.order, item, open);
    const at = magentoDate(new Date(runtime.clock.now()));
    const row = insertRma(
      db,
      {
        orderId: request.order.entity_id,
        customerId: request.customerId,
        storeId: request.order.store_id,
        customerEmail: request.customerEmail,
        customerName: request.customerName,
        statusId: status.entity_id,
        reasonId: request.reasonId,
        resolutionTypeId: request.resolutionTypeId,
      },
      runtime.settings.incrementIdPrefix,
      at,
    );
    for (const item of request.items.values()) insertRmaItem(db, row.entity_id, item, at);
    return row;
  });
  await returnCreated(db, runtime, rma);
  return rma;
}
