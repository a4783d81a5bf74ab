/** What this folder lends out to load on first use: each part in a chunk of its own, fetched when called. */
/** The product page's reviews island, loaded on first use. */
export const reviewsIsland = () => import('./reviews.client.ts');
