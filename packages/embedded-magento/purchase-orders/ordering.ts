/**
 * Placing the order of an approved purchase order (Magento_PurchaseOrder's `PlaceOrder`): the checkout's
 * own `placeOrder` (`../checkout/place-order.ts`) on the purchase order's cart with the payment it was
 * placed with, then the order linked both ways and to the company (`company_order_entity`). The order is
 * not invoiced here, exactly as an order placed on account at the checkout is not: the merchant invoices
 * it (`POST /V1/order/:id/invoice`) when the company is billed.
 */
import { z } from 'zod';
import { quoteById } from '../carts/carts.ts';
import { b2bMayUse } from '../carts/company-payment.ts';
import { storedPayment } from '../carts/payment.ts';
import { placeOrder } from '../checkout/place-order.ts';
import type { CheckoutSettings } from '../checkout/settings.ts';
import type { Database } from '../db.ts';
import { MagentoError, renderPhrase } from '../errors.ts';
import { log, moveStatus, STATUS, type PurchaseOrderRow, type Status } from './store.ts';

const orderRow = z.object({ increment_id: z.string() });
const companyRow = z.object({ company_name: z.string() });

/**
 * An order placed, or why not: the checkout's refusal (a validation error, which Magento's resolvers word
 * after "Unable to place order: ") or, `unworded`, one they answer with their catch-all.
 */
export type Placed =
  | { readonly orderId: number; readonly incrementId: string }
  | { readonly failed: string; readonly unworded: boolean };

/** `Quote\Payment::importData`'s refusal, which B2B's company check gives too. */
const NOT_AVAILABLE = 'The requested Payment Method is not available.';

/**
 * Claims the purchase order (its status must still be one of `from`, and it has no order) and places its
 * order, in the caller's transaction. A refusal of the checkout's (stock gone, delivery no longer offered),
 * or a payment method the company may no longer pay with (`../carts/company-payment.ts`: a purchase order
 * paid by Check / Money order from before that check never becomes an order with nothing paid), leaves it
 * ORDER_FAILED with the reason in its history; undefined when the claim failed (another request placed it).
 */
export function placeOrderOf(
  db: Database,
  po: PurchaseOrderRow,
  from: readonly Status[],
  settings: CheckoutSettings,
  actorId: number | null,
): Placed | undefined {
  if (po.order_id !== null || !moveStatus(db, po.entity_id, from, STATUS.orderInProgress)) return undefined;
  const quote = quoteById(db, po.quote_id, false);
  const payment = storedPayment(db, quote.id);
  const method = payment?.method ?? po.payment_method;
  if (!b2bMayUse(settings, method)) return failed(db, po, NOT_AVAILABLE, true, actorId);
  try {
    const orderId = placeOrder(
      db,
      quote,
      {
        paymentMethod: {
          method,
          po_number: payment?.po_number ?? null,
        },
      },
      settings,
    );
    const incrementId =
      db.get(orderRow, 'SELECT increment_id FROM orders WHERE entity_id = ?', orderId)?.increment_id ?? '';
    moveStatus(db, po.entity_id, [STATUS.orderInProgress], STATUS.orderPlaced, {
      order_id: orderId,
      order_increment_id: incrementId,
    });
    const company = db.get(companyRow, 'SELECT company_name FROM company WHERE entity_id = ?', po.company_id);
    db.run(
      'INSERT OR IGNORE INTO company_order_entity (order_id, company_id, company_name) VALUES (?, ?, ?)',
      orderId,
      po.company_id,
      company?.company_name ?? '',
    );
    log(
      db,
      po.entity_id,
      'place_order',
      { increment_id: po.increment_id, order_increment_id: incrementId },
      actorId,
    );
    return { orderId, incrementId };
  } catch (error) {
    if (!(error instanceof MagentoError)) throw error;
    return failed(db, po, renderPhrase(error.message, error.parameters), false, actorId);
  }
}

/** The purchase order left ORDER_FAILED with the reason in its history. */
function failed(
  db: Database,
  po: PurchaseOrderRow,
  reason: string,
  unworded: boolean,
  actorId: number | null,
): Placed {
  moveStatus(db, po.entity_id, [STATUS.orderInProgress], STATUS.orderFailed);
  log(
    db,
    po.entity_id,
    'place_order_fail',
    { increment_id: po.increment_id, error_message: reason },
    actorId,
  );
  return { failed: reason, unworded };
}
