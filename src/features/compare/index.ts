/** The door of features/compare: what the rest of the shop may use of it (eslint/doors.js). */
export { productTexts } from './browser-texts.ts';
export { buildSheet } from './build-sheet.ts';
export { $compare, COMPARE_KEY } from './compare-state.ts';
export { SHEET_ID } from './sheet.ts';
