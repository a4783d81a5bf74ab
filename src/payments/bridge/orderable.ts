/**
 * Whether a payment's order can still be placed: everything Magento would refuse at placing that the shop
 * can see beforehand. Asked before the shopper is sent to pay, again by a provider that takes the money
 * in a step of its own (PayPal's capture) just before it takes it, and by `place` before placing. The
 * basket as paid (its lines and amount, read by quote id with the integration token, as the shopper's
 * token may have expired), the features' checks (checks.ts: click & collect's point, address and shelf),
 * and the stock of what is to be delivered. What can still change between the last check and Magento's
 * answer is given back by the provider (`give-back.ts`).
 */
import { refusalOf } from '../checks.ts';
import { MagentoApiError } from '../../magento/client.ts';
import { cartLinesKey, type CheckoutCart, type CheckoutLine, type StockItem } from '../magento-checkout.ts';
import type { PaymentRecord } from '../payment-records.ts';
import type { NotOrderable } from '../provider.ts';
import { basketProblem, pence } from './basket.ts';
import { describe, type BridgeDeps } from './deps.ts';

export type { NotOrderable } from '../provider.ts';

const notOrderable = (reason: 'changed' | 'stock', detail: string): NotOrderable => ({ reason, detail });

/** A product's stock item; a product Magento no longer has is none left. */
async function stockOf(deps: BridgeDeps, sku: string): Promise<StockItem | undefined> {
  try {
    return await deps.magento.stockOf(sku);
  } catch (error) {
    if (error instanceof MagentoApiError && error.status === 404) return { inStock: false, qty: 0 };
    throw error;
  }
}

/** The lines to be delivered that Magento's stock cannot fill, named for the log; [] when all can be. */
export async function shortLines(deps: BridgeDeps, lines: readonly CheckoutLine[]): Promise<string[]> {
  const short = await Promise.all(
    lines.map(async (line) => {
      const stock = await stockOf(deps, line.sku);
      const fills = !stock || (stock.inStock && (stock.qty === undefined || stock.qty >= line.qty));
      return fills ? [] : [`${line.sku} (${line.qty} wanted, ${stock.inStock ? (stock.qty ?? 0) : 0} left)`];
    }),
  );
  return short.flat();
}

/** Why the cart no longer is the basket `record` paid for, or undefined when it still is. */
function cartMismatch(record: PaymentRecord, cart: CheckoutCart): NotOrderable | undefined {
  if (cart.id !== record.cartId)
    return notOrderable('changed', `another cart (${cart.id}, expected ${record.cartId})`);
  if (cartLinesKey(cart.lines) !== record.cartLines)
    return notOrderable('changed', 'the cart changed after Pay');
  if (pence(cart.amount) !== record.amountPence)
    return notOrderable(
      'changed',
      `the amount changed (${pence(cart.amount)} pence, paid ${record.amountPence})`,
    );
  return undefined;
}

/**
 * The cart of `record`, read by quote id, while it is still the basket paid for and adds up; else why
 * not. A cart that cannot be read is a reason too: nothing is taken on a basket nobody can see.
 */
export async function cartAsPaid(
  deps: BridgeDeps,
  record: PaymentRecord,
): Promise<CheckoutCart | NotOrderable> {
  let cart: CheckoutCart;
  try {
    cart = await deps.magento.readCart({ kind: 'quote', cartId: record.cartId });
  } catch (error) {
    return notOrderable('changed', `the cart cannot be read (${describe(error)})`);
  }
  const problem = basketProblem(cart);
  return cartMismatch(record, cart) ?? (problem ? notOrderable('changed', problem) : cart);
}

/**
 * Why a cart as paid cannot be ordered now: a check refuses it, or a line to be delivered is out of
 * stock (a cart to collect is the collection's check's to look at). Safe to ask twice for one cart.
 */
async function shelfProblem(deps: BridgeDeps, cart: CheckoutCart): Promise<NotOrderable | undefined> {
  const refusal = await refusalOf(deps.checks, cart);
  if (refusal) return { reason: 'refused', check: refusal.check, detail: refusal.detail };
  if (cart.pickupPoint) return undefined;
  const short = await shortLines(deps, cart.lines);
  return short.length > 0 ? notOrderable('stock', `out of stock: ${short.join(', ')}`) : undefined;
}

/** Why `record`'s order cannot be placed now, or undefined when it can. */
export async function orderable(deps: BridgeDeps, record: PaymentRecord): Promise<NotOrderable | undefined> {
  const paid = await cartAsPaid(deps, record);
  return 'reason' in paid ? paid : shelfProblem(deps, paid);
}
