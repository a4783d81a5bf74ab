/** The door of features/account for the server: what the rest of the shop may use of it that runs only in Node. */
export { customerToken, sessionCustomer } from './customer-token.server.ts';
