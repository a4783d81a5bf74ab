/**
 * A basket line's total in both VAT forms, and the lines' sum (the basket's Items row). The incl-VAT form
 * is Magento's line: its price × qty. The excl-VAT form is the catalogue's unit price excl VAT × qty,
 * since Magento's cart carries one price only. Either is null when its price is unknown, and the sum of a
 * form is null as soon as one line lacks it: a sum of some lines would be a wrong total. Shipping and the
 * grand total are never computed here: they are Magento's (totals.ts).
 */
import { lineTotal } from '../../catalogue/money.ts';

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
