/**
 * The texts the shell's scripts write on every page (the header's badges, add to cart, notices, the wish
 * list and compare buttons), in a module of their own: the shell's chunk holds every module the shell
 * imports, whole (astro.config.mjs), so this one holds nothing else. Each other page part's browser texts
 * are in a module of its own (features/listing/browser-texts.ts, features/search/browser-texts.ts, features/cart/browser-texts.ts, …), loaded with that
 * part. They belong to strings.ts, which re-exports them, and follow its rules: the spec's texts are
 * marked and kept word for word.
 */
import { SESSION_ENDED } from '../../shop-api/problem.ts';

/**
 * The wish-list and compare buttons of the purchase panel and every card: each names what it will do,
 * so its text is its state.
 */
export const productToolTexts = {
  addToWishList: 'Add to wish list',
  removeFromWishList: 'Remove from wish list',
  addToCompare: 'Add to compare',
  removeFromCompare: 'Remove from compare',
} as const;

/**
 * What the compare buttons and the compare tray say (the shell's compare script): a polite notice after
 * each change, the tray being the main feedback, and a clear one when the list is full.
 */
export const compareTexts = {
  added: (count: number, max: number) => `Added to your comparison (${count} of ${max})`,
  removed: 'Removed from your comparison',
  full: (max: number) => `You can compare up to ${max} products. Remove one to add another.`,
  cleared: 'Your comparison is empty now',
} as const;

/**
 * The texts the header's scripts write on every page (basket badge, add to cart, notices), on their own so
 * the shell's browser code bundles only these. The spec's one is marked.
 */
export const shellTexts = {
  /** Spec: after add to cart. */
  addedToCart: 'This product is now in your cart!',
  adding: 'Adding…',
  sessionEnded: SESSION_ENDED,
  basketCount: (n: number) => (n === 1 ? '1 item in your basket' : `${n} items in your basket`),
  /** The VAT choice in the header: "Prices incl VAT / excl VAT". */
  vatChoice: 'Prices',
} as const;

/**
 * The wish list's texts that every page's script writes (the header link's description, the buttons'
 * notices), on their own so the shell bundles only these few; the /wishlist page's are below.
 */
export const wishlistTexts = {
  count: (n: number) => (n === 1 ? '1 product in your wish list' : `${n} products in your wish list`),
  added: (name: string) => `${name} is now in your wish list.`,
  removed: (name: string) => `${name} has been removed from your wish list.`,
  /** A notice's name for a product whose button names none. */
  thisProduct: 'This product',
  full: 'Your wish list is full. Please remove a product before adding another.',
} as const;
