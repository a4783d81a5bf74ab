/**
 * The wish list page's texts; its script's notices are in browser-texts.ts, loaded with it, and the wish
 * list buttons' are the shell's (features/shell/browser-texts.ts). Gathered by src/strings.ts.
 */
import { productSpec } from '../product/index.ts';
import { wishlistPageTexts } from './browser-texts.ts';

/** The texts of this feature that the spec leaves to us (src/strings.ts `ours`). */
export const wishlistOurs = {
  /** The wish list: its page, and the notice after a sign-in merged the guest's list. */
  wishlist: {
    title: 'Wish list',
    empty: 'Your wish list is empty.',
    emptyHint: 'Add products with “Add to wish list” on any product to keep them here.',
    continueShopping: 'Continue shopping',
    addAll: 'Add all to basket',
    noScript: 'Your wish list needs JavaScript: please turn it on to see and change it.',
    retry: 'Try again',
    merged: (n: number) =>
      n === 1
        ? '1 product from your wish list was added to your account.'
        : `${n} products from your wish list were added to your account.`,
    addToBasket: 'Add to basket',
    remove: 'Remove',
    /** A product's stock, in the spec's words of its page. */
    inStock: productSpec.product.inStock,
    unavailable: productSpec.product.unavailable,
    ...wishlistPageTexts,
  },
} as const;
