/**
 * The wish-list operations the storefront sends to Magento's GraphQL (contracts/magento-graphql/
 * WISHLIST.md §4), each with only the fields it reads and the zod schema of its `data`, and the mapper to
 * the shop's items. Written for Magento Open Source 2.4: no `Wishlist.name`, no multiple lists; `wishlistId`
 * "0" means the customer's own list for add and remove (created if missing), while moving to the cart
 * needs the list's real id, read first.
 */
import { z } from 'zod';
import type { GraphqlOperation } from '../graphql.ts';

/** Items per page asked of Magento (its default is 20; 2.4.7+ refuse pages over 300 by default). */
export const WISHLIST_PAGE_SIZE = 100;

/** Magento's ids are `ID`: strings of digits, though an integer is valid JSON for them too. */
const id = z.union([z.string(), z.number()]).transform(String);

/** A wish-list item as read here. `product` is null when Magento cannot show it (disabled, deleted). */
const wishlistItemWire = z.object({
  id,
  quantity: z.number(),
  product: z.object({ sku: z.string().nullish(), name: z.string().nullish() }).nullable(),
  /** A `ConfigurableWishlistItem`'s chosen child (absent on other items; null when none was chosen). */
  configured_variant: z.object({ sku: z.string().nullish() }).nullish(),
});

/** A wish list with one page of its items (`items_v2`); `total_pages` says whether more pages follow. */
export const wishlistWire = z.object({
  id: id.nullable(),
  items_count: z.number().int().nullish(),
  items_v2: z
    .object({
      items: z.array(wishlistItemWire.nullable()),
      page_info: z.object({ total_pages: z.number().int().nullish() }).nullish(),
    })
    .nullable(),
});
export type WishlistWire = z.infer<typeof wishlistWire>;

/** The fields every operation reads of the list it answers. */
const WISHLIST_FIELDS = `id items_count items_v2(currentPage: $page, pageSize: $size) {
      items { id quantity product { sku name } ... on ConfigurableWishlistItem { configured_variant { sku } } }
      page_info { total_pages }
    }`;

/** `customer { wishlists }`: the customer's one list (created by Magento on this first read). */
export const READ_WISHLIST = {
  query: `query StorefrontWishlist($page: Int!, $size: Int!) {
  customer { wishlists { ${WISHLIST_FIELDS} } }
}`,
  reads: true,
  data: z.object({ customer: z.object({ wishlists: z.array(wishlistWire.nullable()) }).nullable() }),
} satisfies GraphqlOperation<unknown>;

/** A per-line refusal of add or remove (`WishListUserInputError`). */
const userError = z.object({ code: z.string(), message: z.string() });

/** `addProductsToWishlist` on the customer's own list ("0"), one of each sku. */
export const ADD_TO_WISHLIST = {
  query: `mutation StorefrontWishlistAdd($items: [WishlistItemInput!]!, $page: Int!, $size: Int!) {
  addProductsToWishlist(wishlistId: "0", wishlistItems: $items) {
    wishlist { ${WISHLIST_FIELDS} }
    user_errors { code message }
  }
}`,
  reads: false,
  data: z.object({
    addProductsToWishlist: z.object({ wishlist: wishlistWire, user_errors: z.array(userError.nullable()) }),
  }),
} satisfies GraphqlOperation<unknown>;

/** `removeProductsFromWishlist` on the customer's own list ("0"). */
export const REMOVE_FROM_WISHLIST = {
  query: `mutation StorefrontWishlistRemove($ids: [ID!]!, $page: Int!, $size: Int!) {
  removeProductsFromWishlist(wishlistId: "0", wishlistItemsIds: $ids) {
    wishlist { ${WISHLIST_FIELDS} }
    user_errors { code message }
  }
}`,
  reads: false,
  data: z.object({
    removeProductsFromWishlist: z.object({
      wishlist: wishlistWire,
      user_errors: z.array(userError.nullable()),
    }),
  }),
} satisfies GraphqlOperation<unknown>;

/**
 * `addWishlistItemsToCart`: the items (all of them when `$ids` is null) go to the customer's cart, and
 * those added leave the list; each one refused is an error naming its item.
 */
export const MOVE_TO_CART = {
  query: `mutation StorefrontWishlistToCart($id: ID!, $ids: [ID!], $page: Int!, $size: Int!) {
  addWishlistItemsToCart(wishlistId: $id, wishlistItemIds: $ids) {
    status
    add_wishlist_items_to_cart_user_errors { code message wishlistItemId }
    wishlist { ${WISHLIST_FIELDS} }
  }
}`,
  reads: false,
  data: z.object({
    addWishlistItemsToCart: z.object({
      status: z.boolean(),
      add_wishlist_items_to_cart_user_errors: z.array(
        z.object({ code: z.string(), message: z.string(), wishlistItemId: id }).nullable(),
      ),
      wishlist: wishlistWire,
    }),
  }),
} satisfies GraphqlOperation<unknown>;
