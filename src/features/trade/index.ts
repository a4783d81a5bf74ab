/** The door of features/trade: what the rest of the shop may use of it (eslint/doors.js). */
export { tradeAccountTexts } from './account-texts.ts';
export { applicationMail } from './application-mail.ts';
export { APPLICATION_FIELDS, applicationProblems, vatNumberOf } from './application.ts';
export type { Application } from './application.ts';
export { tradePriceTexts } from './price-texts.ts';
export { invoiceTexts } from './texts.ts';
export { TRADE_PRICES_BASE, TRADE_PRICES_URL, tradePriceFile } from './trade-files.ts';
export { forgetTrade, TRADE_KEY } from './trade-marker.ts';
export { tradePricesForVisit } from './trade-rows.ts';
export type { TradePrices } from './trade-rows.ts';
export { readTradeStatus, tradeSignIn } from './trade-status.ts';
export { checkUkVatNumber, formatUkVatNumber } from './vat-number.ts';
