/**
 * "Change" on the product page's collection line: the collection points to choose from (name, address,
 * phone, map and hours), drawn when the chooser first opens; Save keeps the choice like the VAT choice and
 * tells the line (`POINT_CHOSEN`), and focus goes back to what opened the list.
 */
import { collectBrowserTexts as t } from '../../features/collect/browser-texts.ts';
import { fetchPoints } from '../../features/collect/collect-calls.ts';
import { POINT_CHOSEN } from '../../features/collect/collect-point.ts';
import { $collectPoint, choosePoint, shownPoint } from '../../features/collect/collect-state.ts';
import { findParts } from '../../ui/find-parts.ts';
import { pointsHtml } from './points-html.ts';

const findChooserParts = (root: HTMLElement) =>
  findParts(root, {
    form: ['[data-collect-form]', HTMLFormElement],
    points: ['[data-collect-points]', HTMLElement],
    save: ['[data-collect-save]', HTMLButtonElement],
  });

type ChooserParts = NonNullable<ReturnType<typeof findChooserParts>>;

async function drawPoints(parts: ChooserParts): Promise<void> {
  const points = await fetchPoints();
  const shown = shownPoint(points ?? [], $collectPoint.get());
  if (!points || !shown) {
    parts.points.textContent = t.pointsUnavailable;
    parts.save.hidden = true;
    return;
  }
  parts.points.innerHTML = pointsHtml(points, shown.code);
  parts.points.removeAttribute('role');
  parts.save.hidden = false;
}

export function initCollectChooser(root: HTMLElement, change: HTMLDetailsElement): void {
  const parts = findChooserParts(root);
  if (!parts) return;
  void drawPoints(parts);
  change.addEventListener('toggle', () => {
    if (change.open) void drawPoints(parts);
  });
  parts.form.addEventListener('submit', (event) => {
    event.preventDefault();
    const chosen = new FormData(parts.form).get('collect-point');
    if (typeof chosen === 'string') choosePoint(chosen);
    root.dispatchEvent(new Event(POINT_CHOSEN));
    change.open = false;
    change.querySelector('summary')?.focus();
  });
}
