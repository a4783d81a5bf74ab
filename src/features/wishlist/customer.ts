/**
 * A signed-in customer's wish list through the storefront server's /wishlist routes: read (once per
 * page), add, remove and move to the basket, each answering the list as it now is (kept in
 * `$customerWishlist`). A 401 means the session is over: the shopper is a guest again.
 */
import { sessionExpired } from '../account/index.ts';
import { ShopApiError, shopFetch } from '../../shop-api/shop-api.ts';
import type { VariantChoice } from '../product-data/index.ts';
import { wishlistAnswer, type WishlistAnswer, type WishlistItem } from './answer.ts';
import { $customerWishlist, customerWishlistCount } from './wishlist-state.ts';

function known(answer: WishlistAnswer): WishlistAnswer {
  $customerWishlist.set(answer.items);
  customerWishlistCount.remember(answer.items.length);
  return answer;
}

async function call(
  path: string,
  method: 'GET' | 'POST' | 'DELETE',
  body?: unknown,
): Promise<WishlistAnswer> {
  try {
    return known(await shopFetch(path, { method, body, schema: wishlistAnswer }));
  } catch (error) {
    if (error instanceof ShopApiError && error.status === 401) sessionExpired();
    throw error;
  }
}

let reading: Promise<WishlistItem[]> | undefined;

/** The customer's list, read once per page (again with `again`, or after a failed read). */
export function readCustomerWishlist(again = false): Promise<WishlistItem[]> {
  if (again || !reading) {
    const read = call('/wishlist/items', 'GET').then((answer) => answer.items);
    reading = read;
    read.catch(() => {
      if (reading === read) reading = undefined;
    });
  }
  return reading;
}

/**
 * Adds skus: what Magento answered, with any product it refused. A configurable's child goes with its
 * choice (the parent's sku and options), which Magento's list needs.
 */
export const addToCustomerWishlist = (
  skus: readonly string[],
  variants: readonly ({ sku: string } & VariantChoice)[] = [],
): Promise<WishlistAnswer> =>
  call('/wishlist/items', 'POST', variants.length > 0 ? { skus, variants } : { skus });

/** Removes one item; one already gone (removed elsewhere) only refreshes the list. */
export async function removeFromCustomerWishlist(id: string): Promise<void> {
  try {
    await call(`/wishlist/items/${encodeURIComponent(id)}`, 'DELETE');
  } catch (error) {
    if (!(error instanceof ShopApiError && error.status === 404)) throw error;
    await readCustomerWishlist(true);
  }
}

/** Moves items (all when `ids` is left out) to the basket, as Magento does: moved ones leave the list. */
export const moveCustomerItemsToBasket = (ids?: readonly string[]): Promise<WishlistAnswer> =>
  call('/wishlist/cart', 'POST', ids ? { ids } : {});

/** Puts the product on the customer's list, or takes it off: answers whether it is on the list now. */
export async function toggleCustomerWishlist(sku: string, choice?: VariantChoice): Promise<boolean> {
  const item = (await readCustomerWishlist()).find((entry) => entry.sku === sku);
  if (item) {
    await removeFromCustomerWishlist(item.id);
    return false;
  }
  const failure = (await addToCustomerWishlist([sku], choice ? [{ sku, ...choice }] : [])).failed[0];
  if (failure) throw new ShopApiError(400, failure.message);
  return true;
}

/** After signing out: the customer's list stays in Magento; this browser forgets what it read of it. */
export function forgetCustomerWishlist(): void {
  $customerWishlist.set(undefined);
  reading = undefined;
  customerWishlistCount.forget();
}
