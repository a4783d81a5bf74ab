/**
 * The two PHP conversions the wish-list resolvers apply to `ID` arguments, so a client sending `"7"`, `7`,
 * `"0"` or `"abc"` meets the branch Magento takes for it (WISHLIST.md §2: ids are cast with `(int)`).
 */

/** PHP 8's leading-numeric prefix: white space, a sign, digits with an optional fraction and exponent. */
const LEADING_NUMBER = /^[ \t\n\r\v\f]*([+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?)/;

/** `(int) $value` for a string: its leading number truncated, or 0 when it has none (`"abc"`, `""`). */
export function phpInt(value: string): number {
  const match = LEADING_NUMBER.exec(value);
  const number = match?.[1] === undefined ? 0 : Math.trunc(Number(match[1]));
  return Number.isFinite(number) ? number : 0;
}

/** `empty($value)` for an optional string argument: missing, `""` and `"0"` are empty. */
export const phpEmpty = (value: string | null | undefined): boolean =>
  value === null || value === undefined || value === '' || value === '0';
