/**
 * The product page's collection line (CollectLine.astro): what the shopper's point has of the product (or
 * of a configurable's chosen child), written once the line is on the screen and again when the shopper
 * chooses another child or point: one request, whose answer names the point and says the line in the
 * server's words. The chooser behind "Change" loads only when opened (collect-chooser.client.ts). The line
 * becomes a polite live region only once the shopper has acted, so nothing is announced on load. Never
 * blank: what cannot be read says to call.
 */
import { collectBrowserTexts as t } from '../../features/collect/browser-texts.ts';
import { fetchLine } from '../../features/collect/collect-calls.ts';
import { COLLECT_POINT_KEY, decodePoint, POINT_CHOSEN } from '../../features/collect/collect-point.ts';
import { pageLine } from '../../features/collect/lines.ts';
import { pageChoice, watchChoice } from '../../ui/chosen-variant.ts';

/** The stored choice, read as the chooser's store keeps it ('' for none, or when storage is off). */
function storedPoint(): string {
  try {
    return decodePoint(localStorage.getItem(COLLECT_POINT_KEY) ?? undefined);
  } catch {
    return '';
  }
}

/** Asks the stored point (else the shop's first) about `sku`; a stored point that is gone is forgotten. */
async function ask(sku: string): Promise<{ text: string; name: string }> {
  const point = storedPoint();
  const found = await fetchLine(point, sku);
  if (found === null && point) {
    localStorage.removeItem(COLLECT_POINT_KEY);
    return ask(sku);
  }
  return { text: pageLine(found?.item, undefined), name: found?.name ?? '' };
}

let asked = 0;

async function fill(root: HTMLElement, announce: boolean): Promise<void> {
  const text = root.querySelector('[data-collect-text]');
  const name = root.querySelector('[data-collect-name]');
  if (!text || !name) return;
  const turn = ++asked;
  if (announce) text.setAttribute('aria-live', 'polite');
  const sku = root.dataset['variants'] === undefined ? root.dataset['sku'] : pageChoice();
  // A configurable's chosen child that is sold out: the picker marks the page's stock line.
  const soldOut = document.querySelector('[data-stock]')?.classList.contains('out') ?? false;
  if (!sku) return void (text.textContent = t.chooseOption);
  if (root.dataset['variants'] !== undefined && soldOut) return void (text.textContent = t.soldOut);
  const line = await ask(sku);
  if (turn !== asked) return;
  text.textContent = line.text;
  name.textContent = line.name;
}

export function initCollectLine(): void {
  const root = document.querySelector<HTMLElement>('[data-collect-line]');
  if (!root) return;
  void fill(root, false);
  watchChoice(() => void fill(root, true));
  root.addEventListener(POINT_CHOSEN, () => void fill(root, true));
  // "Change": the chooser's code loads the first time it opens.
  const change = root.querySelector<HTMLDetailsElement>('[data-collect-change]');
  change?.addEventListener('toggle', function opened() {
    if (!change.open) return;
    change.removeEventListener('toggle', opened);
    void import('./collect-chooser.client.ts').then(({ initCollectChooser }) =>
      initCollectChooser(root, change),
    );
  });
}
