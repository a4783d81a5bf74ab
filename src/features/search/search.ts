/**
 * One search (issues 23 and 37): a query matched and ranked against the index files, in the steps below,
 * each a function of its own module handed the search's run (state.ts `SearchRun`):
 *
 * 1. `understandQuery` (understand.ts): what the query says besides words, read by query.ts (units, a
 *    pressure in psi, a price), and a machine model it names (fit-slot.ts: "k5 hose"), whose slot is also
 *    what fits the model (issue 39).
 * 2. `settleWords` (settle-words.ts): words typed joined ("jetwash") split and words typed apart ("easy
 *    fix") joined (joined.ts), a code the index does not know whole cut into the runs it knows, and an
 *    audience's phrase marked (audience-slot.ts).
 * 3. `querySlots`, `matchSlots` (match-slots.ts): the words become slots (slots.ts), a phrase of the
 *    merchant's synonyms one slot with its alternatives; each word is matched by resolve.ts (exactly, as a
 *    prefix when last, corrected by typo.ts) over the files reader.ts fetches, a measure asked for as a
 *    range by measures.ts; every slot must match (AND, sets.ts).
 * 4. `fallBack` (fall-back.ts): when no product has every slot, the whole query as a code, then
 *    corrections, then a measure read as its nearest values, then a shorthand, then relax.ts keeps the most
 *    telling slots that still find something, and the answer says which.
 * 5. `answerOf` (answer.ts): rank.ts orders the products (what fits a model named first), categories.ts the
 *    categories the words lead to.
 */
import { answerOf, emptyAnswer, notSoldAnswer, prefixCategories, type SearchAnswer } from './answer.ts';
import { loneJobIn, notSoldIn } from './not-sold.ts';
import { fallBack, shownOf, together } from './fall-back.ts';
import { matchMeasures, matchSlots, querySlots } from './match-slots.ts';
import { mayGrow, settleWords } from './settle-words.ts';
import {
  loadIndex,
  searchRun,
  withRetry,
  type EngineState,
  type LoadedIndex,
  type SearchOptions,
} from './state.ts';
import { understandQuery } from './understand.ts';

/**
 * The answer to `query`, from a fresh core again when the files turned out to be renumbered. While typing,
 * for the best few (`limit`), the heads of large shards are read first (files.ts `TermShard.h`): their
 * answer stands when it has every word and enough products (its `total` then a lower bound,
 * `approximate`); otherwise the whole shards answer.
 */
export function search(
  state: EngineState,
  query: string,
  options: SearchOptions = {},
): Promise<SearchAnswer> {
  return withRetry(state, async () => {
    const index = await loadIndex(state);
    if (options.typing === true && options.limit !== undefined && index.headKeys !== null) {
      const first = await searchOnce(state, index, query, options, index.headKeys);
      if (!first.approximate) return first;
      if (first.relaxed === null && first.didYouMean === null && first.ids.length >= options.limit)
        return first;
    }
    return searchOnce(state, index, query, options, null);
  });
}

/** The steps of one search (see the module's comment), reading large shards' heads when `headKeys`. */
async function searchOnce(
  state: EngineState,
  index: LoadedIndex,
  query: string,
  options: SearchOptions,
  headKeys: Uint8Array | null,
): Promise<SearchAnswer> {
  const { read, sort, named, words: typed } = await understandQuery(state, index, query);
  const empty = emptyAnswer(index.core, named?.model ?? null);
  // A thing the shop does not sell ("dishwasher"): said so, with the nearest categories (not-sold.ts).
  const unsold = notSoldIn(typed, index.core.ns);
  if (unsold) return notSoldAnswer(empty, unsold);
  if (typed.length === 0 && read.measures.length === 0) return { ...empty, price: read.price, sort };
  const run = searchRun(state, index, query, options, headKeys, named);
  const settled = await settleWords(run, typed);
  // A job's word typed alone ("sofa"), no longer growing into another: a thing not sold (not-sold.ts).
  const lone = loneJobIn(typed, settled, index.core);
  if (lone && !(run.prefixLast && options.typing === true && (await mayGrow(run, settled[0]?.text ?? ''))))
    return notSoldAnswer(empty, lone);
  const slots = querySlots(run, settled);
  let matched = await matchSlots(run, slots, false);
  // A short last word of letters matched nothing: the words before it answer, or its categories alone.
  if (slots.shortLast && matched.at(-1)?.match.ids.length === 0) {
    matched = matched.slice(0, -1);
    if (matched.length === 0 && read.measures.length === 0)
      return { ...empty, categories: prefixCategories(index, slots.lastWord) };
  }
  const measures = await matchMeasures(run, read.measures);
  const found = await fallBack(run, slots, measures, together([...matched, ...measures]));
  // A model read as its family ("k8": the K machines) is no exact match, and the page says so.
  const family =
    found.relaxed === null && found.all.ids.length > 0 && settled.some((word) => word.family === true);
  return answerOf(run, { price: read.price, sort }, family ? { ...found, relaxed: shownOf(found) } : found);
}
