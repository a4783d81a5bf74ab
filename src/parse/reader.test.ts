import { describe, expect, it } from 'vitest';
import { asListOf, asRecordOf, asString, isOneOf, readJson } from '@cleaning-shop/kit/reader.ts';

describe('the boundary reader', () => {
  it('reads JSON text, and reads absent or corrupt text as nothing instead of throwing', () => {
    expect(readJson('{"a":[1,"b"]}')).toEqual({ a: [1, 'b'] });
    expect(readJson('null')).toBeNull();
    expect(readJson(null)).toBeUndefined();
    expect(readJson(undefined)).toBeUndefined();
    expect(readJson('{"a":')).toBeUndefined();
    expect(readJson('')).toBeUndefined();
  });

  it('tells whether a value is one of a list of literals', () => {
    const SIZES = [12, 24, 48] as const;
    expect(isOneOf(SIZES, 24)).toBe(true);
    expect(isOneOf(SIZES, 25)).toBe(false);
    expect(isOneOf(SIZES, '24')).toBe(false);
  });

  it('reads a list or a map only when every entry reads', () => {
    expect(asListOf(['a', 'b'], asString)).toEqual(['a', 'b']);
    expect(asListOf(['a', 1], asString)).toBeUndefined();
    expect(asRecordOf({ a: 'x', b: 'y' }, asString)).toEqual({ a: 'x', b: 'y' });
    expect(asRecordOf({ a: 'x', b: 2 }, asString)).toBeUndefined();
    expect(asRecordOf(['x'], asString)).toBeUndefined();
  });
});
