/**
 * The gateway's characters (contracts/payment/opayo-server-4.00.md §1.3): ISO 8859-1, each field with its
 * own character class and limit, for the registration's fields and the basket's texts alike.
 */
/** ASCII only (the gateway is ISO 8859-1; accents are folded), then the field's character class and limit. */
export function clean(value: string, max: number, allowed: RegExp): string {
  const ascii = value.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
  return Array.from(ascii)
    .filter((char) => allowed.test(char))
    .join('')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max)
    .trim();
}

export const NAME = /[A-Za-z0-9&,'/\\.\- ]/;
export const TEXT = /[\x20-\x7e]/;
export const POSTCODE = /[A-Za-z0-9 -]/;
