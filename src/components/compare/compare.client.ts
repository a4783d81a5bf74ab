/**
 * Compare on every page (part of the shell's script): the "Add to compare" buttons of the cards and the
 * purchase panel, and the compare tray (CompareTray.astro) while the list holds anything: the chosen
 * products' thumbnails, "Compare (n)" linking to the comparison and "Clear". A fifth product is refused
 * with a notice that says why, never dropped silently. The thumbnails' code and data (the products'
 * facts files) load only once there is something to show.
 */
import { compareHref } from '../../features/compare/compare-url.ts';
import {
  $compare,
  addToCompare,
  clearCompare,
  COMPARE_MAX,
  removeFromCompare,
} from '../../features/compare/store.ts';
import { notify } from '../../features/notify/store.ts';
import { compareTexts, productToolTexts } from '../../browser-strings.ts';
import { wireToolButtons } from '../catalogue/tool-buttons.client.ts';

function toggle(sku: string, on: boolean): void {
  if (on) {
    removeFromCompare(sku);
    notify(compareTexts.removed);
  } else if (addToCompare(sku)) notify(compareTexts.added($compare.get().length, COMPARE_MAX));
  else notify(compareTexts.full(COMPARE_MAX), 'alert');
}

function initTray(tray: HTMLElement): void {
  const items = tray.querySelector('ul');
  const link = tray.querySelector('a');
  const count = tray.querySelector('[data-compare-count]');
  if (!items || !link || !count) return;
  /** Each sku's thumbnail, kept while it is in the list, so a change fetches only what is new. */
  const shown = new Map<string, HTMLLIElement>();
  tray.querySelector('button')?.addEventListener('click', () => {
    clearCompare();
    notify(compareTexts.cleared);
  });
  $compare.subscribe((skus) => {
    tray.hidden = skus.length === 0;
    count.textContent = String(skus.length);
    link.href = compareHref(skus);
    for (const sku of shown.keys()) if (!skus.includes(sku)) shown.delete(sku);
    const fresh = skus.filter((sku) => !shown.has(sku));
    for (const sku of fresh) shown.set(sku, document.createElement('li'));
    items.replaceChildren(...skus.flatMap((sku) => shown.get(sku) ?? []));
    if (fresh.length > 0)
      void import('./tray-thumbnails.ts').then(({ drawThumbnails }) => drawThumbnails(fresh, shown));
  });
}

export function initCompare(): void {
  wireToolButtons({
    kind: 'compare',
    $skus: $compare,
    labels: [productToolTexts.addToCompare, productToolTexts.removeFromCompare],
    toggle,
  });
  const tray = document.querySelector<HTMLElement>('[data-compare-tray]');
  if (tray) initTray(tray);
}
