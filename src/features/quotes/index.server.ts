/** The door of features/quotes for the server: what the rest of the shop may use of it that runs only in Node. */
export {
  askAgain,
  changeQuantities,
  listQuotes,
  orderQuote,
  readQuote,
  requestQuote,
} from './quotes.server.ts';
