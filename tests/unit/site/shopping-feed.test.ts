/**
 * The Google Merchant Center feed's model and files (features/shopping-feed, site/shopping-feed.ts), read
 * back with an XML parser: every item has the specification's required attributes, a sale is stated as the
 * regular price, the sale price and its dates in London time (summer time included), a configurable is its
 * children, and what applies at the build's instant is, item for item, the offer of the page's structured
 * data (site/seo.ts). A change makes a new object of the one file that holds the product.
 */
import { describe, expect, it } from 'vitest';
import { indexCatalogue, type CatalogueIndex } from '../../../src/catalogue/snapshot.ts';
import type { Product } from '../../../src/catalogue/types.ts';
import { checkedDeliveryConfig } from '../../../src/delivery/config-schema.ts';
import {
  FEED_FILES,
  feedFileOf,
  feedPrice,
  googleDateTime,
  googleInterval,
  parseGoogleInterval,
  xmlText,
} from '../../../src/features/shopping-feed/index.ts';
import { productRoutes } from '../../../src/site/product-view.ts';
import { productGroupJsonLd, productJsonLd } from '../../../src/site/seo.ts';
import { FEED_INDEX, FEED_XML, siteFeedFiles, siteFeedIndex } from '../../../src/site/shopping-feed.ts';
import {
  effectivePrice,
  field,
  missingRequired,
  parseFeed,
  type ParsedItem,
} from '../../support/shopping-feed.ts';
import { catalogue, product, shampooProducts, testShop } from '../catalogue/fixtures.ts';

const site = { siteUrl: testShop.siteUrl, brand: testShop.name };
const at = (iso: string): number => Date.parse(iso);

/** A washer on sale from 20 March to 5 April 2026: British Summer Time begins on 29 March. */
const onSale = (): Product =>
  product({
    sku: 'HG-PW-00300',
    name: 'K 4 Power Control',
    urlKey: 'k-4-power-control',
    priceInclVat: 199.99,
    priceExclVat: 166.66,
    categoryIds: [38],
    specialPrice: { priceInclVat: 159.99, from: '2026-03-20 00:00:00', to: '2026-04-05 00:00:00' },
  });

/** A small shop: washers (one on sale), a sold-out vac, a blaster, one without a price or a picture, the shampoo. */
function shopProducts(): Product[] {
  return [
    product({
      sku: 'HG-PW-00219',
      name: 'Patio & Deck <Pro> "Set"',
      urlKey: 'patio-deck-pro-set',
      categoryIds: [38],
      description: '<p>Cleans patios &amp; decks.</p><ul><li>Two brushes</li></ul>',
    }),
    onSale(),
    product({ sku: 'HG-WV-00001', name: 'WV 6', urlKey: 'wv-6', inStock: false, categoryIds: [40] }),
    product({
      sku: 'PRO-DI-00001',
      name: 'IB 7/120',
      urlKey: 'ib-7-120',
      categoryIds: [44],
      modelNumber: null,
      weight: 95,
    }),
    product({
      sku: 'HG-AC-00001',
      name: 'No price',
      urlKey: 'no-price',
      priceInclVat: null,
      priceExclVat: null,
    }),
    product({ sku: 'HG-AC-00002', name: 'No picture', urlKey: 'no-picture', images: [], thumbnail: null }),
    ...shampooProducts().map((each) => (each.sku === 'CS' ? { ...each, categoryIds: [24] } : each)),
  ].sort((a, b) => (a.sku < b.sku ? -1 : 1));
}

const indexAt = (instant: number, products: Product[] = shopProducts()): CatalogueIndex =>
  indexCatalogue(catalogue(products), { at: instant });

/** The feed of an index: its files' objects and their items, read back, with each item's file. */
function feedOf(index: CatalogueIndex) {
  const files = siteFeedFiles(index, productRoutes(index).routed, testShop);
  const parsed = files.map((file) => parseFeed(FEED_XML.text(file)));
  const items = parsed.flatMap((feed, number) => feed.items.map((item) => ({ item, number })));
  return { files, parsed, items, byId: new Map(items.map(({ item }) => [field(item, 'id'), item])) };
}

/** The offer of a product's page for `sku`: the product's own, or its variant's in the ProductGroup. */
function pageOffer(index: CatalogueIndex, page: Product, sku: string): Record<string, unknown> {
  const jsonLd = page.configurable
    ? productGroupJsonLd(page, index.bySku, site, checkedDeliveryConfig())
    : productJsonLd(page, site, checkedDeliveryConfig());
  const offered = page.configurable
    ? (jsonLd['hasVariant'] as Record<string, unknown>[]).find((variant) => variant['sku'] === sku)
    : jsonLd;
  return (offered?.['offers'] ?? {}) as Record<string, unknown>;
}

/** The item agrees with its page's offer: the price that applies now, the stock, the URL. */
function expectAsItsPage(index: CatalogueIndex, item: ParsedItem): void {
  const id = field(item, 'id');
  const page = index.bySku.get(field(item, 'item_group_id') || id);
  if (!page) throw new Error(`no page product for ${id}`);
  const offer = pageOffer(index, page, id);
  expect(effectivePrice(item, index.pricedAt).toFixed(2), id).toBe(offer['price']);
  expect(
    field(item, 'availability') === 'in_stock'
      ? 'https://schema.org/InStock'
      : 'https://schema.org/OutOfStock',
  ).toBe(offer['availability']);
  expect(field(item, 'link')).toBe(offer['url']);
}

describe('the shopping feed', () => {
  const index = indexAt(at('2026-03-25T12:00:00Z'));
  const feed = feedOf(index);

  it('is FEED_FILES well-formed RSS 2.0 files in the g: namespace, each item with every required attribute', () => {
    expect(feed.files).toHaveLength(FEED_FILES);
    for (const file of feed.parsed) {
      expect(file.problems).toEqual([]);
      expect(file.channel).toMatchObject({ title: testShop.name, link: `${testShop.siteUrl}/` });
    }
    expect(feed.items.length).toBeGreaterThan(0);
    for (const { item } of feed.items) expect(missingRequired(item), field(item, 'id')).toEqual([]);
  });

  it('states each item as its page does: price that applies, stock and link, item for item', () => {
    for (const { item } of feed.items) expectAsItsPage(index, item);
  });

  it('holds a simple product with its page, pictures, text, category and delivery, its name escaped and read back whole', () => {
    const item = feed.byId.get('HG-PW-00219');
    if (!item) throw new Error('no item');
    expect(Object.fromEntries([...item.fields].map(([name, values]) => [name, values.join(' | ')]))).toEqual({
      id: 'HG-PW-00219',
      title: 'Patio & Deck <Pro> "Set"',
      description: 'Cleans patios & decks. Two brushes',
      link: 'https://shop.example.com/patio-deck-pro-set',
      image_link: 'https://shop.example.com/img/960/jpeg/catalog/product/m/a/hg-pw-00219-1.jpg',
      availability: 'in_stock',
      price: '149.99 GBP',
      google_product_category: '1226',
      product_type: 'Home & Garden > Pressure Washers > Compact Pressure Washers',
      brand: 'Clearwater Cleaning',
      mpn: '1.234-567.0',
      condition: 'new',
      shipping_weight: '1.8 kg',
    });
    // Free standard delivery from £50, and next working day; dispatched the same day, or the next.
    expect(item.shipping).toEqual([
      {
        country: 'GB',
        service: 'Standard delivery',
        price: '0.00 GBP',
        min_handling_time: '0',
        max_handling_time: '1',
        min_transit_time: '2',
        max_transit_time: '3',
      },
      expect.objectContaining({ service: 'Next working day', price: '9.95 GBP', max_transit_time: '1' }),
    ]);
    const file = feed.files[feedFileOf('HG-PW-00219')];
    expect(file && FEED_XML.text(file)).toContain(
      '<g:title>Patio &#38; Deck &#60;Pro&#62; &#34;Set&#34;</g:title>',
    );
  });

  it('gives a product on sale at its regular price, with the sale price and its dates in London time across summer time', () => {
    const item = feed.byId.get('HG-PW-00300');
    if (!item) throw new Error('no item');
    expect(field(item, 'price')).toBe('199.99 GBP');
    expect(field(item, 'sale_price')).toBe('159.99 GBP');
    // From 00:00 on the from-date (GMT) to the end of the to-date (00:00 the day after, BST).
    expect(field(item, 'sale_price_effective_date')).toBe('2026-03-20T00:00+0000/2026-04-06T00:00+0100');
    expect(effectivePrice(item, index.pricedAt)).toBe(159.99);
  });

  it('gives a sale due later with its dates, at the price that applies now, and none once it is over', () => {
    const before = feedOf(indexAt(at('2026-03-10T12:00:00Z'))).byId.get('HG-PW-00300');
    const after = feedOf(indexAt(at('2026-04-10T12:00:00Z'))).byId.get('HG-PW-00300');
    if (!before || !after) throw new Error('no item');
    expect(field(before, 'price')).toBe('199.99 GBP');
    expect(field(before, 'sale_price_effective_date')).toBe('2026-03-20T00:00+0000/2026-04-06T00:00+0100');
    expect(effectivePrice(before, at('2026-03-10T12:00:00Z'))).toBe(199.99);
    expect(effectivePrice(before, at('2026-03-20T00:00:00Z'))).toBe(159.99);
    expect([...after.fields.keys()]).not.toContain('sale_price');
    expect(field(after, 'price')).toBe('199.99 GBP');
  });

  it('lists a configurable as its children: one group, each child its size, its own price and stock, linked to the page with it chosen', () => {
    const children = ['CS-1L', 'CS-5L', 'CS-10L'].map((sku) => feed.byId.get(sku));
    expect(feed.byId.has('CS')).toBe(false);
    expect(
      children.map(
        (item) =>
          item && [
            field(item, 'item_group_id'),
            field(item, 'size'),
            field(item, 'price'),
            field(item, 'availability'),
            field(item, 'link'),
          ],
      ),
    ).toEqual([
      ['CS', '1 l', '9.99 GBP', 'in_stock', 'https://shop.example.com/car-shampoo?volume=1-l'],
      ['CS', '5 l', '29.99 GBP', 'in_stock', 'https://shop.example.com/car-shampoo?volume=5-l'],
      ['CS', '10 l', '49.99 GBP', 'out_of_stock', 'https://shop.example.com/car-shampoo?volume=10-l'],
    ]);
    // A product page's items are in one file: the page product's.
    const numbers = feed.items
      .filter(({ item }) => field(item, 'item_group_id') === 'CS')
      .map(({ number }) => number);
    expect(new Set(numbers)).toEqual(new Set([feedFileOf('CS')]));
  });

  it('says a sold-out product is out of stock, as its page does', () => {
    const item = feed.byId.get('HG-WV-00001');
    expect(item && field(item, 'availability')).toBe('out_of_stock');
  });

  it('leaves out a product without a price or a picture, and says no identifier exists without a model number', () => {
    expect(feed.byId.has('HG-AC-00001')).toBe(false);
    expect(feed.byId.has('HG-AC-00002')).toBe(false);
    const blaster = feed.byId.get('PRO-DI-00001');
    if (!blaster) throw new Error('no item');
    expect(field(blaster, 'identifier_exists')).toBe('no');
    expect(field(blaster, 'mpn')).toBe('');
    // Heavier than a parcel: pallet delivery only. A category without a Google one takes its parent's.
    expect(blaster.shipping.map((each) => [each.service, each.price])).toEqual([
      ['Pallet delivery', '49.00 GBP'],
    ]);
    expect(field(blaster, 'google_product_category')).toBe('111');
  });

  it('drops what XML 1.0 cannot hold from a text (control characters, a lone surrogate) and escapes the rest', () => {
    expect(xmlText('A\u0001B\u000BC\uD800D \u{1F9FD} & <x>')).toBe('ABCD \u{1F9FD} &#38; &#60;x&#62;');
  });

  it('lists every file in its index, one absolute URL a line', () => {
    const lines = FEED_INDEX.text(siteFeedIndex(testShop.siteUrl)).trimEnd().split('\n');
    expect(lines).toHaveLength(FEED_FILES);
    expect(lines[3]).toBe('https://shop.example.com/feeds/google/products-3.xml');
  });
});

describe('a feed file', () => {
  it('is a new object, so hashed and written again, only where a product in it changed', () => {
    const products = shopProducts();
    const first = feedOf(indexAt(at('2026-03-25T12:00:00Z'), products)).files;
    const again = feedOf(indexAt(at('2026-03-25T13:00:00Z'), products)).files;
    expect(again.every((file, number) => file === first[number])).toBe(true);
    const changed = products.map((each) => (each.sku === 'HG-WV-00001' ? { ...each, inStock: true } : each));
    const next = feedOf(indexAt(at('2026-03-25T14:00:00Z'), changed));
    const moved = next.files.flatMap((file, number) => (file === again[number] ? [] : [number]));
    expect(moved).toEqual([feedFileOf('HG-WV-00001')]);
    const item = next.byId.get('HG-WV-00001');
    expect(item && field(item, 'availability')).toBe('in_stock');
  });

  it('is made again when a sale due later has begun or ended, though its products are the same objects', () => {
    const products = shopProducts();
    const before = feedOf(indexAt(at('2026-03-10T12:00:00Z'), products)).files;
    const after = feedOf(indexAt(at('2026-04-10T12:00:00Z'), products)).files;
    expect(after[feedFileOf('HG-PW-00300')]).not.toBe(before[feedFileOf('HG-PW-00300')]);
  });

  it('with no product is an empty channel', () => {
    const { parsed } = feedOf(indexAt(at('2026-03-25T12:00:00Z'), []));
    expect(parsed.every((file) => file.problems.length === 0 && file.items.length === 0)).toBe(true);
  });
});

describe('a sale in the feed', () => {
  const sale = (from: string | null, to: string | null) => ({
    priceInclVat: 80,
    wasInclVat: 100,
    specialPrice: { priceInclVat: 80, from, to },
  });

  it("writes Google's date-times in the shop's time zone, to the minute, and reads them back", () => {
    expect(googleDateTime(at('2026-07-01T10:30:45Z'))).toBe('2026-07-01T11:30+0100');
    expect(googleDateTime(at('2026-12-01T10:30:00Z'))).toBe('2026-12-01T10:30+0000');
    const window = { from: at('2026-10-19T23:00:00Z'), until: at('2026-10-31T00:00:00Z') };
    // Summer time ends on 25 October 2026.
    expect(googleInterval(window)).toBe('2026-10-20T00:00+0100/2026-10-31T00:00+0000');
    expect(parseGoogleInterval(googleInterval(window))).toEqual(window);
  });

  it('has no dates when its special price has no end, and since ever when it has no start', () => {
    const now = at('2026-06-10T12:00:00Z');
    expect(feedPrice(sale('2026-06-01 00:00:00', null), now)).toEqual({
      price: 100,
      sale: { price: 80, window: null },
    });
    expect(feedPrice(sale(null, '2026-06-30 00:00:00'), now)?.sale?.window).toEqual({
      from: 0,
      until: at('2026-06-30T23:00:00Z'),
    });
  });

  it("is a catalogue rule's price without dates, where the rule and not the special price applies", () => {
    const now = at('2026-06-10T12:00:00Z');
    const ruled = {
      priceInclVat: 70,
      wasInclVat: 100,
      specialPrice: { priceInclVat: 80, from: null, to: null },
    };
    expect(feedPrice(ruled, now, 70)).toEqual({ price: 100, sale: { price: 70, window: null } });
  });
});
