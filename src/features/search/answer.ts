/**
 * Step 5 of a search (search.ts): the answer. rank.ts orders the products (what fits a model named
 * first), categories.ts the categories the words lead to; the answer says how the query was understood
 * ("Did you mean", what relaxing kept) and which child of a configurable a code chose.
 */
import { asCategory, rankCategories, type CategoryHit } from './categories.ts';
import type { Found } from './fall-back.ts';
import type { SearchCore } from './files.ts';
import type { SearchModel } from './fit-data.ts';
import type { PropertySort } from './property.ts';
import { ownApplicationsFirst } from './job-order.ts';
import { sortedByProperty } from './property-order.ts';
import type { PriceRange } from './query.ts';
import { rank } from './rank.ts';
import type { SlotMatch } from './sets.ts';
import type { LoadedIndex, SearchRun } from './state.ts';

export interface SearchAnswer {
  /** Product numbers, best first: all that match, or the best `limit` of them. */
  ids: number[];
  /** How many products match (at least, when `approximate`). */
  total: number;
  /**
   * True when a suggestion's answer came from the heads of large shards (the best products of its
   * commonest words, files.ts `TermShard.h`): its first products are right, `total` is a lower bound.
   */
  approximate: boolean;
  /** Categories whose names the query matches, most products first. */
  categories: CategoryHit[];
  /**
   * The whole query as the index understands it, when that differs from what was typed (corrected words)
   * and it finds the results: "Showing results for …". Null when the results were relaxed (`relaxed`) or
   * nothing was found, so no correction offered ever leads to nothing.
   */
  didYouMean: string | null;
  /** True when the results rely on a corrected word. */
  corrected: boolean;
  /**
   * When no product has every word, the words the results do have, as understood (relax.ts): the page
   * says "No exact match for ‹q›; showing ‹q′›". Null when every word matched.
   */
  relaxed: string | null;
  /**
   * A price the query asked for ("under £200", "£200–£300"), taken out of its words (query.ts), in the
   * prices the shopper reads: the results page applies it as its price filter.
   */
  price: PriceRange | null;
  /**
   * A property the query asked to sort by ("quietest", property.ts), taken out of its words: the products
   * of the type the words name come sorted by it (property-order.ts), and the page says so in a chip.
   */
  sort: PropertySort | null;
  /**
   * What the query names that the shop does not sell, as the page says it ("We don't sell dishwashers"),
   * or null (not-sold.ts). The answer then has no products, and `categories` are the nearest ones.
   */
  notSold: string | null;
  /**
   * For a configurable found by one child's SKU or model number, by product number: the query of its page
   * that chooses that child (`volume=5-l`); `records` puts it on the product's path.
   */
  variants: Record<number, string>;
  /**
   * The machine model the query names (fit-slot.ts: "k5 hose"), whose fitting products come first; null
   * when it names none the catalogue knows.
   */
  model: SearchModel | null;
  core: SearchCore;
}

/** A size term: a number and a unit of the index ("5l", "500ml", "10m"). */
const SIZE = /^\d+(?:l|ml|kg|g|m|mm|cm)$/;

/** The answer of no products, to a query naming `model` (or none). */
export const emptyAnswer = (core: SearchCore, model: SearchModel | null): SearchAnswer => ({
  ids: [],
  total: 0,
  approximate: false,
  categories: [],
  didYouMean: null,
  corrected: false,
  relaxed: null,
  price: null,
  sort: null,
  notSold: null,
  variants: {},
  model,
  core,
});

/** The answer to a query naming a thing not sold: none, its name, and the categories nearest to it. */
export const notSoldAnswer = (
  empty: SearchAnswer,
  { name, near }: { name: string; near: number[] },
): SearchAnswer => ({
  ...empty,
  notSold: name,
  categories: near.flatMap((at) => {
    const entry = empty.core.c[at];
    return entry ? [asCategory(entry)] : [];
  }),
});

/** The biggest three categories with a name word starting with `prefix` (a short last word, alone). */
export const prefixCategories = ({ core, categoryTerms }: LoadedIndex, prefix: string): CategoryHit[] =>
  core.c
    .filter((_, at) => categoryTerms[at]?.some((term) => term.startsWith(prefix)))
    .sort((a, b) => b[2] - a[2])
    .slice(0, 3)
    .map(asCategory);

/** The answer of the slots `found`, best products first (sorted by a property the query asked for). */
export async function answerOf(
  run: SearchRun,
  { price, sort }: Pick<SearchAnswer, 'price' | 'sort'>,
  found: Found,
): Promise<SearchAnswer> {
  const { core, categoryTerms } = run.index;
  const { slots, all, relaxed } = found;
  const typed = slots.map((slot) => slot.typed).join(' ');
  const understood = slots.map((slot) => slot.shown).join(' ');
  // Only ever the whole query, corrected, and only when it finds something (issue 37).
  const didYouMean = relaxed === null && all.ids.length > 0 && understood !== typed ? understood : null;
  const categories = rankCategories(core.c, categoryTerms, slots, all.ids.length > 0);
  const matches = slots.map((slot) => slot.match);
  const jobs = matches.flatMap((match) => (match.job ? [match.job] : []));
  const ids = sort
    ? await sortedByProperty(run, all, matches, sort)
    : jobs.length > 0
      ? await ownApplicationsFirst(run, all, matches, jobs)
      : rank(all, matches, run.options.limit);
  return {
    ids,
    total: all.ids.length,
    approximate: all.cut === true,
    categories: all.ids.length > 0 ? categories : categories.slice(0, 3),
    didYouMean,
    corrected: didYouMean !== null,
    relaxed,
    price,
    sort,
    notSold: null,
    variants: await variantsOf(run, slots, all.ids),
    model: run.named?.model ?? null,
    core,
  };
}

/** The children chosen by the code terms matched (`TermShard.x`), for the products found. */
async function variantsOf(
  run: SearchRun,
  slots: readonly SlotMatch[],
  found: Int32Array,
): Promise<Record<number, string>> {
  const chosen: Record<number, string> = {};
  // The codes matched, and the sizes ("5l"): a configurable's child may be the only one of either.
  const sizes = slots
    .filter((slot) => !slot.match.measure)
    .flatMap((slot) => slot.terms.flatMap((words) => words.flatMap((terms) => [...terms])))
    .filter((term) => SIZE.test(term));
  const codeTerms = new Set([...slots.flatMap((slot) => slot.codes), ...sizes]);
  if (codeTerms.size === 0 || found.length === 0) return chosen;
  const ids = new Set(found);
  for (const term of codeTerms) {
    const byProduct = (await run.reader.bucketOf(term)).x?.[term];
    if (byProduct)
      for (const [id, query] of Object.entries(byProduct))
        if (ids.has(Number(id))) chosen[Number(id)] = query;
  }
  return chosen;
}
