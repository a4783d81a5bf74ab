/** The door of components/compare for browser scripts: what other scripts may use of it that runs only in a browser. */
export { initComparePage } from './compare-page.client.ts';
export { initCompare } from './compare.client.ts';
