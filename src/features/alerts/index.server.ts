/** The door of features/alerts for the server: what the rest of the shop may use of it that runs only in Node. */
export { readAlerts, subscribe, unsubscribe, unsubscribeAll } from './alerts.server.ts';
