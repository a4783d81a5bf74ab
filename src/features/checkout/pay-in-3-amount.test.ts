import { describe, expect, it } from 'vitest';
import { payIn3Amount } from './pay-in-3-amount.ts';

describe('payIn3Amount', () => {
  it('writes one of the three payments as prices are written, to the nearest penny', () => {
    expect(payIn3Amount(100)).toBe('£33.33');
    expect(payIn3Amount(1234.56)).toBe('£411.52');
    expect(payIn3Amount(1999.99)).toBe('£666.66');
  });

  it('takes £30 and £2,000 themselves, and nothing beyond', () => {
    expect(payIn3Amount(30)).toBe('£10.00');
    expect(payIn3Amount(2000)).toBe('£666.67');
    expect(payIn3Amount(29.99)).toBeNull();
    expect(payIn3Amount(2000.01)).toBeNull();
  });

  it('says nothing without an amount', () => {
    expect(payIn3Amount(null)).toBeNull();
    expect(payIn3Amount(undefined)).toBeNull();
    expect(payIn3Amount(Number.NaN)).toBeNull();
  });
});
