/**
 * InventoryInStorePickupSales' order attributes: the pickup location an order is collected from
 * (`inventory_pickup_location_order`, SavePickupLocationForOrderPlugin) and its ready-for-pickup
 * notification flags (`inventory_order_notification`: `send_notification`, `notification_sent`), which
 * GetPickupLocationForOrderPlugin puts in the order's extension attributes.
 */
import { z } from 'zod';
import { sqlNumber, type Database } from '../db.ts';

const orderPickupRow = z.object({
  pickup_location_code: z.string(),
  send_notification: sqlNumber.nullable(),
  notification_sent: sqlNumber.nullable(),
});
export type OrderPickup = z.output<typeof orderPickupRow>;

/** SetPickupLocationToOrder and SavePickupLocationForOrderPlugin: the order keeps the quote's code. */
export function savePickupLocation(db: Database, orderId: number, code: string): void {
  db.run('INSERT INTO order_pickup (order_id, pickup_location_code) VALUES (?, ?)', orderId, code);
}

export const orderPickup = (db: Database, orderId: number): OrderPickup | undefined =>
  db.get(orderPickupRow, 'SELECT * FROM order_pickup WHERE order_id = ?', orderId);

/** SaveOrderNotification. */
export function saveOrderNotification(db: Database, orderId: number, send: number, sent: number): void {
  db.run(
    'UPDATE order_pickup SET send_notification = ?, notification_sent = ? WHERE order_id = ?',
    send,
    sent,
    orderId,
  );
}

/** The order's extension attributes for pickup, in OrderExtensionInterface's order; nothing for a delivery. */
export function pickupExtension(pickup: OrderPickup | undefined) {
  if (!pickup) return {};
  return {
    pickup_location_code: pickup.pickup_location_code,
    ...(pickup.notification_sent === null ? {} : { notification_sent: pickup.notification_sent }),
    ...(pickup.send_notification === null ? {} : { send_notification: pickup.send_notification }),
  };
}
