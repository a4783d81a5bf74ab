/**
 * The two basket fields, checked the way the gateway refuses them. The classic colon basket (§1.4): `lines:desc:qty:unitNet:unitTax:unitGross:lineGross:…`. Checked the way
 * the gateway refuses it: 3021 when it cannot be read, 3195 when a line's own figures or the line totals
 * do not add up to the Amount. `---` (or nothing) marks an unused column, as osCommerce sends for delivery.
 */
import { REFUSALS, type Refusal } from './codes.ts';

const MONEY = /^-?\d{1,6}(\.\d{1,2})?$/;
const QUANTITY = /^\d{1,7}$/;
const COLUMNS = 6;

/** Pence, or undefined for an unused column; NaN for a value that is neither. */
function pence(value: string): number | undefined {
  if (value === '' || value === '---') return undefined;
  return MONEY.test(value) ? Math.round(Number(value) * 100) : Number.NaN;
}

export function checkBasket(basket: string, amountPence: number): Refusal | undefined {
  const parts = basket.split(':');
  const count = Number(parts[0]);
  if (!/^\d{1,4}$/.test(parts[0] ?? '') || count < 1 || parts.length !== 1 + count * COLUMNS) {
    return REFUSALS.basketFormat;
  }
  let total = 0;
  for (let line = 0; line < count; line++) {
    const [, qty = '', net = '', tax = '', gross = '', lineGross = ''] = parts.slice(
      1 + line * COLUMNS,
      1 + (line + 1) * COLUMNS,
    );
    const quantity = qty === '' || qty === '---' ? undefined : QUANTITY.test(qty) ? Number(qty) : Number.NaN;
    const [unitNet, unitTax, unitGross, lineTotal] = [net, tax, gross, lineGross].map(pence);
    const figures = [quantity, unitNet, unitTax, unitGross, lineTotal];
    if (figures.some((value) => Number.isNaN(value)) || lineTotal === undefined) return REFUSALS.basketFormat;
    if (unitNet !== undefined && unitTax !== undefined && unitGross !== undefined) {
      if (unitNet + unitTax !== unitGross) return REFUSALS.basketSums;
    }
    if (quantity !== undefined && unitGross !== undefined && quantity * unitGross !== lineTotal) {
      return REFUSALS.basketSums;
    }
    total += lineTotal;
  }
  return total === amountPence ? undefined : REFUSALS.basketSums;
}

const ITEM = /<item>([\s\S]*?)<\/item>/g;
const ITEM_FIELDS = [
  'quantity',
  'unitNetAmount',
  'unitTaxAmount',
  'unitGrossAmount',
  'totalGrossAmount',
] as const;

const tag = (xml: string, name: string): string | undefined =>
  new RegExp(`<${name}>([^<]*)</${name}>`).exec(xml)?.[1];

const DISCOUNTS = /<discounts>([\s\S]*?)<\/discounts>/g;
const DISCOUNT = /<discount>([\s\S]*?)<\/discount>/g;
const AMOUNT = /^\d{1,6}(\.\d{1,2})?$/;

/**
 * The pence the basket's `<discounts>` take off (0 without any), or undefined when they cannot be read:
 * more than one `<discounts>`, one without a `<discount>`, or a `<discount>` whose `<fixed>` is missing or
 * not an amount of money off (a negative one included: a discount adds nothing).
 */
function discountsPence(xml: string): number | undefined {
  const blocks = [...xml.matchAll(DISCOUNTS)].map((match) => match[1] ?? '');
  if (blocks.length > 1) return undefined;
  if (blocks[0] === undefined) return 0;
  const discounts = [...blocks[0].matchAll(DISCOUNT)].map((match) => match[1] ?? '');
  if (discounts.length === 0) return undefined;
  let total = 0;
  for (const discount of discounts) {
    const fixed = tag(discount, 'fixed');
    if (fixed === undefined || !AMOUNT.test(fixed)) return undefined;
    total += Math.round(Number(fixed) * 100);
  }
  return total;
}

/**
 * BasketXML (table 1.3): `<basket>` of `<item>`s with description, quantity and the four amounts, then an
 * optional `<deliveryGrossAmount>`, then optional `<discounts>` of `<discount>`s with `<fixed>` (pounds
 * off) and a description. 3021 when it cannot be read, 3195 when an item's figures or the total (items
 * plus delivery less discounts, as contracts/payment §1.4 adds it) do not make the Amount.
 */
export function checkBasketXml(xml: string, amountPence: number): Refusal | undefined {
  if (!/^<basket>[\s\S]*<\/basket>$/.test(xml)) return REFUSALS.basketFormat;
  const items = [...xml.matchAll(ITEM)].map((match) => match[1] ?? '');
  if (items.length === 0) return REFUSALS.basketFormat;
  let total = 0;
  for (const item of items) {
    const [quantity = '', ...amounts] = ITEM_FIELDS.map((name) => tag(item, name) ?? '');
    const [unitNet, unitTax, unitGross, lineTotal] = amounts.map(pence);
    if (tag(item, 'description') === undefined || !QUANTITY.test(quantity)) return REFUSALS.basketFormat;
    if (
      unitNet === undefined ||
      unitTax === undefined ||
      unitGross === undefined ||
      lineTotal === undefined ||
      [unitNet, unitTax, unitGross, lineTotal].some(Number.isNaN)
    )
      return REFUSALS.basketFormat;
    if (unitNet + unitTax !== unitGross || Number(quantity) * unitGross !== lineTotal)
      return REFUSALS.basketSums;
    total += lineTotal;
  }
  const rest = xml.replace(ITEM, '').replace(DISCOUNTS, '');
  const delivery = tag(rest, 'deliveryGrossAmount');
  const deliveryPence = delivery === undefined ? 0 : pence(delivery);
  if (deliveryPence === undefined || Number.isNaN(deliveryPence)) return REFUSALS.basketFormat;
  const discounts = discountsPence(xml.replace(ITEM, ''));
  if (discounts === undefined) return REFUSALS.basketFormat;
  return total + deliveryPence - discounts === amountPence ? undefined : REFUSALS.basketSums;
}
