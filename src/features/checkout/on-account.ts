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

export const PURCHASE_ORDER = 'purchaseorder';
/** This tab's order placed on account: its number and purchase-order number, for the confirmation. */
export const PLACED_KEY = 'placedOnAccount';
/** The code an order on account is kept under for GA4's `purchase` (a card payment's is its transaction's). */
export const ON_ACCOUNT_PURCHASE = 'on-account';

const methodsSchema = z.array(
  z.object({ code: z.string(), title: z.string().nullable().optional() }).loose(),
);
const placedSchema = z.object({ order: z.string() });
export const placedRecord = z.object({ order: z.string(), poNumber: z.string() });
export type PlacedOnAccount = z.infer<typeof placedRecord>;

/** Whether Magento offers the signed-in customer's cart pay on account; false for a guest. */
export async function canPayOnAccount(): Promise<boolean> {
  if (!$signedIn.get()) return false;
  const methods = await shopFetch('/rest/V1/carts/mine/payment-methods', { schema: methodsSchema });
  return methods.some((method) => method.code === PURCHASE_ORDER);
}

/** Places the cart on account; the order's number. The basket is forgotten once it is placed. */
export async function placeOnAccount(poNumber: string): Promise<string> {
  const { order } = await shopFetch('/checkout/on-account', {
    method: 'POST',
    body: { poNumber },
    schema: placedSchema,
  });
  finishPaidOrder();
  await measurePurchase(ON_ACCOUNT_PURCHASE, order);
  try {
    sessionStorage.setItem(PLACED_KEY, JSON.stringify({ order, poNumber } satisfies PlacedOnAccount));
  } catch {
    // storage unavailable: the confirmation then says the order is placed without its number
  }
  return order;
}
