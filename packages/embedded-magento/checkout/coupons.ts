/**
 * A cart's discount code (`CouponManagement`; COMMERCE-BASICS.md §1.1–1.3): read, applied, removed. The
 * code stays only if a rule with that coupon applies when the totals are collected; every reason it does
 * not (unknown, inactive, out of its days, another customer group, used up, conditions unmet) is the one
 * 404 "The coupon code isn't valid". As in Magento the quote is saved before that check, so a refused
 * code also takes off the one the cart had.
 */
import type { QuoteRow } from '../carts/rows.ts';
import { countRow, magentoDate, type Database } from '../db.ts';
import { errors } from '../errors.ts';
import { couponByCode } from '../sales-rules/coupons.ts';
import { collectTotals } from './collect.ts';
import type { CheckoutSettings } from './settings.ts';

/** `%1` of "The "%1" Cart doesn't contain products.": the quote id as the route has it. */
export type QuoteIdParameter = string | number;

function requireProducts(db: Database, quote: QuoteRow, quoteId: QuoteIdParameter): void {
  const count =
    db.get(countRow, 'SELECT COUNT(*) AS n FROM quote_items WHERE quote_id = ?', quote.id)?.n ?? 0;
  if (count === 0) throw errors.cartWithoutProducts(quoteId);
}

const keepCode = (db: Database, quote: QuoteRow, code: string | null) =>
  db.run('UPDATE quotes SET coupon_code = ?, updated_at = ? WHERE id = ?', code, magentoDate(), quote.id);

/** `GET …/coupons`: the code as the quote holds it, `null` before any, `""` after a removal. */
export const cartCoupon = (quote: QuoteRow): string | null => quote.coupon_code;

/**
 * `PUT …/coupons/:couponCode`: trimmed, found whatever its case and kept in the coupon's own spelling;
 * `true`, or 404 once the quote is saved without it.
 */
export function applyCoupon(
  db: Database,
  quote: QuoteRow,
  typed: string,
  settings: CheckoutSettings,
  quoteId: QuoteIdParameter,
): true {
  const wanted = typed.trim();
  const kept = db.transaction(() => {
    requireProducts(db, quote, quoteId);
    const code = wanted === '' ? '' : (couponByCode(db, wanted)?.code ?? wanted);
    const collected = collectTotals(db, quote, settings, { couponCode: code });
    keepCode(db, quote, collected.couponCode);
    return collected.couponCode === code;
  });
  if (!kept) throw errors.couponNotValid();
  return true;
}

/** `DELETE …/coupons`: the code set to '' (and a cart without products refused). */
export function removeCoupon(db: Database, quote: QuoteRow, quoteId: QuoteIdParameter): true {
  return db.transaction(() => {
    requireProducts(db, quote, quoteId);
    keepCode(db, quote, '');
    return true;
  });
}
