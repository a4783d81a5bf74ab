/** The door of components/reviews for browser scripts: what other scripts may use of it that runs only in a browser. */
export { reviewsIsland } from './lazy.ts';
