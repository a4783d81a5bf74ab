/**
 * The product page's collection line (CollectLine.astro): what the shopper's point has of the product (or
 * of a configurable's chosen child), written when the page is viewed and again when the shopper chooses
 * another child or point, and "Change", which lists the points to choose from. The line becomes a polite
 * live region only once the shopper has acted, so nothing is announced on load. Never blank: whatever
 * cannot be read says to call.
 */
import { collectBrowserTexts as t } from '../../features/collect/browser-texts.ts';
import { fetchAvailability, fetchPoints } from '../../features/collect/collect-calls.ts';
import { $collectPoint, choosePoint, shownPoint } from '../../features/collect/collect-state.ts';
import { pageLine } from '../../features/collect/lines.ts';
import { pageChoice, watchChoice } from '../catalogue/chosen-variant.ts';
import { findParts } from '../find-parts.ts';
import { pointsHtml } from './points-html.ts';

const findLineParts = (root: HTMLElement) =>
  findParts(root, {
    text: ['[data-collect-text]', HTMLElement],
    name: ['[data-collect-name]', HTMLElement],
    change: ['[data-collect-change]', HTMLDetailsElement],
    form: ['[data-collect-form]', HTMLFormElement],
    points: ['[data-collect-points]', HTMLElement],
    save: ['[data-collect-save]', HTMLButtonElement],
  });

type LineParts = NonNullable<ReturnType<typeof findLineParts>>;

const write = (element: Element, text: string) => {
  if (element.textContent !== text) element.textContent = text;
};

/** The sku the line speaks of: the chosen child's on a configurable's page (undefined before a choice). */
const lineSku = (root: HTMLElement): string | undefined =>
  root.dataset['variants'] === undefined ? root.dataset['sku'] : pageChoice();

/** The chosen child is sold out (the picker marks the page's stock line). */
const soldOut = (): boolean => document.querySelector('[data-stock]')?.classList.contains('out') ?? false;

let asked = 0;

async function refresh(root: HTMLElement, parts: LineParts, announce: boolean): Promise<void> {
  const ask = ++asked;
  if (announce) parts.text.setAttribute('aria-live', 'polite');
  const sku = lineSku(root);
  const point = shownPoint((await fetchPoints()) ?? [], $collectPoint.get());
  write(parts.name, point?.name ?? '');
  if (!sku) return write(parts.text, t.chooseOption);
  if (root.dataset['variants'] !== undefined && soldOut()) return write(parts.text, t.soldOut);
  const found = point && (await fetchAvailability(point.code, [sku]));
  if (ask === asked) write(parts.text, pageLine(found?.get(sku), point));
}

/** The chooser's points, drawn when it opens. */
async function drawPoints(parts: LineParts): Promise<void> {
  const points = await fetchPoints();
  const shown = shownPoint(points ?? [], $collectPoint.get());
  if (!points || !shown) {
    write(parts.points, t.pointsUnavailable);
    parts.save.hidden = true;
    return;
  }
  parts.points.innerHTML = pointsHtml(points, shown.code);
  parts.points.removeAttribute('role');
  parts.save.hidden = false;
}

export function initCollectLine(): void {
  const root = document.querySelector<HTMLElement>('[data-collect-line]');
  const parts = root && findLineParts(root);
  if (!root || !parts) return;
  void refresh(root, parts, false);
  watchChoice(() => void refresh(root, parts, true));
  $collectPoint.listen(() => void refresh(root, parts, true));
  parts.change.addEventListener('toggle', () => {
    if (parts.change.open) void drawPoints(parts);
  });
  parts.form.addEventListener('submit', (event) => {
    event.preventDefault();
    const chosen = new FormData(parts.form).get('collect-point');
    if (typeof chosen === 'string') choosePoint(chosen);
    // Another point is said in the line ($collectPoint's listener); focus goes back to what opened the list.
    parts.change.open = false;
    parts.change.querySelector('summary')?.focus();
  });
}
