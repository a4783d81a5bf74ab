/** The door of features/trade for the server: what the rest of the shop may use of it that runs only in Node. */
export { applyAsCustomer, applyAsNewCustomer } from './application.server.ts';
export { customerTradeGroup, tradeGroups } from './trade-groups.server.ts';
export type { TradeGroups } from './trade-groups.server.ts';
