/**
 * Step 1 of a search (search.ts): what the query says besides words, read by query.ts (units, a pressure
 * in psi, a price) and property.ts (a property to sort by: "quietest"), and the machine model it names, if any (fit-slot.ts: "k5 hose"), whose words become
 * one slot that also finds what fits the model (issue 39).
 */
import { namedModel, wordsNaming, type NamedModel } from './fit-slot.ts';
import { readSort, type PropertySort } from './property.ts';
import { readQuery, type ReadQuery } from './query.ts';
import { modelsOf, type EngineState, type LoadedIndex } from './state.ts';
import type { QueryWord } from './text.ts';

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
  return { read, sort, named, words: wordsNaming(read.text, named) };
}
