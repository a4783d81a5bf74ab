import { describe, expect, it } from 'vitest';
import { phpEmpty, phpInt } from './php.ts';
import { cartErrorCode } from './to-cart.ts';

describe('PHP’s casts of an ID argument', () => {
  it('(int) takes the leading number, truncated, and 0 when there is none', () => {
    const cases: [string, number][] = [
      ['7', 7],
      [' 7', 7],
      ['7abc', 7],
      ['-3', -3],
      ['2.9', 2],
      ['1e3', 1000],
      ['abc', 0],
      ['', 0],
      ['0x1A', 0],
    ];
    expect(cases.map(([value]) => [value, phpInt(value)])).toEqual(cases);
  });

  it('empty() holds for a missing value, "" and "0" only', () => {
    expect([undefined, null, '', '0', '00', ' ', 'a'].map(phpEmpty)).toEqual([
      true,
      true,
      true,
      true,
      false,
      false,
      false,
    ]);
  });
});

describe('Quote’s add-to-cart error codes', () => {
  it('maps the cart’s messages as AddProductsToCartError does, numbers read as %s', () => {
    expect(cartErrorCode('The requested qty is not available')).toBe('INSUFFICIENT_STOCK');
    expect(cartErrorCode('The fewest you may purchase is 2')).toBe('INSUFFICIENT_STOCK');
    expect(cartErrorCode('Only 3 of 5 available')).toBe('INSUFFICIENT_STOCK');
    expect(cartErrorCode('Product that you are trying to add is not available.')).toBe('NOT_SALABLE');
    expect(cartErrorCode('Could not find a product with SKU "X-1"')).toBe('PRODUCT_NOT_FOUND');
    expect(cartErrorCode('You cannot use decimal quantity for this product.')).toBe('UNDEFINED');
  });
});
