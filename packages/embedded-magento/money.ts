/** Money as the embedded back end keeps it: pounds to the penny, one rounding for every total and line. */

/** Money in pence-exact decimal pounds. */
export const roundMoney = (value: number): number => Math.round(value * 100) / 100;

/** The line total, the same function the storefront uses for its optimistic display. */
export const lineTotal = (price: number, qty: number): number => roundMoney(price * qty);

/**
 * `PriceCurrency::round()`, PHP's `round($amount, 2)`: the scaled amount pre-rounded to 15 significant
 * digits, then halves away from zero, so 3.335 (3.33499… as a double) rounds to 3.34 as in PHP.
 */
export const phpRoundMoney = (amount: number): number => {
  const scaled = Number((amount * 100).toPrecision(15));
  return (Math.sign(scaled) * Math.round(Math.abs(scaled))) / 100;
};
