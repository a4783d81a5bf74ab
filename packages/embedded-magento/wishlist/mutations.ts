/**
 * The wish-list mutations (WISHLIST.md §4.2, §4.3, §4.5): Magento's guards in Magento's order, then one
 * outcome per line. A line that fails becomes a `user_error` and leaves the others alone; only the guards
 * fail the whole call. Each mutation is one transaction.
 */
import { z } from 'zod';
import { findProductBySku, type ProductRow } from '../catalog/products.ts';
import { childFor, choiceFromChild, choiceFromUids } from '../graphql/configurable.ts';
import type { GraphQlContext } from '../graphql/context.ts';
import { gqlErrors } from './errors.ts';
import { WishlistNode } from './nodes.ts';
import { phpInt } from './php.ts';
import {
  clearItems,
  deleteItem,
  ensureWishlist,
  findItem,
  findWishlist,
  addItemQty,
  putItem,
  replaceConfig,
  representingItem,
  represents,
  setItemDescription,
  setItemQty,
  touchWishlist,
  visibleItemOf,
  type ItemConfig,
  type WishlistRow,
} from './wishlists.ts';
import { productById, productBySku } from '../graphql/product.ts';

export type UserErrorCode = 'PRODUCT_NOT_FOUND' | 'UNDEFINED';

export interface UserError {
  readonly code: UserErrorCode;
  readonly message: string;
}

export interface WishlistOutput {
  readonly wishlist: WishlistNode;
  readonly user_errors: readonly UserError[];
}

/** Every mutation's guest check: no customer, no wish list (there is no guest wish list). */
export function requireCustomer(context: GraphQlContext): number {
  if (context.customerId === undefined) throw gqlErrors.wishlistGuest();
  return context.customerId;
}

/**
 * The list a mutation names: by id when it casts to more than 0, else the caller's own (created if
 * missing). Another customer's list and an unknown id are the same "not found" input error, never an
 * authorization error, so an id reveals nothing.
 */
export function ownWishlist(context: GraphQlContext, customerId: number, wishlistId: string): WishlistRow {
  const id = phpInt(wishlistId);
  const row = id > 0 ? findWishlist(context.db, id) : ensureWishlist(context.db, customerId);
  if (row?.customer_id !== customerId) throw gqlErrors.wishlistNotFound();
  return row;
}

const itemInput = z.object({
  sku: z.string(),
  quantity: z.number(),
  parent_sku: z.string().nullish(),
  selected_options: z.array(z.string().nullable()).nullish(),
});
const addArgs = z.object({ wishlistId: z.string(), wishlistItems: z.array(itemInput) });

/**
 * What a configurable line asks for (`BuyRequestBuilder`'s providers): the `configurable/…` uids among
 * `selected_options`, or else, with `parent_sku`, the values of the child named by `sku`. A product that is
 * not configurable has no configuration (Magento's buy request carries the values, its type ignores them).
 */
function lineConfig(
  context: GraphQlContext,
  product: Pick<ProductRow, 'id' | 'type_id'>,
  line: {
    sku?: string | null | undefined;
    parent_sku?: string | null | undefined;
    selected_options?: readonly (string | null)[] | null | undefined;
  },
): ItemConfig | undefined {
  if (product.type_id !== 'configurable') return undefined;
  let choice = choiceFromUids(line.selected_options ?? []);
  if (choice.length === 0 && line.parent_sku && line.sku && line.parent_sku !== line.sku) {
    const child = productBySku(context.db, line.sku);
    if (child) choice = choiceFromChild(context.db, product, child);
  }
  return { superAttribute: choice, childId: childFor(context.db, product.id, choice)?.id };
}

/** One line of `addProductsToWishlist`: its user error, or undefined when the product went in. */
function addLine(context: GraphQlContext, wishlistId: number, line: z.output<typeof itemInput>) {
  // `ProductRepository::get($parent_sku ?? $sku)`: no status or visibility filter.
  const sku = line.parent_sku ?? line.sku;
  const product = findProductBySku(context.db, sku);
  if (!product)
    return { code: 'PRODUCT_NOT_FOUND', message: `Could not find a product with SKU "${sku}"` } as const;
  const fail = (message: string) => ({ code: 'UNDEFINED', message }) as const;
  if (Math.trunc(line.quantity) === 0) return fail('The quantity of a wish list item cannot be 0');
  if (product.status !== 1) return fail('The product is disabled');
  // `Wishlist::addNewItem()` with "Display Out of Stock Products" off (Magento's default).
  if (product.is_in_stock !== 1) return fail('Cannot add product without stock to wishlist.');
  putItem(context.db, wishlistId, product.id, line.quantity, lineConfig(context, product, line));
  return undefined;
}

/** `addProductsToWishlist`: the list is saved (its `updated_at` moves) unless every line failed. */
export function addProductsToWishlist(args: unknown, context: GraphQlContext): WishlistOutput {
  const customerId = requireCustomer(context);
  const { wishlistId, wishlistItems } = addArgs.parse(args);
  return context.db.transaction(() => {
    const wishlist = ownWishlist(context, customerId, wishlistId);
    const errors = wishlistItems.flatMap((line) => addLine(context, wishlist.wishlist_id, line) ?? []);
    if (errors.length !== wishlistItems.length) touchWishlist(context.db, wishlist.wishlist_id);
    return {
      wishlist: new WishlistNode(context, findWishlist(context.db, wishlist.wishlist_id)),
      user_errors: errors,
    };
  });
}

const removeArgs = z.object({ wishlistId: z.string(), wishlistItemsIds: z.array(z.string()) });

/**
 * One id of `removeProductsFromWishlist`, cast with `(int)` as Magento does. An item of another list (or a
 * hidden one) is refused as not belonging and stays; an id that names no item at all is not found.
 */
function removeLine(context: GraphQlContext, wishlistId: number, rawId: string): UserError | undefined {
  const itemId = phpInt(rawId);
  if (visibleItemOf(context.db, wishlistId, itemId)) {
    deleteItem(context.db, itemId);
    return undefined;
  }
  if (findItem(context.db, itemId)) {
    return {
      code: 'UNDEFINED',
      message: `The wishlist item with ID "${String(itemId)}" does not belong to the wishlist`,
    };
  }
  return { code: 'PRODUCT_NOT_FOUND', message: `Could not find a wishlist item with ID "${String(itemId)}"` };
}

/** `removeProductsFromWishlist`: an empty id list changes nothing; any other saves the list. */
export function removeProductsFromWishlist(args: unknown, context: GraphQlContext): WishlistOutput {
  const customerId = requireCustomer(context);
  const { wishlistId, wishlistItemsIds } = removeArgs.parse(args);
  return context.db.transaction(() => {
    const wishlist = ownWishlist(context, customerId, wishlistId);
    const errors = wishlistItemsIds.flatMap((id) => removeLine(context, wishlist.wishlist_id, id) ?? []);
    if (wishlistItemsIds.length > 0) touchWishlist(context.db, wishlist.wishlist_id);
    return {
      wishlist: new WishlistNode(context, findWishlist(context.db, wishlist.wishlist_id)),
      user_errors: errors,
    };
  });
}

const updateInput = z.object({
  wishlist_item_id: z.string(),
  quantity: z.number().nullish(),
  description: z.string().nullish(),
  selected_options: z.array(z.string().nullable()).nullish(),
});
const updateArgs = z.object({ wishlistId: z.string(), wishlistItems: z.array(updateInput) });

/**
 * One line of `updateProductsInWishlist` (`Wishlist\UpdateProductsInWishlist`, then `Wishlist::updateItem()`):
 * the item is added again from the new request. The request's `selected_options` are the whole choice: a
 * configurable updated without them keeps no child, as Magento's re-add from the new buy request does
 * (derived), so a client sends them back with a new quantity. When another line already has the new
 * configuration, the quantity goes on top of that line's and this one goes; when no line has it, a new
 * line (a new id) takes this one's place and description.
 */
function updateLine(
  context: GraphQlContext,
  wishlistId: number,
  line: z.output<typeof updateInput>,
): UserError | undefined {
  const { db } = context;
  const itemId = phpInt(line.wishlist_item_id);
  const fail = (message: string) => ({ code: 'UNDEFINED', message }) as const;
  const item = visibleItemOf(db, wishlistId, itemId);
  if (!item) return fail(`The wishlist item with ID "${String(itemId)}" does not belong to the wishlist`);
  const qty = line.quantity ?? 0;
  if (Math.trunc(qty) === 0) return fail('The quantity of a wish list item cannot be 0');
  const product = productById(db, item.product_id);
  if (!product || product.status !== 1) return fail('The product is disabled');
  if (product.is_in_stock !== 1) return fail('Cannot add product without stock to wishlist.');
  const config = lineConfig(context, product, { selected_options: line.selected_options });
  const description = line.description === undefined ? item.description : line.description;
  const other = representingItem(db, wishlistId, product.id, config, item.wishlist_item_id);
  if (other) {
    addItemQty(db, other.wishlist_item_id, qty);
    setItemDescription(db, other.wishlist_item_id, description);
    deleteItem(db, item.wishlist_item_id);
  } else if (represents(db, item.wishlist_item_id, config)) {
    setItemQty(db, item.wishlist_item_id, qty);
    replaceConfig(db, item.wishlist_item_id, qty, config);
    setItemDescription(db, item.wishlist_item_id, description);
  } else {
    const newId = putItem(db, wishlistId, product.id, qty, config);
    setItemDescription(db, newId, description);
    deleteItem(db, item.wishlist_item_id);
  }
  return undefined;
}

/** `updateProductsInWishlist`: the list is saved unless every line failed. */
export function updateProductsInWishlist(args: unknown, context: GraphQlContext): WishlistOutput {
  const customerId = requireCustomer(context);
  const { wishlistId, wishlistItems } = updateArgs.parse(args);
  return context.db.transaction(() => {
    const wishlist = ownWishlist(context, customerId, wishlistId);
    const errors = wishlistItems.flatMap((line) => updateLine(context, wishlist.wishlist_id, line) ?? []);
    if (errors.length !== wishlistItems.length) touchWishlist(context.db, wishlist.wishlist_id);
    return {
      wishlist: new WishlistNode(context, findWishlist(context.db, wishlist.wishlist_id)),
      user_errors: errors,
    };
  });
}

const clearArgs = z.object({ wishlistId: z.string() });

/**
 * `clearWishlist` (2.4.9): unlike add and remove, an id casting to 0 is refused rather than read as "my
 * list". Every row goes in one DELETE; the list itself is not saved, so `updated_at` stays.
 */
export function clearWishlist(args: unknown, context: GraphQlContext): WishlistOutput {
  const customerId = requireCustomer(context);
  const id = phpInt(clearArgs.parse(args).wishlistId);
  if (id === 0) throw gqlErrors.wishlistIdRequired();
  return context.db.transaction(() => {
    const wishlist = findWishlist(context.db, id);
    if (wishlist?.customer_id !== customerId) throw gqlErrors.wishlistNotFound();
    clearItems(context.db, wishlist.wishlist_id);
    return { wishlist: new WishlistNode(context, wishlist), user_errors: [] };
  });
}
