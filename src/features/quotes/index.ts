/** The door of features/quotes: what the rest of the shop may use of it (eslint/doors.js). */
export { readQuoteAccess, type QuoteAccess } from './access.ts';
export { QUOTES_KEY } from './quotes-marker.ts';
export { latestExpiry, mayChange, mayOrder } from './answer.ts';
export type { Quote, QuoteEvent, QuoteLine, QuoteStatus, QuoteSummary } from './answer.ts';
export {
  askAgain,
  changeQuantities,
  mayRequestQuote,
  orderQuote,
  QUOTE_PAGE,
  QUOTES_PAGE,
  quotePage,
  readQuote,
  readQuotes,
  requestQuote,
} from './quotes.ts';
export { merchantQuoteTexts, quotesTexts } from './texts.ts';
