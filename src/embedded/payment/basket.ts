/**
 * The classic colon basket (§1.4): `lines:desc:qty:unitNet:unitTax:unitGross:lineGross:…`. Checked the way
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
