/** The door of features/returns: what the rest of the shop may use of it (eslint/doors.js). */
export { guestProofSchema, MAX_COMMENT, returnRequestSchema } from './returns.ts';
export type { GuestProof, ReturnRequest } from './returns.ts';
export { checkedReturnSettings } from './settings.ts';
export type { ReturnSettings } from './settings.ts';
export { returnTexts } from './texts.ts';
