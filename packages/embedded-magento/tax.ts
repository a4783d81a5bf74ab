/**
 * Magento's tax calculation as this shop configures it: UK VAT at 20 % on Taxable Goods (`tax_class_id`
 * 2), catalogue prices and delivery prices including it (`tax/calculation/price_includes_tax` and
 * `shipping_includes_tax` 1, delivery taxed as Taxable Goods: `tax/classes/shipping_tax_class` 2), worked
 * out per row (`tax/calculation/algorithm` ROW_BASE_CALCULATION), after discount, the discount taken from
 * prices including VAT (`apply_after_discount` and `discount_tax` 1). A product of tax class None (0) has
 * no VAT. The cart's totals and the order placed from them both take their VAT from here, and the order's
 * invoices take the order's, so the three agree to the penny.
 */
import { phpRoundMoney, roundMoney } from './money.ts';

/** The UK standard rate, percent. */
export const VAT_RATE = 20;
/** Magento's product tax class Taxable Goods, the default of `tax_class_id`; None is 0. */
const TAXABLE_GOODS = '2';

/** The rate a product's `tax_class_id` (as its attributes keep it, a string) is taxed at. */
export const rateOfTaxClass = (taxClassId: unknown): number =>
  taxClassId === undefined || taxClassId === null || String(taxClassId) === TAXABLE_GOODS ? VAT_RATE : 0;

/** `Calculation::calcTaxAmount($amount, $rate, true)`: the tax inside an amount that includes it, rounded. */
export const taxIn = (amountInclTax: number, rate: number): number =>
  phpRoundMoney(amountInclTax * (1 - 1 / (1 + rate / 100)));

/** One row as Magento's tax collector leaves it on a quote item and the order item made from it. */
export interface RowTax {
  /** Unit price excl tax, rounded (`price`). */
  readonly price: number;
  readonly priceInclTax: number;
  /** Row total excl tax, before discount (`row_total`). */
  readonly rowTotal: number;
  readonly rowTotalInclTax: number;
  /** The row's tax after discount (`tax_amount`). */
  readonly taxAmount: number;
  readonly taxPercent: number;
  /** The tax the discount took off the price incl tax (`discount_tax_compensation_amount`). */
  readonly discountTaxCompensation: number;
}

/**
 * `RowBaseCalculator::calculateWithTaxInPrice()`: the row incl tax, its tax before discount taken out for
 * the row excl tax, then the tax on what is left after the discount (incl tax), the difference being the
 * discount's tax compensation. So row excl + tax + compensation − discount is the row incl less discount.
 */
export function rowTax(priceInclTax: number, qty: number, discount: number, rate: number): RowTax {
  const rowTotalInclTax = roundMoney(priceInclTax * qty);
  const taxBeforeDiscount = taxIn(rowTotalInclTax, rate);
  const rowTotal = roundMoney(rowTotalInclTax - taxBeforeDiscount);
  const taxAmount = taxIn(Math.max(rowTotalInclTax - discount, 0), rate);
  return {
    price: phpRoundMoney(rowTotal / qty),
    priceInclTax,
    rowTotal,
    rowTotalInclTax,
    taxAmount,
    taxPercent: rate,
    discountTaxCompensation: roundMoney(taxBeforeDiscount - taxAmount),
  };
}

/** Delivery as the tax collector leaves it (a price incl tax, taxed as Taxable Goods). */
export interface ShippingTax {
  readonly amount: number;
  readonly inclTax: number;
  readonly taxAmount: number;
}

export function shippingTax(inclTax: number): ShippingTax {
  const taxAmount = taxIn(inclTax, VAT_RATE);
  return { amount: roundMoney(inclTax - taxAmount), inclTax, taxAmount };
}

/** A collection's tax: its rows', its delivery's, and the sums Magento keeps on the quote and the order. */
export interface Taxed {
  readonly rows: readonly RowTax[];
  readonly shipping: ShippingTax;
  readonly subtotal: number;
  readonly subtotalInclTax: number;
  /** Rows' and delivery's tax. */
  readonly taxAmount: number;
  readonly discountTaxCompensation: number;
}

/** The rows' and the delivery's tax summed as the quote and the order keep them. */
export function taxTotals(rows: readonly RowTax[], shippingInclTax: number): Taxed {
  const shipping = shippingTax(shippingInclTax);
  const sum = (amount: (row: RowTax) => number) =>
    roundMoney(rows.reduce((total, row) => total + amount(row), 0));
  return {
    rows,
    shipping,
    subtotal: sum((row) => row.rowTotal),
    subtotalInclTax: sum((row) => row.rowTotalInclTax),
    taxAmount: roundMoney(sum((row) => row.taxAmount) + shipping.taxAmount),
    discountTaxCompensation: sum((row) => row.discountTaxCompensation),
  };
}
