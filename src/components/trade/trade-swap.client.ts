/**
 * A signed-in Trade customer's prices on the page (issue 38): loaded by the shell only while the trade marker
 * is set (trade-shell.client.ts), it reads the visit's Trade prices (features/trade/trade-rows.ts) and puts them in
 * place of everyone's, labelled "Trade price": on every product card (listings, search, home, connected and
 * fitting sections, cards drawn later), and in the product page's purchase panel (its price in both VAT forms
 * and its quantity prices, for the chosen child of a configurable as the picker changes it).
 *
 * Nothing moves (CLS 0): a swapped line is replaced by new nodes of the same height (new nodes are not
 * shifts), the labels are positioned over the card's picture and the panel's corner, and the quantity prices
 * have room for three lines while the marker is set (global.css, `html[data-trade]`). What the basket and the
 * order charge is Magento's, priced by the customer's group: nothing here reaches the cart.
 */
import { formatPrice } from '../../catalogue/money.ts';
import { savePercent } from '../../catalogue/tier-prices.ts';
import { priceHtml } from '../../ui/card-html.ts';
import { escapeHtml } from '@cleaning-shop/kit/escape-html.ts';
import { tradePriceTexts } from '../../features/trade/price-texts.ts';
import { variantTexts } from '../../features/product/index.ts';
import { tradePricesForVisit, type TradePrice, type TradePrices } from '../../features/trade/trade-rows.ts';

const TRADE = 'data-trade';
const label = escapeHtml(tradePriceTexts.label);
const hiddenLabel = `<span class="visually-hidden">${label}: </span>`;
const badge = (where: string) =>
  `<span class="trade-badge trade-badge--${where}" aria-hidden="true">${label}</span>`;

const skuOf = (root: ParentNode): string | undefined =>
  root.querySelector<HTMLElement>('[data-wishlist-sku]')?.dataset['wishlistSku'];

/** One card: its price line drawn again with the Trade price, and the label over its picture. */
function swapCard(card: Element, prices: TradePrices): void {
  const line = card.querySelector<HTMLElement>('.product-card__price');
  const sku = skuOf(card);
  const price = sku === undefined ? undefined : prices.of(sku);
  if (!line || !price || line.hasAttribute(TRADE)) return;
  line.innerHTML = hiddenLabel + priceHtml(price.inclVat, price.exclVat, price.from);
  line.dataset['price'] = String(price.inclVat);
  line.setAttribute(TRADE, '');
  card.querySelector('.product-card__media')?.insertAdjacentHTML('beforeend', badge('card'));
}

/** A copy of a price line with `amount` as its price: new nodes in place of the old, so nothing shifts. */
function redraw(line: HTMLElement, amount: number): void {
  const copy = line.cloneNode(true);
  if (!(copy instanceof HTMLElement)) return;
  copy.querySelector('.trade-label')?.remove();
  const shown = copy.querySelector('.amount');
  if (shown) shown.textContent = formatPrice(amount);
  copy.insertAdjacentHTML('afterbegin', `<span class="visually-hidden trade-label">${label}: </span>`);
  line.replaceChildren(...copy.childNodes);
}

/** "Buy 5 or more: £X each (save Y %)" in both VAT forms, as TierPrices.astro draws them. */
function tierItems(price: TradePrice): HTMLLIElement[] {
  return price.tiers.map(([qty, inclVat, exclVat]) => {
    const item = document.createElement('li');
    const percent = savePercent(price.inclVat, inclVat);
    const form = (kind: string, amount: number) =>
      `<span class="vat-${kind}">${escapeHtml(variantTexts.tier(qty, formatPrice(amount), percent))}</span>`;
    item.innerHTML = form('incl', inclVat) + form('excl', exclVat);
    return item;
  });
}

/** The purchase panel's prices and quantity prices for `sku`, when it has Trade prices. */
function swapPanel(panel: HTMLElement, sku: string | undefined, prices: TradePrices): void {
  const price = sku === undefined ? undefined : prices.of(sku);
  panel.toggleAttribute(TRADE, price !== undefined);
  if (!price) {
    for (const stale of panel.querySelectorAll('.trade-label')) stale.remove();
    return;
  }
  for (const [form, amount] of [
    ['incl', price.inclVat],
    ['excl', price.exclVat],
  ] as const) {
    const line = panel.querySelector<HTMLElement>(`[data-price="${form}"]`);
    if (line) redraw(line, amount);
  }
  const tiers = panel.querySelector<HTMLElement>('[data-tiers]');
  if (tiers) {
    tiers.replaceChildren(...tierItems(price));
    tiers.hidden = price.tiers.length === 0;
  }
}

/** The product page's panel: its product's (or the chosen child's) Trade prices, again on every choice. */
function swapProductPage(prices: TradePrices): void {
  const panel = document.querySelector<HTMLElement>('.purchase');
  if (!panel) return;
  panel.insertAdjacentHTML('afterbegin', badge('panel'));
  const picker = panel.querySelector<HTMLElement>('[data-variant-picker]');
  const show = () => swapPanel(panel, picker?.dataset['chosen'] ?? skuOf(panel), prices);
  show();
  // The picker writes the chosen child's prices, then this puts its Trade prices over them before the paint.
  if (picker)
    new MutationObserver(show).observe(picker, { attributes: true, attributeFilter: ['data-chosen'] });
}

/**
 * Cards drawn after the page (a listing's filters, search results, recently viewed) are swapped as they come,
 * and so are the price lines drawn into a card later (a mentioned product's, catalogue/mention-offers.ts).
 */
function watchCards(prices: TradePrices): void {
  new MutationObserver((records) => {
    for (const record of records)
      for (const node of record.addedNodes) {
        if (!(node instanceof Element)) continue;
        const card = node.closest('.product-card');
        if (card) swapCard(card, prices);
        else for (const inside of node.querySelectorAll('.product-card')) swapCard(inside, prices);
      }
  }).observe(document.body, { childList: true, subtree: true });
}

export async function swapTradePrices(): Promise<void> {
  const prices = await tradePricesForVisit();
  if (!prices) return;
  for (const card of document.querySelectorAll('.product-card')) swapCard(card, prices);
  swapProductPage(prices);
  watchCards(prices);
  performance.mark('trade:swapped');
  document.documentElement.setAttribute('data-trade-swapped', '');
}
