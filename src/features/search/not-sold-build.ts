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

/**
 * The core's things not sold (`ns`): each entry's phrases no product name holds, and its near categories
 * found in `categories` (the core's `c`, by name); `warn` names what was left out and why.
 */
export function coreNotSold(
  entries: readonly NotSold[],
  products: readonly { name: string }[],
  categories: readonly CategoryEntry[],
  warn: (message: string) => void,
): Pick<SearchCore, 'ns'> {
  const ns = notSoldOf(
    entries,
    products.map((product) => product.name),
    categories,
    warn,
  );
  return ns.length > 0 ? { ns } : {};
}

function notSoldOf(
  entries: readonly NotSold[],
  names: readonly string[],
  categories: readonly CategoryEntry[],
  warn: (message: string) => void,
): CoreNotSold[] {
  // One text of every name: a phrase is looked for once, not once per product.
  const sold = ` ${names.map(phrased).join(' \n ')} `;
  return entries.flatMap((entry): CoreNotSold[] => {
    const phrases = entry.phrases.map(phrased).filter((phrase) => {
      if (!sold.includes(` ${phrase} `)) return true;
      const name = names.find((one) => ` ${phrased(one)} `.includes(` ${phrase} `));
      warn(`search-not-sold: "${phrase}" is left out: the shop sells the ${name ?? phrase}`);
      return false;
    });
    const near = entry.near.flatMap((name) => {
      const places = categories.flatMap(([category], at) => (category === name ? [at] : []));
      if (places.length === 0) warn(`search-not-sold: no category is named "${name}" (near ${entry.name})`);
      return places;
    });
    return phrases.length > 0 ? [[phrases, entry.name, near]] : [];
  });
}
