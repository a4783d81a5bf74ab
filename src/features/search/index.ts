/** The door of features/search: what the rest of the shop may use of it (eslint/doors.js). */
export { createSearchEngine } from './engine.ts';
export type { SearchEngine } from './engine.ts';
export { coreUrl, SEARCH_DATA } from './files.ts';
export type { SynonymTable } from './files.ts';
export { readerSource } from './sources.ts';
export { compileSynonyms, synonymsSchema } from './synonyms.ts';
export type { Synonyms } from './synonyms.ts';
export { termFromPath } from './term.ts';
export { compactCode } from './text.ts';
