/**
 * A configurable product page's chosen child, for what records a product from that page (wish list,
 * compare, recently viewed): they record the child the shopper chose, not the parent. The option picker
 * (VariantPicker.astro) sits in the parent's add-to-cart form and names its choice in `data-chosen`, which
 * its script keeps to the shopper's choice. Plain DOM: it runs in every page's shell.
 */
import { chosenOptions, type ConfigurableItemOption } from '../magento/wire/item-options.ts';
const PICKER = '[data-variant-picker]';

/** The child chosen on this page for the configurable product `sku`; `sku` itself when it has no picker here. */
export function chosenSku(sku: string): string {
  for (const picker of document.querySelectorAll<HTMLElement>(PICKER)) {
    const form = picker.closest<HTMLElement>('form[data-add-to-cart]');
    const chosen = picker.dataset['chosen'];
    if (chosen && form?.dataset['sku'] === sku) return chosen;
  }
  return sku;
}

/**
 * The parent's sku and the checked options of the picker whose choice is `sku` (the picker's radio inputs,
 * `super_attribute[<attribute id>]`), as the cart and the wish list take a variant; undefined elsewhere.
 */
export function pageVariantChoice(
  sku: string,
): { parentSku: string; options: ConfigurableItemOption[] } | undefined {
  for (const picker of document.querySelectorAll<HTMLElement>(PICKER)) {
    const form = picker.closest('form');
    const parentSku = form?.dataset['sku'];
    if (picker.dataset['chosen'] !== sku || !form || !parentSku) continue;
    const options = chosenOptions(new FormData(form));
    return options.length > 0 ? { parentSku, options } : undefined;
  }
  return undefined;
}

/** The page's chosen child, if it has a picker with a choice. */
export const pageChoice = (): string | undefined =>
  document.querySelector<HTMLElement>(PICKER)?.dataset['chosen'] || undefined;

/** Calls `listener` whenever a picker on the page changes its choice. */
export function watchChoice(listener: () => void): void {
  const pickers = document.querySelectorAll(PICKER);
  if (pickers.length === 0) return;
  const observer = new MutationObserver(listener);
  for (const picker of pickers)
    observer.observe(picker, { attributes: true, attributeFilter: ['data-chosen'] });
}
