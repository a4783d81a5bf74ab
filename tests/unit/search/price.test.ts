/** The price a query asked for, applied to search records as the shopper reads prices (issue 37). */
import { describe, expect, it } from 'vitest';
import type { SearchRecord } from '../../../src/features/search/files.ts';
import { withinPrice } from '../../../src/features/search/price.ts';

const record = (inclVat: number | null, exclVat: number | null): SearchRecord => [
  'SKU',
  'Name',
  '/name',
  '',
  '',
  inclVat,
  exclVat,
  1,
  0,
  [],
  '',
];

describe('withinPrice', () => {
  const under200 = { min: null, max: 200, typed: 'under £200', rest: 'pressure washer' };

  it('compares the price the shopper reads, with or without VAT', () => {
    expect(withinPrice(record(230, 191.67), under200)).toBe(false);
    expect(withinPrice(record(230, 191.67), under200, 'excl')).toBe(true);
    expect(withinPrice(record(200, 166.67), under200)).toBe(true);
  });

  it('keeps every record without a price asked for, and none without a price of its own', () => {
    expect(withinPrice(record(9999, 8332.5), null)).toBe(true);
    expect(withinPrice(record(null, null), under200)).toBe(false);
    expect(withinPrice(record(150, 125), { min: 100, max: 300, typed: '£100-£300', rest: '' })).toBe(true);
    expect(withinPrice(record(50, 41.67), { min: 100, max: null, typed: 'over £100', rest: '' })).toBe(false);
  });
});
