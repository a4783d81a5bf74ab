/**
 * A tiny seeded pseudo-random number generator (mulberry32) with a few helpers, so that the demo
 * catalogue is reproducible: the same seed always gives the same sequence on every platform.
 */

/** Returns floats in [0, 1). */
export type RandomSource = () => number;

/** mulberry32: 32-bit state, fast, good enough for test data (not for cryptography). */
export function mulberry32(seed: number): RandomSource {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The item at an index known to be in range (seed data never holds undefined). */
function at<T>(items: readonly T[], index: number): T {
  const item = items[index];
  if (item === undefined) throw new RangeError(`no item at ${String(index)}`);
  return item;
}

export interface Random {
  /** Float in [0, 1). */
  next(): number;
  /** Integer in [min, max], both inclusive. */
  int(min: number, max: number): number;
  /** Float in [min, max). */
  float(min: number, max: number): number;
  /** true with probability p. */
  chance(p: number): boolean;
  /** One element of a non-empty array. */
  pick<T>(items: readonly T[]): T;
  /** Up to `count` elements from distinct positions of `items`, in random order. */
  sample<T>(items: readonly T[], count: number): T[];
}

export function createRandom(seed: number): Random {
  const source = mulberry32(seed);
  const int = (min: number, max: number): number => min + Math.floor(source() * (max - min + 1));
  return {
    next: source,
    int,
    float: (min, max) => min + source() * (max - min),
    chance: (p) => source() < p,
    pick<T>(items: readonly T[]): T {
      if (items.length === 0) throw new Error('pick from an empty array');
      return at(items, int(0, items.length - 1));
    },
    sample<T>(items: readonly T[], count: number): T[] {
      const n = Math.max(0, Math.min(count, items.length));
      if (n * 4 < items.length) {
        // Few out of many: rejection sampling, O(count) instead of copying the whole array.
        const chosen = new Set<number>();
        const out: T[] = [];
        while (out.length < n) {
          const i = int(0, items.length - 1);
          if (!chosen.has(i)) {
            chosen.add(i);
            out.push(at(items, i));
          }
        }
        return out;
      }
      // Partial Fisher–Yates on a copy.
      const copy = items.slice();
      for (let i = 0; i < n; i++) {
        const j = int(i, copy.length - 1);
        const tmp = at(copy, i);
        copy[i] = at(copy, j);
        copy[j] = tmp;
      }
      return copy.slice(0, n);
    },
  };
}

/**
 * A seed for a separate stream, from the catalogue's seed and a key (FNV-1a over both): values added to
 * the catalogue later draw from their own stream per product or category, so the main stream, and every
 * value drawn from it, stays as it was.
 */
export function seedFor(seed: number, key: string): number {
  let hash = 0x811c9dc5;
  for (const char of `${String(seed >>> 0)}:${key}`) {
    hash ^= char.codePointAt(0) ?? 0;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}
