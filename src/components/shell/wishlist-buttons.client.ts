/**
 * The "Add to wish list" buttons of every card and the purchase panel, wired and kept to the shopper's
 * list by `wireToolButtons`. A click toggles the product and says so, naming it; one toggle per product
 * at a time.
 */
import { $signedIn } from '../../features/account/index.ts';
import { pageVariantChoice } from '../../ui/chosen-variant.ts';
import { toggleCustomerWishlist, $wishlistSkus, toggleGuestWishlist } from '../../features/wishlist/index.ts';
import { notify } from '../../features/notify/index.ts';
import { problemText } from '../../shop-api/problem.ts';
import { productToolTexts, wishlistTexts } from '../../features/shell/browser-texts.ts';
import { wireToolButtons } from '../../ui/tool-buttons.client.ts';

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
    // A customer's list keeps a configurable's child as its parent with the options chosen on its page.
    const on = $signedIn.get()
      ? await toggleCustomerWishlist(sku, pageVariantChoice(sku))
      : toggleGuestWishlist(sku);
    notify((on ? wishlistTexts.added : wishlistTexts.removed)(nameOf(button)));
  } catch (error) {
    notify(problemText(error), 'alert');
  } finally {
    busy.delete(sku);
    button.removeAttribute('aria-disabled');
  }
}

export function initWishlistButtons(): void {
  wireToolButtons({
    kind: 'wishlist',
    $skus: $wishlistSkus,
    labels: [productToolTexts.addToWishList, productToolTexts.removeFromWishList],
    toggle: (sku, _on, button) => void toggle(button, sku),
  });
}
