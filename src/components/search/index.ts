/** The door of components/search: what the rest of the shop may use of it (eslint/doors.js). */
export { SEARCH_BODY_END, SEARCH_BODY_START, searchBody, searchBodyHtml } from './search-page.ts';
export type { SearchBodyView } from './search-page.ts';
export { resultsTitle } from './search-view.ts';
