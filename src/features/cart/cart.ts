/** The basket's own pure rules (the wire shapes are `src/magento/wire/shopper-cart.ts`). */
import { isMaskedCartId } from '../../magento/wire/shopper-cart.ts';

/**
 * Where this browser keeps its guest cart's code (spec §3, browser storage): cart-state.ts's `$guestCode`,
 * and the basket page's first-paint check (Basket.astro), which reads it before any module loads.
 */
export const GUEST_CODE_KEY = 'guestCode';

/** A stored guest cart code, or '' when missing or corrupt. */
export const validGuestCode = (value: string): string => (isMaskedCartId(value) ? value : '');

/** A quantity a shopper typed: a whole number of at least 1 (spec §5), or undefined. */
export function wholeQuantity(value: string): number | undefined {
  const number = Number(value);
  return value.trim() !== '' && Number.isInteger(number) && number >= 1 ? number : undefined;
}

/** Magento's coupon codes are at most 255 characters (`salesrule_coupon.code`). */
export const COUPON_MAX_LENGTH = 255;
