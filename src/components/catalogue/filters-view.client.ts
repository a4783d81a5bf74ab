/**
 * A state drawn onto the filters already on the page (browse-tools.client.ts redraws them after every
 * change): each box's count, tick and whether it can be ticked, the filters a pre-rendered page left for the
 * index to draw, and the chips of the shopper's choices. The markup they write is listing-view.ts's.
 */
import {
  type Browsed,
  facetKeys,
  type BrowseState,
  type ListingIndex,
  listingTexts,
} from '../../features/listing/index.ts';
import type { ToolParts } from './browse-host.ts';
import { chipsHtml, chosenCount, facetValuesHtml } from './listing-view.ts';

/**
 * Each value's count for `state` (off when it would give nothing), and the filters a pre-rendered page
 * left for the index to draw (the price bands: listing-view.ts). `tick`: the boxes show `state`'s
 * choices; not when the index has just loaded, as a box ticked meanwhile is about to be replayed.
 */
export function drawFilters(
  root: HTMLElement,
  index: ListingIndex,
  result: Browsed,
  state: BrowseState,
  tick = true,
): void {
  const byCode = new Map(index.facets.map((facet) => [facet.code, facet]));
  for (const fieldset of root.querySelectorAll<HTMLElement>('[data-facet-later]')) {
    const facet = byCode.get(fieldset.dataset['facetLater'] ?? '');
    if (facet) fieldset.insertAdjacentHTML('beforeend', facetValuesHtml(facet, state, null));
    fieldset.removeAttribute('data-facet-later');
  }
  for (const box of root.querySelectorAll<HTMLInputElement>('input[data-facet]')) {
    const code = box.dataset['facet'] ?? '';
    const facet = byCode.get(code);
    const at = facet ? facetKeys(facet).indexOf(box.value) : -1;
    const tally = tallyOf(result, code, at);
    if (tick) box.checked = ticked(state, code, box.value);
    box.disabled = tally === 0 && !box.checked;
    const label = box.labels?.[0]?.querySelector('[data-count]');
    // Only what changed: every write costs a style pass over the filters.
    const count = tally === undefined ? '' : String(tally);
    if (label && label.textContent !== count) label.textContent = count;
  }
}

/** What a box would give; "Collect today"'s is unknown until its list is in. */
function tallyOf(result: Browsed, code: string, at: number): number | undefined {
  if (code === 'in_stock') return result.counts.inStock;
  if (code === 'collect') return result.counts.collect;
  return result.counts.facets[code]?.[at] ?? 0;
}

function ticked(state: BrowseState, code: string, value: string): boolean {
  if (code === 'in_stock') return state.inStock;
  if (code === 'collect') return state.collect;
  return (state.filters[code] ?? []).includes(value);
}

/** The chips of the state's choices, and their number on the button that opens the filters. */
export function drawChips(
  parts: Pick<ToolParts, 'chips' | 'chipList' | 'toggle'>,
  index: ListingIndex,
  state: BrowseState,
): void {
  const chips = chipsHtml(index, state);
  parts.chipList.innerHTML = chips;
  parts.chips.hidden = chips === '';
  parts.toggle.textContent = listingTexts.filtersWithCount(chosenCount(state));
}
