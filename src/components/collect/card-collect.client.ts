/**
 * The cards' collection lines (`[data-collect-sku]`, card-html.ts: simple products in stock) for the
 * shopper's point: one availability request for a page of cards (up to 24 SKUs), written into each line's
 * kept room. Cards drawn later (a listing's or the search's redraw) are filled as they come, and every
 * line again when the shopper chooses another point. A line stays empty when nothing can be collected or
 * nothing could be read: a card says nothing rather than something wrong.
 */
import { fetchAvailability, fetchPoints, MAX_SKUS } from '../../features/collect/collect-calls.ts';
import { $collectPoint, shownPoint } from '../../features/collect/collect-state.ts';
import { cardLine } from '../../features/collect/lines.ts';

const LINE = '[data-collect-sku]';

function write(line: HTMLElement, text: string, kind: string): void {
  if (line.textContent !== text) line.textContent = text;
  if (text) line.dataset['kind'] = kind;
  else delete line.dataset['kind'];
}

/** The lines not yet written for `code`, marked as written for it. */
function linesFor(code: string): HTMLElement[] {
  const lines = [...document.querySelectorAll<HTMLElement>(LINE)].filter(
    (line) => line.dataset['collectFor'] !== code,
  );
  for (const line of lines) line.dataset['collectFor'] = code;
  return lines;
}

async function fill(): Promise<void> {
  const point = shownPoint((await fetchPoints()) ?? [], $collectPoint.get());
  const lines = linesFor(point?.code ?? '');
  if (!point) return lines.forEach((line) => write(line, '', ''));
  const skus = [...new Set(lines.map((line) => line.dataset['collectSku'] ?? ''))];
  for (let at = 0; at < skus.length; at += MAX_SKUS) {
    const batch = new Set(skus.slice(at, at + MAX_SKUS));
    const found = await fetchAvailability(point.code, [...batch]);
    for (const line of lines) {
      const sku = line.dataset['collectSku'] ?? '';
      if (!batch.has(sku) || line.dataset['collectFor'] !== point.code) continue;
      const item = found?.get(sku);
      write(line, cardLine(item, point.name), item?.kind ?? '');
    }
  }
}

let pending = false;

/** One fill for a burst of changes (a redraw adds its cards at once). */
function schedule(): void {
  if (pending) return;
  pending = true;
  setTimeout(() => {
    pending = false;
    void fill();
  });
}

const addsLines = (records: MutationRecord[]): boolean =>
  records.some((record) =>
    [...record.addedNodes].some(
      (node) => node instanceof Element && (node.matches(LINE) || node.querySelector(LINE) !== null),
    ),
  );

export function initCardCollect(): void {
  schedule();
  $collectPoint.listen(schedule);
  const main = document.querySelector('main');
  if (main)
    new MutationObserver((records) => {
      if (addsLines(records)) schedule();
    }).observe(main, { childList: true, subtree: true });
}
