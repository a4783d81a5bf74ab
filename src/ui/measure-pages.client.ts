/**
 * What a page shows, measured (GA4 via features/analytics/ga4.ts): `view_item` on a product page (its
 * `[data-view-item]`, the item as JSON), `view_item_list` for each product list (`[data-item-list]`, named
 * by `data-item-list-name`, and the cards' kind when it is a category's listing) as it shows, and
 * `select_item` when a card's link is followed. The cards are read from their markup (card-html.ts): the
 * sku of their compare button, their name, their `data-price`.
 */
import { pushEcommerce, readGa4Item, shopBrand, type Ga4Item } from '../features/analytics/index.ts';
import { readJson } from '@cleaning-shop/kit/reader.ts';

const LIST = '[data-item-list]';
const CARD = '.product-card';

function cardItem(card: Element, index: number, list: Element): Ga4Item[] {
  const sku = card.querySelector('[data-compare-sku]')?.getAttribute('data-compare-sku');
  const name = card.querySelector('.product-card__name')?.textContent?.trim();
  if (!sku || !name) return [];
  const price = card.querySelector('[data-price]')?.getAttribute('data-price');
  const kind = list.getAttribute('data-item-category');
  const brand = shopBrand();
  return [
    {
      item_id: sku,
      item_name: name,
      ...(brand && { item_brand: brand }),
      ...(kind && { item_category: kind }),
      index,
      ...(price && { price: Number(price) }),
    },
  ];
}

/** The list's own GA4 fields, which its items share. */
const listOf = (list: Element) => ({
  item_list_id: list.getAttribute('data-item-list') ?? '',
  item_list_name: list.getAttribute('data-item-list-name') ?? '',
});

/** `view_item_list` for the cards `list` shows now (after a listing or search draws them again, too). */
export function measureList(list: Element): void {
  if (!list.matches(LIST)) return;
  const items = [...list.querySelectorAll(CARD)].flatMap((card, index) => cardItem(card, index, list));
  pushEcommerce('view_item_list', { ...listOf(list), items });
}

export function initPageMeasurement(): void {
  const viewed = readGa4Item(
    readJson(document.querySelector('[data-view-item]')?.getAttribute('data-view-item')),
  );
  const brand = shopBrand();
  if (viewed) pushEcommerce('view_item', { items: [{ ...viewed, ...(brand && { item_brand: brand }) }] });
  document.querySelectorAll(LIST).forEach(measureList);
  document.addEventListener('click', (event) => {
    const { target } = event;
    const card = target instanceof Element ? target.closest(`${CARD} a[href]`)?.closest(CARD) : undefined;
    const list = card?.closest(LIST);
    if (!card || !list) return;
    const items = cardItem(card, [...list.querySelectorAll(CARD)].indexOf(card), list);
    pushEcommerce('select_item', { ...listOf(list), items });
  });
}
