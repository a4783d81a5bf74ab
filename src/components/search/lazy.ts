/** What this folder lends out to load on first use: each part in a chunk of its own, fetched when called. */
/** The search box's suggestions, loaded when the box is first used. */
export const suggestions = () => import('./suggest.client.ts');
