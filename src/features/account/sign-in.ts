/**
 * Signing in: the guest's cart, wish list and machines go to the server to be merged into the customer's, and
 * the header and islands are told. Only the sign-in form imports this (not every page's shell, which signs
 * out: sign-out.ts), so what it carries costs a catalogue page nothing. Answers are read by hand (no zod).
 */
import { asNumber, handReader, isRecord } from '../../parse/reader.ts';
import { keepCouponAfterSignIn } from '../cart/coupon.ts';
import { $guestCode, refreshCart } from '../cart/cart-state.ts';
import { shopFetch } from '../shop-api.ts';
import { guestMachinesToCarry, writeGuestMachines } from '../my-machines/guest.ts';
import { customerMachinesCount } from '../my-machines/count.ts';
import type { VariantChoice } from '../variant-choice.ts';
import { $guestWishlist } from '../wishlist/wishlist-state.ts';
import { $login } from './session.ts';
import { readTradeStatus } from '../trade/trade-status.ts';

const signedInReply = handReader((value) =>
  isRecord(value) && value['signedIn'] === true ? value : undefined,
);

/**
 * The guest's wish-listed configurable children with their choices (the customer's list keeps a child as
 * its parent with options); none when the facts cannot be had, and the skus then merge as they are. The
 * facts reader loads only for a sign-in with a wish list.
 */
async function wishlistVariants(skus: readonly string[]): Promise<({ sku: string } & VariantChoice)[]> {
  if (skus.length === 0) return [];
  try {
    const { variantChoices } = await import('../variant-choice.ts');
    return [...(await variantChoices(skus))].map(([sku, choice]) => ({ sku, ...choice }));
  } catch {
    return [];
  }
}

/**
 * Signs in, sending the guest's cart, wish list and machines to be merged into the customer's. Answers how many
 * products the wish list's merge added; undefined when there was nothing to merge or the merge failed
 * (the guest's list is then kept for the next sign-in: a failed merge never fails the sign-in).
 */
export async function signIn(
  email: string,
  password: string,
): Promise<{ wishlistAdded: number | undefined }> {
  const guestCode = $guestCode.get();
  const wishlist = $guestWishlist.get();
  const variants = await wishlistVariants(wishlist);
  const machines = guestMachinesToCarry();
  const reply = await shopFetch('/session', {
    method: 'POST',
    body: {
      email,
      password,
      ...(guestCode ? { guestCode } : {}),
      wishlist,
      ...(variants.length > 0 ? { wishlistVariants: variants } : {}),
      ...(machines.length > 0 ? { machines } : {}),
    },
    schema: signedInReply,
  });
  $login.set('true');
  // The guest cart now belongs to the customer (merged) or is gone: forget its code either way.
  $guestCode.set('');
  const wishlistAdded = asNumber(reply['wishlistAdded']);
  if (wishlistAdded !== undefined) $guestWishlist.set([]);
  // The guest's machines are the customer's now (the answer names the customer's machines).
  const kept = reply['machines'];
  if (Array.isArray(kept)) {
    writeGuestMachines([]);
    customerMachinesCount.remember(kept.length);
  } else customerMachinesCount.forget();
  // The guest's discount code, on the customer's cart when the merge did not carry it.
  await keepCouponAfterSignIn();
  // Whether the customer is Trade (the marker the pages' prices follow); never fails the sign-in.
  await Promise.all([readTradeStatus(), refreshCart()]);
  return { wishlistAdded };
}
