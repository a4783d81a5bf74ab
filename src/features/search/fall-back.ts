/**
 * Step 4 of a search (search.ts): when no product has every slot, what the shopper more likely meant, in
 * order: the whole query as one code; the words corrected (typo.ts); a measure read as its nearest values
 * (measures.ts); a word read as a shorthand the other words' products have (typo.ts `shorthands`); and
 * last, relax.ts keeps the most telling slots that still find something, and the answer says which.
 */
import { namesCategory } from './categories.ts';
import { matchOf } from './resolve.ts';
import { matchSlots, measureOf, type QuerySlots } from './match-slots.ts';
import { nearestMeasures } from './measures.ts';
import { nonsenseSlots } from './nonsense.ts';
import { isMeasureTerm } from './query.ts';
import { relaxedSlots, type RelaxSlot } from './relax.ts';
import { intersect, noMatch, QUALITY, type Match, type SlotMatch } from './sets.ts';
import type { SearchRun } from './state.ts';
import { foldWords, queryWords } from './text.ts';
import { shorthands } from './typo.ts';

/** The slots a search answers with, the products they find together, and what relaxing kept. */
export interface Found {
  slots: SlotMatch[];
  all: Match;
  /** The words kept when not all of them found something together (relax.ts), as understood; or null. */
  relaxed: string | null;
}

/** The slots as they are, and the products they find together. */
export const together = (slots: SlotMatch[]): Found => ({
  slots,
  all: intersect(slots.map((slot) => slot.match)),
  relaxed: null,
});

/** The words of what was found, as understood: what the page shows for a relaxed reading. */
export const shownOf = (found: Found): string => found.slots.map((slot) => slot.shown).join(' ');

const none = (found: Found): boolean => found.all.ids.length === 0;

/** `found` when it finds something, else the first of the readings above that does (or relaxed, or none). */
export async function fallBack(
  run: SearchRun,
  slots: QuerySlots,
  measures: SlotMatch[],
  first: Found,
): Promise<Found> {
  let found = first;
  if (none(found) && !slots.shortLast && measures.length === 0) {
    const code = await wholeCode(run, slots.words);
    if (code) found = { slots: [code], all: code.match, relaxed: null };
  }
  if (none(found) && !slots.shortLast)
    found = together([...(await matchSlots(run, slots, true)), ...measures]);
  // A measure no product has together with the other words ("1500 w vacuum"): its nearest values, as
  // psi's, on the results page (the terms of a range cost a shard each: not on every keystroke).
  if (none(found) && run.options.typing !== true) {
    const near = together(await nearestMeasures(found.slots, (measure) => measureOf(run, measure)));
    if (!none(near)) found = near;
  }
  // A word past its corrections that the others' products read as a shorthand ("pressure wshr").
  if (none(found) && found.slots.length > 1) {
    const read = await shorthandOf(run, found.slots);
    if (read) found = together(read);
  }
  // No product has every word: answer with those that have the most telling of them (relax.ts).
  if (none(found) && found.slots.length > 1)
    found = relaxed(run, found, contextOf(slots, found), nonsenseOf(slots, found));
  return found;
}

/**
 * The last resort before corrections: the whole query as one code, which its words did not find: a
 * code with no digit ("HG-DT-CARSHAMPOO", "hgdtcarshampoo", or the end of one, "hampoo"), or one whose
 * digits sit apart from a long word ("HG-DT-CARSHAMPOO-5L", not one code run). This costs one code
 * bucket, and only when nothing matched.
 */
async function wholeCode(run: SearchRun, words: readonly { typed: string }[]): Promise<SlotMatch | null> {
  const whole = foldWords(run.query).join('');
  if (whole.length < 3 || !(await run.reader.bucketOf(whole)).t[whole]) return null;
  // Shown as typed (the words' own typing), so it is no "Did you mean".
  const typed = words.map((word) => word.typed).join(' ');
  const match = await matchOf(run.matching, {
    word: { text: whole, typed },
    candidates: [{ term: whole, quality: QUALITY.exact, code: true }],
    shown: typed,
  });
  return { match, typed, shown: typed, terms: [[new Set([whole])]], codes: [whole] };
}

/**
 * The slots with the one word that matches nothing read as the shorthand of a word (typo.ts
 * `shorthands`) that the other slots find products with, the one they find most with; null when no
 * such word, or when more than that word matches nothing. It reads as a correction: "Did you mean".
 */
async function shorthandOf(run: SearchRun, slots: readonly SlotMatch[]): Promise<SlotMatch[] | null> {
  const at = slots.findIndex((slot) => slot.match.ids.length === 0);
  const slot = slots[at];
  if (!slot || slot.match.measure || slot.match.model || slot.match.audience) return null;
  const others = intersect(slots.filter((_, other) => other !== at).map((one) => one.match));
  const [word, ...more] = queryWords(slot.typed);
  if (others.ids.length === 0 || !word || more.length > 0) return null;
  let best: SlotMatch | null = null;
  let most = 0;
  for (const term of await shorthands(word.text, run.reader.words)) {
    const match = await matchOf(run.matching, {
      word,
      candidates: [{ term, quality: QUALITY.typo }],
      shown: term,
    });
    const count = intersect([others, match]).ids.length;
    if (count > most) {
      most = count;
      best = { match, typed: slot.typed, shown: term, terms: [[new Set([term])]], codes: [] };
    }
  }
  const shorthand = best;
  return shorthand ? slots.map((one, other) => (other === at ? shorthand : one)) : null;
}

/**
 * The slots to keep when some say what the wanted thing is for: relax.ts's choice among the others, then
 * each of these in turn that still finds something with them; null when the query has no such words, or
 * the others find nothing.
 */
function wantedFirst(slots: readonly RelaxSlot[], context: readonly boolean[]): number[] | null {
  const wanted = slots.flatMap((slot, at) => (context[at] ? [] : [{ slot, at }]));
  if (wanted.length === slots.length || wanted.length === 0) return null;
  const chosen = relaxedSlots(wanted.map(({ slot }) => slot));
  if (!chosen) return null;
  const kept = chosen.flatMap((at) => wanted[at]?.at ?? []);
  let all = intersect(kept.map((at) => slots[at]?.match ?? noMatch()));
  slots.forEach((slot, at) => {
    if (!context[at]) return;
    const more = intersect([all, slot.match]);
    if (more.ids.length === 0) return;
    all = more;
    kept.push(at);
  });
  return kept.sort((a, b) => a - b);
}

/** A model's code, letters and digits ("t 10 1", "k7"), not a size ("20 l"). */
const isModelCode = (shown: string): boolean =>
  /\d/.test(shown) && /[a-z]/.test(shown) && !isMeasureTerm(shown.replace(/\s+/g, ''));

/** Which of `found`'s slots are pieces of a typed token that is no word (nonsense.ts). */
const nonsenseOf = (slots: QuerySlots, found: Found): Set<number> =>
  nonsenseSlots(
    found.slots.map((_, at) => slots.counted[at]?.[0] ?? []),
    found.slots,
  );

/** Which of `found`'s slots say what the wanted thing is for (the words after "for": understand.ts). */
const contextOf = (slots: QuerySlots, found: Found): boolean[] =>
  found.slots.map((_, at) => slots.counted[at]?.[0]?.[0]?.context === true);

/**
 * The slots relax.ts keeps, weighed by how much each says; `found` itself when none would find anything.
 * With words after "for" (`context`), the wanted thing's are kept first, then as many of the others as
 * still find something: "suction hose for an nt vacuum" shows hoses, not the NT vacuums (issue 70).
 */
function relaxed(
  { index }: SearchRun,
  found: Found,
  context: readonly boolean[],
  nonsense: ReadonlySet<number>,
): Found {
  // The last of the words (measures and the model come after them): an English query ends with what is
  // wanted, and "lance for k7" wants a lance, for the K 7 if there is one (issue 70).
  const lastWordSlot = found.slots.findLastIndex((slot) => !slot.match.measure && !slot.match.model);
  const weighed = found.slots.map((slot, at) => ({
    // A piece of a token that is no word finds nothing of its own (nonsense.ts).
    match: nonsense.has(at) ? noMatch() : slot.match,
    weight:
      1 +
      (index.categoryTerms.some((names) => namesCategory(slot, names)) ? 1 : 0) +
      // So does a code ("t10/1adv" the T 10/1 when no T 10/1 Adv is sold, not every "Adv"); a model
      // something fits does not: "lance for k7" wants a lance (issue 70).
      (!slot.match.model && isModelCode(slot.shown) ? 1 : 0) +
      // So does a job ("caravan", "shower screen"): what is for another helps no one either.
      (slot.match.job ? 1 : 0) +
      (at === lastWordSlot ? 0.5 : 0) -
      (slot.shown !== slot.typed ? 0.5 : 0),
  }));
  const kept = wantedFirst(weighed, context) ?? relaxedSlots(weighed);
  // Nothing to show: the nonsense is no word the answer's categories may follow either.
  if (!kept) return { ...found, slots: found.slots.filter((_, at) => !nonsense.has(at)) };
  const slots = together(kept.flatMap((at) => found.slots[at] ?? []));
  return { ...slots, relaxed: shownOf(slots) };
}
