/**
 * The compare table's markup, drawn by the /compare page's script (compare-page.client.ts): a real table,
 * one column per product (a configurable's child named by its parent and the chosen options, with its own
 * price and stock, linking to the parent's page with the choice). The head row (pinned while the table scrolls) holds each product's picture and
 * name, linked to its page; a first group of rows its price in both VAT forms (the shopper's choice shows,
 * as on cards), stock, its stars once any product compared has reviews, add to cart and remove; then the compared attributes in their groups, each group
 * headed by a row header over the whole width. Every row is headed by its label, the first column, which
 * stays in view as the table scrolls sideways. Rows whose values are all the same carry `data-same`, for
 * "Show differences only"; the best value of a row carries a "Best" tag, not colour alone.
 */
import { imageSrcset, imageUrl } from '../../catalogue/images.ts';
import type { CompareRowGroup, CompareValue } from '../../features/compare/rows.ts';
import type { ProductFacts, VariantChoice } from '../../features/product-data/index.ts';
import { comparePageTexts as texts, productTexts } from '../../features/compare/browser-texts.ts';
import { priceHtml, ratingHtml } from '../../ui/card-html.ts';
import { escapeHtml } from '@cleaning-shop/kit/escape-html.ts';

/** A product compared: its facts, and for a configurable's child the choice that adds it to the cart. */
export type ComparedProduct = ProductFacts & { choice?: VariantChoice | undefined };

const hidden = (text: string): string => `<span class="visually-hidden">${escapeHtml(text)}</span>`;

/** The picture and linked name heading a product's column. */
function productHeading(product: ProductFacts): string {
  const { image } = product;
  const picture = image
    ? `<img src="${escapeHtml(imageUrl(image.file, 160))}" srcset="${escapeHtml(imageSrcset(image.file, 320))}" sizes="(min-width: 640px) 96px, 48px" alt="" width="96" height="96">`
    : '';
  return `<th scope="col" class="compare__product">${picture}<a href="${escapeHtml(product.href)}">${escapeHtml(product.name)}</a></th>`;
}

/**
 * AddToCartForm.astro's markup for one item (a connected product's form), so add-to-cart.client.ts adds
 * it in place, and without JavaScript it would go to the basket, which adds it.
 */
export function addToCartFormHtml(product: Pick<ComparedProduct, 'sku' | 'name' | 'choice'>): string {
  // A configurable's child is added as Magento sells it: its parent's sku with the options chosen.
  const sku = escapeHtml(product.choice?.parentSku ?? product.sku);
  const options = (product.choice?.options ?? [])
    .map(
      ({ option_id, option_value }) =>
        `<input type="hidden" name="super_attribute[${escapeHtml(option_id)}]" value="${option_value}">`,
    )
    .join('');
  return (
    `<form class="add-to-cart" data-add-to-cart data-sku="${sku}" action="/basket" method="get">` +
    `<input type="hidden" name="sku" value="${sku}">${options}<input type="hidden" name="qty" value="1">` +
    `<button type="submit" class="button"><span data-label>${escapeHtml(texts.addToCart)}</span>${hidden(`: ${product.name}`)}</button></form>`
  );
}

/** A rating's stars and number of reviews, as on cards; "–" read as "No reviews yet" for none. */
const ratingCell = (product: ComparedProduct): string =>
  product.rating ? ratingHtml(product.rating) : `<span aria-hidden="true">–</span>${hidden(texts.noReviews)}`;

/** The rows every comparison has (price, stock, what shoppers rated them), then the actions (not printed). */
function summaryRows(products: readonly ComparedProduct[]): string {
  const row = (label: string, cell: (product: ComparedProduct) => string, action = false) =>
    `<tr${action ? ' class="compare__action"' : ''}><th scope="row">${label}</th>${products.map((product) => `<td>${cell(product)}</td>`).join('')}</tr>`;
  return (
    `<tbody class="compare__summary">` +
    row(escapeHtml(texts.price), (product) =>
      priceHtml(product.priceInclVat, product.priceExclVat, false, product.was ?? null),
    ) +
    row(
      escapeHtml(texts.stock),
      (product) =>
        `<span class="compare__stock compare__stock--${product.inStock ? 'in' : 'out'}">${escapeHtml(product.inStock ? productTexts.inStock : productTexts.unavailable)}</span>`,
    ) +
    // Only once some product has reviews: a row of dashes says nothing.
    (products.some((product) => product.rating) ? row(escapeHtml(texts.rating), ratingCell) : '') +
    row(
      hidden(texts.addToCart),
      (product) => (product.inStock ? addToCartFormHtml(product) : escapeHtml(productTexts.unavailable)),
      true,
    ) +
    row(
      hidden(texts.remove),
      (product) =>
        `<button type="button" class="button button--secondary compare__remove" data-remove="${escapeHtml(product.sku)}">${escapeHtml(texts.remove)}${hidden(`: ${product.name}`)}</button>`,
      true,
    ) +
    `</tbody>`
  );
}

function valueHtml(value: CompareValue, best: boolean): string {
  if (value === null) return `<span aria-hidden="true">–</span>${hidden(texts.missing)}`;
  if (Array.isArray(value)) return `<ul>${value.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>`;
  return best
    ? `<strong>${escapeHtml(value)}</strong> <span class="compare__best"><span aria-hidden="true">★ </span>${escapeHtml(texts.best)}</span>`
    : escapeHtml(value);
}

const same = (is: boolean): string => (is ? ' data-same' : '');

function groupHtml(group: CompareRowGroup, columns: number): string {
  const rows = group.rows.map(
    (row) =>
      `<tr${same(row.same)}><th scope="row">${escapeHtml(row.label)}</th>${row.values
        .map(
          (value, at) =>
            `<td${row.best[at] ? ' class="compare__best-cell"' : ''}>${valueHtml(value, row.best[at] ?? false)}</td>`,
        )
        .join('')}</tr>`,
  );
  return (
    `<tbody${same(group.same)}><tr><th scope="rowgroup" colspan="${columns + 1}" class="compare__group">` +
    `<span>${escapeHtml(group.label)}</span></th></tr>${rows.join('')}</tbody>`
  );
}

/** The whole table: head row, summary rows, then the groups of compared rows. */
export function compareTableHtml(
  products: readonly ComparedProduct[],
  groups: readonly CompareRowGroup[],
  captionId: string,
): string {
  return (
    `<table class="compare__table"><caption id="${captionId}">${escapeHtml(texts.caption(products.length))}</caption>` +
    `<thead><tr><td></td>${products.map(productHeading).join('')}</tr></thead>` +
    summaryRows(products) +
    groups.map((group) => groupHtml(group, products.length)).join('') +
    `</table>`
  );
}

/** The kinds of product compared, when there is more than one (the page says so above the table). */
export function differentKinds(products: readonly Pick<ProductFacts, 'kind'>[]): string[] {
  const kinds = [...new Set(products.flatMap((product) => (product.kind ? [product.kind.name] : [])))];
  return kinds.length > 1 ? kinds : [];
}
