/**
 * Click & collect in the browser: the chosen point as localStorage holds it, the point pages speak of, the
 * storefront server's answers read by hand, and the lines a product page and a card write of them.
 */
import { describe, expect, it } from 'vitest';
import {
  availabilityQuery,
  parseAvailability,
  parsePoints,
  parseToday,
  telOf,
} from '../../../src/features/collect/collect-calls.ts';
import { decodePoint, isPointCode } from '../../../src/features/collect/collect-point.ts';
import { shownPoint } from '../../../src/features/collect/collect-state.ts';
import { callText, cardLine, pageLine } from '../../../src/features/collect/lines.ts';
import { pointsHtml } from '../../../src/components/collect/points-html.ts';

const wirePoint = {
  code: 'shop',
  name: 'Clearwater Cleaning Leeds',
  phone: '0113 496 0000',
  description: null,
  address: { street: '1 Kirkstall Road', city: 'Leeds', postcode: 'LS3 1AA', country_id: 'GB' },
  mapUrl: 'https://www.openstreetmap.org/?mlat=53.8&mlon=-1.56',
  hours: ['Monday 8.30 am – 5.30 pm', 'Sunday Closed'],
};

describe('the chosen point', () => {
  it('keeps a plausible code and reads anything else as no choice', () => {
    expect(decodePoint('shop')).toBe('shop');
    expect(decodePoint('depot_2')).toBe('depot_2');
    for (const stored of [undefined, '', 'Shop', '"shop"', 'shop;drop', 'x'.repeat(65), '../shop'])
      expect(decodePoint(stored)).toBe('');
    expect(isPointCode(42)).toBe(false);
  });

  it('speaks of the chosen point while it is one, else of the first listed', () => {
    const points = [{ code: 'shop' }, { code: 'depot' }];
    expect(shownPoint(points, 'depot')?.code).toBe('depot');
    expect(shownPoint(points, '')?.code).toBe('shop');
    expect(shownPoint(points, 'closed-down')?.code).toBe('shop');
    expect(shownPoint([], 'shop')).toBeUndefined();
  });
});

describe('the server’s answers, read by hand', () => {
  it('reads the points, leaving out any that is not one', () => {
    const points = parsePoints({
      points: [wirePoint, { ...wirePoint, code: 'Bad Code' }, { ...wirePoint, mapUrl: 'javascript:x' }, 7],
    });
    expect(points).toEqual([
      {
        code: 'shop',
        name: 'Clearwater Cleaning Leeds',
        phone: '0113 496 0000',
        address: '1 Kirkstall Road, Leeds, LS3 1AA',
        mapUrl: wirePoint.mapUrl,
        hours: ['Monday 8.30 am – 5.30 pm', 'Sunday Closed'],
      },
    ]);
    expect(parsePoints({ points: [{ ...wirePoint, phone: null }] })?.[0]?.phone).toBeNull();
    expect(parsePoints({ message: 'down' })).toBeUndefined();
    expect(parsePoints(undefined)).toBeUndefined();
  });

  it('reads each SKU’s availability, skipping what is not one', () => {
    const items = parseAvailability({
      point: 'shop',
      items: {
        A: { kind: 'shelf', free: 3, text: 'Collect today from Clearwater Cleaning Leeds: 3 in stock' },
        B: { kind: 'none', text: 'Delivery only' },
        C: { kind: 'sold', text: 'Maybe' },
        D: { kind: 'shelf' },
      },
    });
    expect([...(items?.keys() ?? [])]).toEqual(['A', 'B']);
    expect(items?.get('B')).toEqual({ kind: 'none', text: 'Delivery only' });
    expect(parseAvailability({ items: {} })?.size).toBe(0);
    expect(parseAvailability({ items: [] })).toBeUndefined();
    expect(parseAvailability('nope')).toBeUndefined();
  });

  it('reads the SKUs collectable today', () => {
    expect(parseToday({ point: 'shop', skus: ['A', 2, 'B'] })).toEqual(new Set(['A', 'B']));
    expect(parseToday({ point: 'shop' })).toBeUndefined();
  });

  it('asks for at most 24 SKUs at a time, each its own parameter', () => {
    const skus = Array.from({ length: 30 }, (_, at) => `S ${at}`);
    const query = new URLSearchParams(availabilityQuery('shop', skus));
    expect(query.get('point')).toBe('shop');
    expect(query.getAll('sku')).toHaveLength(24);
    expect(query.getAll('sku')[0]).toBe('S 0');
  });
});

describe('the lines', () => {
  const point = parsePoints({ points: [wirePoint] })?.[0];

  it('says the answer on a product page, else to call the point, else the shop', () => {
    expect(pageLine({ kind: 'none', text: 'Delivery only' }, point)).toBe('Delivery only');
    expect(pageLine(undefined, point)).toBe('Call Clearwater Cleaning Leeds on 0113 496 0000 to check stock');
    expect(callText({ name: 'Depot', phone: null })).toBe('Call Depot to check stock');
    expect(pageLine(undefined, undefined)).toBe('Call the shop to check collection');
  });

  it('says on a card only what can be collected, the point named last', () => {
    const shelf = {
      kind: 'shelf',
      text: 'Collect today from Clearwater Cleaning Leeds: 3 in stock',
    } as const;
    expect(cardLine(shelf, 'Clearwater Cleaning Leeds')).toBe(
      'Collect today: 3 in stock at Clearwater Cleaning Leeds',
    );
    expect(cardLine({ kind: 'transfer', text: 'Order by 4 pm, collect tomorrow' }, 'X')).toBe(
      'Order by 4 pm, collect tomorrow at X',
    );
    expect(cardLine({ kind: 'none', text: 'Delivery only' }, 'X')).toBe('');
    expect(cardLine({ kind: 'unknown', text: 'Call X' }, 'X')).toBe('');
    expect(cardLine(undefined, 'X')).toBe('');
  });

  it('lists the points to choose from, the shown one checked, shop data escaped', () => {
    if (!point) throw new Error('the point fixture reads as a point');
    const html = pointsHtml(
      [
        { ...point, name: 'Leeds <b>shop</b>' },
        { ...point, code: 'depot', phone: null, hours: [] },
      ],
      'depot',
    );
    expect(html).toContain('Leeds &#60;b&#62;shop&#60;/b&#62;');
    expect(html).toContain('value="depot" checked');
    expect(html).not.toContain('value="shop" checked');
    expect(html).toContain(`href="${telOf('0113 496 0000')}"`);
    expect(telOf('0113 496 0000')).toBe('tel:01134960000');
  });
});
