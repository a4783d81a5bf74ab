/**
 * The "Recently viewed" section's cards (RecentlyViewed.astro), loaded by recently-viewed.client.ts when
 * the section nears the viewport: each product's facts from the static facts files (no back-end call),
 * drawn as the listing draws its cards, newest first (a configurable's child as its parent's name with the
 * chosen options, its own price, linking to the parent's page with the choice). A product that no longer has a page leaves the list
 * quietly; one whose file cannot be had is left out this time; with nothing left, the section stays hidden.
 */
import { loadFacts, type ProductFacts, variantName } from '../../features/product-data/index.ts';
import { shownRecentlyViewed, $recentlyViewed, forgetViewed } from '../../features/recently-viewed/index.ts';
import { findParts } from '../../ui/find-parts.ts';
import { cardHtml, productToolsHtml } from '../../ui/card-html.ts';

/**
 * A listing's card: picture, name (a heading under the section's), its stars when it has reviews, price in
 * both VAT forms, the tools.
 */
const cardOf = (facts: ProductFacts): string =>
  `<li class="product-card">${cardHtml({
    name: variantName(facts),
    href: facts.href,
    image: facts.image,
    priceInclVat: facts.priceInclVat,
    priceExclVat: facts.priceExclVat,
    priceFrom: facts.from === true,
    was: facts.was ?? null,
    rating: facts.rating ?? null,
    headingLevel: 3,
  })}${productToolsHtml(facts)}</li>`;

export async function drawRecentlyViewed(
  root: HTMLElement,
  ...current: (string | undefined)[]
): Promise<void> {
  const parts = findParts(root, {
    section: ['section', HTMLElement],
    grid: ['[data-recently-viewed-grid]', HTMLElement],
  });
  if (!parts) return;
  const skus = shownRecentlyViewed($recentlyViewed.get(), ...current);
  const results = await loadFacts(skus);
  const gone = skus.filter((_, at) => results[at]?.status === 'gone');
  if (gone.length > 0) forgetViewed(gone);
  const found = results.flatMap((result) => (result.status === 'found' ? [result.facts] : []));
  if (found.length === 0) return;
  parts.grid.innerHTML = found.map(cardOf).join('');
  parts.section.hidden = false;
}
