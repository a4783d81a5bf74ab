/** The door of components/shell for browser scripts: what other scripts may use of it that runs only in a browser. */
export { initShell } from './shell.client.ts';
