/** The door of components/checkout: what the rest of the shop may use of it (eslint/doors.js). */
export { showPayIn3 } from './pay-in-3-line.ts';
