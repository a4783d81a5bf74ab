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
 *
 * A word that names only a job (jobs.ts: "sofa", "bicycle", "caravan"), typed alone, is such a thing too:
 * no product's words name it, so the spec's rule finds nothing, and the shopper is told so with the
 * categories of the machines made for the job as the nearest ("We don't sell sofas": Carpet & Upholstery
 * Cleaners). Beside words saying what to do with it ("clean the sofa", "pet hair on the sofa") it still
 * names the job.
 */
import type { CoreNotSold, SearchCore } from './files.ts';
import { stem, type QueryWord } from './text.ts';

/** What the page says of a thing not sold: its name, and the places of the nearest categories in `c`. */
export interface NotSoldHit {
  name: string;
  near: number[];
}

/** The thing not sold that the query's words name, if any: its name and near categories' places. */
export function notSoldIn(
  words: readonly QueryWord[],
  notSold: readonly CoreNotSold[] | undefined,
): NotSoldHit | null {
  if (!notSold || words.length === 0) return null;
  const query = ` ${words.map((word) => word.text).join(' ')} `;
  const named = notSold.find(([phrases]) => phrases.some((phrase) => query.includes(` ${phrase} `)));
  return named ? { name: named[1], near: named[2] } : null;
}

/**
 * The job a one-word query names alone (`typed` as read, `settled` as settle-words.ts left it), when no
 * product's words name it (one of the core's first `jn` phrases): a thing not sold, near its categories.
 */
export function loneJobIn(
  typed: readonly QueryWord[],
  settled: readonly QueryWord[],
  core: Pick<SearchCore, 'jb' | 'jn' | 'jc'>,
): NotSoldHit | null {
  const [word, ...more] = typed;
  const [job, ...others] = settled;
  const at = job?.job;
  if (!word || more.length > 0 || others.length > 0 || at === undefined || at >= (core.jn ?? 0)) return null;
  const applications = core.jb?.[at]?.[1] ?? [];
  const near = [...new Set(applications.flatMap((application) => core.jc?.[application] ?? []))];
  return { name: pluralOf(word.typed), near };
}

/** The word as "We don't sell …" says it: as typed when it is a plural, else made one ("sofa" → "sofas"). */
function pluralOf(word: string): string {
  if (stem(word) !== word) return word;
  // "algae" is a plural already; "moss", "bus" and "couch" take -es.
  if (word.endsWith('ae')) return word;
  if (/(?:s|x|z|ch|sh)$/.test(word)) return `${word}es`;
  if (/[^aeiou]y$/.test(word)) return `${word.slice(0, -1)}ies`;
  return `${word}s`;
}
