/**
 * The basket as Opayo's BasketXML (contracts/payment/opayo-server-4.00.md §1.3/§1.4): each line's net,
 * VAT and gross, delivery and discounts, adding up to the amount exactly as the gateway adds it.
 */
import { clean, TEXT } from './characters.ts';

export interface BasketLine {
  description: string;
  quantity: number;
  /** Unit price incl VAT in pounds. */
  unitGross: number;
  /** Unit price excl VAT in pounds, as Magento rounds it; without it, VAT is taken as 20 % of the gross. */
  unitNet?: number | undefined;
}

/** Money off the whole basket (BasketXML's `<discount>`): what it is, and the pounds it takes off. */
export interface BasketDiscount {
  readonly description: string;
  /** Pounds off, incl VAT: positive (`<fixed>`). */
  readonly amount: number;
}

/** What the shopper pays for: the lines, delivery (incl VAT, pounds; 0 when free) and any discounts. */
export interface Basket {
  readonly lines: readonly BasketLine[];
  readonly delivery: number;
  readonly discounts?: readonly BasketDiscount[] | undefined;
}

/** Table 1.3: the longest BasketXML the gateway takes. */
export const BASKET_XML_MAX = 20_000;

const penceOf = (pounds: number): number => Math.round(pounds * 100);
const poundsOf = (pence: number): string => (pence / 100).toFixed(2);
const xmlText = (value: string): string =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

interface PenceLine {
  readonly description: string;
  readonly quantity: number;
  readonly unitGross: number;
  readonly unitNet: number;
}

/**
 * A line's net: Magento's own (a zero-rated line's is its gross), else VAT at 20 % inside the gross;
 * net + tax = gross exactly, in pence.
 */
const netOf = (line: BasketLine, gross: number): number => {
  const net = line.unitNet === undefined ? undefined : penceOf(line.unitNet);
  return net !== undefined && net >= 0 && net <= gross ? net : Math.round(gross / 1.2);
};

function itemXml({ description, quantity, unitGross: unitGrossPence, unitNet: net }: PenceLine): string {
  return (
    `<item><description>${xmlText(description)}</description><quantity>${quantity}</quantity>` +
    `<unitNetAmount>${poundsOf(net)}</unitNetAmount><unitTaxAmount>${poundsOf(unitGrossPence - net)}</unitTaxAmount>` +
    `<unitGrossAmount>${poundsOf(unitGrossPence)}</unitGrossAmount>` +
    `<totalGrossAmount>${poundsOf(unitGrossPence * quantity)}</totalGrossAmount></item>`
  );
}

/**
 * A basket description in the gateway's characters, with the currency signs spelt out first, so a rule
 * named "£20 off orders over £200" does not become "20 off orders over 200".
 */
const basketText = (value: string): string =>
  clean(value.replace(/£\s*/g, 'GBP ').replace(/€\s*/g, 'EUR '), 100, TEXT);

/** `<discounts>` after delivery (table 1.3), one `<discount>` each; nothing when there are none. */
function discountsXml(discounts: readonly { description: string; fixed: number }[]): string {
  if (discounts.length === 0) return '';
  const each = discounts.map(
    (discount) =>
      `<discount><fixed>${poundsOf(discount.fixed)}</fixed>` +
      `<description>${xmlText(discount.description)}</description></discount>`,
  );
  return `<discounts>${each.join('')}</discounts>`;
}

/**
 * §1.3/§1.4: the basket as BasketXML (≤ 20,000 characters, room for ~80 full lines where the colon
 * Basket's 7,500 hold ~40). It must add up to the amount as the gateway adds it (Σ totalGrossAmount +
 * deliveryGrossAmount − Σ discount `fixed`), so a basket that does not is an error for the caller to
 * refuse the payment on, never a basket quietly left out. When the lines do not fit, the rule is:
 * descriptions are shortened to 30 characters; if that is not enough, the lines that fit are kept and the
 * rest become one "and N more items" line carrying their total, so every penny stays itemised.
 */
export function basketXml(basket: Basket, amount: number): string {
  const lines: PenceLine[] = basket.lines.map((line) => ({
    description: basketText(line.description) || 'Item',
    quantity: line.quantity,
    unitGross: penceOf(line.unitGross),
    unitNet: netOf(line, penceOf(line.unitGross)),
  }));
  if (lines.length === 0) throw new Error('The basket has no lines.');
  const bad = lines.find(
    (line) => !Number.isInteger(line.quantity) || line.quantity < 1 || line.unitGross < 0,
  );
  if (bad) throw new Error(`The basket line "${bad.description}" has quantity ${bad.quantity}.`);
  const delivery = penceOf(basket.delivery);
  const discounts = (basket.discounts ?? [])
    .map((discount) => ({
      description: basketText(discount.description) || 'Discount',
      fixed: penceOf(discount.amount),
    }))
    .filter((discount) => discount.fixed !== 0);
  const negative = discounts.find((discount) => discount.fixed < 0);
  if (negative)
    throw new Error(`The discount "${negative.description}" is ${poundsOf(negative.fixed)}, not money off.`);
  const total =
    lines.reduce((sum, line) => sum + line.unitGross * line.quantity, 0) +
    delivery -
    discounts.reduce((sum, discount) => sum + discount.fixed, 0);
  if (total !== penceOf(amount))
    throw new Error(`The basket adds up to ${poundsOf(total)}, not the amount ${poundsOf(penceOf(amount))}.`);

  const tail =
    (delivery > 0 ? `<deliveryGrossAmount>${poundsOf(delivery)}</deliveryGrossAmount>` : '') +
    discountsXml(discounts);
  const wrap = (items: string[]) => `<basket>${items.join('')}${tail}</basket>`;
  const full = lines.map(itemXml);
  if (wrap(full).length <= BASKET_XML_MAX) return wrap(full);
  const short = lines.map((line) => itemXml({ ...line, description: line.description.slice(0, 30).trim() }));
  if (wrap(short).length <= BASKET_XML_MAX) return wrap(short);
  // Keep as many lines as fit beside the summary line (whose own length is bounded by `rest`).
  const summary = (rest: readonly PenceLine[]) =>
    itemXml({
      description: `and ${rest.length} more items`,
      quantity: 1,
      unitGross: rest.reduce((sum, line) => sum + line.unitGross * line.quantity, 0),
      unitNet: rest.reduce((sum, line) => sum + line.unitNet * line.quantity, 0),
    });
  let kept = short.length - 1;
  while (kept > 0 && wrap([...short.slice(0, kept), summary(lines.slice(kept))]).length > BASKET_XML_MAX)
    kept--;
  return wrap([...short.slice(0, kept), summary(lines.slice(kept))]);
}
