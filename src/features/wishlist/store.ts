/**
 * The shopper's wish list, shared by the header's link, the product buttons and the /wishlist page.
 * A guest's is a list of skus in localStorage (`$guestWishlist`: corrupt values read as empty, other tabs
 * follow through the storage event). A signed-in customer's lives in Magento and is read through the
 * storefront server's /wishlist routes, once per page; every change answers the list as it now is. It
 * runs on every page, so answers are read by hand (answer.ts), with no zod.
 */
import { persistentAtom } from '@nanostores/persistent';
import { atom, computed } from 'nanostores';
import { wishlistTexts } from '../../browser-strings.ts';
import { $signedIn, sessionExpired } from '../account/session.ts';
import { ShopApiError, shopFetch } from '../shop-api.ts';
import { wishlistAnswer, type WishlistAnswer, type WishlistItem } from './answer.ts';
import { decodeSkus, encodeSkus, MAX_WISHLIST, toggled, WISHLIST_KEY } from './wishlist.ts';

export const $guestWishlist = persistentAtom<string[]>(WISHLIST_KEY, [], {
  decode: decodeSkus,
  encode: encodeSkus,
});

/** The signed-in customer's list as Magento last answered it on this page; undefined until then. */
export const $customerWishlist = atom<WishlistItem[] | undefined>(undefined);

/** The skus on the shopper's list (the guest's, or the customer's); undefined while not yet known. */
export const $wishlistSkus = computed(
  [$signedIn, $guestWishlist, $customerWishlist],
  (signedIn, guest, customer): readonly string[] | undefined =>
    signedIn ? customer?.map((item) => item.sku) : guest,
);

const COUNT_KEY = 'wishlistCount';

/** The customer's count last read in this session, for a page whose own read failed (as the basket badge). */
export function lastKnownWishlistCount(): number | undefined {
  try {
    const stored = sessionStorage.getItem(COUNT_KEY);
    return stored !== null && /^\d+$/.test(stored) ? Number(stored) : undefined;
  } catch {
    return undefined;
  }
}

function known(answer: WishlistAnswer): WishlistAnswer {
  $customerWishlist.set(answer.items);
  try {
    sessionStorage.setItem(COUNT_KEY, String(answer.items.length));
  } catch {
    // storage unavailable: the count still shows on this page
  }
  return answer;
}

/** A call to the customer's list; a 401 means the session is over (the shopper is a guest again). */
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

/** Adds skus to the customer's list: what Magento answered, with any product it refused. */
export const addToCustomerWishlist = (skus: readonly string[]): Promise<WishlistAnswer> =>
  call('/wishlist/items', 'POST', { skus });

/** Removes one item; one already gone (removed elsewhere) only refreshes the list. */
export async function removeFromCustomerWishlist(id: string): Promise<void> {
  try {
    await call(`/wishlist/items/${encodeURIComponent(id)}`, 'DELETE');
  } catch (error) {
    if (!(error instanceof ShopApiError && error.status === 404)) throw error;
    await readCustomerWishlist(true);
  }
}

/** Moves items (all when `ids` is left out) to the customer's basket, as Magento does: moved ones leave the list. */
export const moveCustomerItemsToBasket = (ids?: readonly string[]): Promise<WishlistAnswer> =>
  call('/wishlist/cart', 'POST', ids ? { ids } : {});

/** Puts the product on the shopper's list, or takes it off: answers whether it is on the list now. */
export async function toggleWishlist(sku: string): Promise<boolean> {
  if (!$signedIn.get()) {
    const list = $guestWishlist.get();
    const adding = !list.includes(sku);
    if (adding && list.length >= MAX_WISHLIST) throw new ShopApiError(400, wishlistTexts.full);
    $guestWishlist.set(toggled(list, sku));
    return adding;
  }
  const item = (await readCustomerWishlist()).find((entry) => entry.sku === sku);
  if (item) {
    await removeFromCustomerWishlist(item.id);
    return false;
  }
  const failure = (await addToCustomerWishlist([sku])).failed[0];
  if (failure) throw new ShopApiError(400, failure.message);
  return true;
}

/** After signing out: the customer's list stays in Magento; this browser forgets what it read of it. */
export function forgetCustomerWishlist(): void {
  $customerWishlist.set(undefined);
  reading = undefined;
  try {
    sessionStorage.removeItem(COUNT_KEY);
  } catch {
    // storage unavailable: nothing was kept
  }
}
