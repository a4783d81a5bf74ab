/**
 * Paying on account in the browser (issue 38): whether Magento offers this customer its `purchaseorder`
 * method (only a signed-in Trade customer's cart has it), and placing the order with the purchase-order
 * number through the storefront server, which places it once. The order's number is kept in this tab
 * for the confirmation page, and the cart is forgotten as after a card payment.
 */
import { z } from '../../magento/wire/zod.ts';
import { $signedIn } from '../account/index.ts';
import { shopFetch } from '../../shop-api/shop-api.ts';
import { measurePurchase } from '../analytics/index.ts';
import { finishPaidOrder } from './checkout-state.ts';
import { placedPurchaseOrder, purchaseOrderPage } from '../purchase-orders/index.ts';
import { CHECKOUT_PATHS } from './checkout.ts';

export const PURCHASE_ORDER = 'purchaseorder';
/** This tab's order placed on account: its number and purchase-order number, for the confirmation. */
export const PLACED_KEY = 'placedOnAccount';
/** The code an order on account is kept under for GA4's `purchase` (a card payment's is its transaction's). */
export const ON_ACCOUNT_PURCHASE = 'on-account';

const methodsSchema = z.array(
  z.object({ code: z.string(), title: z.string().nullable().optional() }).loose(),
);
/** An order, or (a company that approves its orders, issue 68) a purchase order in its place. */
const placedSchema = z.union([
  z.object({ order: z.string() }),
  z.object({ purchaseOrder: placedPurchaseOrder }),
]);
export const placedRecord = z.object({ order: z.string(), poNumber: z.string() });
export type PlacedOnAccount = z.infer<typeof placedRecord>;

/** Whether Magento offers the signed-in customer's cart pay on account; false for a guest. */
export async function canPayOnAccount(): Promise<boolean> {
  if (!$signedIn.get()) return false;
  const methods = await shopFetch('/rest/V1/carts/mine/payment-methods', { schema: methodsSchema });
  return methods.some((method) => method.code === PURCHASE_ORDER);
}

/** This tab's order on account, for the confirmation page; the basket is forgotten, the purchase measured. */
async function placed(order: string, poNumber: string): Promise<void> {
  await measurePurchase(ON_ACCOUNT_PURCHASE, order);
  try {
    sessionStorage.setItem(PLACED_KEY, JSON.stringify({ order, poNumber } satisfies PlacedOnAccount));
  } catch {
    // storage unavailable: the confirmation then says the order is placed without its number
  }
}

/**
 * Places the cart on account; the page that says what happened: the order's confirmation, or the purchase
 * order waiting for approval (no order, so no purchase is measured yet). The basket is forgotten either way:
 * Magento has taken it.
 */
export async function placeOnAccount(poNumber: string): Promise<string> {
  const answer = await shopFetch('/checkout/on-account', {
    method: 'POST',
    body: { poNumber },
    schema: placedSchema,
  });
  finishPaidOrder();
  const order = 'order' in answer ? answer.order : answer.purchaseOrder.order;
  if (order !== null) {
    await placed(order, poNumber);
    return CHECKOUT_PATHS.placedOnAccount;
  }
  return 'purchaseOrder' in answer ? purchaseOrderPage(answer.purchaseOrder.uid, true) : CHECKOUT_PATHS.home;
}
