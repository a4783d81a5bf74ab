/**
 * One product of the /wishlist page, as markup: picture and name linking to the product page (when the
 * product has facts: catalogue, build-facts.ts), its price in both VAT forms (the page shows the chosen
 * one), its stock, then "Add to basket" (left out when the product is known to be out of stock, as on its
 * page) and "Remove", each naming the product for screen readers. A product Magento lists but the facts
 * do not know (no page in this build) shows the name Magento gave, or its sku.
 */
import { imageSrcset, imageUrl } from '../../catalogue/images.ts';
import type { ProductFacts } from '../../features/product-data/facts.ts';
import { wishlistPageTexts } from '../../browser-strings.ts';
import { priceHtml } from '../catalogue/card-html.ts';
import { escapeHtml } from '../escape-html.ts';

export interface WishlistEntry {
  sku: string;
  /** Magento's item id for a customer's list; undefined for a guest's. */
  id?: string | undefined;
  name: string;
  facts: ProductFacts | undefined;
}

const t = wishlistPageTexts;

function pictureHtml(image: ProductFacts['image'] | undefined): string {
  if (!image) return '<span class="wishlist-row__picture wishlist-row__picture--none"></span>';
  return (
    `<img class="wishlist-row__picture" src="${escapeHtml(imageUrl(image.file, 160))}"` +
    ` srcset="${escapeHtml(imageSrcset(image.file, 320))}" sizes="96px" width="96" height="96" alt=""` +
    ` loading="lazy" decoding="async">`
  );
}

export function wishlistRowHtml(entry: WishlistEntry): string {
  const { facts } = entry;
  const name = escapeHtml(entry.name);
  const after = `<span class="visually-hidden">: ${name}</span>`;
  const product = `${pictureHtml(facts?.image)}<span class="wishlist-row__name">${name}</span>`;
  const prices = facts ? priceHtml(facts.priceInclVat, facts.priceExclVat) : '';
  const stock = facts
    ? `<p class="wishlist-row__stock wishlist-row__stock--${facts.inStock ? 'in' : 'out'}">${facts.inStock ? t.inStock : t.unavailable}</p>`
    : '';
  const move =
    facts?.inStock === false
      ? ''
      : `<button type="button" class="button" data-move>${t.addToBasket}${after}</button>`;
  return (
    (facts
      ? `<a class="wishlist-row__product" href="${escapeHtml(facts.href)}">${product}</a>`
      : `<span class="wishlist-row__product">${product}</span>`) +
    `<div class="wishlist-row__facts">${prices && `<p class="wishlist-row__price">${prices}</p>`}${stock}</div>` +
    `<div class="wishlist-row__actions">${move}` +
    `<button type="button" class="button button--secondary" data-remove>${t.remove}${after}</button></div>`
  );
}
