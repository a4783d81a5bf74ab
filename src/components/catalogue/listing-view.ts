/**
 * The parts of a listing page that the build pre-renders and the listing's browser script redraws: the
 * grid of cards, the page links, the sort and filter tools and the values' labels. Plain functions
 * returning markup, used on both sides, so a redrawn page is the page the build would have written. The
 * search results page draws its tools, cards and page links with them too, in the storefront server and
 * in the browser.
 */
import {
  PAGE_SIZES,
  pageWindow,
  type Counts,
  attributeSortKey,
  DEFAULT_SORT,
  facetKeys,
  RATING_SORT,
  sortKeys,
  type BrowseState,
  P,
  type AttributeSort,
  type Facet,
  type IndexedProduct,
  type ListingIndex,
  type RatingPair,
  listingTexts,
  ratingToolTexts,
  drawnByTools,
} from '../../features/listing/index.ts';
import { collectBrowserTexts } from '../../features/collect/index.ts';
import { collectFilterHtml } from '../collect/index.ts';
import { escapeHtml } from '@cleaning-shop/kit/escape-html.ts';
import { cardHtml, productToolsHtml } from '../../ui/card-html.ts';

/** Cards whose pictures load at once: the first row at the widest layout. */
const EAGER_CARDS = 4;

/** What a card shows besides its product's tuple: the index's marks for it. */
export interface CardMarks {
  /** Its price is a configurable product's cheapest (the index's `from`): "from £X". */
  from?: boolean;
  /** Its regular prices while on sale, `[incl VAT, excl VAT]` (the index's `was`). */
  was?: readonly [number | null, number | null] | undefined;
  /** Its `[percent, count]` when it has reviews (the index's `rating`): stars and the number of reviews. */
  rating?: RatingPair | undefined;
}

/**
 * One card of the grid; the first row loads at once, the first picture first of all. `after` goes after
 * the price (a search result's short description).
 */
export const indexedCardHtml = (
  product: IndexedProduct,
  at: number,
  after = '',
  { from = false, was, rating }: CardMarks = {},
): string =>
  `<li class="product-card">${cardHtml({
    name: product[P.name],
    href: product[P.path] || null,
    image: product[P.image] ? { file: product[P.image], alt: product[P.alt] || product[P.name] } : null,
    priceInclVat: product[P.inclVat],
    priceExclVat: product[P.exclVat],
    priceFrom: from,
    was: was ? { inclVat: was[0], exclVat: was[1] } : null,
    rating: rating ? { percent: rating[0], count: rating[1] } : null,
    headingLevel: 2,
    eager: at < EAGER_CARDS,
    priority: at === 0,
    // A configurable's own sku is on no shelf: its card says nothing of collection. Those the index marks
    // "from" are skipped here; any other answers "none", which a card does not show.
    collectSku: product[P.inStock] === 1 && !from ? product[P.sku] : undefined,
  })}${after}${productToolsHtml({ sku: product[P.sku], name: product[P.name] })}</li>`;

/** The cards of a page, with the index's marks: "from" prices, "Was" prices and ratings, by sku. */
export const gridHtml = (
  products: readonly IndexedProduct[],
  marks: Pick<ListingIndex, 'from' | 'was' | 'rating'> = {},
): string => {
  const from = new Set(marks.from);
  return products
    .map((product, at) => {
      const sku = product[P.sku];
      return indexedCardHtml(product, at, '', {
        from: from.has(sku),
        was: marks.was?.[sku],
        rating: marks.rating?.[sku],
      });
    })
    .join('');
};

const amount = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 2 });
const pounds = new Intl.NumberFormat('en-GB', {
  style: 'currency',
  currency: 'GBP',
  minimumFractionDigits: 0,
  maximumFractionDigits: 2,
});

/** What a value of a filter reads: an option's label, or a band (`120–150 bar`, `£100–£200`). */
export function valueLabels(facet: Facet): string[] {
  if (facet.kind === 'options') return facet.options.map(([, label]) => label);
  return facet.bands.map(([from, to]) =>
    facet.unit === '£'
      ? `${pounds.format(from)}–${pounds.format(to)}`
      : `${amount.format(from)}–${amount.format(to)}${facet.unit ? ` ${facet.unit}` : ''}`,
  );
}

/** A facet value's checkbox id, unique on the page. */
export const valueId = (facet: Pick<Facet, 'code'>, key: string): string =>
  `filter-${facet.code}-${key}`.replace(/[^A-Za-z0-9_-]/g, '_');

const link = (href: string, text: string, label: string, extra = ''): string =>
  `<li><a href="${escapeHtml(href)}" aria-label="${escapeHtml(label)}"${extra}>${text}</a></li>`;

/**
 * Page links: first, previous, a window of numbers around the page, next, last. Plain links, so they work
 * without JavaScript; nothing when there is one page.
 */
export function paginationHtml(page: number, pageCount: number, href: (page: number) => string): string {
  if (pageCount <= 1) return '';
  const items: string[] = [];
  if (page > 1) {
    items.push(link(href(1), '«', listingTexts.firstPage, ' class="pagination__end"'));
    items.push(link(href(page - 1), '‹', listingTexts.previousPage, ' rel="prev"'));
  }
  for (const n of pageWindow(page, pageCount))
    items.push(link(href(n), String(n), listingTexts.page(n), n === page ? ' aria-current="page"' : ''));
  if (page < pageCount) {
    items.push(link(href(page + 1), '›', listingTexts.nextPage, ' rel="next"'));
    items.push(link(href(pageCount), '»', listingTexts.lastPage, ' class="pagination__end"'));
  }
  return `<ul>${items.join('')}</ul>`;
}

/** The label of a sort key: the built-in sorts' own, an attribute's "{label}: low to high". */
export function sortLabel(key: string, sorts: readonly AttributeSort[], defaultLabel?: string): string {
  if (key === DEFAULT_SORT && defaultLabel !== undefined) return defaultLabel;
  if (key === RATING_SORT) return ratingToolTexts.sort;
  return (
    listingTexts.sorts[key] ??
    listingTexts.attributeSort(sorts.find((sort) => attributeSortKey(sort.code) === key)?.label ?? key)
  );
}

/** What the sort and filter tools show: the index's filters and sorts, the state, and its counts. */
export interface ToolsView {
  index: Pick<ListingIndex, 'facets' | 'sorts'>;
  state: BrowseState;
  /**
   * What each value would give; null on a pre-rendered listing page, which bakes nothing that summarises
   * its whole listing (DESIGN.md §4): its values show no counts and the price filter no bands until the
   * tools load the listing's filter index (browse-tools.client.ts fills them in).
   */
  counts: Counts | null;
  /** How many products the state gives. */
  total: number;
  /** The default sort's name: "Recommended" on a listing, "Relevance" on search results. */
  defaultSortLabel?: string;
  /**
   * Why the sorts and filters are off (search results too many to filter): said in place of the
   * filters, and the sort offers its default alone.
   */
  off?: string;
}

const attribute = (name: string, value: string | number): string => ` ${name}="${escapeHtml(String(value))}"`;

/** The sort and page-size menus and, on a phone, the button that opens the filters. */
export function toolbarHtml(view: ToolsView): string {
  const { index, state } = view;
  const keys = view.off === undefined ? sortKeys(index) : [DEFAULT_SORT];
  const sorts = keys
    .map(
      (key) =>
        `<option${attribute('value', key)}${key === state.sort ? ' selected' : ''}>${escapeHtml(sortLabel(key, index.sorts, view.defaultSortLabel))}</option>`,
    )
    .join('');
  const sizes = PAGE_SIZES.map(
    (size) => `<option value="${size}"${size === state.perPage ? ' selected' : ''}>${size}</option>`,
  ).join('');
  return (
    `<div class="listing__toolbar" role="group"${attribute('aria-label', listingTexts.tools)}>` +
    `<button type="button" class="listing__filters-toggle" aria-expanded="false" aria-controls="listing-filters" data-filters-open>${escapeHtml(listingTexts.filtersWithCount(chosenCount(state)))}</button>` +
    `<label class="listing__control"><span>${escapeHtml(listingTexts.sortBy)}</span><select name="sort" data-sort${view.off === undefined ? '' : ' disabled'}>${sorts}</select></label>` +
    `<label class="listing__control"><span>${escapeHtml(listingTexts.perPage)}</span><select name="per" data-per-page>${sizes}</select></label>` +
    `</div>`
  );
}

/** How many filter values the state has chosen ("in stock only" and "collect today" count as one each). */
export const chosenCount = (state: BrowseState): number =>
  Object.values(state.filters).reduce(
    (sum, keys) => sum + keys.length,
    Number(state.inStock) + Number(state.collect),
  );

/** The chips of the chosen filter values, each removing its value. */
export function chipsHtml(index: Pick<ListingIndex, 'facets'>, state: BrowseState): string {
  const chips: string[] = [];
  const chip = (code: string, key: string, filter: string, value: string) =>
    `<li><button type="button" class="chip"${attribute('data-facet', code)}${attribute('data-key', key)}${attribute('aria-label', listingTexts.removeFilter(filter, value))}>${escapeHtml(value)} ×</button></li>`;
  if (state.inStock) chips.push(chip('in_stock', '1', listingTexts.availability, listingTexts.inStockOnly));
  if (state.collect)
    chips.push(chip('collect', '1', listingTexts.availability, collectBrowserTexts.collectToday));
  for (const facet of index.facets) {
    const labels = valueLabels(facet);
    const chosen = new Set(state.filters[facet.code] ?? []);
    facetKeys(facet).forEach((key, at) => {
      if (chosen.has(key)) chips.push(chip(facet.code, key, facet.label, labels[at] ?? key));
    });
  }
  return chips.join('');
}

/**
 * One checkbox of a filter, with its count; a value that would give nothing is off unless chosen. With no
 * count (a pre-rendered listing page), the count is left empty and the value open.
 */
function valueHtml(
  code: string,
  id: string,
  key: string,
  label: string,
  count: number | null,
  checked: boolean,
) {
  return (
    `<div class="facet__value"><input type="checkbox"${attribute('id', id)}${attribute('name', code)}${attribute('value', key)}${attribute('data-facet', code)}${checked ? ' checked' : ''}${count === 0 && !checked ? ' disabled' : ''}>` +
    `<label${attribute('for', id)}>${escapeHtml(label)} <span class="facet__count" data-count>${count ?? ''}</span></label></div>`
  );
}

/** A filter's checkboxes, each with what it would give (`tally`, by the facet's keys; null: not known yet). */
export function facetValuesHtml(facet: Facet, state: BrowseState, tally: readonly number[] | null): string {
  const labels = valueLabels(facet);
  const chosen = new Set(state.filters[facet.code] ?? []);
  return facetKeys(facet)
    .map((key, at) =>
      valueHtml(
        facet.code,
        valueId(facet, key),
        key,
        labels[at] ?? key,
        tally && (tally[at] ?? 0),
        chosen.has(key),
      ),
    )
    .join('');
}

/** One filter's fieldset; the price filter of a pre-rendered page empty, marked for the tools to fill. */
function facetHtml(facet: Facet, state: BrowseState, counts: Counts | null): string {
  const later = counts === null && drawnByTools(facet);
  const values = later ? '' : facetValuesHtml(facet, state, counts && (counts.facets[facet.code] ?? []));
  return `<fieldset class="facet"${later ? attribute('data-facet-later', facet.code) : ''}><legend>${escapeHtml(facet.label)}</legend>${values}</fieldset>`;
}

/**
 * The filters: "in stock only" and "collect today", then each filter's values with what each would give (`browse`'s
 * counts), the chips of the chosen ones, and on a phone the drawer's close and "Show N products".
 */
export function filtersHtml(view: ToolsView): string {
  const { index, state, counts } = view;
  const chips = chipsHtml(index, state);
  const facets =
    view.off === undefined
      ? `<fieldset class="facet"><legend>${escapeHtml(listingTexts.availability)}</legend>` +
        valueHtml(
          'in_stock',
          'filter-in-stock',
          '1',
          listingTexts.inStockOnly,
          counts && counts.inStock,
          state.inStock,
        ) +
        collectFilterHtml(counts?.collect, state.collect) +
        `</fieldset>` +
        index.facets.map((facet) => facetHtml(facet, state, counts)).join('')
      : `<p class="filters__off">${escapeHtml(view.off)}</p>`;
  return (
    `<section id="listing-filters" class="filters" aria-labelledby="listing-filters-title" data-filters>` +
    `<div class="filters__head"><h2 id="listing-filters-title">${escapeHtml(listingTexts.filters)}</h2>` +
    `<button type="button" class="filters__close" data-filters-close>${escapeHtml(listingTexts.closeFilters)}</button></div>` +
    `<div class="chips" data-chips${chips === '' ? ' hidden' : ''}><h3 class="visually-hidden">${escapeHtml(listingTexts.activeFilters)}</h3>` +
    `<ul data-chip-list>${chips}</ul><button type="button" class="chips__clear" data-clear>${escapeHtml(listingTexts.clearAll)}</button></div>` +
    facets +
    `<div class="filters__foot"><button type="button" class="filters__show" data-filters-show>${escapeHtml(listingTexts.showProducts(view.total))}</button></div>` +
    `</section>`
  );
}
