/**
 * `addWishlistItemsToCart` (WISHLIST.md §4.4, `Wishlist\AddToCart`): the customer's active cart is found
 * or created, and each chosen item goes in through the very code `POST /V1/carts/mine/items` runs (stock,
 * sale quantities, status), one item at a time. An item that went in leaves the list; one that did not
 * stays and becomes an error whose code Quote's `AddProductsToCartError` derives from the message.
 */
import { z } from 'zod';
import { activeQuoteForCustomer, createCustomerCart } from '../carts/carts.ts';
import { addItem } from '../carts/items.ts';
import type { Database } from '../db.ts';
import { MagentoError } from '../errors.ts';
import type { GraphQlContext } from '../graphql/context.ts';
import { gqlErrors } from './errors.ts';
import { WishlistNode } from './nodes.ts';
import { phpEmpty } from './php.ts';
import { productById } from '../graphql/product.ts';
import { ownWishlist, requireCustomer } from './mutations.ts';
import {
  deleteItem,
  findWishlist,
  itemConfig,
  touchWishlist,
  visibleItems,
  type WishlistItemRow,
} from './wishlists.ts';

export type CartErrorCode = 'PRODUCT_NOT_FOUND' | 'NOT_SALABLE' | 'INSUFFICIENT_STOCK' | 'UNDEFINED';

/** Quote's message fragments and their codes, first match wins, numbers in the message read as `%s`. */
const MESSAGE_CODES: readonly (readonly [string, CartErrorCode])[] = [
  ['Could not find a product with SKU', 'PRODUCT_NOT_FOUND'],
  ['The required options you selected are not available', 'NOT_SALABLE'],
  ['Product that you are trying to add is not available.', 'NOT_SALABLE'],
  ['This product is out of stock', 'INSUFFICIENT_STOCK'],
  ['There are no source items', 'NOT_SALABLE'],
  ['The fewest you may purchase is', 'INSUFFICIENT_STOCK'],
  ['The most you may purchase is', 'INSUFFICIENT_STOCK'],
  ['The requested qty is not available', 'INSUFFICIENT_STOCK'],
  ['Not enough items for sale', 'INSUFFICIENT_STOCK'],
  ['Only %s of %s available', 'INSUFFICIENT_STOCK'],
];

export function cartErrorCode(message: string): CartErrorCode {
  const pattern = message.replace(/\d+/g, '%s').toLowerCase();
  return MESSAGE_CODES.find(([fragment]) => pattern.includes(fragment.toLowerCase()))?.[1] ?? 'UNDEFINED';
}

export interface CartUserError {
  readonly code: CartErrorCode;
  readonly message: string;
  readonly wishlistId: string;
  readonly wishlistItemId: string;
}

/**
 * A configurable item's choice as the cart takes it (`CartItems\ConfigurableDataProvider` turns the buy
 * request's `super_attribute` into `selected_options`; REST's equal is `configurable_item_options`). An item
 * with no choice sends an empty one, which the cart refuses as Magento's does ("You need to choose options
 * for your item."), and the item stays in the list.
 */
function cartOptions(db: Database, item: WishlistItemRow) {
  const config = itemConfig(db, item.wishlist_item_id);
  if (!config) return {};
  const options = config.superAttribute.map(([attributeId, value]) => ({
    option_id: String(attributeId),
    option_value: value,
  }));
  return { product_option: { extension_attributes: { configurable_item_options: options } } };
}

/** The cart's refusal of one item as GraphQL's add-to-cart words it, or undefined when it went in. */
function addToCart(context: GraphQlContext, customerId: number, item: WishlistItemRow): string | undefined {
  const { db } = context;
  const quote = activeQuoteForCustomer(db, customerId);
  const product = productById(db, item.product_id);
  if (!quote || !product) throw new Error(`Wish-list item ${String(item.wishlist_item_id)} cannot be moved`);
  try {
    addItem(db, quote, { sku: product.sku, qty: item.qty, ...cartOptions(db, item) }, context.store);
    return undefined;
  } catch (error) {
    if (!(error instanceof MagentoError)) throw error;
    // REST's 404 for a product it cannot load is GraphQL's `ProductReader` miss.
    return error.status === 404 ? `Could not find a product with SKU "${product.sku}"` : error.message;
  }
}

const args = z.object({ wishlistId: z.string(), wishlistItemIds: z.array(z.string()).nullish() });

/** The list's visible items the call names (all of them for none), or the input error for unknown ids. */
function chosenItems(context: GraphQlContext, wishlistId: number, ids: readonly string[]): WishlistItemRow[] {
  const items = visibleItems(context.db, wishlistId);
  if (ids.length === 0) return items;
  // PHP's array_diff compares the ids as strings: "031" is not item 31.
  const chosen = items.filter((item) => ids.includes(String(item.wishlist_item_id)));
  const unknown = ids.filter((id) => !chosen.some((item) => String(item.wishlist_item_id) === id));
  if (unknown.length > 0) throw gqlErrors.itemIdsNotFound(unknown);
  return chosen;
}

export function addWishlistItemsToCart(input: unknown, context: GraphQlContext) {
  const customerId = requireCustomer(context);
  const { wishlistId, wishlistItemIds } = args.parse(input);
  // Unlike add and remove, an empty id (PHP's empty(): "", "0") is refused rather than read as "my list".
  if (phpEmpty(wishlistId)) throw gqlErrors.wishlistIdNotSpecified();
  const { db } = context;
  return db.transaction(() => {
    const wishlist = ownWishlist(context, customerId, wishlistId);
    const items = chosenItems(context, wishlist.wishlist_id, wishlistItemIds ?? []);
    createCustomerCart(db, customerId);
    const errors: CartUserError[] = [];
    for (const item of items) {
      const message = addToCart(context, customerId, item);
      if (message === undefined) deleteItem(db, item.wishlist_item_id);
      else
        errors.push({
          code: cartErrorCode(message),
          message,
          wishlistId: String(wishlist.wishlist_id),
          wishlistItemId: String(item.wishlist_item_id),
        });
    }
    if (errors.length < items.length) touchWishlist(db, wishlist.wishlist_id);
    return {
      wishlist: new WishlistNode(context, findWishlist(db, wishlist.wishlist_id)),
      status: errors.length === 0,
      add_wishlist_items_to_cart_user_errors: errors,
    };
  });
}
