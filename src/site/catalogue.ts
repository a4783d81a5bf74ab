/**
 * The catalogue the pages of a build render: the snapshot, parsed once and indexed, or what the warm
 * renderer handed over for its run (handoff.ts).
 */
import { loadEnv } from '../config/env.ts';
import { indexCatalogue, readSnapshot, snapshotPath, type CatalogueIndex } from '../catalogue/snapshot.ts';
import { handedOff } from './handoff.ts';
import { pricedAt } from 'virtual:render-plan';

let memo: { file: string; at: number; index: CatalogueIndex } | undefined;

/**
 * The snapshot of this build, parsed once, priced at the instant of the build's render plan (the one its
 * fingerprints were worked out at: src/publish/plan/plan-files.ts); a plain `astro build` prices at its
 * start. In the publisher's warm renderer, the catalogue it handed over for the run (src/site/handoff.ts).
 */
export function getCatalogue(): CatalogueIndex {
  const handed = handedOff()?.index;
  if (handed) return handed;
  const path = snapshotPath(loadEnv().CATALOGUE_SNAPSHOT);
  const at = pricedAt ?? memo?.at ?? Date.now();
  if (memo?.file !== path || memo.at !== at)
    memo = { file: path, at, index: indexCatalogue(readSnapshot(path), { at }) };
  return memo.index;
}
