/** The door of components/catalogue: what the rest of the shop may use of it (eslint/doors.js). */
export { findToolParts } from './browse-host.ts';
export { filtersHtml, gridHtml, indexedCardHtml, paginationHtml, toolbarHtml } from './listing-view.ts';
export type { ToolsView } from './listing-view.ts';
