/**
 * Step 3 of a search (search.ts): the words become slots (slots.ts), a phrase of the merchant's synonyms
 * one slot with its alternatives, and each slot is matched: each word by resolve.ts (exactly, as a prefix
 * when last, corrected by typo.ts) over the files reader.ts fetches, the slot of a model named with what
 * fits it (fit-slot.ts), an audience's with its products (audience-slot.ts), and a measure asked for as a
 * range by measures.ts. Every slot must match (AND, sets.ts); that is search.ts's to take.
 *
 * A slot's match is kept between keystrokes (`EngineState.slots`): the words before the last one do not
 * change while the shopper types.
 */
import { withAudience } from './audience-slot.ts';
import type { SearchModel } from './fit-data.ts';
import { withFits } from './fit-slot.ts';
import { measureSlot } from './measures.ts';
import type { MeasureRange } from './query.ts';
import { codeTermsOf, matchOf, resolveWord, termsOf } from './resolve.ts';
import { intersect, QUALITY, union, type Match, type SlotMatch } from './sets.ts';
import { synonymSlots } from './slots.ts';
import { audienceOf, jobOf, type SearchRun } from './state.ts';
import { withJob } from './jobs.ts';
import type { QueryWord } from './text.ts';

/** How many matched slots the engine keeps between keystrokes. */
const SLOT_CACHE = 48;

/** The query's slots, and how its last word is matched while typing. */
export interface QuerySlots {
  /** The words the slots were made of (step 2's). */
  words: QueryWord[];
  /** The slots matched: each a list of alternatives, each a list of words. */
  counted: QueryWord[][][];
  /** The place of the query's last slot (counted or not). */
  lastSlot: number;
  /** The last word, while typing, is under 3 characters: matched only whole. */
  shortTyped: boolean;
  /** … and has no digit: left aside while other words match, and matched alone otherwise. */
  shortLast: boolean;
  /** The last word's text. */
  lastWord: string;
}

/**
 * While typing, a last word of one or two characters is matched only whole: the words it might begin are
 * too many to fetch on every first keystroke (`p/{prefix}.json`). One of letters is also left aside until
 * it grows, after other words, and matched only alone ("k"): the words before it already say what the
 * shopper wants; one with a digit may be a whole code ("k5", "15").
 */
export function querySlots(run: SearchRun, words: QueryWord[]): QuerySlots {
  const slots = synonymSlots(words, run.index.core.syn);
  const lastWord = words.at(-1)?.text ?? '';
  const shortTyped = run.options.typing === true && run.prefixLast && lastWord.length < 3;
  const shortLast = shortTyped && !/\d/.test(lastWord);
  const counted = shortLast && slots.length > 1 ? slots.slice(0, -1) : slots;
  return { words, counted, lastSlot: slots.length - 1, shortTyped, shortLast, lastWord };
}

/** Each counted slot's match; with `typos`, words with no exact term are corrected too. */
export function matchSlots(run: SearchRun, slots: QuerySlots, typos: boolean): Promise<SlotMatch[]> {
  return Promise.all(
    slots.counted.map((alternatives, at) => {
      const prefix = run.prefixLast && !slots.shortTyped && at === slots.lastSlot;
      return keptSlot(run, alternatives, prefix, typos);
    }),
  );
}

/** The slots of the measures the query asks for as ranges ("2000 psi"). */
export const matchMeasures = (run: SearchRun, measures: readonly MeasureRange[]): Promise<SlotMatch[]> =>
  Promise.all(measures.map((measure) => measureOf(run, measure)));

/** One measure's slot: the values of its range the index has. */
export const measureOf = (run: SearchRun, measure: MeasureRange): Promise<SlotMatch> =>
  measureSlot(measure, run.reader.shardOf, (resolved) => matchOf(run.matching, resolved));

function keptSlot(run: SearchRun, alternatives: QueryWord[][], prefix: boolean, typos: boolean) {
  const kept = run.state.slots;
  const key = JSON.stringify([alternatives, prefix, typos, run.headKeys !== null]);
  let pending = kept.get(key);
  if (!pending) {
    if (kept.size >= SLOT_CACHE) kept.clear();
    pending = slotOf(run, alternatives, prefix, typos);
    kept.set(key, pending);
    pending.catch(() => kept.delete(key));
  }
  return pending;
}

/** A slot's match, with what fits the model it names or the products of the audience it names. */
function slotOf(run: SearchRun, alternatives: QueryWord[][], prefix: boolean, typos: boolean) {
  // An audience's words are not corrected: "hg" is no misspelt word; nor are a job's.
  const audienceAt = alternatives[0]?.[0]?.audience;
  const jobAt = alternatives[0]?.[0]?.job;
  const correct = audienceAt === undefined && jobAt === undefined;
  let pending = alternativesMatch(run, alternatives, prefix, typos && correct, correct);
  // The slot of the model the query names: what fits it, and its machines, too (fit-slot.ts).
  if (run.named && alternatives[0]?.[0]?.model) pending = withFitsOf(run, run.named.model, pending);
  // The slot of an audience: its products, too (audience-slot.ts).
  if (audienceAt !== undefined) {
    const members = audienceOf(run.index, audienceAt);
    pending = pending.then((slot) => ({ ...slot, match: withAudience(slot.match, members) }));
  }
  // The slot of a job: the products of its categories (jobs.ts).
  if (jobAt !== undefined) {
    const members = jobOf(run.index, jobAt);
    const applications = run.index.core.jb?.[jobAt]?.[1] ?? [];
    pending = pending.then((slot) => ({ ...slot, match: withJob(slot.match, members, applications) }));
  }
  return pending;
}

async function withFitsOf(
  run: SearchRun,
  model: SearchModel,
  pending: Promise<SlotMatch>,
): Promise<SlotMatch> {
  const fits = run.state.source.fits?.(model.slug, run.index.core.v) ?? null;
  const [slot, fit] = await Promise.all([pending, fits]);
  return { ...slot, match: withFits(slot.match, fit) };
}

/** One slot's matches: its alternatives' (a synonym's phrases), united. */
async function alternativesMatch(
  run: SearchRun,
  alternatives: QueryWord[][],
  prefix: boolean,
  typos: boolean,
  correct: boolean,
): Promise<SlotMatch> {
  const perAlternative: Match[] = [];
  const terms: Set<string>[][] = [];
  const codes: string[] = [];
  let shown = '';
  const typed = (alternatives[0] ?? []).map((word) => word.typed).join(' ');
  // The synonyms' phrases first: when they answer, the words as typed are not corrected ("strimmer"
  // is a phrase of "grass trimmer", not a misspelt "trimmer").
  const order = [...alternatives.keys()].slice(1).concat(0);
  for (const which of order) {
    const alternative = alternatives[which] ?? [];
    const answered = which === 0 && perAlternative.some((match) => match.ids.length > 0);
    const resolved = await Promise.all(
      alternative.map((word, i) =>
        resolveWord(
          run.matching,
          word,
          prefix && i === alternative.length - 1,
          typos && !answered,
          correct && !answered,
        ),
      ),
    );
    if (which === 0) shown = resolved.map((r) => r.shown).join(' ');
    terms.push(resolved.map(termsOf));
    codes.push(...resolved.flatMap(codeTermsOf));
    const match = intersect(await Promise.all(resolved.map((one) => matchOf(run.matching, one))));
    if (which > 0) match.quality.forEach((q, at) => (match.quality[at] = Math.max(q, QUALITY.synonym)));
    perAlternative.push(match);
  }
  // Found through a synonym alone: the words as typed answered, not their correction ("carpet
  // shampooer" is a synonym's phrase; "carpet shampoo" finds nothing and is no "Did you mean").
  if (perAlternative.at(-1)?.ids.length === 0) shown = typed;
  return { match: union(perAlternative, run.index.core.n), typed, shown, terms, codes };
}
