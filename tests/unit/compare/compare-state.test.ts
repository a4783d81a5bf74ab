/** The shopper's compare list (features/compare/compare-state.ts): at most four, in order, tolerant of what storage holds. */
import {
  cleanTestStorage,
  getTestStorage,
  setTestStorageKey,
  useTestStorageEngine,
} from '@nanostores/persistent';
import { cleanStores } from 'nanostores';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  $compare,
  addToCompare,
  clearCompare,
  COMPARE_KEY,
  COMPARE_MAX,
  decodeCompareList,
  removeFromCompare,
  setCompare,
} from '../../../src/features/compare/compare-state.ts';

beforeAll(() => useTestStorageEngine());
afterEach(() => {
  cleanTestStorage();
  cleanStores($compare);
});

/** The list as a page that opens now reads it from storage. */
const stored = () => {
  const unbind = $compare.listen(() => {});
  const value = $compare.get();
  unbind();
  return value;
};

describe('the compare list', () => {
  it('is empty at first, and keeps products in the order they were added', () => {
    expect(stored()).toEqual([]);
    for (const sku of ['B', 'A', 'C']) expect(addToCompare(sku)).toBe(true);
    expect(stored()).toEqual(['B', 'A', 'C']);
    expect(getTestStorage()[COMPARE_KEY]).toBe('["B","A","C"]');
  });

  it('holds a product once', () => {
    addToCompare('A');
    expect(addToCompare('A')).toBe(true);
    expect(stored()).toEqual(['A']);
  });

  it(`holds at most ${COMPARE_MAX}: one more is refused and changes nothing`, () => {
    for (const sku of ['A', 'B', 'C', 'D']) addToCompare(sku);
    expect(addToCompare('E')).toBe(false);
    expect(stored()).toEqual(['A', 'B', 'C', 'D']);
  });

  it('removes one product, keeping the others in order, and clears to nothing left in storage', () => {
    for (const sku of ['A', 'B', 'C']) addToCompare(sku);
    removeFromCompare('B');
    expect(stored()).toEqual(['A', 'C']);
    clearCompare();
    expect(stored()).toEqual([]);
    expect(getTestStorage()).not.toHaveProperty(COMPARE_KEY);
  });

  it('is replaced by a comparison opened from a link: its first four, once each', () => {
    addToCompare('Z');
    setCompare(['A', 'B', 'A', '', 'C', 'D', 'E']);
    expect(stored()).toEqual(['A', 'B', 'C', 'D']);
  });

  it('reads what another tab or an earlier visit stored', () => {
    setTestStorageKey(COMPARE_KEY, '["X","Y"]');
    expect(stored()).toEqual(['X', 'Y']);
  });

  it.each(['not json', '{"skus":["A"]}', '"A"', '[1,2]', '["A",null]', 'null', ''])(
    'reads a stored %j as empty',
    (value) => {
      setTestStorageKey(COMPARE_KEY, value);
      expect(stored()).toEqual([]);
    },
  );

  it('reads a stored list that is too long or repeats itself as its first four, once each', () => {
    expect(decodeCompareList('["A","A","B","C","D","E"]')).toEqual(['A', 'B', 'C', 'D']);
  });
});
