/**
 * The unit price a cart line is sold at (COMMERCE-BASICS §4.3): the product's price or, when lower, its
 * best tier price for the line's quantity and the quote's customer group. Worked out whenever a line's
 * quantity changes and whenever totals are collected, as Magento's subtotal collector calls
 * `Catalog\Model\Product\Type\Price::getFinalPrice($qty, $product)` on every `collectTotals()`; so a
 * guest's cart signed into takes the customer's group at once. A configurable line is priced by its
 * chosen child (tiers live on the children), with the line's quantity.
 */
import { z } from 'zod';
import { ALL_GROUPS } from '../catalog/product-extras.ts';
import { specialPriceNow } from '../catalog/special-price.ts';
import { sqlNumber, type Database } from '../db.ts';
import { roundMoney } from '../money.ts';
import type { ItemRow, QuoteRow } from './rows.ts';

/** The group a guest's quote is priced for. */
export const NOT_LOGGED_IN = 0;

const groupRow = z.object({ group_id: sqlNumber });

/** The quote's customer group: the customer's (General, 1, if the customer is gone), NOT LOGGED IN for a guest. */
export function customerGroupOf(db: Database, quote: Pick<QuoteRow, 'customer_id'>): number {
  if (quote.customer_id === null) return NOT_LOGGED_IN;
  return db.get(groupRow, 'SELECT group_id FROM customers WHERE id = ?', quote.customer_id)?.group_id ?? 1;
}

const tierRow = z.object({
  customer_group_id: sqlNumber,
  qty: sqlNumber,
  value: sqlNumber,
  percentage_value: sqlNumber.nullable(),
});
type Tier = z.output<typeof tierRow>;

/** A percentage tier is the product's price less the percentage; a fixed tier its value. */
const tierPrice = (tier: Tier, price: number): number =>
  tier.percentage_value === null ? tier.value : roundMoney(price * (1 - tier.percentage_value / 100));

/**
 * `Type\Price::getTierPrice($qty, $product)`, its loop as Magento writes it: from the product's price at
 * quantity 1, a tier of the group or of ALL GROUPS whose quantity the line reaches replaces the price
 * found so far when it is lower, never for a smaller quantity than the one already found, and an ALL GROUPS
 * tier never displaces the group's own tier at the same quantity. Website 0 (all) and 1 (the shop's).
 */
function bestTier(tiers: readonly Tier[], price: number, group: number, qty: number): number {
  let found = { price, qty: 1, group: ALL_GROUPS };
  for (const tier of tiers) {
    if (tier.customer_group_id !== group && tier.customer_group_id !== ALL_GROUPS) continue;
    if (qty < tier.qty) continue;
    if (tier.qty < found.qty) continue;
    if (tier.qty === found.qty && found.group !== ALL_GROUPS && tier.customer_group_id === ALL_GROUPS)
      continue;
    const candidate = tierPrice(tier, price);
    if (candidate < found.price) found = { price: candidate, qty: tier.qty, group: tier.customer_group_id };
  }
  return found.price;
}

const specialRow = z.object({
  special_price: z.union([z.string(), z.number(), z.null()]),
  special_from_date: z.string().nullable(),
  special_to_date: z.string().nullable(),
});

/** The product's special price if it applies now by the store's clock (catalog/special-price.ts). */
function specialNow(db: Database, productId: number): number | undefined {
  const row = db.get(
    specialRow,
    `SELECT json_extract(attributes, '$.special_price') AS special_price,
            json_extract(attributes, '$.special_from_date') AS special_from_date,
            json_extract(attributes, '$.special_to_date') AS special_to_date
     FROM products WHERE id = ?`,
    productId,
  );
  return row ? specialPriceNow(row, db.store) : undefined;
}

/**
 * The price one unit of `productId` (at `price`) sells for in a line of `qty` for `group`: the lowest of
 * the price, the best tier and the special price while it applies, never below 0 (`getBasePrice`, then
 * `max(0, …)`).
 */
export function unitPrice(
  db: Database,
  productId: number,
  price: number,
  group: number,
  qty: number,
): number {
  const tiers = db.all(
    tierRow,
    `SELECT customer_group_id, qty, value, percentage_value FROM tier_prices
     WHERE product_id = ? AND website_id IN (0, 1) ORDER BY qty, value_id`,
    productId,
  );
  const tiered = tiers.length === 0 ? price : bestTier(tiers, price, group, qty);
  const special = specialNow(db, productId);
  return Math.max(0, roundMoney(special === undefined ? tiered : Math.min(tiered, special)));
}

/**
 * A line's unit price now, for `group`: its sold product's (the line's sku: the product, or a
 * configurable's child, as `soldItems` joins it) for the line's quantity; the stored price if that product
 * is gone.
 */
export function linePrice(
  db: Database,
  line: Pick<ItemRow, 'qty' | 'price'> & { sold_id: number | null; sold_price: number | null },
  group: number,
): number {
  return line.sold_id === null || line.sold_price === null
    ? line.price
    : unitPrice(db, line.sold_id, line.sold_price, group, line.qty);
}
