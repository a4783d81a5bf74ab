/** The door of features/quick-order: what the rest of the shop may use of it (eslint/doors.js). */
export { START_ROWS } from './rows.ts';
export { QUICK_ORDER_PATH, quickOrderPageTexts, quickOrderTexts } from './texts.ts';
