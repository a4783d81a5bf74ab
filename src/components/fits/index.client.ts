/** The door of components/fits for browser scripts: what other scripts may use of it that runs only in a browser. */
export { initKeepMachine } from './keep-machine.client.ts';
export { initPartsFinder } from './parts-finder.client.ts';
export { fitsIsland } from './lazy.ts';
