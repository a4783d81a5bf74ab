/** The door of components/collect for browser scripts: what other scripts may use of it that runs only in a browser. */
export { cardCollect } from './lazy.ts';
export { collectWhenPaying } from './collect-paying.ts';
export { collectAtShipping } from './collect-way.tsx';
