/**
 * A long listing's filter index as a head and parts (features/listing/index-parts.ts): what the browser
 * joins is the index the build made, and a part whose products did not change is kept.
 */
import { describe, expect, it } from 'vitest';
import {
  buildListingIndex,
  joinListingIndex,
  parseListingIndex,
  partUrlsOf,
  ROWS_PER_PART,
  splitListingIndex,
  type ListingIndexPart,
} from '../../../src/features/listing/index.ts';
import { product } from '../catalogue/fixtures.ts';

const products = (count: number) =>
  Array.from({ length: count }, (_, at) => {
    const sku = `HG-AC-${String(at).padStart(5, '0')}`;
    return product({
      sku,
      // Every seventh on sale, every fifth rated, every ninth a configurable's "from" price.
      ...(at % 7 === 0 ? { wasInclVat: 199.99, wasExclVat: 166.66 } : {}),
      ...(at % 5 === 0 ? { rating: { percent: 80, count: 3 } } : {}),
      ...(at % 9 === 0 ? { priceFrom: true } : {}),
    });
  });

const hrefs = new Map<string, string>();
const url = (part: number) => `/listing-data/fits-k-5.${part}.json`;
const noKeeping = (_part: number, _products: unknown, make: () => ListingIndexPart) => make();

describe('a listing’s filter index as files', () => {
  it('is one file, the index, up to the rows of one part', () => {
    const index = buildListingIndex(products(ROWS_PER_PART), [], hrefs);
    expect(splitListingIndex(index, url, noKeeping)).toEqual({ head: index, parts: null });
  });

  it('is a head naming its parts when longer, and the parts join into the index it was', () => {
    const index = buildListingIndex(products(ROWS_PER_PART * 2 + 1), [], hrefs);
    const { head, parts } = splitListingIndex(index, url, noKeeping);
    expect(partUrlsOf(head)).toEqual([url(1), url(2), url(3)]);
    expect(head).not.toHaveProperty('products');
    expect(parts?.map((part) => part.products.length)).toEqual([ROWS_PER_PART, ROWS_PER_PART, 1]);
    // Each part carries its own products' marks only.
    expect(Object.keys(parts?.[2]?.was ?? {})).toEqual([]);
    expect(parts?.[2]?.rating).toEqual({ 'HG-AC-00400': [80, 3] });
    // Through JSON, as the browser fetches them.
    const fetched = JSON.parse(JSON.stringify(parts)) as unknown[];
    expect(parseListingIndex(joinListingIndex(JSON.parse(JSON.stringify(head)), fetched))).toEqual(index);
  });

  it('answers a kept part again when its products are the same objects', () => {
    const index = buildListingIndex(products(ROWS_PER_PART + 10), [], hrefs);
    const kept = new Map<number, { products: unknown; part: ListingIndexPart }>();
    const keep = (part: number, rows: ListingIndexPart['products'], make: () => ListingIndexPart) => {
      const known = kept.get(part);
      if (known && (known.products as unknown[]).every((row, at) => row === rows[at])) return known.part;
      const made = make();
      kept.set(part, { products: rows, part: made });
      return made;
    };
    const first = splitListingIndex(index, url, keep).parts;
    const again = splitListingIndex({ ...index, products: [...index.products] }, url, keep).parts;
    expect(again?.[0]).toBe(first?.[0]);
    expect(again?.[1]).toBe(first?.[1]);
  });

  it('is refused, not joined, when a part is not one', () => {
    const index = buildListingIndex(products(ROWS_PER_PART + 1), [], hrefs);
    const { head, parts } = splitListingIndex(index, url, noKeeping);
    expect(joinListingIndex(head, [parts?.[0], null])).toBeNull();
    expect(joinListingIndex(head, [parts?.[0], { products: 'none' }])).toBeNull();
    // A part that did not arrive leaves its products out: the browser's check refuses the index then.
    expect(parseListingIndex(joinListingIndex(head, [parts?.[0], { products: [{}] }]))).toBeNull();
  });
});
