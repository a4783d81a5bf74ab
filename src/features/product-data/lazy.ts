/** What this folder lends out to load on first use: each part in a chunk of its own, fetched when called. */
/** The sizes' choices, loaded when first needed. */
export const variantChoiceModule = () => import('./variant-choice.ts');
