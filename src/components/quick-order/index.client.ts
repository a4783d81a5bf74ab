/** The door of components/quick-order for browser scripts: what other scripts may use of it that runs only in a browser. */
export { initQuickOrder } from './quick-order.client.ts';
