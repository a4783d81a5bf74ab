/**
 * Draws the offers of the products a page only mentions (ProductCard.astro): each card's stars, price and
 * collection line from the data files the build writes with every change (no back-end call), and add to
 * cart swapped for "Unavailable" when the product is out of stock or no longer sold. A file that cannot be
 * had leaves its cards as the page has them: named, linked and with add to cart, which the basket checks.
 */
import { loadFacts, type ProductFacts } from '../../features/product-data/index.ts';
import { loadModelParts } from '../../features/fits/index.ts';
import { offerHtml } from '../../ui/card-html.ts';
import { readMentions } from './mention-source.ts';

/** What a card shows of a product's offer, as either data file has it. */
type Offer = Pick<ProductFacts, 'priceInclVat' | 'priceExclVat' | 'from' | 'was' | 'rating' | 'inStock'>;

/** The offers of `skus` by sku, null for one no longer sold; none at all when the file cannot be had. */
async function offersOf(grid: HTMLElement, skus: string[]): Promise<Map<string, Offer | null>> {
  const source = readMentions(grid.dataset['mentions']);
  if (source?.kind === 'model') {
    const parts = await loadModelParts(source.slug).catch(() => undefined);
    const bySku = new Map<string, Offer>(parts?.map((part) => [part.sku, part]));
    return parts ? new Map(skus.map((sku) => [sku, bySku.get(sku) ?? null])) : new Map();
  }
  const results = await loadFacts(skus);
  return new Map(
    results.flatMap((result, at) => {
      const sku = skus[at] ?? '';
      if (result.status === 'failed') return [];
      return [[sku, result.status === 'found' ? result.facts : null]];
    }),
  );
}

function drawCard(card: HTMLElement, room: HTMLElement, offer: Offer | null, unavailable: string): void {
  const inStock = offer?.inStock === true;
  if (offer) {
    const simple = room.dataset['options'] === undefined;
    room.innerHTML = offerHtml({
      priceInclVat: offer.priceInclVat,
      priceExclVat: offer.priceExclVat,
      priceFrom: offer.from === true,
      was: offer.was ?? null,
      rating: offer.rating ?? null,
      collectSku: inStock && simple ? room.dataset['offerSku'] : undefined,
    });
  }
  const buy = card.querySelector<HTMLElement>('[data-buy]');
  if (!buy || inStock) return;
  const said = document.createElement('p');
  said.className = 'unavailable';
  said.textContent = unavailable;
  buy.replaceWith(said);
}

/**
 * A control focused in `grid` while its offers were drawn, brought back into view: the lines drawn above
 * it move it down, under the cookie notice or past the screen's foot, where a keyboard user loses it (WCAG
 * 2.4.11; the page's scroll padding keeps it clear of the notices).
 */
function keepFocusInView(grid: HTMLElement): void {
  const focused = document.activeElement;
  if (focused instanceof HTMLElement && grid.contains(focused)) focused.scrollIntoView({ block: 'nearest' });
}

async function drawGrid(grid: HTMLElement): Promise<void> {
  const rooms = [...grid.querySelectorAll<HTMLElement>('[data-offer-sku]')];
  const offers = await offersOf(
    grid,
    rooms.map((room) => room.dataset['offerSku'] ?? ''),
  );
  for (const room of rooms) {
    const offer = offers.get(room.dataset['offerSku'] ?? '');
    const card = room.closest<HTMLElement>('.product-card');
    if (card && offer !== undefined) drawCard(card, room, offer, grid.dataset['unavailable'] ?? '');
  }
  keepFocusInView(grid);
}

export async function drawOffers(grids: readonly HTMLElement[]): Promise<void> {
  await Promise.all(grids.map(drawGrid));
}
