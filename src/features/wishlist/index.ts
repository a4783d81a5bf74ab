/** The door of features/wishlist: what the rest of the shop may use of it (eslint/doors.js). */
export type { WishlistAnswer } from './answer.ts';
export { forgetCustomerWishlist, readCustomerWishlist, toggleCustomerWishlist } from './customer.ts';
export { wishlistSignIn } from './sign-in-hooks.ts';
export {
  $guestWishlist,
  $wishlistSkus,
  customerWishlistCount,
  toggleGuestWishlist,
} from './wishlist-state.ts';
export { isSku, MAX_WISHLIST, WISHLIST_KEY } from './wishlist.ts';
