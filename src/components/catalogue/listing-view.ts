/**
 * The parts of a listing page that the build pre-renders and the listing's browser script redraws: the
 * grid of cards, the page links and the values' labels. Plain functions returning markup, used on both
 * sides, so a redrawn page is the page the build would have written.
 */
import { pageWindow } from '../../features/listing/browse.ts';
import { P, type Facet, type IndexedProduct } from '../../features/listing/listing-index.ts';
import { listingTexts } from '../../browser-strings.ts';
import { escapeHtml } from '../escape-html.ts';
import { cardHtml, productToolsHtml } from './card-html.ts';

/** A listing page's own URL: the listing's path for page 1, `{path}/page/{n}` after. */
export const pagePath = (listing: { path: string }, page: number): string =>
  page <= 1 ? listing.path : `${listing.path}/page/${page}`;

/** Cards whose pictures load at once: the first row at the widest layout. */
const EAGER_CARDS = 4;

/** One card of the grid; the first row loads at once, the first picture first of all. */
export const indexedCardHtml = (product: IndexedProduct, at: number): string =>
  `<li class="product-card">${cardHtml({
    name: product[P.name],
    href: product[P.path] || null,
    image: product[P.image] ? { file: product[P.image], alt: product[P.alt] || product[P.name] } : null,
    priceInclVat: product[P.inclVat],
    priceExclVat: product[P.exclVat],
    headingLevel: 2,
    eager: at < EAGER_CARDS,
    priority: at === 0,
  })}${productToolsHtml({ sku: product[P.sku], name: product[P.name] })}</li>`;

export const gridHtml = (products: readonly IndexedProduct[]): string =>
  products.map(indexedCardHtml).join('');

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
