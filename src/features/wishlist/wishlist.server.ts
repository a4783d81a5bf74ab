/**
 * A signed-in customer's wish list in Magento, as the storefront server changes it: always the list of the
 * customer whose token is given (the browser never names a list), read whole (every page), and changed
 * only where it holds what the browser names. Add puts on the list only what it does not hold yet (a
 * second add would reset a quantity set elsewhere); remove and move check the item is on this customer's
 * list before Magento is asked, so an item id of another customer's list changes nothing, whatever the
 * Magento version (older ones deleted by item id alone: WISHLIST.md §4.3). A configurable's child goes on
 * the list as Magento keeps it, its parent with the chosen options, and is read back by the child's sku.
 */
import { magentoGraphql, MagentoGraphqlError, type MagentoGraphqlConfig } from '../../magento/graphql.ts';
import {
  ADD_TO_WISHLIST,
  MOVE_TO_CART,
  READ_WISHLIST,
  REMOVE_FROM_WISHLIST,
  WISHLIST_PAGE_SIZE,
  type WishlistWire,
} from '../../magento/wire/wishlist.ts';
import type { ConfigurableItemOption } from '../../magento/wire/item-options.ts';
import type { VariantChoice } from '../product-data/index.ts';
import type { WishlistFailure, WishlistItem } from './answer.ts';

/**
 * The page's items the shop can show: those whose product Magento names by sku. A configurable's item is
 * its chosen child (`configured_variant`), by the child's sku, with the parent's name.
 */
const toWishlistItems = (list: WishlistWire): WishlistItem[] =>
  (list.items_v2?.items ?? []).flatMap((item) => {
    const sku = item?.configured_variant?.sku || item?.product?.sku;
    return item && sku ? [{ id: item.id, sku, name: item.product?.name ?? null }] : [];
  });

/**
 * A configurable option value's uid in Magento's GraphQL (`selected_options`): base64 of
 * `configurable/<attribute id>/<option id>` (`ConfigurableProductGraphQl\Model\Options\SelectionUidFormatter`).
 */
const configurableUid = (option: ConfigurableItemOption): string =>
  Buffer.from(`configurable/${option.option_id}/${option.option_value}`).toString('base64');

/** The wish-list input of a sku: a configurable's child as its parent's sku with the chosen options. */
function wishlistInput(sku: string, variant: VariantChoice | undefined) {
  return variant
    ? { sku: variant.parentSku, quantity: 1, selected_options: variant.options.map(configurableUid) }
    : { sku, quantity: 1 };
}

/** Pages of a list read at most: 1,000 products. */
const MAX_PAGES = 10;

export interface CustomerWishlist {
  /** Magento's id of the list (what moving to the cart needs); null if Magento gave none. */
  id: string | null;
  items: WishlistItem[];
}

export interface WishlistChange {
  list: CustomerWishlist;
  /** Skus added (or moved to the basket). */
  done: string[];
  failed: WishlistFailure[];
}

/** The customer's item `id` is not on their list (removed meanwhile, or never theirs). */
export class NotOnWishlist extends Error {
  constructor(id: string) {
    super(`Wish-list item ${id} is not on this customer's list`);
    this.name = 'NotOnWishlist';
  }
}

/** What Magento's PRODUCT_NOT_FOUND says, in the shopper's words. */
const NOT_SOLD = 'This product is no longer sold.';
const NOT_ADDED = "This product can't be added to your wish list.";

const page = (number: number) => ({ page: number, size: WISHLIST_PAGE_SIZE });

async function readPage(magento: MagentoGraphqlConfig, token: string, number: number): Promise<WishlistWire> {
  const data = await magentoGraphql(magento, READ_WISHLIST, { token, variables: page(number) });
  const list = data.customer?.wishlists[0];
  if (!list) throw new MagentoGraphqlError('unavailable', 'Magento answered no wish list for the customer');
  return list;
}

/** The whole list from its first page: the pages after it are read too. */
async function whole(
  magento: MagentoGraphqlConfig,
  token: string,
  first: WishlistWire,
): Promise<CustomerWishlist> {
  const pages = Math.min(first.items_v2?.page_info?.total_pages ?? 1, MAX_PAGES);
  const items = toWishlistItems(first);
  for (let number = 2; number <= pages; number++)
    items.push(...toWishlistItems(await readPage(magento, token, number)));
  const seen = new Set<string>();
  return { id: first.id, items: items.filter((item) => !seen.has(item.id) && seen.add(item.id)) };
}

export async function readWishlist(magento: MagentoGraphqlConfig, token: string): Promise<CustomerWishlist> {
  return whole(magento, token, await readPage(magento, token, 1));
}

/** Adds the skus the list does not hold yet; a sku Magento refuses is reported with its reason. */
export async function addToWishlist(
  magento: MagentoGraphqlConfig,
  token: string,
  skus: readonly string[],
  variants: ReadonlyMap<string, VariantChoice> = new Map(),
): Promise<WishlistChange> {
  const current = await readWishlist(magento, token);
  const missing = [...new Set(skus)].filter((sku) => !current.items.some((item) => item.sku === sku));
  if (missing.length === 0) return { list: current, done: [], failed: [] };
  const data = await magentoGraphql(magento, ADD_TO_WISHLIST, {
    token,
    variables: { items: missing.map((sku) => wishlistInput(sku, variants.get(sku))), ...page(1) },
  });
  const { wishlist, user_errors: userErrors } = data.addProductsToWishlist;
  const list = await whole(magento, token, wishlist);
  const done = missing.filter((sku) => list.items.some((item) => item.sku === sku));
  const failed = missing
    .filter((sku) => !done.includes(sku))
    .map((sku) => {
      // Magento's per-line errors do not name their line; its messages quote the sku.
      const named = variants.get(sku)?.parentSku ?? sku;
      const error = userErrors.find((candidate) => candidate?.message.includes(`"${named}"`));
      const message = error?.code === 'PRODUCT_NOT_FOUND' ? NOT_SOLD : (error?.message ?? NOT_ADDED);
      return { sku, message };
    });
  return { list, done, failed };
}

/** Removes one item of the customer's own list. */
export async function removeFromWishlist(
  magento: MagentoGraphqlConfig,
  token: string,
  itemId: string,
): Promise<CustomerWishlist> {
  const current = await readWishlist(magento, token);
  if (!current.items.some((item) => item.id === itemId)) throw new NotOnWishlist(itemId);
  const data = await magentoGraphql(magento, REMOVE_FROM_WISHLIST, {
    token,
    variables: { ids: [itemId], ...page(1) },
  });
  const { wishlist, user_errors: userErrors } = data.removeProductsFromWishlist;
  const refused = userErrors.find((error) => error !== null);
  if (refused)
    throw new MagentoGraphqlError('refused', `Magento kept the item: ${refused.message}`, {
      magentoMessage: refused.message,
    });
  return whole(magento, token, wishlist);
}

/**
 * Moves items to the customer's basket (all of them when `itemIds` is left out), as Magento does: those
 * added leave the list, each one refused stays with Magento's reason. Ids not on the list are left alone.
 */
export async function moveToCart(
  magento: MagentoGraphqlConfig,
  token: string,
  itemIds?: readonly string[],
): Promise<WishlistChange> {
  const current = await readWishlist(magento, token);
  const wanted = itemIds ? current.items.filter((item) => itemIds.includes(item.id)) : current.items;
  if (wanted.length === 0) return { list: current, done: [], failed: [] };
  if (current.id === null) throw new MagentoGraphqlError('unavailable', 'Magento gave the wish list no id');
  const data = await magentoGraphql(magento, MOVE_TO_CART, {
    token,
    variables: { id: current.id, ids: itemIds ? wanted.map((item) => item.id) : null, ...page(1) },
  });
  const { wishlist, add_wishlist_items_to_cart_user_errors: errors } = data.addWishlistItemsToCart;
  const refusals = new Map(errors.flatMap((error) => (error ? [[error.wishlistItemId, error.message]] : [])));
  const list = await whole(magento, token, wishlist);
  const stayed = (item: WishlistItem) =>
    refusals.has(item.id) || list.items.some((kept) => kept.id === item.id);
  return {
    list,
    done: wanted.filter((item) => !stayed(item)).map((item) => item.sku),
    failed: wanted.flatMap((item) => {
      const message = refusals.get(item.id);
      return message === undefined ? [] : [{ sku: item.sku, message }];
    }),
  };
}
