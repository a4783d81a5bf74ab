/**
 * A basket line's total in both VAT forms, and the lines' sum (the basket's Items row). The incl-VAT form
 * is Magento's line: its price × qty. The excl-VAT form is the catalogue's unit price excl VAT × qty,
 * since Magento's cart carries one price only. Either is null when its price is unknown, and the sum of a
 * form is null as soon as one line lacks it: a sum of some lines would be a wrong total. Shipping and the
 * grand total are never computed here: they are Magento's (totals.ts).
 */
import { exclVat, lineTotal } from '../../catalogue/money.ts';

export interface VatAmounts {
  inclVat: number | null;
  exclVat: number | null;
}

export function lineAmounts(
  item: { price?: number | null | undefined; qty: number },
  unitExclVat: number | null | undefined,
): VatAmounts {
  return {
    inclVat: item.price === null || item.price === undefined ? null : lineTotal(item.price, item.qty),
    exclVat: unitExclVat === null || unitExclVat === undefined ? null : lineTotal(unitExclVat, item.qty),
  };
}

/** The catalogue's unit prices of a line's sku, either unknown (null or undefined). */
export interface ListPrices {
  priceInclVat?: number | null | undefined;
  priceExclVat?: number | null | undefined;
}

/** A sku's quantity prices every shopper gets (the basket's products file, catalogue/tier-prices.ts `publicTiers`). */
export interface LineTiers {
  tiers?: readonly { qty: number; priceInclVat: number }[] | undefined;
}

const pence = (amount: number): number => Math.round(amount * 100);

/**
 * Magento charges one of the sku's ALL GROUPS tier prices (COMMERCE-BASICS.md §4.3): the line's unit price is
 * a tier's whose quantity the line reaches. A price merely below the build's list price is not one (the
 * price may have been cut since the build), nor is a group's own tier: neither is labelled. False when the
 * price or the tiers are unknown.
 */
export function isTierPrice(
  price: number | null | undefined,
  qty: number,
  product: LineTiers | undefined,
): boolean {
  if (price === null || price === undefined) return false;
  return (product?.tiers ?? []).some((tier) => tier.qty <= qty && pence(tier.priceInclVat) === pence(price));
}

/**
 * The excl-VAT unit price of a line: the catalogue's, unless Magento charges another unit price than the
 * catalogue's incl VAT (a tier price), whose excl-VAT form is then worked out from Magento's price. A
 * tier-priced line must not show its excl-VAT total at the list price.
 */
export function unitExclVat(price: number | null | undefined, list: ListPrices | undefined): number | null {
  const listExcl = list?.priceExclVat ?? null;
  const listIncl = list?.priceInclVat;
  if (price === null || price === undefined || listIncl === null || listIncl === undefined) return listExcl;
  return Math.round(price * 100) === Math.round(listIncl * 100) ? listExcl : exclVat(price);
}

/** Sums in whole pence, so adding many lines never drifts by a floating-point penny. */
function sum(amounts: (number | null)[]): number | null {
  let pence = 0;
  for (const amount of amounts) {
    if (amount === null) return null;
    pence += Math.round(amount * 100);
  }
  return pence / 100;
}

export function linesSum(lines: readonly VatAmounts[]): VatAmounts {
  return {
    inclVat: sum(lines.map((line) => line.inclVat)),
    exclVat: sum(lines.map((line) => line.exclVat)),
  };
}
