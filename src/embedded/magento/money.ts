/** Money as the embedded back end keeps it: pounds to the penny, one rounding for every total and line. */

/** Money in pence-exact decimal pounds. */
export const roundMoney = (value: number): number => Math.round(value * 100) / 100;

/** The line total, the same function the storefront uses for its optimistic display. */
export const lineTotal = (price: number, qty: number): number => roundMoney(price * qty);
