/**
 * Discount codes on the basket, through Magento's coupon API (COMMERCE-BASICS.md §1): `PUT …/coupons/{code}`
 * applies one (Magento refuses with its own message, "The coupon code isn't valid. Verify the code and try
 * again.", which the shopper reads as it is), `DELETE …/coupons` removes it. Magento drops a code silently
 * when the basket stops qualifying (§1.3), so the code this browser applied is remembered (`coupon` in
 * localStorage) and `droppedCoupon` tells the basket to say so in words the next time it is shown. The same
 * memory lets a guest's code survive signing in: `keepCouponAfterSignIn` applies it to the customer's cart
 * when the merge did not carry it.
 */
import { atom } from 'nanostores';
import { aBoolean, handReader } from '@cleaning-shop/kit/reader.ts';
import { couponCode, type Totals } from '../../magento/wire/shopper-totals.ts';
import { shopFetch } from '../../shop-api/shop-api.ts';
import { $appliedCoupon, asShopper, cartPath, requireCartPath } from './cart-state.ts';

/**
 * Counts the codes applied and removed on this page: a code changes the totals, not the cart's lines, so
 * the basket reads its totals again on it without reading the cart (and the badge is left alone).
 */
export const $couponChanged = atom(0);
const changed = () => $couponChanged.set($couponChanged.get() + 1);

/** Applies `code` (trimmed) to the basket; Magento's refusal is thrown with its message. */
export async function applyCoupon(code: string): Promise<void> {
  const path = requireCartPath();
  const trimmed = code.trim();
  await asShopper(() =>
    shopFetch(`${path}/coupons/${encodeURIComponent(trimmed)}`, { method: 'PUT', schema: aBoolean }),
  );
  $appliedCoupon.set(trimmed);
  changed();
}

export async function removeCoupon(): Promise<void> {
  const path = requireCartPath();
  await asShopper(() => shopFetch(`${path}/coupons`, { method: 'DELETE', schema: aBoolean }));
  $appliedCoupon.set('');
  changed();
}

/**
 * The code Magento dropped since this browser applied it (the basket no longer qualifies), once: the
 * memory is cleared, so the basket says it one time. '' when nothing was dropped.
 */
export function droppedCoupon(totals: Totals): string {
  const applied = $appliedCoupon.get();
  const kept = couponCode(totals);
  if (kept !== '') {
    // Magento stores the canonical spelling; remember that one.
    if (kept !== applied) $appliedCoupon.set(kept);
    return '';
  }
  if (applied === '') return '';
  $appliedCoupon.set('');
  return applied;
}

/**
 * After signing in: the guest's code on the customer's cart, when the merge did not carry it. A code the
 * customer's cart does not qualify for is forgotten quietly here; the basket has nothing to say about it.
 */
export async function keepCouponAfterSignIn(): Promise<void> {
  const code = $appliedCoupon.get();
  const path = cartPath();
  if (!code || !path) return;
  try {
    // Magento answers the code as a bare string, or null when there is none.
    const current = await shopFetch(`${path}/coupons`, {
      schema: handReader((value) => (typeof value === 'string' ? value : '')),
    });
    if (current.toLowerCase() === code.toLowerCase()) return;
    await applyCoupon(code);
  } catch {
    $appliedCoupon.set('');
  }
}
