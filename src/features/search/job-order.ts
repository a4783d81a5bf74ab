/**
 * The answer's products for a job the query names (jobs.ts: "clean a caravan roof"): the job finds the
 * machines of the categories made for it, and of those, the ones whose own applications name it come
 * first, each product's from its record (`applications`, places in the core's `ja`). Within the ranking's
 * standing (rank.ts): the other words still say what is wanted first.
 */
import { APPLICATIONS } from './files.ts';
import { rankStanding } from './rank.ts';
import { records } from './records.ts';
import type { Match } from './sets.ts';
import { reorderedCount, type SearchRun } from './state.ts';

/**
 * The products `found` (of `slots`) best first, those whose own applications name more of the jobs named
 * first (`jobs`: each job slot's applications): "algae on the block paving" is the patios' and the
 * driveways', and a machine for both comes before one for patios alone.
 */
export async function ownApplicationsFirst(
  run: SearchRun,
  found: Match,
  slots: readonly Match[],
  jobs: readonly (readonly number[])[],
): Promise<number[]> {
  const limit = run.options.limit ?? Infinity;
  const most = reorderedCount(run.options);
  const { ids, standing } = rankStanding(found, slots, Math.max(limit, most));
  const column = run.index.core.columns.indexOf(APPLICATIONS);
  const ordered = ids.slice(0, most);
  if (column < 0) return ids.slice(0, limit);
  const named = (await records(run.state, ordered)).map((record) => {
    const value = record[9][column];
    const own = Array.isArray(value) ? value : [];
    return jobs.filter((applications) => applications.some((at) => own.includes(at))).length;
  });
  const order = ordered.map((id, at) => ({ id, at, key: standing[at] ?? 0 }));
  order.sort((a, b) => a.key - b.key || (named[b.at] ?? 0) - (named[a.at] ?? 0) || a.at - b.at);
  return [...order.map(({ id }) => id), ...ids.slice(most)].slice(0, limit);
}
