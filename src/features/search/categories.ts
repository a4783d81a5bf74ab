/**
 * The categories a query leads to (issue 23, ranked by issue 37): those whose names its words name, each
 * word matched through the terms the engine matched it by (its synonyms and corrections too).
 *
 * - A category is offered when every slot of the query that names any category names it: words that name
 *   none (a brand, "clearwater"; a value, "petrol"; a code) do not hide the categories the others name.
 * - The first is the one the words describe best: most slots naming it, then the largest share of its
 *   name's words matched ("hoover" is a vacuum cleaner: "Vacuum Cleaners" is all named, "Window Vacs"
 *   only by half through "vac"), then the most products.
 */
import type { CategoryEntry } from './files.ts';

/** A slot of the query as categories see it: per alternative (synonym), per word, the terms it matched. */
export interface CategorySlot {
  terms: Set<string>[][];
}

export interface CategoryHit {
  name: string;
  path: string;
  count: number;
  audience: string;
}

export const asCategory = ([name, path, count, audience]: CategoryEntry): CategoryHit => ({
  name,
  path,
  count,
  audience,
});

/** Does one of the slot's alternatives have each of its words among the name's words? */
export const namesCategory = (slot: CategorySlot, names: readonly string[]): boolean =>
  slot.terms.some((alternative) => alternative.every((terms) => names.some((name) => terms.has(name))));

/** The name's words the slot's alternatives that name it match. */
function namedWords(slot: CategorySlot, names: readonly string[]): string[] {
  return slot.terms
    .filter((alternative) => alternative.every((terms) => names.some((name) => terms.has(name))))
    .flatMap((alternative) => names.filter((name) => alternative.some((terms) => terms.has(name))));
}

/**
 * The categories of `entries` (their names' terms in `categoryTerms`) the slots lead to, best first (see
 * the module's comment). With nothing found, the categories nearest the words: those most slots name.
 */
export function rankCategories(
  entries: readonly CategoryEntry[],
  categoryTerms: readonly (readonly string[])[],
  slots: readonly CategorySlot[],
  found: boolean,
): CategoryHit[] {
  const naming = slots.filter((slot) => categoryTerms.some((names) => namesCategory(slot, names)));
  const scored = entries.map((entry, at) => {
    const names = categoryTerms[at] ?? [];
    const hits = naming.filter((slot) => namesCategory(slot, names));
    const named = new Set(hits.flatMap((slot) => namedWords(slot, names)));
    return { entry, hits: hits.length, share: names.length === 0 ? 0 : named.size / new Set(names).size };
  });
  const wanted = found ? naming.length : Math.max(1, ...scored.map(({ hits }) => hits));
  return scored
    .filter(({ hits }) => hits > 0 && hits >= wanted)
    .sort((a, b) => b.hits - a.hits || b.share - a.share || b.entry[2] - a.entry[2])
    .map(({ entry }) => asCategory(entry));
}
