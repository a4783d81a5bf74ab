import { describe, expect, it } from 'vitest';
import { isTierPrice, lineAmounts, linesSum, unitExclVat } from './lines.ts';

describe('lineAmounts', () => {
  it("is Magento's price × qty incl VAT and the catalogue's excl-VAT price × qty, to the penny", () => {
    expect(lineAmounts({ price: 39.95, qty: 3 }, 33.29)).toEqual({ inclVat: 119.85, exclVat: 99.87 });
  });

  it('has no form whose price is unknown', () => {
    expect(lineAmounts({ price: 10, qty: 2 }, null)).toEqual({ inclVat: 20, exclVat: null });
    expect(lineAmounts({ price: 10, qty: 2 }, undefined)).toEqual({ inclVat: 20, exclVat: null });
    expect(lineAmounts({ price: null, qty: 2 }, 5)).toEqual({ inclVat: null, exclVat: 10 });
    expect(lineAmounts({ qty: 2 }, null)).toEqual({ inclVat: null, exclVat: null });
  });
});

describe('linesSum', () => {
  it('adds in whole pence, with no floating-point drift', () => {
    const lines = Array.from({ length: 10 }, () => ({ inclVat: 0.1, exclVat: 0.07 }));
    expect(linesSum(lines)).toEqual({ inclVat: 1, exclVat: 0.7 });
  });

  it('has no sum of a form one line lacks: a sum of some lines would be a wrong total', () => {
    expect(
      linesSum([
        { inclVat: 12.5, exclVat: 10.42 },
        { inclVat: 3, exclVat: null },
      ]),
    ).toEqual({ inclVat: 15.5, exclVat: null });
  });

  it('of no lines is zero', () => {
    expect(linesSum([])).toEqual({ inclVat: 0, exclVat: 0 });
  });
});

describe('a tier price', () => {
  const list = { priceInclVat: 24.5, priceExclVat: 20.42 };

  const tiered = { ...list, tiers: [{ qty: 4, priceInclVat: 22.5 }] };

  it("is one of the sku's tiers, at a quantity that reaches it", () => {
    expect(isTierPrice(22.5, 4, tiered)).toBe(true);
    expect(isTierPrice(22.500001, 10, tiered)).toBe(true);
    expect(isTierPrice(22.5, 3, tiered)).toBe(false);
    expect(isTierPrice(24.5, 4, tiered)).toBe(false);
    expect(isTierPrice(null, 4, tiered)).toBe(false);
    expect(isTierPrice(22.5, 4, undefined)).toBe(false);
  });

  it('is not a price cut since the build, below the list price but no tier', () => {
    expect(isTierPrice(22.5, 1, { ...list, tiers: [] })).toBe(false);
    expect(isTierPrice(21, 4, tiered)).toBe(false);
  });

  it("has its excl-VAT form from Magento's price, the list price keeping the catalogue's", () => {
    expect(unitExclVat(22.5, list)).toBe(18.75);
    expect(unitExclVat(24.5, list)).toBe(20.42);
    expect(unitExclVat(null, list)).toBe(20.42);
    expect(unitExclVat(22.5, { priceExclVat: 20.42 })).toBe(20.42);
    expect(unitExclVat(22.5, undefined)).toBeNull();
  });
});
