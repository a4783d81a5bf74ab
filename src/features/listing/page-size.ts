/**
 * The listing's page sizes, apart from the sorting and filtering (browse.ts, which re-exports them): the
 * listing's loader reads the size a shopper chose before the tools load (listing-per-page.ts), and with
 * these alone it carries a few bytes before any interaction instead of the whole of browse.ts.
 */
import { isOneOf } from '@cleaning-shop/kit/reader.ts';

/** The spec's page size, and the larger ones a shopper may choose. */
export const PAGE_SIZES = [12, 24, 48] as const;
export const DEFAULT_PAGE_SIZE = 12;

/** One of the page sizes a shopper may choose. */
export const isPageSize = (size: number): boolean => isOneOf(PAGE_SIZES, size);
