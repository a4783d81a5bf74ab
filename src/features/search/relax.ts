/**
 * Relaxation (issue 37): when no product has every word of a query, the engine answers with the products
 * that have most of them rather than with nothing. Words the index does not know at all are dropped first
 * (they match nothing, so no product can have them); then, if the known words still exclude each other
 * ("petrol window vac"), the fewest and least telling of them are left out. The engine says which words
 * it kept, so the page can print "No exact match for ‹q›; showing ‹q′›".
 */
import { intersect, type Match } from './sets.ts';

/** One slot of the query as relaxation weighs it. */
export interface RelaxSlot {
  match: Match;
  /**
   * How much keeping it is worth: a word that names a category (a product type) more, the query's last
   * word (an English query ends with what the shopper wants: "cordless window vac") a little more, a
   * corrected word less.
   */
  weight: number;
}

/** Past this many slots with matches only the first ones are combined (2^n intersections at worst). */
const MAX_COMBINED = 8;

/**
 * The slots to keep when all of them together match nothing: the largest number of slots that still
 * match a product together, of those the set with the most weight, then the one matching more products.
 * Null when no slot matches anything. The indexes are ascending (the query's order).
 */
export function relaxedSlots(slots: readonly RelaxSlot[]): number[] | null {
  const live = slots
    .map((slot, at) => ({ slot, at }))
    .filter(({ slot }) => slot.match.ids.length > 0)
    .slice(0, MAX_COMBINED);
  if (live.length === 0) return null;
  for (let size = live.length; size >= 1; size -= 1) {
    let best: { kept: number[]; weight: number; found: number } | null = null;
    for (const chosen of combinations(live.length, size)) {
      const kept = chosen.flatMap((at) => live[at] ?? []);
      const found = intersect(kept.map(({ slot }) => slot.match)).ids.length;
      if (found === 0) continue;
      const weight = kept.reduce((sum, { slot }) => sum + slot.weight, 0);
      if (!best || weight > best.weight || (weight === best.weight && found > best.found))
        best = { kept: kept.map(({ at }) => at), weight, found };
    }
    if (best) return best.kept;
  }
  return null;
}

/** Every choice of `size` of `count` indexes, each ascending. */
function* combinations(count: number, size: number, from = 0): Generator<number[]> {
  if (size === 0) {
    yield [];
    return;
  }
  for (let first = from; first <= count - size; first += 1)
    for (const rest of combinations(count, size - 1, first + 1)) yield [first, ...rest];
}
