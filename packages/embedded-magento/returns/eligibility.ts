/**
 * Which orders and lines can be returned, as the module's `Service/OrderEligibility.php` decides: the
 * module is on, the order's status is one of `allowed_order_statuses`, the order was placed within the
 * return period, and at least one line still has a quantity no return has asked for yet. A line is a
 * visible one (not a configurable's child item), of a product that ships (not virtual or downloadable).
 */
import type { Database } from '../db.ts';
import { alreadyRequested } from './rmas.ts';
import { orderLines, type ReturnOrder, type ReturnOrderLine } from './orders.ts';
import type { ReturnSettings } from './settings.ts';

const DAY = 86_400_000;

export interface EligibleLine {
  readonly line: ReturnOrderLine;
  readonly qtyOrdered: number;
  readonly qtyAlreadyRequested: number;
  readonly qtyAvailable: number;
}

/** The order's lines a return may name, with what each still has to return (none left: not listed). */
export function returnableLines(db: Database, order: ReturnOrder): EligibleLine[] {
  const requested = alreadyRequested(db, order.entity_id);
  return orderLines(db, order.entity_id).flatMap((line) => {
    if (line.parent_item_id !== null) return [];
    if (line.product_type === 'virtual' || line.product_type === 'downloadable') return [];
    // The module reads the ordered quantity as an int.
    const qtyOrdered = Math.trunc(line.qty);
    const qtyAlreadyRequested = requested.get(line.item_id) ?? 0;
    const qtyAvailable = qtyOrdered - qtyAlreadyRequested;
    return qtyAvailable > 0 ? [{ line, qtyOrdered, qtyAlreadyRequested, qtyAvailable }] : [];
  });
}

/** The order was placed no earlier than `return_period` days before now (always, for a period ≤ 0). */
export function withinReturnPeriod(order: ReturnOrder, settings: ReturnSettings, now: number): boolean {
  if (settings.returnPeriodDays <= 0) return true;
  const placed = Date.parse(`${order.created_at.replace(' ', 'T')}Z`);
  return placed >= now - settings.returnPeriodDays * DAY;
}

export function isOrderEligible(
  db: Database,
  order: ReturnOrder,
  settings: ReturnSettings,
  now: number,
): boolean {
  if (!settings.enabled) return false;
  if (!settings.allowedOrderStatuses.includes(order.status)) return false;
  if (!withinReturnPeriod(order, settings, now)) return false;
  return returnableLines(db, order).length > 0;
}
