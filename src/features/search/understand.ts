/**
 * Step 1 of a search (search.ts): what the query says besides words, read by query.ts (units, a pressure
 * in psi, a price) and property.ts (a property to sort by: "quietest"); the machine model it names, if
 * any (fit-slot.ts: "k5 hose"), whose words become one slot that also finds what fits the model (issue
 * 39); and, without one, the words after "for", which say what the wanted thing is for.
 */
import { namedModel, wordsNaming, type NamedModel } from './fit-slot.ts';
import { readSort, type PropertySort } from './property.ts';
import { readQuery, type ReadQuery } from './query.ts';
import { modelsOf, type EngineState, type LoadedIndex } from './state.ts';
import { queryWords, type QueryWord } from './text.ts';

/** The query as read: its measures, price and sort, the model it names, and its words. */
interface Understood {
  read: ReadQuery;
  sort: PropertySort | null;
  named: NamedModel | null;
  words: QueryWord[];
}

export async function understandQuery(
  state: EngineState,
  index: LoadedIndex,
  query: string,
): Promise<Understood> {
  const asked = readQuery(query);
  const { sort, text } = readSort(asked.text, query, index.core);
  const read = { ...asked, text };
  // A model has a digit ("K 5"): a query without one names none, and needs no list of them.
  const named = /\d/.test(read.text) ? namedModel(read.text, await modelsOf(state.source, index)) : null;
  return { read, sort, named, words: named ? wordsNaming(read.text, named) : wordsFor(read.text) };
}

/**
 * The words of `text`, those after "for" marked as what the wanted thing is for ("suction hose for an nt
 * vacuum"): when no product has every word, the wanted thing's are kept first (fall-back.ts).
 */
function wordsFor(text: string): QueryWord[] {
  const at = text.search(/\bfor\b/i);
  const before = at > 0 ? queryWords(text.slice(0, at)) : [];
  if (before.length === 0) return queryWords(text);
  return [...before, ...queryWords(text.slice(at + 3)).map((word) => ({ ...word, context: true as const }))];
}
