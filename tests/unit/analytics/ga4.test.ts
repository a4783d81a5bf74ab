import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cartLineItem, itemAbout, pushQuantityChange } from '../../../src/features/analytics/cart-items.ts';
import { pushEcommerce, readGa4Item } from '../../../src/features/analytics/ga4.ts';
import { pushSearch } from '../../../src/features/analytics/search-event.ts';
import { forwardEvents } from '../../../src/components/analytics/tag.ts';

/** A page's globals as the push reads them: its `dataLayer`, and `<html>`'s brand and tag. */
function page(dataset: Record<string, string> = { brand: 'Clearwater Cleaning' }): unknown[] {
  const layer: unknown[] = [];
  Object.assign(globalThis, {
    window: { dataLayer: layer },
    document: { documentElement: { dataset } },
  });
  return layer;
}

beforeEach(() => {
  page();
});

afterEach(() => {
  Reflect.deleteProperty(globalThis, 'window');
  Reflect.deleteProperty(globalThis, 'document');
});

const line = { sku: 'DET-5L', qty: 3, name: 'Alkaline Degreaser Detergent 5 L', price: 24.5 };

describe('GA4 ecommerce pushes', () => {
  it("clear the last event's ecommerce, then carry GA4's names in GBP with the items' worth", () => {
    const layer = page();
    pushEcommerce('add_to_cart', {
      items: [cartLineItem(line, 2, itemAbout({ name: 'Detergents' }, ['5 l']))],
    });
    expect(layer).toEqual([
      { ecommerce: null },
      {
        event: 'add_to_cart',
        ecommerce: {
          currency: 'GBP',
          value: 49,
          items: [
            {
              item_id: 'DET-5L',
              item_name: 'Alkaline Degreaser Detergent 5 L',
              item_brand: 'Clearwater Cleaning',
              item_category: 'Detergents',
              item_variant: '5 l',
              price: 24.5,
              quantity: 2,
            },
          ],
        },
      },
    ]);
  });

  it('round the worth to the penny, and leave it out of list views', () => {
    const layer = page();
    const items = [
      cartLineItem({ sku: 'A', qty: 3, price: 0.1 }),
      cartLineItem({ sku: 'B', qty: 1, price: 0.2 }),
    ];
    pushEcommerce('view_cart', { items });
    pushEcommerce('view_item_list', { item_list_id: 'search', item_list_name: 'Search results', items });
    expect(layer[1]).toMatchObject({ ecommerce: { value: 0.5 } });
    expect(layer[3]).toEqual({
      event: 'view_item_list',
      ecommerce: { currency: 'GBP', item_list_id: 'search', item_list_name: 'Search results', items },
    });
  });

  it("keep a purchase's own figures (Magento's grand total, VAT and delivery)", () => {
    const layer = page();
    pushEcommerce('purchase', {
      transaction_id: '000000123',
      items: [cartLineItem(line)],
      value: 78.45,
      tax: 13.08,
      shipping: 4.95,
      coupon: 'WELCOME10',
    });
    expect(layer[1]).toMatchObject({
      event: 'purchase',
      ecommerce: {
        transaction_id: '000000123',
        value: 78.45,
        tax: 13.08,
        shipping: 4.95,
        coupon: 'WELCOME10',
      },
    });
  });

  it('push nothing for no items', () => {
    const layer = page();
    pushEcommerce('view_item_list', { items: [] });
    expect(layer).toEqual([]);
  });

  it('measure a change of quantity as an add or a removal of the difference', () => {
    const layer = page();
    pushQuantityChange(line, 3, 5);
    pushQuantityChange(line, 5, 1);
    pushQuantityChange(line, 1, 1);
    expect(layer.filter((entry) => (entry as { event?: string }).event)).toMatchObject([
      { event: 'add_to_cart', ecommerce: { items: [{ quantity: 2 }], value: 49 } },
      { event: 'remove_from_cart', ecommerce: { items: [{ quantity: 4 }], value: 98 } },
    ]);
  });

  it('carry a search as GA4 names it', () => {
    const layer = page();
    pushSearch('  k5 hose ');
    expect(layer).toEqual([{ event: 'search', search_term: 'k5 hose' }]);
  });
});

describe('a GA4 measurement id as the tag', () => {
  it("is handed every event through gtag('event'), those queued before it loaded first", () => {
    const layer = page();
    pushSearch('k5 hose');
    forwardEvents();
    pushEcommerce('view_cart', { items: [cartLineItem(line)] });
    const commands = layer.filter((entry) => Object.prototype.toString.call(entry) === '[object Arguments]');
    expect(commands.map((entry) => Array.from(entry as ArrayLike<unknown>))).toEqual([
      ['event', 'search', { search_term: 'k5 hose' }],
      ['event', 'view_cart', expect.objectContaining({ currency: 'GBP', value: 73.5 })],
    ]);
  });
});

describe('an item a page embeds or the browser keeps', () => {
  it('reads with its fields of the right type, and not at all with one of another', () => {
    const item = {
      item_id: 'K5',
      item_name: 'K 5',
      item_category: 'Pressure Washers',
      price: 249.99,
      quantity: 2,
    };
    expect(readGa4Item(JSON.parse(JSON.stringify(item)))).toEqual(item);
    expect(readGa4Item({ item_id: 'K5' })).toBeUndefined();
    expect(readGa4Item({ ...item, price: '249.99' })).toBeUndefined();
    expect(readGa4Item(null)).toBeUndefined();
  });
});
