/**
 * The price a query asked for (query.ts), applied to search records: the results page keeps the matches
 * within it, the suggestions the best of them. The price compared is the one the shopper reads, with or
 * without VAT as they chose.
 */
import { P } from '../listing/index.ts';
import type { VatForm } from '../vat/index.ts';
import type { SearchRecord } from './files.ts';
import type { PriceRange } from './query.ts';

/** How many of the best matches the suggestions look through for those within a price. */
export const PRICED_CANDIDATES = 32;

/** Whether a record's price is within `price` (a product without a price is not); any, without one. */
export function withinPrice(record: SearchRecord, price: PriceRange | null, vat: VatForm = 'incl'): boolean {
  if (!price) return true;
  const paid = vat === 'excl' ? record[P.exclVat] : record[P.inclVat];
  return paid !== null && paid >= (price.min ?? 0) && paid <= (price.max ?? Infinity);
}
