/** The door of features/invoices: what the rest of the shop may use of it (eslint/doors.js). */
export { BOLD, contentWidth, INK, MARGIN, MUTED, REGULAR, RULE } from './vat-invoice-pdf-layout.ts';
export type { Seller } from './vat-invoice.ts';
export { winAnsi } from './win-ansi.ts';
