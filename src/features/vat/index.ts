/** The door of features/vat: what the rest of the shop may use of it (eslint/doors.js). */
export { $vatChoice, chooseVat, isVatForm, pageVatDefault, shownVat, VAT_KEY } from './vat-state.ts';
export type { VatForm } from './vat-state.ts';
