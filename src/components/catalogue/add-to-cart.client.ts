/**
 * Add to cart in place (AddToCartForm.astro): a submit makes sure a cart exists, adds the quantity, flips
 * the basket toggle (the badge refreshes) and only then says 'This product is now in your cart!'; a
 * failure says what went wrong (Magento's stock message, or that the shop is unavailable). While busy the
 * button says so and further submits are ignored, and the second click of a double click is no second
 * submit: Magento may have answered the first one already. Plain TypeScript over the cart store the
 * header's badge has already loaded, so the first click waits for nothing but Magento.
 *
 * A configurable product's form holds the option picker's radio inputs (`super_attribute[<attribute id>]`):
 * the checked ones go with the parent's sku, and Magento's "You need to choose options for your item."
 * is what the shopper reads when a choice is missing or sold out.
 */
import { wholeQuantity, addToCart } from '../../features/cart/index.ts';
import { chosenOptions } from '../../magento/wire/item-options.ts';
import { itemAbout, type ItemAbout } from '../../features/analytics/index.ts';
import { notify } from '../../features/notify/index.ts';
import { problemText } from '../../shop-api/problem.ts';
import { shellTexts } from '../../features/shell/index.ts';

const FORM = 'form[data-add-to-cart]';

function setBusy(form: HTMLFormElement, busy: boolean): void {
  const label = form.querySelector<HTMLElement>('[data-label]');
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  if (busy) {
    form.setAttribute('aria-busy', 'true');
    button?.setAttribute('aria-disabled', 'true');
    if (label) {
      label.dataset['idle'] = label.textContent ?? '';
      label.textContent = shellTexts.adding;
    }
  } else {
    form.removeAttribute('aria-busy');
    button?.removeAttribute('aria-disabled');
    if (label?.dataset['idle']) label.textContent = label.dataset['idle'];
  }
}

/**
 * What the page knows of the item, for measurement: the product page's kind (`data-item-category` around
 * its own form) and the values chosen in its picker ("5 l").
 */
function aboutItem(form: HTMLFormElement): ItemAbout {
  const kind = form.closest('[data-item-category]')?.getAttribute('data-item-category');
  const values = [...form.querySelectorAll<HTMLInputElement>('input[type="radio"]:checked')].map(
    (input) => input.labels?.[0]?.textContent?.trim() ?? input.value,
  );
  return itemAbout(kind ? { name: kind } : undefined, values);
}

async function add(form: HTMLFormElement): Promise<void> {
  if (form.getAttribute('aria-busy') === 'true') return;
  const sku = form.dataset['sku'];
  const data = new FormData(form);
  const qty = wholeQuantity(String(data.get('qty') ?? ''));
  if (!sku) return;
  if (qty === undefined) {
    form.reportValidity();
    return;
  }
  setBusy(form, true);
  try {
    await addToCart(sku, qty, chosenOptions(data), aboutItem(form));
    notify(shellTexts.addedToCart);
  } catch (error) {
    notify(problemText(error), 'alert');
  } finally {
    setBusy(form, false);
  }
}

/** Run once per page: Astro includes a component's script once, however many forms the page has. */
export function initAddToCart(): void {
  document.addEventListener('submit', (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || !form.matches(FORM)) return;
    event.preventDefault();
    void add(form);
  });
  // A click's `detail` counts the clicks of one gesture; a keyboard press is 0.
  document.addEventListener('click', (event) => {
    const target = event.target;
    if (event.detail > 1 && target instanceof Element && target.closest(`${FORM} button[type="submit"]`))
      event.preventDefault();
  });
}
