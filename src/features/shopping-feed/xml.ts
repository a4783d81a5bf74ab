/**
 * The feed's files as the product data specification's XML: RSS 2.0 with Google's `g:` namespace, UTF-8,
 * one `<item>` per item with one element per attribute (sub-attributes of `g:shipping` nested). Every text
 * is escaped, and characters XML 1.0 cannot hold (control characters a catalogue field may carry) dropped.
 */
import { escapeHtml } from '@cleaning-shop/kit/escape-html.ts';
import { schemaPrice } from '../../catalogue/merchant-listing.ts';
import { FEED_FILES, feedFileName } from './files.ts';
import { feedItems, type FeedContext, type FeedEntry, type FeedItem, type FeedShipping } from './item.ts';
import { googleInterval } from './sale.ts';

export const GOOGLE_NAMESPACE = 'http://base.google.com/ns/1.0';

/** What one feed file is made from: its products' entries, priced at `at`, with what every item shares. */
export interface FeedFile {
  /** Its number, 0 to FEED_FILES - 1. */
  readonly number: number;
  /** The shop's name, for the channel's title. */
  readonly shopName: string;
  readonly context: FeedContext;
  /** The instant the entries' products are priced at (the build's). */
  readonly at: number;
  readonly entries: readonly FeedEntry[];
}

/**
 * A character XML 1.0 does not allow in a document: anything outside its `Char` production (C0 controls but
 * tab, LF and CR; U+FFFE, U+FFFF; a lone surrogate, which the `u` flag reads as a code point of its own).
 */
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** Text as XML character data: what XML cannot hold dropped, `& < > " '` as character references. */
export const xmlText = (text: string): string => escapeHtml(text.replace(NOT_XML, ''));

const element = (name: string, value: string | number): string =>
  `<g:${name}>${xmlText(String(value))}</g:${name}>`;

/** A price as the specification writes it: `149.99 GBP`. */
const money = (amount: number, currency: string): string => `${schemaPrice(amount)} ${currency}`;

function shippingXml(shipping: FeedShipping): string {
  return [
    '<g:shipping>',
    element('country', shipping.country),
    element('service', shipping.service),
    element('price', money(shipping.price, shipping.currency)),
    element('min_handling_time', shipping.handling.min),
    element('max_handling_time', shipping.handling.max),
    element('min_transit_time', shipping.transit.min),
    element('max_transit_time', shipping.transit.max),
    '</g:shipping>',
  ].join('');
}

/** One `<item>`, its attributes in the specification's order, one a line. */
export function itemXml(item: FeedItem): string {
  const { price } = item;
  const lines = [
    element('id', item.id),
    element('title', item.title),
    element('description', item.description),
    element('link', item.link),
    element('image_link', item.imageLink),
    ...item.additionalImageLinks.map((link) => element('additional_image_link', link)),
    element('availability', item.availability),
    element('price', money(price.price, item.currency)),
    ...(price.sale ? [element('sale_price', money(price.sale.price, item.currency))] : []),
    ...(price.sale?.window ? [element('sale_price_effective_date', googleInterval(price.sale.window))] : []),
    ...(item.googleCategory === null ? [] : [element('google_product_category', item.googleCategory)]),
    ...(item.productType === null ? [] : [element('product_type', item.productType)]),
    element('brand', item.brand),
    ...(item.mpn === null ? [element('identifier_exists', 'no')] : [element('mpn', item.mpn)]),
    element('condition', item.condition),
    ...(item.itemGroupId === null ? [] : [element('item_group_id', item.itemGroupId)]),
    ...Object.entries(item.variant).map(([name, value]) => element(name, value)),
    ...item.shipping.map(shippingXml),
    ...(item.shippingWeightKg === null ? [] : [element('shipping_weight', `${item.shippingWeightKg} kg`)]),
  ];
  return `<item>\n${lines.join('\n')}\n</item>`;
}

/** A feed file's whole text: an RSS document whose channel holds its entries' items (or none). */
export function feedFileXml(file: FeedFile): string {
  const { context } = file;
  const items = file.entries.flatMap((entry) => feedItems(entry, context, file.at).map(itemXml));
  const which = `${feedFileName(file.number)} of ${FEED_FILES} files`;
  const description = `${file.shopName}: products for Google Merchant Center, ${which}`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<rss version="2.0" xmlns:g="${GOOGLE_NAMESPACE}">`,
    '<channel>',
    `<title>${xmlText(file.shopName)}</title>`,
    `<link>${xmlText(`${context.siteUrl}/`)}</link>`,
    `<description>${xmlText(description)}</description>`,
    ...items,
    '</channel>',
    '</rss>',
    '',
  ].join('\n');
}
