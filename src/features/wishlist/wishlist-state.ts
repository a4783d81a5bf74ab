/**
 * The shopper's wish list, shared by the header's link, the product buttons and the /wishlist page.
 * A guest's is a list of skus in localStorage (`$guestWishlist`: corrupt values read as empty, other tabs
 * follow through the storage event). A signed-in customer's lives in Magento and is kept here as last
 * read on this page (`$customerWishlist`, by customer.ts). It runs on every page: small, and no zod.
 */
import { persistentAtom } from '@nanostores/persistent';
import { atom, computed } from 'nanostores';
import { wishlistTexts } from '../shell/index.ts';
import { $signedIn } from '../account/index.ts';
import { sessionCount } from '../../shop-api/session-count.ts';
import { ShopApiError } from '../../shop-api/shop-api.ts';
import type { WishlistItem } from './answer.ts';
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

/** The customer's count last read in this session (as the basket badge's), for a page whose own read failed. */
export const customerWishlistCount = sessionCount('wishlistCount');

/** Puts the product on the guest's list, or takes it off: answers whether it is on the list now. */
export function toggleGuestWishlist(sku: string): boolean {
  const list = $guestWishlist.get();
  const adding = !list.includes(sku);
  if (adding && list.length >= MAX_WISHLIST) throw new ShopApiError(400, wishlistTexts.full);
  $guestWishlist.set(toggled(list, sku));
  return adding;
}
