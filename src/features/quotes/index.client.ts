/** The door of features/quotes for the shell's scripts: only what they need, without the islands' zod. */
export { readQuoteAccess, type QuoteAccess } from './access.ts';
