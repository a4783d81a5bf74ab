/** The door of features/product: what the rest of the shop may use of it (eslint/doors.js). */
export { productSpec } from './texts.ts';
export { variantTexts } from './variant-texts.ts';
