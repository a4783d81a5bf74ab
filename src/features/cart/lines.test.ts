import { describe, expect, it } from 'vitest';
import { lineAmounts, linesSum } from './lines.ts';

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
