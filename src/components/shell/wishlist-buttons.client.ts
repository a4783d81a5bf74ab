/**
 * The "Add to wish list" buttons of every card and the purchase panel (card-html.ts `productToolsHtml`):
 * one click listener on the document, since listings and search redraw their cards. Each button shows
 * whether its product is on the shopper's list (`data-on` and its label, "Remove from wish list"); the
 * states are set again whenever the page adds markup, so redrawn cards are right at once. A click toggles
 * the product and says so, naming it; one toggle per product at a time.
 */
import { $signedIn } from '../../features/account/session.ts';
import { toggleCustomerWishlist } from '../../features/wishlist/customer.ts';
import { $wishlistSkus, toggleGuestWishlist } from '../../features/wishlist/store.ts';
import { notify } from '../../features/notify/store.ts';
import { problemText } from '../../features/problem.ts';
import { productToolTexts, wishlistTexts } from '../../browser-strings.ts';

const BUTTON = '[data-wishlist-sku]';

function paint(skus: readonly string[] | undefined): void {
  for (const button of document.querySelectorAll<HTMLElement>(BUTTON)) {
    const on = skus?.includes(button.dataset['wishlistSku'] ?? '') ?? false;
    const label = button.querySelector('[data-label]');
    const text = on ? productToolTexts.removeFromWishList : productToolTexts.addToWishList;
    // Only what differs is written: writing the label is itself a change the observer below sees.
    if (button.hasAttribute('data-on') !== on) button.toggleAttribute('data-on', on);
    if (label && label.textContent !== text) label.textContent = text;
  }
}

/** The product's name, from the button's hidden ": name" (what screen readers hear after the label). */
const nameOf = (button: Element): string =>
  button.querySelector('.visually-hidden')?.textContent?.replace(/^:\s*/, '') || wishlistTexts.thisProduct;

/** Products being toggled: a second click (or the same product's other button) waits for the first. */
const busy = new Set<string>();

async function toggle(button: HTMLElement, sku: string): Promise<void> {
  if (busy.has(sku)) return;
  busy.add(sku);
  button.setAttribute('aria-disabled', 'true');
  try {
    const on = $signedIn.get() ? await toggleCustomerWishlist(sku) : toggleGuestWishlist(sku);
    notify((on ? wishlistTexts.added : wishlistTexts.removed)(nameOf(button)));
  } catch (error) {
    notify(problemText(error), 'alert');
  } finally {
    busy.delete(sku);
    button.removeAttribute('aria-disabled');
  }
}

export function initWishlistButtons(): void {
  document.addEventListener('click', (event) => {
    const button = event.target instanceof Element ? event.target.closest<HTMLElement>(BUTTON) : null;
    const sku = button?.dataset['wishlistSku'];
    if (button && sku) void toggle(button, sku);
  });
  $wishlistSkus.subscribe(paint);
  new MutationObserver(() => paint($wishlistSkus.get())).observe(document.body, {
    childList: true,
    subtree: true,
  });
}
