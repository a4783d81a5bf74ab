/**
 * The answer's products sorted by the property the query asked for (property.ts: "quietest wet and dry
 * vac"). The products of what the words name first, in rank.ts's standing of the best one (the wet and dry
 * vacs, whose names hold the words), are sorted by the property from their records, those without a
 * value after; the rest follow in the ranking's order. A vac's filter bag has a weight, but is no answer
 * to "lightest wet and dry vac".
 */
import type { SearchRecord } from './files.ts';
import { PRICE_PROPERTY, RATING_PROPERTY, type PropertySort } from './property.ts';
import { rankStanding } from './rank.ts';
import { records } from './records.ts';
import type { Match } from './sets.ts';
import type { SearchRun } from './state.ts';

/**
 * The most products sorted: on the results page its filtering cap (the records of more cost more than
 * narrowing by a word would), while typing the suggestions' few files.
 */
const MOST_SORTED = 2000;
const MOST_SORTED_TYPING = 64;

/**
 * Tier of the words as a phrase in the name (rank.ts `tierOf`): "Wet & Dry Vacuum Cleaner" is as much a
 * wet and dry vac as "Wet & Dry Vacuum", whose name ends with the words.
 */
const PHRASE_TIER = 2;

/** The products `found` (of `slots`) best first, sorted by `sort` (see the module's comment). */
export async function sortedByProperty(
  run: SearchRun,
  found: Match,
  slots: readonly Match[],
  sort: PropertySort,
): Promise<number[]> {
  const limit = run.options.limit ?? Infinity;
  const most = run.options.typing === true ? MOST_SORTED_TYPING : MOST_SORTED;
  const { ids, standing } = rankStanding(found, slots, Math.max(limit, most));
  const first = standing[0] ?? 0;
  // The standing's low three bits are the tier: the words as a phrase in the name are as good as the name.
  const widest = first - (first % 8) + Math.max(first % 8, PHRASE_TIER);
  let size = 0;
  while (size < Math.min(ids.length, most) && (standing[size] ?? Infinity) <= widest) size += 1;
  const sorted = ids.slice(0, size);
  const values = await valuesOf(run, sorted, sort.code);
  const order = sorted.map((id, at) => ({ id, value: values[at] ?? null, at }));
  const sign = sort.direction === 'asc' ? 1 : -1;
  order.sort((a, b) =>
    a.value === null || b.value === null
      ? (a.value === null ? 1 : 0) - (b.value === null ? 1 : 0) || a.at - b.at
      : sign * (a.value - b.value) || a.at - b.at,
  );
  return [...order.map(({ id }) => id), ...ids.slice(size)].slice(0, limit);
}

/** Each product's value of the property `code`, from its record (null without one). */
async function valuesOf(run: SearchRun, ids: readonly number[], code: string): Promise<(number | null)[]> {
  const column = run.index.core.columns.indexOf(code);
  const value = (record: SearchRecord): unknown => {
    if (code === PRICE_PROPERTY) return record[5];
    if (code !== RATING_PROPERTY) return record[9][column];
    // A rated product's percentage, lifted a little by its count (two five-star reviews before one).
    const rating = record[11];
    return rating ? rating[0] + Math.min(rating[1], 100) / 1000 : null;
  };
  return (await records(run.state, ids)).map((record) => {
    const found = value(record);
    return typeof found === 'number' ? found : null;
  });
}
