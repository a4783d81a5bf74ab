/**
 * The wish list's part of signing in (account/session.ts `SignInHooks`): the guest's skus (and a
 * configurable child's choices) go with the sign-in to be merged into the customer's list in Magento; the
 * guest's list is forgotten once the answer says how many were added (a failed merge keeps it for the next
 * sign-in). Loaded with the sign-in form only.
 */
import { asNumber } from '@cleaning-shop/kit/reader.ts';
import type { SignInHooks } from '../account/index.ts';
import { variantChoiceModule, type VariantChoice } from '../product-data/index.ts';
import { $guestWishlist } from './wishlist-state.ts';

/**
 * The guest's wish-listed configurable children with their choices (the customer's list keeps a child as
 * its parent with options); none when the facts cannot be had, and the skus then merge as they are. The
 * facts reader loads only for a sign-in with a wish list.
 */
async function wishlistVariants(skus: readonly string[]): Promise<({ sku: string } & VariantChoice)[]> {
  if (skus.length === 0) return [];
  try {
    const { variantChoices } = await variantChoiceModule();
    return [...(await variantChoices(skus))].map(([sku, choice]) => ({ sku, ...choice }));
  } catch {
    return [];
  }
}

export const wishlistSignIn: SignInHooks = {
  carry: async () => {
    const wishlist = $guestWishlist.get();
    const variants = await wishlistVariants(wishlist);
    return { wishlist, ...(variants.length > 0 ? { wishlistVariants: variants } : {}) };
  },
  taken: (reply) => {
    if (asNumber(reply['wishlistAdded']) !== undefined) $guestWishlist.set([]);
  },
};
