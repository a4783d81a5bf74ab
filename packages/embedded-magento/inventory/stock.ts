/**
 * The stock a pickup order draws on. MSI reserves an order's quantities against the stock
 * (`inventory_reservation`) when it is placed and deducts them from a source only when it is shipped;
 * an in-store pickup order ships, from its pickup location, when it is notified ready
 * (NotifyOrdersAreReadyForPickup). Here the reservations are the pickup orders not yet shipped.
 */
import { z } from 'zod';
import { sqlNumber, type Database } from '../db.ts';

/** Orders in these states hold nothing back (GetActiveStorePickupOrdersBySource's `statesToFilter`). */
const INACTIVE_STATES = "('complete', 'closed', 'canceled')";

/** What an active pickup order still holds of each item: ordered less shipped, simple items only. */
const ACTIVE_PICKUP_ITEMS = `SELECT p.pickup_location_code AS source_code, i.sku, SUM(i.qty - i.qty_shipped) AS qty
  FROM order_pickup p JOIN orders o ON o.entity_id = p.order_id JOIN order_items i ON i.order_id = o.entity_id
  WHERE o.state NOT IN ${INACTIVE_STATES} AND i.product_type <> 'configurable' AND i.qty > i.qty_shipped`;

const heldRow = z.object({ source_code: z.string(), sku: z.string(), qty: sqlNumber });

/**
 * The quantity of active pickup orders per (source, sku), which MSI's GetSourceItemQtyAvailableService
 * takes from a source item's quantity (GetActiveStorePickupOrdersBySource); `skus` narrows it.
 */
export function activePickupQty(db: Database, skus?: readonly string[]): z.output<typeof heldRow>[] {
  const only = skus ? ` AND i.sku IN (${skus.map(() => '?').join(', ')})` : '';
  return db.all(
    heldRow,
    `${ACTIVE_PICKUP_ITEMS}${only} GROUP BY p.pickup_location_code, i.sku`,
    ...(skus ?? []),
  );
}

const salableRow = z.object({ qty: sqlNumber });

/**
 * (derived) A sku's salable quantity in the one stock for a pickup order: the default source's (the
 * product's own qty, when in stock) plus every enabled pickup location's in-stock quantity, less what
 * active pickup orders hold. A delivery order takes the product's qty at once, so it is already out of it.
 */
export function salableQty(db: Database, sku: string): number {
  const row = db.get(
    salableRow,
    `SELECT
       COALESCE((SELECT CASE WHEN is_in_stock = 1 THEN qty ELSE 0 END FROM products WHERE sku = ?), 0)
       + COALESCE((SELECT SUM(i.quantity) FROM inventory_source_items i
           JOIN inventory_sources s ON s.source_code = i.source_code
           WHERE i.sku = ? AND i.status = 1 AND s.enabled = 1 AND s.is_pickup_location_active = 1), 0)
       - COALESCE((SELECT SUM(qty) FROM (${ACTIVE_PICKUP_ITEMS} AND i.sku = ? GROUP BY p.pickup_location_code, i.sku)), 0)
       AS qty`,
    sku,
    sku,
    sku,
  );
  return row?.qty ?? 0;
}
