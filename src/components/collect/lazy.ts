/** What this folder lends out to load on first use: each part in a chunk of its own, fetched when called. */
/** The product card's "collect" line, loaded when a card shows it. */
export const cardCollect = () => import('./card-collect.client.ts');
