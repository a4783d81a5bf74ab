/**
 * The compare table's rows, from the sheet (sheet.ts) and the products' facts: one row per attribute at
 * least one product has a value for, in the sheet's groups and order (a group with no such row is left
 * out); a missing value is null (the page shows "–"). Each row knows whether all its values are the same
 * ("Show differences only" hides those) and which values are best, where its attribute declares which
 * figure is better (better.ts) and has a unit: those that read as plain numbers are ranked (the listing's
 * `parseNumber`), the rest never highlighted. Ties are all best; when all are equal, or fewer than two
 * can be ranked, none is.
 */
import type { ProductFacts } from '../product-data/index.ts';
import { parseNumber } from '../listing/index.ts';
import type { SheetAttribute, SheetGroup } from './sheet.ts';

export type CompareValue = string | string[] | null;

export interface CompareRow {
  code: string;
  label: string;
  /** One per product, in column order. */
  values: CompareValue[];
  /** Every product has the same value (missing included). */
  same: boolean;
  /** Per product: its value is the best of the row. */
  best: boolean[];
}

export interface CompareRowGroup {
  label: string;
  rows: CompareRow[];
  /** Every row of the group is `same`: the group hides with them. */
  same: boolean;
}

const key = (value: CompareValue): string => JSON.stringify(value);

/** Which values are best, given which figure is better (none when not declared or without a unit). */
export function bestValues(values: readonly CompareValue[], attribute: SheetAttribute): boolean[] {
  const numbers = values.map((value) =>
    attribute.better && attribute.unit && typeof value === 'string' ? parseNumber(value) : undefined,
  );
  const ranked = numbers.filter((number): number is number => typeof number === 'number');
  const best = attribute.better === 'lower' ? Math.min(...ranked) : Math.max(...ranked);
  const allEqual = ranked.every((number) => number === best);
  return numbers.map((number) => ranked.length > 1 && !allEqual && number === best);
}

export function compareRows(
  sheet: readonly SheetGroup[],
  products: readonly Pick<ProductFacts, 'specs'>[],
): CompareRowGroup[] {
  const groups: CompareRowGroup[] = [];
  for (const group of sheet) {
    const rows: CompareRow[] = [];
    for (const attribute of group.attributes) {
      const values = products.map((product) => product.specs[attribute.code] ?? null);
      if (values.every((value) => value === null)) continue;
      rows.push({
        code: attribute.code,
        label: attribute.label,
        values,
        same: values.every((value) => key(value) === key(values[0] ?? null)),
        best: bestValues(values, attribute),
      });
    }
    if (rows.length > 0) groups.push({ label: group.label, rows, same: rows.every((row) => row.same) });
  }
  return groups;
}
