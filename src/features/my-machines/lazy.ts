/** What this folder lends out to load on first use: each part in a chunk of its own, fetched when called. */
/** The shopper's machines (a guest's in this browser, a customer's in Magento). */
export const machinesStore = () => import('./store.ts');
/** Which basket lines fit the shopper's machines. */
export const basketFits = () => import('./basket-fits.ts');
