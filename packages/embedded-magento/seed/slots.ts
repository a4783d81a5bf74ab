/**
 * Where each generated product goes: per sub-category a count (by share, with a minimum), then per product
 * a leaf category, the first few of every leaf guaranteed sellable. No randomness: the catalogue's shape
 * depends only on the product count.
 */
import { SUB_CATEGORY_DEFS, THIRD_LEVEL_DEFS } from './data/categories.ts';
import type { SubCategoryDef, ThirdLevelDef } from './data/shape.ts';

/** Units per category: at least `mins[i]` each when possible, the rest by share (largest remainder). */
function allocate(total: number, shares: readonly number[], mins: readonly number[]): number[] {
  const counts = shares.map(() => 0);
  if (shares.length === 0) return counts;
  const minSum = mins.reduce((a, b) => a + b, 0);
  if (total < minSum) {
    for (let i = 0; i < total; i++) counts[i % shares.length] = (counts[i % shares.length] ?? 0) + 1;
    return counts;
  }
  const rest = total - minSum;
  const sum = shares.reduce((a, b) => a + b, 0);
  const exact = shares.map((s) => (rest * s) / sum);
  let given = 0;
  exact.forEach((x, i) => {
    const whole = Math.floor(x);
    counts[i] = (mins[i] ?? 0) + whole;
    given += whole;
  });
  const order = exact
    .map((x, i) => ({ i, frac: x - Math.floor(x) }))
    .sort((a, b) => b.frac - a.frac || a.i - b.i);
  for (let k = 0; k < rest - given; k++) {
    const i = order[k % order.length]?.i ?? 0;
    counts[i] = (counts[i] ?? 0) + 1;
  }
  return counts;
}

/** Leaf categories of a sub-category: its third-level children, then itself (null). */
const leavesOf = (def: SubCategoryDef): (string | null)[] => [
  ...new Set((def.cycle ?? []).filter((c): c is string => c !== null)),
  null,
];

/** The first products of every leaf category are always enabled, visible and in stock. */
const GUARANTEED_GOOD_PER_LEAF = 4;

export interface Slot {
  def: SubCategoryDef;
  child: ThirdLevelDef | undefined;
  guaranteed: boolean;
}

export function assignSlots(productCount: number): Slot[] {
  const eligible = SUB_CATEGORY_DEFS.filter((d) => d.share > 0);
  const counts = allocate(
    productCount,
    eligible.map((d) => d.share),
    eligible.map((d) => Math.max(6, GUARANTEED_GOOD_PER_LEAF * leavesOf(d).length)),
  );
  const thirdByCode = new Map(THIRD_LEVEL_DEFS.map((t) => [t.code, t]));
  const slots: Slot[] = [];
  eligible.forEach((def, di) => {
    const leaves = leavesOf(def);
    // First fill every leaf round-robin with its guaranteed products, then follow the category's cycle.
    const warmUp = GUARANTEED_GOOD_PER_LEAF * leaves.length;
    const leafCounts = new Map<string, number>();
    for (let i = 0; i < (counts[di] ?? 0); i++) {
      const childCode =
        i < warmUp || !def.cycle
          ? (leaves[i % leaves.length] ?? null)
          : (def.cycle[i % def.cycle.length] ?? null);
      const leafKey = childCode ?? '';
      const seen = leafCounts.get(leafKey) ?? 0;
      leafCounts.set(leafKey, seen + 1);
      slots.push({
        def,
        child: childCode ? thirdByCode.get(childCode) : undefined,
        guaranteed: seen < GUARANTEED_GOOD_PER_LEAF,
      });
    }
  });
  return slots;
}
