/**
 * Collecting a quote's totals (`Quote\TotalsCollector::collect`): the subtotal of its lines (each priced for
 * its quantity and the quote's customer group, so a tier reached counts at once), the cart price
 * rules' discounts (and free shipping) for the code it carries, the rates the carriers give its shipping
 * address, the chosen method's price, the VAT in the lines and the delivery (tax.ts: the prices include
 * it, so the grand total does too), the grand total. Everything is worked out afresh from the lines,
 * the rules and the carriers each time, as Magento does on every `collectTotals()`; a code that no longer
 * applies comes out dropped (`_validateCouponCode`), which a cart write then keeps (`saveCollected`).
 */
import { quoteAddress, type AddressData } from '../carts/addresses.ts';
import { formattedOptions, parseOptions } from '../carts/configurable.ts';
import { repriceItems, soldItems } from '../carts/items.ts';
import { customerGroupOf, linePrices } from '../carts/pricing.ts';
import { itemRow, quoteRow, type ItemRow, type QuoteRow } from '../carts/rows.ts';
import { z } from 'zod';
import type { Database } from '../db.ts';
import { lineTotal, roundMoney } from '../money.ts';
import { applyRules } from '../sales-rules/discount.ts';
import { storeLabel } from '../sales-rules/rules.ts';
import { rulesForCart, type CartParty } from '../sales-rules/validator.ts';
import { storeNow, storeToday, WEBSITE_ID, type StoreSettings } from '../store-view.ts';
import { rateOfTaxClass, rowTax, taxTotals, type RowTax, type Taxed } from '../tax.ts';
import { isAnyPickupLocationAvailable } from '../inventory/pickup-locations.ts';
import { collectRates, rateCode, type Rate } from './carriers.ts';
import type { CheckoutSettings } from './settings.ts';

/** What to collect for instead of what the quote holds (estimates, previews, applying a code). */
export interface CollectOptions {
  /** The shipping address to price delivery to. */
  readonly shippingAddress?: AddressData;
  /** The method (`carrier_method`) to price. */
  readonly shippingMethod?: string | null;
  /** The code to try. */
  readonly couponCode?: string | null;
  /** The moment the rules' days are compared with (now by the store's clock). */
  readonly now?: Date;
}

export interface CollectedLine extends ItemRow {
  /**
   * The product sold, whose stock the line takes: the line's own, or a configurable's chosen child
   * (undefined once it is gone from the catalogue).
   */
  readonly sold: { readonly id: number; readonly name: string } | undefined;
  /** The totals item's `options`: the chosen options' labels, JSON-encoded ("[]" for none). */
  readonly options: string;
  readonly rowTotal: number;
  /** Positive, as an item's `discount_amount` is. */
  readonly discountAmount: number;
  readonly discountPercent: number;
  /** The row's VAT, and its amounts excl VAT (tax.ts). */
  readonly tax: RowTax;
}

export interface Collected {
  readonly lines: readonly CollectedLine[];
  readonly itemsQty: number;
  /**
   * Σ the rows at their prices incl VAT, as the subtotal collector adds them before the tax collector
   * takes the VAT out (what the rules and the carriers compare with); the totals' `subtotal` is
   * `tax.subtotal`, excl VAT.
   */
  readonly subtotal: number;
  /** Σ the lines' discounts (positive). */
  readonly discountAmount: number;
  readonly discountDescription: string;
  readonly appliedRuleIds: readonly number[];
  /** The code the collection leaves on the quote: the coupon's own spelling, '' once dropped, null for none. */
  readonly couponCode: string | null;
  /** The applied coupon's rule's label (`coupon_label`). */
  readonly couponLabel: string | undefined;
  /** The applied coupon's id, for counting its use. */
  readonly couponId: number | undefined;
  /** Every rate for the shipping address ([] without a country). */
  readonly rates: readonly Rate[];
  /** The chosen method, as the quote holds it. */
  readonly shippingMethod: string | null;
  /** The chosen method's rate, if the carriers still give it. */
  readonly shippingRate: Rate | undefined;
  /** The chosen rate's price, incl VAT (the totals' `shipping_amount` is `tax.shipping.amount`, excl). */
  readonly shippingAmount: number;
  /** What the shopper pays: the rows and delivery incl VAT, less the discount. */
  readonly grandTotal: number;
  /** The VAT in the rows and the delivery (tax.ts); the grand total includes it already. */
  readonly tax: Taxed;
  /** Σ product weight × qty, kg. */
  readonly weight: number;
}

/** The lines priced as the subtotal collector prices them (`getFinalPrice($qty)`, {@link linePrices}). */
function pricedItems(db: Database, store: StoreSettings, quoteId: number, group: number) {
  const lines = soldItems(db, quoteId);
  const prices = linePrices(db, store, lines, group);
  return lines.map((line, index) => ({ ...line, price: prices[index] ?? line.price }));
}

const taxClassRow = z.object({ tax_class_id: z.unknown() });

/** The rate a line's product is taxed at, by its `tax_class_id` (a configurable's own, as its line's). */
const rateOf = (db: Database, productId: number): number =>
  rateOfTaxClass(
    db.get(
      taxClassRow,
      "SELECT json_extract(attributes, '$.tax_class_id') AS tax_class_id FROM products WHERE id = ?",
      productId,
    )?.tax_class_id,
  );

/**
 * Whether a pickup location carries every line's sku (a configurable's line names its chosen child's), asked
 * only when the in-store carrier is active (`InStorePickup::collectRates` returns first otherwise).
 */
const pickupAvailable = (db: Database, settings: CheckoutSettings, items: readonly { sku: string }[]) =>
  Object.values(settings.carriers).some((carrier) => carrier.model === 'instore' && carrier.active) &&
  isAnyPickupLocationAvailable(
    db,
    items.map((line) => line.sku),
  );

/** What `_validateCouponCode` leaves: no code stays none, a code that applied stays, any other is ''. */
const keptCode = (asked: string | null, applied: string | null): string | null =>
  asked === null ? null : (applied ?? '');

export function collectTotals(
  db: Database,
  quote: QuoteRow,
  settings: CheckoutSettings,
  options: CollectOptions = {},
): Collected {
  const party: CartParty = {
    websiteId: WEBSITE_ID,
    customerGroupId: customerGroupOf(db, quote),
    customerId: quote.customer_id,
  };
  const items = pricedItems(db, settings, quote.id, party.customerGroupId);
  const itemsQty = items.reduce((sum, line) => sum + line.qty, 0);
  const subtotal = roundMoney(items.reduce((sum, line) => sum + lineTotal(line.price, line.qty), 0));
  const weight = items.reduce((sum, line) => sum + line.weight * line.qty, 0);

  const asked = options.couponCode !== undefined ? options.couponCode : quote.coupon_code;
  const today = storeToday(settings.timezone, options.now ?? storeNow(settings));
  const { rules, coupon } = rulesForCart(db, party, asked || null, today);
  const couponCode = asked ? (coupon?.code ?? asked) : null;
  const discount = applyRules(
    rules,
    items.map((line) => ({ itemId: line.item_id, price: line.price, qty: line.qty })),
    { base_subtotal: subtotal, total_qty: itemsQty, weight },
    { couponCode, storeId: quote.store_id },
  );
  const couponRule = discount.couponApplied ? rules.find((rule) => rule.id === coupon?.rule_id) : undefined;

  const address = options.shippingAddress ?? quoteAddress(db, quote.id, 'shipping').data;
  const country = typeof address['country_id'] === 'string' ? address['country_id'].toUpperCase() : '';
  const rates =
    items.length === 0 || country === ''
      ? []
      : collectRates(settings.carriers, {
          countryId: country,
          packageWeight: weight,
          packageQty: itemsQty,
          packageValueWithDiscount: roundMoney(subtotal - discount.amount),
          freeShipping: discount.freeShipping,
          pickupAvailable: pickupAvailable(db, settings, items),
        });
  const shippingMethod =
    options.shippingMethod !== undefined ? options.shippingMethod : quote.shipping_method;
  const shippingRate = shippingMethod ? rates.find((rate) => rateCode(rate) === shippingMethod) : undefined;
  const shippingAmount = shippingRate?.price ?? 0;

  const lines = items.map((line): CollectedLine => {
    const off = discount.lines.get(line.item_id);
    const discountAmount = off?.amount ?? 0;
    return {
      ...itemRow.parse(line),
      sold: line.sold_id === null ? undefined : { id: line.sold_id, name: line.sold_name ?? line.name },
      options:
        line.product_option === null
          ? '[]'
          : formattedOptions(db, line.product_id, parseOptions(line.product_option)),
      rowTotal: lineTotal(line.price, line.qty),
      discountAmount,
      discountPercent: off?.percent ?? 0,
      tax: rowTax(line.price, line.qty, discountAmount, rateOf(db, line.product_id)),
    };
  });

  return {
    lines,
    itemsQty,
    subtotal,
    discountAmount: discount.amount,
    discountDescription: discount.description,
    appliedRuleIds: discount.appliedRuleIds,
    couponCode: keptCode(asked, couponRule ? couponCode : null),
    couponLabel: couponRule ? storeLabel(couponRule, quote.store_id) : undefined,
    couponId: couponRule ? coupon?.coupon_id : undefined,
    rates,
    shippingMethod,
    shippingRate,
    shippingAmount,
    grandTotal: roundMoney(subtotal - discount.amount + shippingAmount),
    tax: taxTotals(
      lines.map((line) => line.tax),
      shippingAmount,
    ),
    weight,
  };
}

/** The quote as it now stands in the database. */
export const currentQuote = (db: Database, quoteId: number): QuoteRow | undefined =>
  db.get(quoteRow, 'SELECT * FROM quotes WHERE id = ?', quoteId);

/**
 * A cart write's `collectTotals()->save()`: each line keeps the price the collection gives it, and the
 * code a fresh collection no longer applies is dropped from the quote ('' as `_validateCouponCode` leaves
 * it). Runs inside the write's transaction.
 */
export function saveCollected(db: Database, quoteId: number, settings: CheckoutSettings): void {
  const quote = currentQuote(db, quoteId);
  if (!quote) return;
  repriceItems(db, quote, settings);
  if (!quote.coupon_code) return;
  const collected = collectTotals(db, quote, settings);
  if (collected.couponCode !== quote.coupon_code)
    db.run('UPDATE quotes SET coupon_code = ? WHERE id = ?', collected.couponCode, quote.id);
}
