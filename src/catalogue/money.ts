/**
 * Prices in pounds with pence (DESIGN.md §3 fixes the spec's whole-pound parsing): exact two-decimal
 * values, formatted by Intl for en-GB; 0 or empty means "no price shown".
 */
const GBP = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });

/** Parses a Magento price attribute ("149.99", "149.990000", 149.99); 0, empty or junk gives null. */
export function parsePrice(value: unknown): number | null {
  const number =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && value.trim() !== ''
        ? Number(value)
        : NaN;
  if (!Number.isFinite(number) || number <= 0) return null;
  return Math.round(number * 100) / 100;
}

/** £1,249.50 */
export const formatPrice = (amount: number): string => GBP.format(amount);

/** The VAT-exclusive price at the UK standard rate, rounded to pence. */
export const exclVat = (inclVat: number): number => Math.round((inclVat / 1.2) * 100) / 100;

/** Line total in pence-exact pounds: the same arithmetic the back end uses. */
export const lineTotal = (price: number, qty: number): number => Math.round(price * qty * 100) / 100;
