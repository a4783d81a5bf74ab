/** What this folder lends out to load on first use: each part in a chunk of its own, fetched when called. */
/** The product page's gallery, loaded on first use. */
export const galleryIsland = () => import('./gallery.client.ts');
