/** The door of features/guarantee: what the rest of the shop may use of it (eslint/doors.js). */
export { MAX_RECEIPT_BYTES } from './receipt.ts';
export { MAX_SERIAL, modelKey } from './rules.ts';
export { guaranteeSettings } from './settings.ts';
export type { GuaranteeSettings } from './settings.ts';
export { guaranteeTexts } from './texts.ts';
