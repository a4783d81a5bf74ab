/**
 * The catalogue the pages of a build render: the snapshot, parsed once and indexed, or what the warm
 * renderer handed over for its run (handoff.ts).
 */
import { loadEnv } from '../config/env.ts';
import { indexCatalogue, readSnapshot, snapshotPath, type CatalogueIndex } from '../catalogue/snapshot.ts';
import { handedOff } from './handoff.ts';

let memo: { file: string; at: number; index: CatalogueIndex } | undefined;

/**
 * The snapshot of this build, parsed once, priced at the instant the publisher handed the build
 * (CATALOGUE_PRICED_AT, so pages and the render plan agree; a plain `astro build` prices at its start).
 * In the publisher's warm renderer, the catalogue it handed over for the run (src/site/handoff.ts).
 */
export function getCatalogue(file?: string): CatalogueIndex {
  const handed = file === undefined ? handedOff()?.index : undefined;
  if (handed) return handed;
  const env = loadEnv();
  const path = file ?? snapshotPath(env.CATALOGUE_SNAPSHOT);
  const at = env.CATALOGUE_PRICED_AT ? Date.parse(env.CATALOGUE_PRICED_AT) : (memo?.at ?? Date.now());
  if (memo?.file !== path || memo.at !== at)
    memo = { file: path, at, index: indexCatalogue(readSnapshot(path), { at }) };
  return memo.index;
}
