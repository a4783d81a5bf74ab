/**
 * The wish list as a part of the embedded GraphQL schema (`../graphql/schema.ts`): its SDL, the root
 * fields (`customer`, the deprecated `wishlist` and the five mutations) and its `storeConfig` field.
 */
import type { GraphQlContext } from '../graphql/context.ts';
import type { SchemaPart } from '../graphql/schema-part.ts';
import {
  addProductsToWishlist,
  clearWishlist,
  removeProductsFromWishlist,
  updateProductsInWishlist,
} from './mutations.ts';
import { customerQuery, wishlistQuery } from './nodes.ts';
import { WISHLIST_SDL } from './sdl.ts';
import { addWishlistItemsToCart } from './to-cart.ts';

export const wishlistPart: SchemaPart = {
  sdl: WISHLIST_SDL,
  root: {
    customer: (_args, context: GraphQlContext) => customerQuery(context),
    wishlist: (_args, context: GraphQlContext) => wishlistQuery(context),
    addProductsToWishlist,
    removeProductsFromWishlist,
    updateProductsInWishlist,
    addWishlistItemsToCart,
    clearWishlist,
  },
  // `wishlist/general/active`: always on here (Magento's default), as the String Magento answers.
  storeConfig: () => ({ magento_wishlist_general_is_enabled: '1' }),
};
