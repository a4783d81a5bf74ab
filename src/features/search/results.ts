/**
 * Matching and paging of search results, as pure functions over the names file.
 *
 * The rule is the spec's (`match.ts`): the names are normalised once when the index loads, so a search
 * is one `includes` per name; `normaliseForSearch` is the same function `matchesSearch` applies, so the
 * outcome is identical to calling `matchesSearch(name, term)` on every name.
 */
import { normaliseForSearch } from './match.ts';

/** Cards shown at first and added by each "Show more". */
export const PAGE_SIZE = 24;

/** The names in the form matching compares, computed once per loaded index. */
export const prepareNames = (names: readonly string[]): string[] => names.map(normaliseForSearch);

/** Positions (result ids) of the names that match `term`, in list order; none for a blank term. */
export function findMatches(prepared: readonly string[], term: string): number[] {
  const needle = normaliseForSearch(term.trim());
  const hits: number[] = [];
  if (needle === '') return hits;
  for (let index = 0; index < prepared.length; index += 1)
    if (prepared[index]?.includes(needle)) hits.push(index);
  return hits;
}

/** How many cards show after one more page, never more than there are. */
export const nextShown = (shown: number, total: number, pageSize: number = PAGE_SIZE): number =>
  Math.min(total, Math.max(0, shown) + pageSize);

/** The detail shards that hold these results, each once, ascending. */
export function shardsFor(results: readonly number[], shardSize: number): number[] {
  return [...new Set(results.map((result) => Math.floor(result / shardSize)))].sort((a, b) => a - b);
}

/**
 * The results cut wherever the shard changes, in their order: each run's details arrive with one shard, so
 * a page can list the first run's cards without waiting for the shards of the later ones.
 */
export function runsByShard(results: readonly number[], shardSize: number): number[][] {
  const runs: number[][] = [];
  let run: number[] = [];
  let shard = -1;
  for (const result of results) {
    const next = Math.floor(result / shardSize);
    if (next !== shard) {
      run = [];
      runs.push(run);
      shard = next;
    }
    run.push(result);
  }
  return runs;
}

/** The search term of a `/search/{term}` path: decoded, or the raw text when its escapes are malformed. */
export function termFromPath(pathname: string): { term: string; valid: boolean } {
  const raw = pathname.replace(/^\/search\/?/, '').replace(/\/+$/, '');
  try {
    return { term: decodeURIComponent(raw), valid: true };
  } catch {
    return { term: raw, valid: false };
  }
}
