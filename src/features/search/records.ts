/**
 * The records of products an answer found (engine.ts `records`): read from their record shards
 * (files.ts `d/{n}.json`), each shard once, and a configurable found by one child's code or size given
 * the path and price of that child.
 */
import { StaleIndexError } from './decode.ts';
import type { RecordShard, SearchRecord } from './files.ts';
import { loadIndex, rethrowStale, type EngineState } from './state.ts';

/**
 * The records of these products, in the same order. Not retried when stale: the ids are the old
 * numbering's, so the caller searches again (and gets the new one). `numbering` is the version the ids
 * are of (their answer's `core.v`): once a rebuild renumbered the products and the engine read the new
 * index, the same numbers are other products, so they are refused rather than shown as the answer's.
 */
export async function records(
  state: EngineState,
  ids: readonly number[],
  variants: Readonly<Record<number, string>> = {},
  numbering?: string,
): Promise<SearchRecord[]> {
  if (numbering !== undefined && (await loadIndex(state)).core.v !== numbering)
    throw new StaleIndexError(`products numbered as in ${numbering}, renumbered since`);
  return rethrowStale(state, async () => {
    const { core } = await loadIndex(state);
    const shards = new Map<number, Promise<RecordShard>>();
    for (const id of ids) {
      const shard = Math.floor(id / core.s);
      if (!shards.has(shard)) shards.set(shard, state.source.records(shard, core.v));
    }
    const loaded = new Map<number, RecordShard>();
    await Promise.all([...shards].map(async ([n, pending]) => loaded.set(n, await pending)));
    return ids.map((id) => {
      const record = loaded.get(Math.floor(id / core.s))?.d[id % core.s];
      if (!record) throw new StaleIndexError(`no record of product ${id}`);
      return withVariant(record, variants[id]);
    });
  });
}

/** A configurable's record opened at the child `query` chooses (`volume=5-l`), or the record as it is. */
function withVariant(record: SearchRecord, query: string | undefined): SearchRecord {
  if (query === undefined || record[2] === '') return record;
  const withQuery: SearchRecord = [...record];
  withQuery[2] = `${record[2]}?${query}`;
  // The card of the child chosen shows its price (not the cheapest child's), as its page does.
  const prices = record[12]?.[query];
  if (prices) [withQuery[5], withQuery[6]] = prices;
  return withQuery;
}
