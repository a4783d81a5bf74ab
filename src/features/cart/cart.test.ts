import { describe, expect, it } from 'vitest';
import { validGuestCode, wholeQuantity } from './cart.ts';

describe('wholeQuantity', () => {
  it.each([
    ['1', 1],
    [' 12 ', 12],
    ['0', undefined],
    ['-2', undefined],
    ['1.5', undefined],
    ['0.01', undefined],
    ['', undefined],
    ['  ', undefined],
    ['abc', undefined],
    ['1e2', 100],
  ])('%j is %j', (typed, expected) => {
    expect(wholeQuantity(typed)).toBe(expected);
  });
});

describe('validGuestCode', () => {
  it('keeps a 32-character code and drops anything else', () => {
    expect(validGuestCode('a'.repeat(32))).toBe('a'.repeat(32));
    expect(validGuestCode('a'.repeat(31))).toBe('');
    expect(validGuestCode('<script>'.padEnd(32, 'x'))).toBe('');
  });
});
