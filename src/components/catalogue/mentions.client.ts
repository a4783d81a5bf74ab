/**
 * The offers of the products a page only mentions (ProductGrid.astro's grids: connected products, what fits
 * a machine): the code that draws them (mention-offers.ts) and its data files load once a grid is within a
 * screen's height below the viewport, so a product page runs none of it before the shopper scrolls towards
 * them (DESIGN.md §5), and the cards are complete before they are reached.
 */
import { whenShown } from '../../ui/when-shown.ts';

/** Within a screen's height below the viewport, as recently-viewed.client.ts draws its cards. */
const NEAR = '0px 0px 100% 0px';

export function initMentions(): void {
  const grids = [...document.querySelectorAll<HTMLElement>('[data-mentions]')];
  if (grids.length === 0) return;
  whenShown(
    grids,
    () =>
      void import('./mention-offers.ts').then(
        ({ drawOffers }) => drawOffers(grids),
        // Without its code a card still names and links its product, and add to cart still works.
        () => undefined,
      ),
    NEAR,
  );
}
