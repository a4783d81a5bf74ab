import { describe, expect, it } from 'vitest';
import { deliveryConfig } from './config.ts';
import {
  deliveryMethod,
  dispatchDay,
  estimateDelivery,
  freeDelivery,
  isParcel,
  productDeliveryMethods,
  spendForFreeDelivery,
} from './delivery.ts';

/** An instant given as London's wall clock, with its offset: `+01:00` in summer, `Z` in winter. */
const at = (iso: string): Date => new Date(iso);

describe('estimateDelivery', () => {
  it('next working day, ordered Friday 28 August 2026 at 13:59: Tuesday 1 September (Monday is a bank holiday)', () => {
    expect(estimateDelivery('nextday', 'nextday', at('2026-08-28T13:59:00+01:00'))).toEqual({
      earliest: '2026-09-01',
      latest: '2026-09-01',
    });
  });

  it('next working day, ordered the same Friday at 14:01: Wednesday 2 September', () => {
    expect(estimateDelivery('nextday', 'nextday', at('2026-08-28T14:01:00+01:00'))).toEqual({
      earliest: '2026-09-02',
      latest: '2026-09-02',
    });
  });

  it('reads the cut-off on London time: 13:30 UTC in summer is 14:30 in London, past it', () => {
    expect(estimateDelivery('nextday', 'nextday', at('2026-08-27T13:30:00Z'))?.earliest).toBe('2026-09-01');
    expect(estimateDelivery('nextday', 'nextday', at('2026-08-27T12:59:00Z'))?.earliest).toBe('2026-08-28');
  });

  it('reads the cut-off on GMT in winter: 13:30 UTC is 13:30 in London, before it', () => {
    expect(estimateDelivery('nextday', 'nextday', at('2026-11-26T13:30:00Z'))?.earliest).toBe('2026-11-27');
    expect(estimateDelivery('nextday', 'nextday', at('2026-11-26T14:00:00Z'))?.earliest).toBe('2026-11-30');
  });

  it('around the clock change: the Friday before the clocks go back is still summer time', () => {
    expect(estimateDelivery('nextday', 'nextday', at('2026-10-23T13:30:00Z'))?.earliest).toBe('2026-10-27');
    expect(estimateDelivery('nextday', 'nextday', at('2026-10-30T13:30:00Z'))?.earliest).toBe('2026-11-02');
  });

  it('standard delivery takes 2 to 3 working days from dispatch', () => {
    expect(estimateDelivery('flatrate', 'flatrate', at('2026-11-24T10:00:00Z'))).toEqual({
      earliest: '2026-11-26',
      latest: '2026-11-27',
    });
    expect(estimateDelivery('freeshipping', 'freeshipping', at('2026-08-28T13:59:00+01:00'))).toEqual({
      earliest: '2026-09-02',
      latest: '2026-09-03',
    });
  });

  it('pallet delivery takes 3 to 5 working days', () => {
    expect(estimateDelivery('tablerate', 'bestway', at('2026-11-23T09:00:00Z'))).toEqual({
      earliest: '2026-11-26',
      latest: '2026-11-30',
    });
  });

  it('over Christmas 2026 skips Christmas Day, the weekend and the substitute Boxing Day (Monday 28)', () => {
    expect(estimateDelivery('nextday', 'nextday', at('2026-12-24T10:00:00Z'))).toEqual({
      earliest: '2026-12-29',
      latest: '2026-12-29',
    });
    // Placed on Christmas Day itself: it counts from Tuesday 29.
    expect(estimateDelivery('nextday', 'nextday', at('2026-12-25T09:00:00Z'))?.earliest).toBe('2026-12-30');
    expect(estimateDelivery('flatrate', 'flatrate', at('2026-12-23T15:00:00Z'))).toEqual({
      earliest: '2026-12-30',
      latest: '2026-12-31',
    });
    expect(estimateDelivery('tablerate', 'bestway', at('2026-12-23T15:00:00Z'))).toEqual({
      earliest: '2026-12-31',
      latest: '2027-01-05',
    });
  });

  it('orders at the weekend count from Monday', () => {
    expect(estimateDelivery('nextday', 'nextday', at('2026-11-28T09:00:00Z'))?.earliest).toBe('2026-12-01');
  });

  it('knows nothing of a method the shop does not describe', () => {
    expect(estimateDelivery('ups', 'express', at('2026-11-24T10:00:00Z'))).toBeUndefined();
    expect(estimateDelivery('flatrate', 'bestway', at('2026-11-24T10:00:00Z'))).toBeUndefined();
  });
});

describe('dispatchDay', () => {
  it('is today before the cut-off on a working day, else the next working day', () => {
    expect(dispatchDay(at('2026-11-24T13:59:00Z'))).toBe('2026-11-24');
    expect(dispatchDay(at('2026-11-24T14:00:00Z'))).toBe('2026-11-25');
    expect(dispatchDay(at('2026-11-28T09:00:00Z'))).toBe('2026-11-30');
  });

  it('adds the working days the merchant takes to dispatch', () => {
    const slower = { ...deliveryConfig, dispatch: { ...deliveryConfig.dispatch, workingDays: 1 } };
    expect(dispatchDay(at('2026-11-24T13:59:00Z'), slower)).toBe('2026-11-25');
    expect(dispatchDay(at('2026-11-27T15:00:00Z'), slower)).toBe('2026-12-01');
  });
});

describe('deliveryMethod', () => {
  it('finds a method by Magento carrier and method code', () => {
    expect(deliveryMethod('tablerate', 'bestway')?.title).toBe('Pallet delivery');
    expect(deliveryMethod('nextday', 'nextday')?.price).toBe(9.95);
  });
});

describe('freeDelivery', () => {
  it('is for a parcel priced at £50.00 or more incl VAT', () => {
    expect(freeDelivery(50, 12)).toBe(true);
    expect(freeDelivery(49.99, 12)).toBe(false);
    expect(freeDelivery(899, 30)).toBe(true);
  });

  it('is never for a pallet, nor for a product without a price', () => {
    expect(freeDelivery(2499, 30.01)).toBe(false);
    expect(freeDelivery(null, 1)).toBe(false);
  });

  it('counts a product without a weight as a parcel (Magento weighs it 0)', () => {
    expect(isParcel(null)).toBe(true);
    expect(freeDelivery(120, null)).toBe(true);
  });
});

describe('spendForFreeDelivery', () => {
  it('is what the subtotal lacks of £50.00, in pence', () => {
    expect(spendForFreeDelivery(0)).toBe(50);
    expect(spendForFreeDelivery(35.1)).toBe(14.9);
    expect(spendForFreeDelivery(49.99)).toBe(0.01);
  });

  it('is 0 from £50.00', () => {
    expect(spendForFreeDelivery(50)).toBe(0);
    expect(spendForFreeDelivery(1249.5)).toBe(0);
  });
});

describe('productDeliveryMethods', () => {
  const titles = (price: number | null, weight: number | null) =>
    productDeliveryMethods(price, weight).map((method) => `${method.title} ${method.price}`);

  it('offers a parcel standard delivery (free from £50) and next working day', () => {
    expect(titles(19.99, 1.2)).toEqual(['Standard delivery 4.95', 'Next working day 9.95']);
    expect(titles(149.99, 1.2)).toEqual(['Standard delivery 0', 'Next working day 9.95']);
  });

  it('offers anything over 30 kg pallet delivery alone', () => {
    expect(titles(4999, 182)).toEqual(['Pallet delivery 49']);
    expect(titles(4999, 30)).toEqual(['Standard delivery 0', 'Next working day 9.95']);
  });
});
