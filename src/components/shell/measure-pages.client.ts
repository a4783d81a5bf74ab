/**
 * What a page shows, measured (GA4 via features/analytics/ga4.ts): `view_item` on a product page (its
 * `[data-view-item]`, the item as JSON), `view_item_list` for each product list (`[data-item-list]`, named
 * by `data-item-list-name`) as it shows, and `select_item` when a card's link is followed. The cards are
 * read from their markup (card-html.ts): the sku of their tool buttons, their name, their `data-price`.
 */
import { pushEcommerce, shopBrand, type Ga4Item } from '../../features/analytics/ga4.ts';

const LIST = '[data-item-list]';

function cardItem(card: Element, index: number, list: Element): Ga4Item | undefined {
  const sku = card.querySelector('[data-compare-sku]')?.getAttribute('data-compare-sku');
  const name = card.querySelector('.product-card__name')?.textContent?.trim();
  if (!sku || !name) return undefined;
  const price = Number(card.querySelector('[data-price]')?.getAttribute('data-price') ?? NaN);
  const listName = list.getAttribute('data-item-list-name');
  const brand = shopBrand();
  return {
    item_id: sku,
    item_name: name,
    ...(brand ? { item_brand: brand } : {}),
    ...(listName && list.hasAttribute('data-item-list-category') ? { item_category: listName } : {}),
    item_list_id: list.getAttribute('data-item-list') ?? '',
    item_list_name: listName ?? '',
    index,
    ...(Number.isFinite(price) ? { price } : {}),
  };
}

const listOf = (list: Element) => ({
  item_list_id: list.getAttribute('data-item-list') ?? '',
  item_list_name: list.getAttribute('data-item-list-name') ?? '',
});

/** `view_item_list` for the cards `list` shows now (after a listing or search draws them again, too). */
export function measureList(list: Element): void {
  if (!list.matches(LIST)) return;
  const items = [...list.querySelectorAll('.product-card')].flatMap((card, index) => {
    const item = cardItem(card, index, list);
    return item ? [item] : [];
  });
  pushEcommerce('view_item_list', { ...listOf(list), items });
}

function measureProduct(): void {
  const raw = document.querySelector('[data-view-item]')?.getAttribute('data-view-item');
  if (!raw) return;
  try {
    const item = JSON.parse(raw) as Ga4Item;
    const brand = shopBrand();
    pushEcommerce('view_item', { items: [{ ...item, ...(brand ? { item_brand: brand } : {}) }] });
  } catch {
    // a page without its item is measured without it
  }
}

export function initPageMeasurement(): void {
  measureProduct();
  for (const list of document.querySelectorAll(LIST)) measureList(list);
  document.addEventListener('click', (event) => {
    const link = (event.target as Element | null)?.closest('.product-card a[href]');
    const card = link?.closest('.product-card');
    const list = card?.closest(LIST);
    if (!card || !list) return;
    const item = cardItem(card, [...list.querySelectorAll('.product-card')].indexOf(card), list);
    if (item) pushEcommerce('select_item', { ...listOf(list), items: [item] });
  });
}
