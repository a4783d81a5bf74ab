/** The door of features/returns for the server: what the rest of the shop may use of it that runs only in Node. */
export { returnFacts, returnsOfOrder } from './facts.server.ts';
export {
  addCustomerComment,
  addGuestComment,
  createReturn,
  customerReturn,
  customerReturns,
  guestReturn,
  ReturnBusy,
  ReturnRefused,
} from './returns.server.ts';
export type { ReturnAsker, ReturnsDeps } from './returns.server.ts';
