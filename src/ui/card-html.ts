/**
 * The markup inside a product card (`<li class="product-card">`): picture, name linked to the product
 * page (stretched over the card), price incl VAT. One function for the pre-rendered grids
 * (ProductCard.astro) and the listing's browser script, so a card looks the same however it was drawn.
 */
import { CARD_IMAGE_SIZES, imageSrcset, imageUrl } from '../catalogue/images.ts';
import { formatPrice } from '../catalogue/money.ts';
import { productToolTexts } from '../features/shell/index.ts';
import { listingTexts } from '../features/listing/index.ts';
import { ratingTexts } from '../features/reviews/index.ts';
import type { Rating } from '../catalogue/types.ts';
import { variantTexts } from '../features/product/index.ts';
import { escapeHtml } from '@cleaning-shop/kit/escape-html.ts';

export interface CardView {
  name: string;
  /** The product page, or null for a product without one. */
  href: string | null;
  image: { file: string; alt: string } | null;
  priceInclVat: number | null;
  priceExclVat: number | null;
  /** The price is the cheapest of a configurable product's children, which differ: "from £9.99". */
  priceFrom?: boolean;
  /** The regular price while a sale price applies ("Was £X"), in both VAT forms. */
  was?: WasPrice | null;
  /** Its stars and number of reviews; none drawn when it has none. */
  rating?: Rating | null;
  headingLevel: 2 | 3 | 4;
  /** Cards of the first row load at once; the rest lazily. */
  eager?: boolean;
  /** The very first card's picture is likely the page's largest: fetch it first. */
  priority?: boolean;
  /**
   * A simple product in stock: the sku whose collection line the browser writes for the shopper's point
   * (collect/card-collect.client.ts). The page holds only the line's room: stock at a point is live.
   */
  collectSku?: string | undefined;
}

/** The regular price in both VAT forms, shown struck through after a sale price. */
export interface WasPrice {
  inclVat: number | null;
  exclVat: number | null;
}

/** The regular price after a sale price, `Was £X` with the amount struck through (read as "Was £X"). */
export const wasHtml = (amount: number | null): string =>
  amount === null
    ? ''
    : ` <span class="price-was">${listingTexts.was} <del>${formatPrice(amount)}</del></span>`;

/**
 * Five stars filled to `percent` (Magento's 0–100; CSS draws them from `--r`, rating.css), one image to a
 * screen reader, named by `label` ("Rated 4.2 out of 5"); hidden from it without a label (the figure is
 * written beside them).
 */
export const starsHtml = (percent: number, label: string): string =>
  `<span class="stars" style="--r:${percent}%" ${label ? `role="img" aria-label="${escapeHtml(label)}"` : 'aria-hidden="true"'}></span>`;

/**
 * A product's stars and its number of reviews, read as "Rated 4.2 out of 5, 12 reviews"; nothing for a
 * product without reviews. `tag` is the element: a card's `p`, or the product page's link to its reviews.
 */
export function ratingHtml(rating: Rating | null | undefined, tag = 'p', attributes = ''): string {
  if (!rating || rating.count === 0) return '';
  return (
    `<${tag} class="rating"${attributes}>${starsHtml(rating.percent, ratingTexts.rated(rating.percent))} ` +
    `${rating.count}<span class="visually-hidden"> ${ratingTexts.word(rating.count)}</span></${tag}>`
  );
}

/** The largest picture a card renders (DESIGN.md §4: the largest rendered size, not the source size). */
const RENDITION = 640;

/**
 * A price in both forms, each labelled: the page shows the one the shopper chose (the `<html data-vat>`
 * rules in global.css), so switching is a style change, with nothing to redraw and nothing to shift.
 * Either missing: the other alone, whatever the choice. `from` says the price is a configurable product's
 * cheapest ("from £9.99"): every card decides that here. `was` is the regular price while a sale price
 * applies: "Was £X" after each form, in the same form.
 */
export function priceHtml(
  inclVat: number | null,
  exclVat: number | null,
  from = false,
  was: WasPrice | null = null,
): string {
  const one = (amount: number, label: string, regular: number | null | undefined) =>
    `${from ? `${variantTexts.from} ` : ''}${formatPrice(amount)} <span class="product-card__vat">${label}</span>${wasHtml(regular ?? null)}`;
  if (inclVat === null || exclVat === null) {
    if (inclVat !== null) return one(inclVat, listingTexts.inclVat, was?.inclVat);
    return exclVat === null ? '' : one(exclVat, listingTexts.exclVat, was?.exclVat);
  }
  return (
    `<span class="vat-incl">${one(inclVat, listingTexts.inclVat, was?.inclVat)}</span>` +
    `<span class="vat-excl">${one(exclVat, listingTexts.exclVat, was?.exclVat)}</span>`
  );
}

/** What a card says of a product's name, picture and page: all a page that only mentions it bakes. */
export type CardHead = Pick<CardView, 'name' | 'href' | 'image' | 'headingLevel' | 'eager' | 'priority'>;

/** What a card says of a product's offer: its stars, its price and its collection line. */
export type CardOffer = Pick<
  CardView,
  'priceInclVat' | 'priceExclVat' | 'priceFrom' | 'was' | 'rating' | 'collectSku'
>;

/** The card's picture and name, the name linked to the product page. */
export function cardHeadHtml(card: CardHead): string {
  const { image } = card;
  const loading = card.eager ? '' : ' loading="lazy" decoding="async"';
  const priority = card.priority ? ' fetchpriority="high"' : '';
  const picture = image
    ? `<picture><source type="image/webp" srcset="${escapeHtml(imageSrcset(image.file, RENDITION, 'webp'))}" sizes="${CARD_IMAGE_SIZES}">` +
      `<img src="${escapeHtml(imageUrl(image.file, 480, 'jpeg'))}" alt="${escapeHtml(image.alt)}" width="480" height="480"${loading}${priority}></picture>`
    : '';
  const name = escapeHtml(card.name);
  const heading = `h${card.headingLevel}`;
  return (
    `<div class="product-card__media">${picture}</div>` +
    `<${heading} class="product-card__name">${card.href ? `<a href="${escapeHtml(card.href)}">${name}</a>` : name}</${heading}>`
  );
}

/**
 * The card's stars, price and collection line: baked by a page that sells the product (a listing's
 * cards), drawn in the browser from the data files by a page that only mentions it (catalogue/mention-offers.ts).
 */
export function offerHtml(card: CardOffer): string {
  const prices = priceHtml(card.priceInclVat, card.priceExclVat, card.priceFrom, card.was ?? null);
  // The price as Magento holds it, as a number too, for measurement (GA4's item `price`, ga4.ts).
  const exact = card.priceInclVat === null ? '' : ` data-price="${card.priceInclVat}"`;
  const price = prices && `<p class="product-card__price"${exact}>${prices}</p>`;
  const collect = card.collectSku
    ? `<p class="product-card__collect needs-script" data-collect-sku="${escapeHtml(card.collectSku)}"></p>`
    : '';
  return ratingHtml(card.rating) + price + collect;
}

export const cardHtml = (card: CardView): string => cardHeadHtml(card) + offerHtml(card);

/**
 * The wish-list and compare buttons of a product (every card, and the purchase panel): plain buttons
 * holding the sku, wired by delegation from the shell's scripts, which also set each one's text and
 * `data-on` from the shopper's lists. Each names its product for screen readers. Hidden without
 * JavaScript (Base.astro), since they need it.
 */
export function productToolsHtml(product: { sku: string; name: string }): string {
  const sku = escapeHtml(product.sku);
  const name = `<span class="visually-hidden">: ${escapeHtml(product.name)}</span>`;
  const button = (kind: 'wishlist' | 'compare', label: string) =>
    `<button type="button" class="product-tool" data-${kind}-sku="${sku}"><span data-label>${label}</span>${name}</button>`;
  return (
    `<div class="product-tools">${button('wishlist', productToolTexts.addToWishList)}` +
    `${button('compare', productToolTexts.addToCompare)}</div>`
  );
}
