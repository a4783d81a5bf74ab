/**
 * The "Recently viewed" section's cards (RecentlyViewed.astro), loaded by recently-viewed.client.ts when
 * the section nears the viewport: each product's facts from the static facts files (no back-end call),
 * drawn as the listing draws its cards, newest first, and drawn again whenever the list changes (another
 * tab). A product that no longer has a page leaves the list quietly; products whose file cannot be had
 * are left out, and the section stays hidden when nothing is left to show.
 */
import { loadFacts, type ProductFacts } from '../../features/product-data/facts.ts';
import { shownRecentlyViewed } from '../../features/recently-viewed/recently-viewed.ts';
import { $recentlyViewed, forgetViewed } from '../../features/recently-viewed/store.ts';
import { findParts } from '../find-parts.ts';
import { cardHtml, productToolsHtml } from './card-html.ts';

/** A listing's card: picture, name (a heading under the section's), price in both VAT forms, the tools. */
const cardOf = (facts: ProductFacts): string =>
  `<li class="product-card">${cardHtml({
    name: facts.name,
    href: facts.href,
    image: facts.image,
    priceInclVat: facts.priceInclVat,
    priceExclVat: facts.priceExclVat,
    headingLevel: 3,
  })}${productToolsHtml(facts)}</li>`;

export function drawRecentlyViewed(root: HTMLElement, current: string | undefined): void {
  const parts = findParts(root, {
    section: ['section', HTMLElement],
    grid: ['[data-recently-viewed-grid]', HTMLElement],
  });
  if (!parts) return;
  const { section, grid } = parts;
  let drawn = '';
  let latest = 0;

  async function draw(list: readonly string[]): Promise<void> {
    const skus = shownRecentlyViewed(list, current);
    if (skus.join('\n') === drawn) return;
    const request = ++latest;
    const results = await loadFacts(skus);
    // A newer list is being drawn meanwhile.
    if (request !== latest) return;
    const gone = skus.filter((_, at) => results[at]?.status === 'gone');
    // The list changes, so it is drawn again without them.
    if (gone.length > 0) return forgetViewed(gone);
    const found = results.flatMap((result) => (result.status === 'found' ? [result.facts] : []));
    drawn = skus.join('\n');
    grid.innerHTML = found.map(cardOf).join('');
    section.hidden = found.length === 0;
  }

  $recentlyViewed.subscribe((list) => void draw(list));
}
