/** The door of components/search for browser scripts: what other scripts may use of it that runs only in a browser. */
export { suggestions } from './lazy.ts';
