/** The door of features/parts-finder: what the rest of the shop may use of it (eslint/doors.js). */
export { finderKinds } from './groups.ts';
export { finderAnswer, finderMatches, looksLikeLabel, mayBeSku } from './lookup.ts';
export type { FinderAnswer, FinderMatches } from './lookup.ts';
export { skuEntries } from './skus.ts';
export { yourMachines } from './your-machines.ts';
