/**
 * Measures asked for as a range (search.ts, step 3): a pressure in psi ("2000 psi" → 124–152 bar, query.ts), and a
 * measure no product has together with the other words ("1500 w vacuum"), read the same way on the
 * results page. The nearest values answer first.
 */
import { shardKey, type TermShard } from './files.ts';
import { nearMeasure, type MeasureRange } from './query.ts';
import type { Candidate, Resolved } from './resolve.ts';
import { QUALITY, type Match, type SlotMatch } from './sets.ts';
import { foldWords } from './text.ts';

/** How near a value must be to count as the one asked for (an exact match), as a share of it. */
const CLOSE = 0.03;

/**
 * The products of a measure asked for as a range: the index's terms of that unit in the range (`145bar`),
 * the nearest (within 3 %) as exact matches, the others as synonyms. A term's shard is fetched only when
 * the core says it exists (`shardOf` answers null otherwise).
 */
export async function measureSlot(
  measure: MeasureRange,
  shardOf: (key: string) => Promise<TermShard | null>,
  matchOf: (resolved: Resolved) => Promise<Match>,
): Promise<SlotMatch> {
  const wanted: string[] = [];
  for (let value = Math.ceil(measure.min); value <= Math.floor(measure.max); value += 1)
    wanted.push(`${value}${measure.unit}`);
  const found = await Promise.all(
    wanted.map(async (term) => ((await shardOf(shardKey(term)))?.t[term] ? term : null)),
  );
  const candidates = found.flatMap((term): Candidate[] => {
    if (term === null) return [];
    const close = Math.abs(parseInt(term, 10) - measure.value) <= measure.value * CLOSE;
    return [{ term, quality: close ? QUALITY.exact : QUALITY.synonym }];
  });
  const word = { text: measure.typed, typed: measure.typed };
  const match = { ...(await matchOf({ word, candidates, shown: measure.typed })), measure: true };
  const terms = [[new Set(candidates.map(({ term }) => term))]];
  return { match, typed: measure.typed, shown: measure.typed, terms, codes: [] };
}

/** The slots with each measure ("1500 w") replaced by its range (`measureOf`); the others as they are. */
export function nearestMeasures(
  slots: readonly SlotMatch[],
  measureOf: (measure: MeasureRange) => Promise<SlotMatch>,
): Promise<SlotMatch[]> {
  return Promise.all(
    slots.map((slot) => {
      const range = slot.match.measure ? null : nearMeasure(foldWords(slot.typed).join(''), slot.typed);
      return range ? measureOf(range) : slot;
    }),
  );
}
