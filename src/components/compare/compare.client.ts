/**
 * Compare in the browser. On every page (part of the shell's script): the "Add to compare" buttons of
 * the cards and the purchase panel, and the compare tray (CompareTray.astro) while the list holds
 * anything: the chosen products' thumbnails, "Compare (n)" linking to the comparison and "Clear". A fifth
 * product is refused with a notice that says why, never dropped silently. The thumbnails' data (the
 * products' facts files) loads only once there is something to show; their few lines of code are here
 * rather than imported on demand, which would cost every page Vite's preloading helper (about 0.65 KB
 * brotli), more than they weigh.
 *
 * For the /compare page's script, the comparison its URL names and how it is kept: here rather than in
 * that script, so the list and URL code the two share travels in one chunk with the rest of compare
 * instead of a small one of its own (every page loads it).
 */
import { compareHref, skusFromQuery } from '../../features/compare/compare-url.ts';
import {
  $compare,
  addToCompare,
  clearCompare,
  COMPARE_MAX,
  removeFromCompare,
  setCompare,
} from '../../features/compare/compare-state.ts';
import { notify } from '../../features/notify/index.ts';
import { compareTexts, productToolTexts } from '../../features/shell/index.ts';
import { wireToolButtons } from '../../ui/tool-buttons.client.ts';
import { drawThumbnails } from './tray-thumbnails.ts';

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
    drawThumbnails(fresh, shown);
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

/**
 * The skus the /compare page compares: those its URL names, which become the browser's list too (a shared
 * link shows its sender's table), else the browser's list.
 */
export function comparisonFromUrl(search: string = location.search): string[] {
  const named = skusFromQuery(search);
  if (named) setCompare(named);
  return named ?? $compare.get();
}

/** Keeps `skus` as the comparison: the browser's list, and the page's URL (so it can be copied as it is). */
export function keepComparison(skus: readonly string[]): void {
  setCompare(skus);
  history.replaceState(history.state, '', compareHref(skus));
}
