/**
 * Signing in and out: the server holds the token; the header and islands keep the marker, the cart and
 * the wish list in step. Sign-out runs from the header of every page, so answers are read by hand (no zod).
 */
import { anything, asNumber, handReader, isRecord } from '../../magento/wire/reader.ts';
import { forgetCart, $guestCode, refreshCart } from '../cart/store.ts';
import { shopFetch } from '../shop-api.ts';
import { $guestWishlist, forgetCustomerWishlist } from '../wishlist/store.ts';
import { $login } from './session.ts';

const signedInReply = handReader((value) =>
  isRecord(value) && value['signedIn'] === true ? value : undefined,
);

/**
 * Signs in, sending the guest's cart and wish list to be merged into the customer's. Answers how many
 * products the wish list's merge added; undefined when it failed, and the guest's list is then kept for
 * the next sign-in (a failed merge never fails the sign-in).
 */
export async function signIn(email: string, password: string): Promise<{ wishlistAdded?: number }> {
  const guestCode = $guestCode.get();
  const wishlist = $guestWishlist.get();
  const reply = await shopFetch('/session', {
    method: 'POST',
    body: {
      email,
      password,
      ...(guestCode ? { guestCode } : {}),
      ...(wishlist.length > 0 ? { wishlist } : {}),
    },
    schema: signedInReply,
  });
  $login.set('true');
  // The guest cart now belongs to the customer (merged) or is gone: forget its code either way.
  $guestCode.set('');
  const wishlistAdded = wishlist.length > 0 ? asNumber(reply['wishlistAdded']) : 0;
  if (wishlistAdded !== undefined) $guestWishlist.set([]);
  await refreshCart();
  return wishlistAdded === undefined ? {} : { wishlistAdded };
}

export async function signOut(): Promise<void> {
  try {
    await shopFetch('/session', { method: 'DELETE', schema: anything });
  } finally {
    $login.set('');
    forgetCart();
    forgetCustomerWishlist();
  }
}
