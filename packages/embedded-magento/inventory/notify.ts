/**
 * `POST /V1/order/notify-orders-are-ready-for-pickup` (InventoryInStorePickupSales'
 * NotifyOrdersAreReadyForPickup): for each order, ship it from its pickup location unless a shipment
 * exists (CreateShippingDocument, refused by IsOrderReadyForPickup unless the order can ship and the
 * location holds each item's ordered quantity: IsFulfillable), deduct the shipped quantities from that
 * source (MSI's source deduction on shipment), add the history entry (AddStorePickupAttributesToOrder)
 * and send the "ready for pickup" e-mail (ReadyForPickupNotifier). A failure is that order's error entry;
 * the others go on. The answer is `ResultInterface`: `successful`, and `errors` as `[{id, message}]`.
 */
import { z } from 'zod';
import { escapeHtml } from '@cleaning-shop/kit/escape-html.ts';
import { magentoDate, sqlNumber, type Database } from '../db.ts';
import { MagentoError } from '../errors.ts';
import type { ReturnsRuntime } from '../returns/runtime.ts';
import type { StoreMail } from '../email/message.ts';
import { orderPickup, saveOrderNotification } from './order-pickup.ts';
import { canShip, hasShipment, orderShipItems, shipOrder, stateInProgress } from './shipments.ts';

const notifiedOrder = z.object({
  entity_id: sqlNumber,
  increment_id: z.string(),
  state: z.string(),
  status: z.string(),
  customer_email: z.string(),
  customer_firstname: z.string().nullable(),
  customer_lastname: z.string().nullable(),
  shipping_description: z.string(),
});
type NotifiedOrder = z.output<typeof notifiedOrder>;

const notReady = () => new MagentoError(400, 'The order is not ready for pickup');

/** IsFulfillable::isItemFulfillable for each simple item: the source's item in stock with the quantity ordered. */
function isFulfillable(db: Database, orderId: number, code: string): boolean {
  const quantity = z.object({ quantity: sqlNumber, status: sqlNumber, enabled: sqlNumber });
  return orderShipItems(db, orderId)
    .filter((item) => item.product_type !== 'configurable')
    .every((item) => {
      const held = db.get(
        quantity,
        `SELECT i.quantity, i.status, s.enabled FROM inventory_source_items i
           JOIN inventory_sources s ON s.source_code = i.source_code WHERE i.source_code = ? AND i.sku = ?`,
        code,
        item.sku,
      );
      return held !== undefined && held.quantity >= item.qty && held.status === 1 && held.enabled === 1;
    });
}

/** Source deduction on shipment: each shipped quantity off the source item, out of stock at 0. */
function deductSource(
  db: Database,
  code: string,
  shipped: readonly { sku: string; qty: number; qty_shipped: number }[],
) {
  for (const item of shipped)
    db.run(
      `UPDATE inventory_source_items SET quantity = quantity - ?,
         status = CASE WHEN quantity - ? <= 0 THEN 0 ELSE status END WHERE source_code = ? AND sku = ?`,
      item.qty - item.qty_shipped,
      item.qty - item.qty_shipped,
      code,
      item.sku,
    );
}

/**
 * CreateShippingDocument → ShipOrder with the pickup location as source: the order's state follows
 * (processing, or complete when it was invoiced in full).
 */
function shipFromPickupLocation(db: Database, order: NotifiedOrder, code: string): NotifiedOrder {
  const items = orderShipItems(db, order.entity_id);
  if (!canShip(order.state, items) || !isFulfillable(db, order.entity_id, code)) throw notReady();
  deductSource(db, code, shipOrder(db, order.entity_id, code));
  const after = stateInProgress(db, order.entity_id);
  // AddStorePickupAttributesToOrder: shipped but not invoiced, the order takes the complete state's status.
  const status = after.state === 'processing' ? 'complete' : after.status;
  db.run(
    'UPDATE orders SET state = ?, status = ?, updated_at = ? WHERE entity_id = ?',
    after.state,
    status,
    magentoDate(),
    order.entity_id,
  );
  return { ...order, state: after.state, status };
}

/** The order_ready_for_pickup template's words (InventoryInStorePickupSales/view/frontend/email). */
function readyMail(order: NotifiedOrder, runtime: ReturnsRuntime): StoreMail {
  const name = [order.customer_firstname, order.customer_lastname].filter(Boolean).join(' ');
  const store = runtime.store.name;
  const lines = [
    `${name},`,
    `Your order placed from ${store} is ready for pickup.`,
    `Your Order #${order.increment_id} is complete`,
    'Please feel free to pickup your order now.',
    `Shipping Method: ${order.shipping_description}`,
  ];
  return {
    to: { address: order.customer_email, name },
    subject: `Your ${store} order is ready for pickup`,
    text: lines.join('\n\n'),
    html: lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n'),
  };
}

/**
 * One order: the shipment if there is none yet, the history entry, the e-mail and the notification
 * flags (ReadyForPickupSender: `send_notification` is whether the e-mail is enabled, 1 by default;
 * `notification_sent` whether it went: here, whether a mail transport is configured).
 */
async function notifyOrder(db: Database, orderId: number, runtime: ReturnsRuntime, sends: boolean) {
  const order = db.transaction(() => {
    const found = db.get(notifiedOrder, 'SELECT * FROM orders WHERE entity_id = ?', orderId);
    if (!found)
      throw new MagentoError(
        404,
        "The entity that was requested doesn't exist. Verify the entity and try again.",
      );
    const pickup = orderPickup(db, orderId);
    // (derived) Magento would ship a delivery order too; its e-mail would then name no location.
    if (!pickup) throw notReady();
    const shipped = hasShipment(db, orderId)
      ? found
      : shipFromPickupLocation(db, found, pickup.pickup_location_code);
    const at = magentoDate();
    db.run(
      `INSERT INTO order_status_history (parent_id, status, comment, is_customer_notified, is_visible_on_front, entity_name, created_at)
       VALUES (?, ?, ?, ?, 1, 'order', ?)`,
      orderId,
      shipped.status,
      `Order notified for pickup at: ${at}`,
      sends ? 1 : 0,
      at,
    );
    saveOrderNotification(db, orderId, 1, sends ? 1 : 0);
    return shipped;
  });
  if (sends) await runtime.mailer.send(readyMail(order, runtime));
}

/** `execute(int[] $orderIds)`: every order tried, each failure its `{id, message}` (the message rendered). */
export async function notifyOrdersAreReadyForPickup(
  db: Database,
  orderIds: readonly number[],
  runtime: ReturnsRuntime,
  sends: boolean,
) {
  const failures: { id: string; message: string }[] = [];
  for (const orderId of orderIds) {
    try {
      await notifyOrder(db, orderId, runtime, sends);
    } catch (error) {
      const message =
        error instanceof MagentoError ? error.message : "We can't notify the customer right now.";
      failures.push({ id: String(orderId), message });
    }
  }
  return { successful: failures.length === 0, errors: failures };
}
