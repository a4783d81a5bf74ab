/** The door of components/basket: what the rest of the shop may use of it (eslint/doors.js). */
export { unitPrice, vatPrice } from './vat-price.ts';
