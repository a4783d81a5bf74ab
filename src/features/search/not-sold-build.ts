/**
 * The things the shop does not sell at build time (not-sold.ts): the merchant's list
 * (`src/content/search-not-sold.json`) checked against the catalogue into the core's `ns`.
 */
import { z } from 'zod';
import type { CategoryEntry, CoreNotSold, SearchCore } from './files.ts';
import { queryWords } from './text.ts';

const text = z.string().trim().min(1, 'must not be empty').max(60, 'must be at most 60 characters');

export const notSoldSchema = z.object({
  /** @example [{ "phrases": ["dishwasher"], "name": "dishwashers", "near": ["Steam Cleaners"] }] */
  notSold: z.array(
    z.object({
      /** What shoppers type for it: "dishwasher", "dish washer". */
      phrases: z
        .array(text.refine((phrase) => queryWords(phrase).length > 0, 'must have a word in it'))
        .min(1),
      /** As the page names it: "We don't sell {name}". */
      name: text,
      /** The names of the categories nearest to it, as the menu names them ("Steam Cleaners"). */
      near: z.array(text),
    }),
  ),
});

export type NotSold = z.infer<typeof notSoldSchema>['notSold'][number];

/** A phrase in the index's words, as the query's words will be: "ride-on mowers" → "ride mower". */
const phrased = (phrase: string): string =>
  queryWords(phrase)
    .map((word) => word.text)
    .join(' ');

/** What the things not sold are checked against. */
interface Catalogue {
  products: readonly { name: string }[];
  /** The core's categories (`c`), where the near ones are found by name. */
  categories: readonly CategoryEntry[];
  /** The index's words: a phrase with a word no product has is in no name. */
  indexed: ReadonlySet<string>;
}

/**
 * The core's things not sold (`ns`): each entry's phrases no product name holds, and its near categories
 * found by name; `warn` names what was left out and why.
 */
export function coreNotSold(
  entries: readonly NotSold[],
  { products, categories, indexed }: Catalogue,
  warn: (message: string) => void,
): Pick<SearchCore, 'ns'> {
  const holding = (phrase: string): string | undefined => {
    const words = phrase.split(' ');
    if (!words.every((word) => indexed.has(word))) return undefined;
    // Folding a name costs more than finding letters in it: only names with the last word's are folded
    // (less its last letter, which the singular may change: "battery" of "batteries").
    const letters = (words.at(-1) ?? '').slice(0, -1);
    return products.find(
      ({ name }) => name.toLowerCase().includes(letters) && ` ${phrased(name)} `.includes(` ${phrase} `),
    )?.name;
  };
  const ns = entries.flatMap((entry): CoreNotSold[] => {
    const phrases = entry.phrases.map(phrased).filter((phrase) => {
      const sold = holding(phrase);
      if (sold) warn(`search-not-sold: "${phrase}" is left out: the shop sells the ${sold}`);
      return !sold;
    });
    const near = entry.near.flatMap((name) => {
      const places = categories.flatMap(([category], at) => (category === name ? [at] : []));
      if (places.length === 0) warn(`search-not-sold: no category is named "${name}" (near ${entry.name})`);
      return places;
    });
    return phrases.length > 0 ? [[phrases, entry.name, near]] : [];
  });
  return ns.length > 0 ? { ns } : {};
}
