/**
 * Synonyms as data the merchant edits (`src/content/search-synonyms.json`): Magento keeps its synonym
 * groups in `search_synonyms`, which no REST call reads, so the shop keeps its own. Two kinds:
 *
 * - `equivalent`: groups of phrases that mean the same ("hoover", "vacuum"); a query with any of them
 *   also finds the others.
 * - `oneWay`: a query phrase that should also find others, not the other way round ("patio cleaner"
 *   finds surface cleaners, but "surface cleaner" should not find every pressure washer).
 *
 * The build compiles them into `SynonymTable`, keyed and valued in the index's own words (`queryWords`),
 * which the search core file carries to the browser.
 */
import { z } from 'zod';
import { MAX_SYNONYM_WORDS, type SynonymTable } from './files.ts';

export type { SynonymTable };
import { queryWords } from './text.ts';

const phrase = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(60, 'must be at most 60 characters')
  .refine((text) => queryWords(text).length > 0, 'must have a word in it, not only signs or stop words');

export const synonymsSchema = z.object({
  /** Groups of phrases that mean the same. @example [["vacuum", "hoover"]] */
  equivalent: z.array(z.array(phrase).min(2, 'a group needs at least two phrases')),
  /** A phrase that also finds others. @example [{ "from": "patio cleaner", "to": ["surface cleaner"] }] */
  oneWay: z.array(z.object({ from: phrase, to: z.array(phrase).min(1) })),
});
export type Synonyms = z.infer<typeof synonymsSchema>;

const phraseKey = (text: string): string =>
  queryWords(text)
    .map((word) => word.text)
    .join(' ');

export function compileSynonyms(synonyms: Synonyms): SynonymTable {
  const table = new Map<string, Set<string>>();
  const add = (from: string, to: string): void => {
    const [key, value] = [phraseKey(from), phraseKey(to)];
    if (key === value || key.split(' ').length > MAX_SYNONYM_WORDS) return;
    let set = table.get(key);
    if (!set) table.set(key, (set = new Set()));
    set.add(value);
  };
  for (const group of synonyms.equivalent) for (const from of group) for (const to of group) add(from, to);
  for (const { from, to } of synonyms.oneWay) for (const other of to) add(from, other);
  return Object.fromEntries(
    [...table].sort(([a], [b]) => (a < b ? -1 : 1)).map(([key, set]) => [key, [...set]]),
  );
}
