/** The door of components/collect: what the rest of the shop may use of it (eslint/doors.js). */
export { collectFilterHtml } from './collect-filter.ts';
