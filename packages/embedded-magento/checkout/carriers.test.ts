/**
 * The carrier models on their own (COMMERCE-BASICS.md §2.3), and a carrier configured wrongly stopping
 * the back end with the field named.
 */
import { describe, expect, it } from 'vitest';
import { checkoutSettings } from '../server.ts';
import { DEMO_CARRIERS, type CarriersConfig } from './carrier-config.ts';
import { collectRates, type RateRequest } from './carriers.ts';

const parcel: RateRequest = {
  countryId: 'GB',
  packageWeight: 5,
  packageQty: 3,
  packageValueWithDiscount: 20,
  freeShipping: false,
};

const codes = (carriers: CarriersConfig, request: RateRequest) =>
  collectRates(carriers, request).map((rate) => `${rate.carrierCode}_${rate.methodCode} ${rate.price}`);

describe('the demo carriers', () => {
  it('price a parcel, a parcel from £50, free delivery by rule, and a pallet', () => {
    expect(codes(DEMO_CARRIERS, parcel)).toEqual(['flatrate_flatrate 4.95', 'nextday_nextday 9.95']);
    expect(codes(DEMO_CARRIERS, { ...parcel, packageValueWithDiscount: 50 })).toEqual([
      'flatrate_flatrate 4.95',
      'freeshipping_freeshipping 0',
      'nextday_nextday 9.95',
    ]);
    expect(codes(DEMO_CARRIERS, { ...parcel, freeShipping: true })).toEqual([
      'flatrate_flatrate 0',
      'freeshipping_freeshipping 0',
      'nextday_nextday 9.95',
    ]);
    expect(codes(DEMO_CARRIERS, { ...parcel, packageWeight: 30 })).not.toContain('tablerate_bestway 49');
    expect(codes(DEMO_CARRIERS, { ...parcel, packageWeight: 30.001 })).toEqual(['tablerate_bestway 49']);
    expect(codes(DEMO_CARRIERS, { ...parcel, countryId: 'IE' })).toEqual([]);
  });
});

describe('the carrier models', () => {
  const flat = DEMO_CARRIERS['flatrate'];
  if (flat?.model !== 'flatrate') throw new Error('the demo flat rate is missing');

  it('charge Flat Rate per item with type I, and leave out an inactive carrier', () => {
    const perItem: CarriersConfig = { flatrate: { ...flat, type: 'I', price: 5 } };
    expect(codes(perItem, parcel)).toEqual(['flatrate_flatrate 15']);
    expect(codes({ flatrate: { ...flat, active: false } }, parcel)).toEqual([]);
  });

  it('offer Free Shipping on every cart when no threshold is set, as Magento compares with null', () => {
    const free = DEMO_CARRIERS['freeshipping'];
    if (free?.model !== 'freeshipping') throw new Error('the demo free shipping is missing');
    const unlimited = { ...free };
    delete unlimited.free_shipping_subtotal;
    expect(codes({ freeshipping: unlimited }, parcel)).toEqual(['freeshipping_freeshipping 0']);
  });

  it('take the Table Rates row of the highest weight not above the package’s', () => {
    const table: CarriersConfig = {
      tablerate: {
        model: 'tablerate',
        active: true,
        title: 'Courier',
        name: 'By weight',
        sallowspecific: false,
        specificcountry: [],
        showmethod: false,
        sort_order: 1,
        condition_name: 'package_weight',
        rates: [
          { weightFrom: 10, price: 12 },
          { weightFrom: 0, price: 6 },
          { weightFrom: 20, price: 20 },
        ],
        freeShippingFromRules: true,
      },
    };
    expect(codes(table, { ...parcel, countryId: 'FR' })).toEqual(['tablerate_bestway 6']);
    expect(codes(table, { ...parcel, packageWeight: 10 })).toEqual(['tablerate_bestway 12']);
    expect(codes(table, { ...parcel, packageWeight: 25, freeShipping: true })).toEqual([
      'tablerate_bestway 0',
    ]);
  });
});

describe('a carrier configured wrongly', () => {
  it('stops the back end at start, naming the carrier and the field', () => {
    const config = {
      carriers: { flatrate: { ...DEMO_CARRIERS['flatrate'], type: 'X', specificcountry: ['gb'] } },
    } as unknown as Parameters<typeof checkoutSettings>[0];
    expect(() => checkoutSettings(config)).toThrow(
      /carrier configuration is not valid:\ncarriers\.flatrate\.specificcountry\.0: must be a two-letter ISO country code, e\.g\. GB\ncarriers\.flatrate\.type: must be O \(per order\) or I \(per item\)/,
    );
  });
});
