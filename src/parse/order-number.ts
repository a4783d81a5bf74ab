/**
 * An order number as a shopper may type it: spaces and a leading "#" dropped. Magento's numbers are
 * letters, digits, `-` and `_` (a store prefix may come first), at most 32.
 */
export function orderNumberOf(typed: string): string | undefined {
  const number = typed.replace(/\s+/g, '').replace(/^#/, '');
  return /^[A-Za-z0-9_-]{1,32}$/.test(number) ? number : undefined;
}
