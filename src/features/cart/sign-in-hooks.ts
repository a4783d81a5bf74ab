/**
 * The cart's part of signing in (account/session.ts `SignInHooks`): the guest cart's code goes with the
 * sign-in to be merged into the customer's cart (Magento's assign-and-merge), the code is forgotten, the
 * guest's discount code is kept, and the customer's cart is read. Loaded with the sign-in form only.
 */
import type { SignInHooks } from '../account/index.ts';
import { keepCouponAfterSignIn } from './coupon.ts';
import { $guestCode, refreshCart } from './cart-state.ts';

export const cartSignIn: SignInHooks = {
  carry: () => {
    const guestCode = $guestCode.get();
    return guestCode ? { guestCode } : {};
  },
  // The guest cart now belongs to the customer (merged) or is gone: forget its code either way.
  taken: () => $guestCode.set(''),
  // The guest's discount code, on the customer's cart when the merge did not carry it.
  follow: keepCouponAfterSignIn,
  refresh: refreshCart,
};
