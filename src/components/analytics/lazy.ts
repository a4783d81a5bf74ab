/** What this folder lends out to load on first use: each part in a chunk of its own, fetched when called. */
/** The analytics tag, loaded only once consent is given (or to clear its cookies). */
export const analyticsTag = () => import('./tag.ts');
