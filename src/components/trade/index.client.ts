/** The door of components/trade for browser scripts: what other scripts may use of it that runs only in a browser. */
export { initTradePrices } from './trade-shell.client.ts';
