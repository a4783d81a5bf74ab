/** The door of components/analytics for browser scripts: what other scripts may use of it that runs only in a browser. */
export { analyticsTag } from './lazy.ts';
