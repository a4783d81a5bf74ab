/** What this folder lends out to load on first use: each part in a chunk of its own, fetched when called. */
/** The product page's alerts, loaded on first use. */
export const alertsIsland = () => import('./alerts.client.ts');
