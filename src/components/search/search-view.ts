/**
 * The search page's markup that its browser script draws: result cards and the status lines. A result
 * card is the listing's card (`cardHtml`), so search and listings show a product the same way, with the
 * product's short description after the price, then its wish-list and compare buttons.
 */
import type { SearchDetail } from '../../features/search/search-index.ts';
import { cardHtml, productToolsHtml } from '../catalogue/card-html.ts';
import { escapeHtml } from '../escape-html.ts';

/** Cards whose pictures load at once: the first row at the widest layout. */
const EAGER_CARDS = 4;

/** The card of the result at `position`: the first row's pictures load at once, the very first one first. */
export function searchCardHtml(detail: SearchDetail, position: number): string {
  const { name, href, thumbnail, summary, sku } = detail;
  const card = cardHtml({
    name,
    href,
    // The index holds no picture labels; the listing's cards fall back to the name too.
    image: thumbnail === null ? null : { file: thumbnail, alt: name },
    priceInclVat: detail.priceInclVat,
    priceExclVat: detail.priceExclVat,
    headingLevel: 2,
    eager: position < EAGER_CARDS,
    priority: position === 0,
  });
  const text = summary === '' ? '' : `<p class="search-card__summary">${escapeHtml(summary)}</p>`;
  return `<li class="product-card">${card}${text}${productToolsHtml({ sku, name })}</li>`;
}

/** Cards for results listed from position `from` on. */
export const searchCardsHtml = (details: readonly SearchDetail[], from: number): string =>
  details.map((detail, at) => searchCardHtml(detail, from + at)).join('');

/** Lines of text, one paragraph each. */
export const linesHtml = (lines: readonly string[]): string =>
  lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('');
