/**
 * A listing's filter index as files of rows (issue 81, "data files as buckets"). A listing of at most
 * ROWS_PER_PART products is one file, the index itself. A longer one is a head, the file the page names,
 * with the filters, sorts and columns and the names of its parts, and its parts: its products in order,
 * ROWS_PER_PART to a file, each with its products' marks. A price or stock change makes again the part
 * holding the product, and the head only when the filters move (the price bands): not a file of the whole
 * listing, which for a part fitting 90 machines was 90 files of about 300 KB each at 10,000 products.
 */
import { isRecord } from '@cleaning-shop/kit/reader.ts';
import type { ListingIndex } from './listing-index.ts';

/** Products a part holds: about 50 KB of JSON. */
export const ROWS_PER_PART = 200;

/** What a listing's parts hold: its products, with their marks. */
export type ListingIndexPart = Pick<ListingIndex, 'products' | 'from' | 'was' | 'rating'>;

/** A long listing's head: its index without its products, and its parts' URLs, in order. */
export type ListingIndexHead = Omit<ListingIndex, keyof ListingIndexPart> & { readonly parts: string[] };

/** The marks of `skus` only, left out when none of them has any. */
function partMarks(index: ListingIndex, skus: ReadonlySet<string>): Omit<ListingIndexPart, 'products'> {
  const from = index.from?.filter((sku) => skus.has(sku)) ?? [];
  const only = <T>(bySku: Record<string, T> | undefined) =>
    Object.fromEntries(Object.entries(bySku ?? {}).filter(([sku]) => skus.has(sku)));
  const [was, rating] = [only(index.was), only(index.rating)];
  return {
    ...(from.length > 0 ? { from } : {}),
    ...(Object.keys(was).length > 0 ? { was } : {}),
    ...(Object.keys(rating).length > 0 ? { rating } : {}),
  };
}

/**
 * The index as files, parts of `rows` products: `null` parts when it is one file; else its head, naming
 * the parts by `partUrl` (1-based), and the parts. `keep` answers a part again when its products are the
 * same objects as before (the marks follow from the products), so a file a run did not change stays the
 * same object.
 */
export function splitListingIndex(
  index: ListingIndex,
  partUrl: (part: number) => string,
  keep: (part: number, products: ListingIndex['products'], make: () => ListingIndexPart) => ListingIndexPart,
  rows = ROWS_PER_PART,
): { readonly head: ListingIndex | ListingIndexHead; readonly parts: ListingIndexPart[] | null } {
  if (index.products.length <= rows) return { head: index, parts: null };
  const count = Math.ceil(index.products.length / rows);
  const parts = Array.from({ length: count }, (_, at) => {
    const products = index.products.slice(at * rows, (at + 1) * rows);
    return keep(at + 1, products, () => ({
      products,
      ...partMarks(index, new Set(products.map(([sku]) => sku))),
    }));
  });
  const { facets, sorts, columns } = index;
  return { head: { facets, sorts, columns, parts: parts.map((_, at) => partUrl(at + 1)) }, parts };
}

/** The URLs of a fetched head's parts, in order: none when it is a whole index (or not a head). */
export function partUrlsOf(head: unknown): string[] {
  if (!isRecord(head) || !Array.isArray(head['parts'])) return [];
  return head['parts'].filter((url): url is string => typeof url === 'string');
}

/** A fetched part as far as joining reads it; `parseListingIndex` checks the rest once joined. */
interface FetchedPart {
  readonly products: unknown[];
  readonly from?: unknown[];
  readonly was?: Record<string, unknown>;
  readonly rating?: Record<string, unknown>;
}

/** Whether a fetched part has the shape its fields are joined by: products and "from" lists, marks by sku. */
const isPart = (part: unknown): part is FetchedPart =>
  isRecord(part) &&
  Array.isArray(part['products']) &&
  (part['from'] === undefined || Array.isArray(part['from'])) &&
  (part['was'] === undefined || isRecord(part['was'])) &&
  (part['rating'] === undefined || isRecord(part['rating']));

/**
 * A head and its fetched parts put back together as one index, for `parseListingIndex` to check: the
 * products in the parts' order, their marks merged. Null when a part is not one.
 */
export function joinListingIndex(head: unknown, parts: readonly unknown[]): unknown {
  if (!isRecord(head) || parts.length === 0) return head;
  if (!parts.every(isPart)) return null;
  const list = (key: 'products' | 'from') => parts.flatMap((part) => part[key] ?? []);
  const bySku = (key: 'was' | 'rating') =>
    parts.some((part) => part[key] !== undefined)
      ? Object.fromEntries(parts.flatMap((part) => Object.entries(part[key] ?? {})))
      : undefined;
  const rest = Object.fromEntries(Object.entries(head).filter(([key]) => key !== 'parts'));
  const [from, was, rating] = [list('from'), bySku('was'), bySku('rating')];
  return {
    ...rest,
    products: list('products'),
    ...(from.length > 0 ? { from } : {}),
    ...(was ? { was } : {}),
    ...(rating ? { rating } : {}),
  };
}
