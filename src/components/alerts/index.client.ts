/** The door of components/alerts for browser scripts: what other scripts may use of it that runs only in a browser. */
export { alertsIsland } from './lazy.ts';
