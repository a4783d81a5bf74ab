/**
 * Relaxation (issue 37) as a pure choice: which slots of a query to keep when no product has them all.
 */
import { describe, expect, it } from 'vitest';
import { relaxedSlots, type RelaxSlot } from '../../../src/features/search/relax.ts';
import { uniform, type Match } from '../../../src/features/search/sets.ts';

/** A slot matching these products (exactly), worth `weight`. */
function slot(ids: number[], weight = 1): RelaxSlot {
  const match: Match = uniform(Int32Array.from(ids), 0, new Int32Array(ids.length));
  return { match, weight };
}

describe('relaxedSlots', () => {
  it('drops the slots nothing matches, keeping all the others when they match together', () => {
    expect(relaxedSlots([slot([1, 2]), slot([]), slot([2, 3])])).toEqual([0, 2]);
  });

  it('keeps as many slots as still match together, the weightiest of them', () => {
    // 0 and 1 exclude each other; 2 goes with either: keep 2 and the heavier of 0 and 1.
    expect(relaxedSlots([slot([1]), slot([2], 2), slot([1, 2])])).toEqual([1, 2]);
    expect(relaxedSlots([slot([1], 2), slot([2]), slot([1, 2])])).toEqual([0, 2]);
  });

  it('of equal weight, keeps the slots that match more products', () => {
    expect(relaxedSlots([slot([1]), slot([2, 3, 4])])).toEqual([1]);
  });

  it('answers null when no slot matches anything', () => {
    expect(relaxedSlots([slot([]), slot([])])).toBeNull();
  });
});
