/**
 * Things the shop does not sell (issue 70): a query for a dishwasher or a lawn tractor is told so plainly
 * ("We don't sell dishwashers") with the nearest categories the shop does have, rather than shown the
 * "washer" or "lawn" products that share a word with it. The catalogue cannot say what it does not
 * carry, so the merchant lists it (`src/content/search-not-sold.json`): each thing by the phrases shoppers
 * type for it, its name in the plural as the page says it, and the categories nearest to it by name.
 *
 * The build checks each entry against the catalogue: a phrase some product's name holds is sold after all
 * and is left out, with a warning, as is a near category no listing has. The core carries the rest
 * (`ns`): the phrases in the index's words, the name, and the near categories' places in its `c`.
 */
import type { CoreNotSold } from './files.ts';
import type { QueryWord } from './text.ts';

/** The thing not sold that the query's words name, if any: its name and near categories' places. */
export function notSoldIn(
  words: readonly QueryWord[],
  notSold: readonly CoreNotSold[] | undefined,
): { name: string; near: number[] } | null {
  if (!notSold || words.length === 0) return null;
  const query = ` ${words.map((word) => word.text).join(' ')} `;
  const named = notSold.find(([phrases]) => phrases.some((phrase) => query.includes(` ${phrase} `)));
  return named ? { name: named[1], near: named[2] } : null;
}
