/**
 * How a posting says where and how its term occurs in a product (files.ts `Postings`): field bits, the
 * word's place in the name, stock, and what the engine adds once read (weight, fit, a scattered phrase),
 * packed in one number. The build packs it (terms.ts, postings.ts); the engine's sets, slots and ranking
 * read it (sets.ts, fit-slot.ts, audience-slot.ts, rank.ts). A module of its own so that the files' format
 * and the sets both import it, and neither the other.
 */

/** Where a posting's term occurs, as bits of `Posting` info. */
export const FIELD = {
  name: 1,
  sku: 2,
  model: 4,
  brand: 8,
  category: 16,
  attribute: 32,
  /** The whole SKU or model number, however typed: puts its product first. */
  code: 64,
} as const;

/**
 * A posting's info, packed in one number: field bits (0–6), the term's first word position in the name
 * (7–10, capped at 15), whether that word ends the name (11: with position 0 of the first query word, "the
 * whole name"), and in stock (12). The engine adds the term's search weight (16–19) once read: the files
 * carry it once per term; in the slot of a model a query names (fit-slot.ts), whether the product fits
 * that model or is one of its machines (13–14, `FIT`); and, for a slot of several words (a synonym's
 * phrase), that they are all in the name but not as that phrase (15, `scattered`: sets.ts `intersect`).
 */
export const info = {
  pack: (fields: number, position: number, endsName: boolean, inStock: boolean): number =>
    fields | (Math.min(position, 15) << 7) | (endsName ? 1 << 11 : 0) | (inStock ? 1 << 12 : 0),
  withWeight: (packed: number, weight: number): number => (packed & 0xffff) | (Math.min(weight, 15) << 16),
  fields: (packed: number): number => packed & 127,
  position: (packed: number): number => (packed >> 7) & 15,
  endsName: (packed: number): boolean => ((packed >> 11) & 1) === 1,
  inStock: (packed: number): boolean => ((packed >> 12) & 1) === 1,
  weight: (packed: number): number => (packed >> 16) & 15,
  fit: (packed: number): number => (packed >> 13) & 3,
  withFit: (packed: number, fit: number): number => packed | (fit << 13),
  scattered: (packed: number): boolean => ((packed >> 15) & 1) === 1,
  SCATTERED: 1 << 15,
};

/** How a product stands to a model the query names (`info.fit`). */
export const FIT = { none: 0, fits: 1, machine: 2 } as const;
