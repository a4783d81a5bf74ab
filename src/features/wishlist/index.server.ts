/** The door of features/wishlist for the server: what the rest of the shop may use of it that runs only in Node. */
export {
  addToWishlist,
  moveToCart,
  NotOnWishlist,
  readWishlist,
  removeFromWishlist,
} from './wishlist.server.ts';
export type { CustomerWishlist, WishlistChange } from './wishlist.server.ts';
