/**
 * The catalogue the pages of a build render: what the warm renderer handed over for its run (handoff.ts),
 * else the snapshot the build's render plan names, parsed once and indexed.
 */
import { indexCatalogue, readSnapshot, type CatalogueIndex } from '../catalogue/snapshot.ts';
import { handedOff } from './handoff.ts';
import { pricedAt, snapshotFile } from 'virtual:render-plan';

let memo: { at: number; index: CatalogueIndex } | undefined;

/**
 * The catalogue of this build, priced at the instant of its render plan (the one its fingerprints were
 * worked out at: src/publish/plan/plan-files.ts); a plain `astro build` prices at its start.
 */
export function getCatalogue(): CatalogueIndex {
  const handed = handedOff()?.index;
  if (handed) return handed;
  const at = pricedAt ?? memo?.at ?? Date.now();
  if (memo?.at !== at) memo = { at, index: indexCatalogue(readSnapshot(snapshotFile), { at }) };
  return memo.index;
}
