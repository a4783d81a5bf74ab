/** What this folder lends out to load on first use: each part in a chunk of its own, fetched when called. */
/** The product page's "fits my machine" island, loaded on first use. */
export const fitsIsland = () => import('./fits.client.ts');
