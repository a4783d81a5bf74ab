/**
 * A Google Merchant Center feed file read back with a real XML parser (htmlparser2 in XML mode), as a
 * fetcher would: its channel, each item's `g:` attributes (repeated ones in order, `g:shipping`'s
 * sub-attributes nested), and the ways it is not well-formed XML (an element closed by another's end tag or
 * left open, an `&` that starts no character reference, no XML declaration), which must be none.
 */
import { Parser } from 'htmlparser2';
import {
  feedEffectivePrice,
  GOOGLE_NAMESPACE,
  parseGoogleInterval,
  type FeedPrice,
} from '../../src/features/shopping-feed/index.ts';

export interface ParsedItem {
  /** Every attribute but `shipping`, by name without `g:`, each value in order. */
  readonly fields: ReadonlyMap<string, readonly string[]>;
  readonly shipping: readonly Readonly<Record<string, string>>[];
}

export interface ParsedFeed {
  readonly namespace: string | undefined;
  readonly channel: Readonly<Record<string, string>>;
  readonly items: readonly ParsedItem[];
  readonly problems: readonly string[];
}

/** `&` followed by anything but a character reference XML knows. */
const BARE_AMPERSAND = /&(?!(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);)/;

export function parseFeed(xml: string): ParsedFeed {
  const problems: string[] = [];
  if (!xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')) problems.push('no XML declaration first');
  if (BARE_AMPERSAND.test(xml)) problems.push('an & that starts no character reference');
  const stack: string[] = [];
  const channel: Record<string, string> = {};
  const items: ParsedItem[] = [];
  let namespace: string | undefined;
  let item: { fields: Map<string, string[]>; shipping: Record<string, string>[] } | undefined;
  let shipping: Record<string, string> | undefined;
  let text = '';
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        stack.push(name);
        text = '';
        if (name === 'rss') namespace = attributes['xmlns:g'];
        if (name === 'item') item = { fields: new Map(), shipping: [] };
        if (name === 'g:shipping') shipping = {};
      },
      ontext(chunk) {
        text += chunk;
      },
      onclosetag(name, implied) {
        const open = stack.pop();
        if (implied || open !== name) problems.push(`<${open ?? '?'}> closed by </${name}>`);
        if (name === 'item' && item) {
          items.push(item);
          item = undefined;
        } else if (name === 'g:shipping' && item && shipping) {
          item.shipping.push(shipping);
          shipping = undefined;
        } else if (name.startsWith('g:') && shipping) {
          shipping[name.slice(2)] = text;
        } else if (name.startsWith('g:') && item) {
          const values = item.fields.get(name.slice(2)) ?? [];
          item.fields.set(name.slice(2), [...values, text]);
        } else if (!item && stack.at(-1) === 'channel') {
          channel[name] = text;
        }
        text = '';
      },
    },
    { xmlMode: true },
  );
  parser.end(xml);
  if (stack.length > 0) problems.push(`left open: ${stack.join(' > ')}`);
  if (namespace !== GOOGLE_NAMESPACE) problems.push(`the g: namespace is ${namespace}`);
  return { namespace, channel, items, problems };
}

/** An attribute's one value ('' when the item has none). */
export const field = (item: ParsedItem, name: string): string => item.fields.get(name)?.[0] ?? '';

/** `149.99 GBP` → 149.99. */
const amount = (text: string): number => {
  const match = /^(\d+\.\d{2}) GBP$/.exec(text);
  if (!match) throw new Error(`not a price in GBP: ${text}`);
  return Number(match[1]);
};

/** The item's prices as the feed states them. */
export function statedPrice(item: ParsedItem): FeedPrice {
  const sale = field(item, 'sale_price');
  const dates = field(item, 'sale_price_effective_date');
  const window = dates ? parseGoogleInterval(dates) : null;
  if (dates && !window) throw new Error(`not an interval: ${dates}`);
  return { price: amount(field(item, 'price')), sale: sale ? { price: amount(sale), window } : null };
}

/** The price that applies at `at` by what the item says (the feed's one function for it). */
export const effectivePrice = (item: ParsedItem, at: number): number =>
  feedEffectivePrice(statedPrice(item), at);

/** The attributes every item must have (the specification's required ones for new products in the UK). */
export function missingRequired(item: ParsedItem): string[] {
  const required = [
    'id',
    'title',
    'description',
    'link',
    'image_link',
    'availability',
    'price',
    'brand',
    'condition',
  ];
  const missing = required.filter((name) => field(item, name).trim() === '');
  if (!field(item, 'mpn') && !field(item, 'gtin') && field(item, 'identifier_exists') !== 'no')
    missing.push('mpn, gtin or identifier_exists no');
  if (item.shipping.length === 0) missing.push('shipping');
  return missing;
}
