/** The door of features/search for the server: what the rest of the shop may use of it that runs only in Node. */
export { indexFiles, searchIndexBuilder } from './build.ts';
export type { BuiltSearch, SearchBuildInput } from './build.ts';
export { jobsSchema } from './jobs-build.ts';
export { notSoldSchema } from './not-sold-build.ts';
