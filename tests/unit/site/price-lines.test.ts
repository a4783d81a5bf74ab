/**
 * The purchase panel's price text (src/site/price-lines.ts): both VAT forms, a sale's "Was", and the Pay in 3
 * sentence's payment, written from the same price, so what re-renders one re-renders the other.
 */
import { describe, expect, it } from 'vitest';
import { panelPayIn3, priceLines } from '../../../src/site/price-lines.ts';

describe('priceLines', () => {
  const none = { wasInclVat: null, wasExclVat: null };

  it('shows both prices with pence', () => {
    expect(priceLines({ priceInclVat: 149.99, priceExclVat: 124.99 })).toEqual({
      inclVat: '£149.99',
      exclVat: '£124.99',
      ...none,
      payIn3: '£50.00',
    });
    expect(priceLines({ priceInclVat: 1249.5, priceExclVat: 1041.25 })).toEqual({
      inclVat: '£1,249.50',
      exclVat: '£1,041.25',
      ...none,
      payIn3: '£416.50',
    });
  });

  it('hides a missing price, and says nothing of Pay in 3 without one', () => {
    expect(priceLines({ priceInclVat: null, priceExclVat: null })).toEqual({
      inclVat: null,
      exclVat: null,
      ...none,
      payIn3: null,
    });
    expect(priceLines({ priceInclVat: 10, priceExclVat: null })).toEqual({
      inclVat: '£10.00',
      exclVat: null,
      ...none,
      payIn3: null,
    });
  });

  it('says what the price was while a sale price applies, in both VAT forms', () => {
    expect(priceLines({ priceInclVat: 90, priceExclVat: 75, wasInclVat: 120, wasExclVat: 100 })).toEqual({
      inclVat: '£90.00',
      exclVat: '£75.00',
      wasInclVat: '£120.00',
      wasExclVat: '£100.00',
      payIn3: '£30.00',
    });
  });
});

describe('priceLines: Pay in 3', () => {
  const payIn3 = (priceInclVat: number, priceExclVat: number | null = null) =>
    priceLines({ priceInclVat, priceExclVat }).payIn3;

  it('offers a third of the price incl VAT, to the penny, from £30 to £2,000 included', () => {
    expect(payIn3(99.99)).toBe('£33.33');
    expect(payIn3(30)).toBe('£10.00');
    expect(payIn3(2000)).toBe('£666.67');
  });

  it('says nothing just outside the range', () => {
    expect(payIn3(29.99)).toBeNull();
    expect(payIn3(2000.01)).toBeNull();
  });

  it('is on the price incl VAT whatever the price excl VAT, which PayPal never takes', () => {
    // £27.50 excl VAT is under £30, and £33.00 incl VAT is what the shopper pays.
    expect(payIn3(33, 27.5)).toBe('£11.00');
  });
});

describe('panelPayIn3', () => {
  it("gives a simple product's payment for a price in range, and no sentence outside it or without a price", () => {
    const panel = (priceInclVat: number | null) =>
      panelPayIn3({ product: { priceInclVat, priceExclVat: null }, variants: null });
    expect(panel(99.99)).toBe('£33.33');
    expect(panel(29.99)).toBeUndefined();
    expect(panel(2000.01)).toBeUndefined();
    expect(panel(null)).toBeUndefined();
  });
});
