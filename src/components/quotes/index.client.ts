/** The door of components/quotes for the browser: the basket's "Request a quote", loaded only when wanted. */
export { init } from './request-quote.client.ts';
