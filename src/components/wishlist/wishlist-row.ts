/**
 * One product of the /wishlist page, cloned from Wishlist.astro's `<template data-wishlist-row>` (its
 * texts are in that markup): picture and name linking to the product page (when the product has facts:
 * features/product-data), its stars when it has reviews (as on cards), its price in both VAT forms (the
 * page shows the chosen one), its stock, then "Add to basket" (left out when the product is known to be
 * out of stock, as on its page) and "Remove", each naming the product for screen readers. A product Magento lists but the facts do not know (no page
 * in this build) shows the name Magento gave, or its sku, and no price or stock.
 */
import { linePicture } from '../../ui/line-product.ts';
import type { ProductFacts } from '../../features/product-data/index.ts';
import { priceHtml, ratingHtml } from '../../ui/card-html.ts';

export interface WishlistEntry {
  sku: string;
  /** Magento's item id for a customer's list; undefined for a guest's. */
  id?: string | undefined;
  name: string;
  facts: ProductFacts | undefined;
}

/** The row of `entry`, with `data-sku` naming its product. */
export function wishlistRow(template: HTMLTemplateElement, entry: WishlistEntry): HTMLLIElement {
  const row = document.importNode(template.content, true).querySelector('li');
  if (!row) throw new Error('The wish-list row template has no <li>');
  const find = (selector: string) => row.querySelector<HTMLElement>(selector);
  const { facts } = entry;
  row.dataset['sku'] = entry.sku;
  const name = find('[data-name]');
  if (name) name.textContent = entry.name;
  for (const after of row.querySelectorAll('[data-name-after]')) after.textContent = `: ${entry.name}`;
  if (facts) find('[data-product]')?.setAttribute('href', facts.href);
  if (facts?.image) find('[data-picture]')?.replaceWith(linePicture(facts.image.file));
  const rating = find('[data-rating]');
  if (facts?.rating) rating?.insertAdjacentHTML('afterend', ratingHtml(facts.rating));
  rating?.remove();
  const prices = facts ? priceHtml(facts.priceInclVat, facts.priceExclVat, false, facts.was ?? null) : '';
  const price = find('[data-price]');
  if (prices && price) price.innerHTML = prices;
  else price?.remove();
  if (facts?.inStock !== true) find('[data-in-stock]')?.remove();
  if (facts?.inStock !== false) find('[data-out-of-stock]')?.remove();
  if (facts?.inStock === false) find('[data-move]')?.remove();
  return row;
}

/** What a row shows, so it is drawn again only when that changed. */
export const rowKey = (entry: WishlistEntry): string =>
  JSON.stringify([entry.id, entry.name, entry.facts ?? null]);
