/**
 * GA4's basket and checkout events (docs/analytics.md): `view_cart` on the basket, `begin_checkout` and
 * `add_shipping_info` on the shipping step, `add_payment_info` and the order kept for its `purchase`
 * (purchase.ts) on the payment step. Their items are the cart's lines as Magento answers them, with what
 * each sku's facts file says of it (its kind as `item_category`, a child's values as `item_variant`:
 * cart-items.ts `factsAbout`, as the wish list reads them), so they name the product's category as the
 * catalogue's and the add's events do. Magento's cart has no category to give. A facts file that cannot
 * be had leaves its items without one: measuring never holds up the basket or the checkout.
 * A module of its own, so the cart's state (on every page, for the badge) does not bundle the facts reader.
 */
import { grandTotal, shippingLine, type Totals } from '../../magento/wire/shopper-totals.ts';
import { loadFacts } from '../product-data/index.ts';
import { cartLineItem, factsAbout, type CartLine } from './cart-items.ts';
import { pushEcommerce, type Ga4Item } from './ga4.ts';
import { keepPurchase } from './purchase.ts';

/** How long the items wait for their facts before going without them: paying waits for its event. */
const FACTS_WAIT_MS = 2_000;

/** The cart's lines as GA4 items, each with its product's kind and a child's chosen values. */
export async function cartItems(lines: readonly CartLine[]): Promise<Ga4Item[]> {
  const facts = await Promise.race([
    loadFacts(lines.map((line) => line.sku)),
    new Promise<[]>((resolve) => setTimeout(() => resolve([]), FACTS_WAIT_MS)),
  ]);
  return lines.map((line, index) => {
    const found = facts[index];
    return cartLineItem(line, line.qty, found?.status === 'found' ? factsAbout(found.facts) : {});
  });
}

/** The basket, loaded: `view_cart`. */
export async function measureViewCart(lines: readonly CartLine[]): Promise<void> {
  pushEcommerce('view_cart', { items: await cartItems(lines) });
}

/** The shipping step, loaded: `begin_checkout`; its items, for the step's `add_shipping_info`. */
export async function measureBeginCheckout(lines: readonly CartLine[]): Promise<Ga4Item[]> {
  const items = await cartItems(lines);
  pushEcommerce('begin_checkout', { items });
  return items;
}

/** Delivery confirmed: `add_shipping_info`, with the delivery's name as GA4's `shipping_tier`. */
export async function measureShippingInfo(items: Promise<Ga4Item[]>, tier: string): Promise<void> {
  pushEcommerce('add_shipping_info', { items: await items, shipping_tier: tier });
}

/**
 * Paying (by card, or on account): `add_payment_info`, and the order to be, as Magento's totals give it
 * (grand total, VAT, delivery incl VAT and code), kept under `code` (the card payment's, or the
 * on-account one) for its `purchase` (purchase.ts).
 */
export async function measurePayment(
  lines: Promise<Ga4Item[]>,
  totals: Totals,
  code: string,
  paymentType: string,
): Promise<void> {
  const items = await lines;
  pushEcommerce('add_payment_info', { items, payment_type: paymentType });
  const { tax_amount: tax, coupon_code: coupon } = totals;
  keepPurchase(code, {
    items,
    value: grandTotal(totals),
    shipping: shippingLine(totals).value,
    ...(typeof tax === 'number' ? { tax } : {}),
    ...(typeof coupon === 'string' && coupon ? { coupon } : {}),
  });
}
