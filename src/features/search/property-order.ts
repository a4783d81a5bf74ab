/**
 * The answer's products sorted by the property the query asked for (property.ts: "quietest wet and dry
 * vac"). The products of what the words name first, in rank.ts's standing of the best one, are sorted by
 * the property from their records, those without a value after; the rest follow in the ranking's order.
 * What the words name is a product whose name holds them as a phrase ("Wet & Dry Vacuum Cleaner"), but for
 * a price or a weight, which parts have too, one whose name ends with them: a "Steam Cleaner Nozzle Set"
 * has no sound level, but is no answer to "cheapest steam cleaner".
 */
import type { SearchRecord } from './files.ts';
import { PRICE_PROPERTY, RATING_PROPERTY, type PropertySort } from './property.ts';
import { rankStanding } from './rank.ts';
import { records } from './records.ts';
import type { Match } from './sets.ts';
import { reorderedCount, type SearchRun } from './state.ts';

/** Tiers of rank.ts `tierOf`: the words end the name (what the product is), or are a phrase in it. */
const ENDING_TIER = 1;
const PHRASE_TIER = 2;

/** The properties parts have as well as machines. */
const PARTS_HAVE: ReadonlySet<string> = new Set([PRICE_PROPERTY, RATING_PROPERTY, 'weight_kg']);

/** The products `found` (of `slots`) best first, sorted by `sort` (see the module's comment). */
export async function sortedByProperty(
  run: SearchRun,
  found: Match,
  slots: readonly Match[],
  sort: PropertySort,
): Promise<number[]> {
  const limit = run.options.limit ?? Infinity;
  const most = reorderedCount(run.options);
  const { ids, standing } = rankStanding(found, slots, Math.max(limit, most));
  const first = standing[0] ?? 0;
  // The standing's low three bits are the tier: the words as a phrase in the name are as good as the name.
  const tier = sort.codes.some((code) => PARTS_HAVE.has(code)) ? ENDING_TIER : PHRASE_TIER;
  const widest = first - (first % 8) + Math.max(first % 8, tier);
  let size = 0;
  while (size < Math.min(ids.length, most) && (standing[size] ?? Infinity) <= widest) size += 1;
  const sorted = ids.slice(0, size);
  const values = await valuesOf(run, sorted, sort.codes);
  const order = sorted.map((id, at) => ({ id, value: values[at] ?? null, at }));
  const sign = sort.direction === 'asc' ? 1 : -1;
  order.sort((a, b) =>
    a.value === null || b.value === null
      ? (a.value === null ? 1 : 0) - (b.value === null ? 1 : 0) || a.at - b.at
      : sign * (a.value - b.value) || a.at - b.at,
  );
  return [...order.map(({ id }) => id), ...ids.slice(size)].slice(0, limit);
}

/**
 * Each product's value of the property, from its record (null without): of the first of `codes` any of
 * them has, so that one unit is compared ("strongest": a pressure washer's pressure, a vac's suction).
 */
async function valuesOf(
  run: SearchRun,
  ids: readonly number[],
  codes: readonly string[],
): Promise<(number | null)[]> {
  const { columns } = run.index.core;
  const value = (record: SearchRecord, code: string): unknown => {
    if (code === PRICE_PROPERTY) return record[5];
    if (code !== RATING_PROPERTY) return record[9][columns.indexOf(code)];
    // A rated product's percentage, lifted a little by its count (two five-star reviews before one).
    const rating = record[11];
    return rating ? rating[0] + Math.min(rating[1], 100) / 1000 : null;
  };
  const found = await records(run.state, ids);
  for (const code of codes) {
    const values = found.map((record) => {
      const one = value(record, code);
      return typeof one === 'number' ? one : null;
    });
    if (values.some((one) => one !== null)) return values;
  }
  return found.map(() => null);
}
