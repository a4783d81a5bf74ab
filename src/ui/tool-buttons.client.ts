/**
 * The wish-list and compare buttons (card-html.ts `productToolsHtml`) from a list of skus: one delegated
 * click listener for every button of a kind, wherever it is and whenever it was drawn, and each button's
 * state (`data-on` and its label) kept to the list, including on cards the listing and search scripts
 * draw later (a MutationObserver sees them arrive). On a configurable product's page the purchase panel's
 * buttons stand for the chosen child (chosen-variant.ts), and follow the choice.
 */
import type { ReadableAtom } from 'nanostores';
import { chosenSku, watchChoice } from './chosen-variant.ts';

export interface ToolButtons {
  /** `compare` for `[data-compare-sku]`. */
  kind: 'wishlist' | 'compare';
  /** The list; undefined while not yet known (every button then offers to add). */
  $skus: ReadableAtom<readonly string[] | undefined>;
  /** The label when the product is not in the list, and when it is. */
  labels: readonly [add: string, remove: string];
  /** A click on `button`, of `sku`; `on`: it is in the list. */
  toggle: (sku: string, on: boolean, button: HTMLElement) => void;
}

export function wireToolButtons({ kind, $skus, labels, toggle }: ToolButtons): void {
  const attribute = `data-${kind}-sku`;
  const selector = `[${attribute}]`;
  const show = () => {
    const skus = $skus.get() ?? [];
    for (const button of document.querySelectorAll(selector)) {
      const on = skus.includes(chosenSku(button.getAttribute(attribute) ?? ''));
      const label = button.querySelector('[data-label]');
      const text = labels[on ? 1 : 0];
      button.toggleAttribute('data-on', on);
      // Only when it changes: writing the text is a mutation the observer below would see again.
      if (label && label.textContent !== text) label.textContent = text;
    }
  };
  document.addEventListener('click', (event) => {
    const button = event.target instanceof Element && event.target.closest<HTMLElement>(selector);
    const named = button && button.getAttribute(attribute);
    const sku = named && chosenSku(named);
    if (button && sku) toggle(sku, ($skus.get() ?? []).includes(sku), button);
  });
  $skus.subscribe(show);
  watchChoice(show);
  // Cards drawn later arrive as elements; a label's new text arrives as a text node, and is ignored.
  new MutationObserver((records) => {
    if (records.some((record) => [...record.addedNodes].some((node) => node instanceof Element))) show();
  }).observe(document.body, { childList: true, subtree: true });
}
