/**
 * The listings' "Collect today" checkbox, in the tools' Availability filter beside "In stock only"
 * (catalogue/listing-view.ts draws it, browse-tools.client.ts drives it).
 */
import { collectBrowserTexts } from '../../features/collect/browser-texts.ts';
import { escapeHtml } from '@cleaning-shop/kit/escape-html.ts';

/**
 * "Collect today" from the shopper's collection point: which products it keeps is a live answer, so the
 * page bakes in no count and no point; the tools write the point's name in its line, whose room is kept
 * (browse-tools.client.ts), and a failure in the note. Without JavaScript it is not shown.
 */
export function collectFilterHtml(count: number | undefined, checked: boolean): string {
  return (
    `<div class="facet__value facet__value--collect needs-script"><input type="checkbox" id="filter-collect" name="collect" value="1" data-facet="collect"${checked ? ' checked' : ''}${count === 0 && !checked ? ' disabled' : ''}>` +
    `<label for="filter-collect">${escapeHtml(collectBrowserTexts.collectToday)} <span class="facet__count" data-count>${count ?? ''}</span>` +
    `<span class="facet__point" data-collect-name></span></label></div>` +
    `<p class="facet__note needs-script" data-collect-note role="status"></p>`
  );
}
