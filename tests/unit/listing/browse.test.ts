import { describe, expect, it } from 'vitest';
import { browse, pageWindow, sortProducts } from '../../../src/features/listing/browse.ts';
import {
  DEFAULT_STATE,
  isPlainPaging,
  parseState,
  stateQuery,
  type BrowseState,
} from '../../../src/features/listing/browse-state.ts';
import { P, type IndexedProduct, type ListingIndex } from '../../../src/features/listing/listing-index.ts';

/** [sku, price, in stock, created, pressure, power source option, brand text] */
const row = (
  sku: string,
  price: number | null,
  inStock: 0 | 1,
  created: number,
  pressure: number | null,
  source: number | null,
): IndexedProduct => [
  sku,
  `Washer ${sku}`,
  `/${sku}`,
  '',
  '',
  price,
  price && price / 1.2,
  inStock,
  created,
  [pressure, source],
];

const index: ListingIndex = {
  facets: [
    {
      kind: 'range',
      code: 'price',
      label: 'Price',
      unit: '£',
      bands: [
        [0, 100],
        [100, 200],
        [200, 300],
      ],
    },
    {
      kind: 'options',
      code: 'power_source',
      label: 'Power source',
      options: [
        ['mains', 'Mains'],
        ['battery', 'Battery'],
        ['petrol', 'Petrol'],
      ],
    },
    {
      kind: 'range',
      code: 'pressure_bar',
      label: 'Pressure',
      unit: 'bar',
      bands: [
        [100, 150],
        [150, 200],
      ],
    },
  ],
  sorts: [{ code: 'pressure_bar', label: 'Pressure (bar)' }],
  columns: ['pressure_bar', 'power_source'],
  products: [
    row('D', 250, 1, 400, 180, 2),
    row('A', 90, 1, 100, 120, 0),
    row('X', 150, 0, 900, 150, 0),
    row('B', 150, 1, 300, null, 1),
    row('C', 300, 1, 200, 200, 0),
    row('E', null, 1, 500, 110, 1),
  ],
};

const skus = (products: readonly IndexedProduct[]) => products.map((product) => product[P.sku]);
const state = (overrides: Partial<BrowseState>): BrowseState => ({ ...DEFAULT_STATE, ...overrides });

describe('sorting', () => {
  it('keeps the merchandiser order (or a search’s) by default, whatever the stock', () => {
    // X is unavailable: it stays where the merchandiser put it, so a stock change moves no card.
    expect(skus(sortProducts(index.products, 'position', index))).toEqual(['D', 'A', 'X', 'B', 'C', 'E']);
    expect(skus(browse(index, state({ perPage: 12 })).shown)).toEqual(['D', 'A', 'X', 'B', 'C', 'E']);
  });

  it('puts unavailable products last in a sort the shopper chooses', () => {
    expect(skus(sortProducts(index.products, 'name-asc', index)).at(-1)).toBe('X');
  });

  it('sorts by price both ways, a product without a price last either way, unavailable after all', () => {
    expect(skus(sortProducts(index.products, 'price-asc', index))).toEqual(['A', 'B', 'D', 'C', 'E', 'X']);
    expect(skus(sortProducts(index.products, 'price-desc', index))).toEqual(['C', 'D', 'B', 'A', 'E', 'X']);
  });

  it('sorts by name, by newest and by an attribute Magento marks for sorting', () => {
    expect(skus(sortProducts(index.products, 'name-asc', index))).toEqual(['A', 'B', 'C', 'D', 'E', 'X']);
    expect(skus(sortProducts(index.products, 'newest', index))).toEqual(['E', 'D', 'B', 'C', 'A', 'X']);
    expect(skus(sortProducts(index.products, 'pressure_bar-asc', index))).toEqual([
      'E',
      'A',
      'D',
      'C',
      'B',
      'X',
    ]);
  });
});

describe('filtering', () => {
  it('ORs values within a filter and ANDs filters', () => {
    const within = browse(index, state({ filters: { power_source: ['mains', 'battery'] } }));
    expect(skus(within.results)).toEqual(['A', 'X', 'B', 'C', 'E']);
    const across = browse(index, state({ filters: { power_source: ['mains'], price: ['100-200'] } }));
    expect(skus(across.results)).toEqual(['X']);
  });

  it('counts what each value would give with the other filters, 0 for a value that gives nothing', () => {
    const { counts } = browse(index, state({ filters: { power_source: ['mains'] } }));
    // Other power sources still show what choosing them would add.
    expect(counts.facets['power_source']).toEqual([3, 2, 1]);
    // Prices among mains machines: A (90), X (150), C (300).
    expect(counts.facets['price']).toEqual([1, 1, 1]);
    expect(counts.facets['pressure_bar']).toEqual([1, 2]);
    expect(counts.inStock).toBe(2);
  });

  it('filters and sorts prices in the VAT form the shopper reads', () => {
    // F costs £210 incl VAT, £175 excl VAT; G £190 incl and, at a reduced rate, £181 excl.
    const products = [
      row('F', 210, 1, 1, null, null),
      [...row('G', 190, 1, 2, null, null)] as IndexedProduct,
    ];
    (products[1] as unknown[])[P.exclVat] = 181;
    const vatIndex = { ...index, products };
    const band = (vat: 'incl' | 'excl') =>
      skus(browse(vatIndex, state({ filters: { price: ['100-200'] } }), vat).results);
    expect(band('incl')).toEqual(['G']);
    expect(band('excl')).toEqual(['F', 'G']);
    expect(skus(sortProducts(products, 'price-asc', vatIndex))).toEqual(['G', 'F']);
    expect(skus(sortProducts(products, 'price-asc', vatIndex, 'excl'))).toEqual(['F', 'G']);
  });

  it('puts a product without a value (or price) under no band, and never drops it unfiltered', () => {
    const all = browse(index, DEFAULT_STATE);
    expect(all.results).toHaveLength(6);
    expect(all.counts.facets['pressure_bar']).toEqual([2, 3]);
    expect(all.counts.facets['price']?.reduce((a, b) => a + b)).toBe(5);
  });

  it('includes the upper bound in the last band only', () => {
    const top = browse(index, state({ filters: { pressure_bar: ['150-200'] } }));
    expect(skus(top.results).sort()).toEqual(['C', 'D', 'X']);
  });

  it('shows in-stock products only when asked', () => {
    expect(skus(browse(index, state({ inStock: true })).results)).not.toContain('X');
  });
});

describe('collect today', () => {
  // What /collect/today answered for the shopper's point: D and B on the shelf, X too (a shelf the
  // catalogue's own stock has not caught up with), and a SKU no card has.
  const collectable = new Set(['D', 'B', 'X', 'NOT-LISTED']);

  it('keeps the products the point has today, and counts it with the other filters', () => {
    const result = browse(index, state({ collect: true }), 'incl', { collectable });
    expect(skus(result.results)).toEqual(['D', 'X', 'B']);
    expect(result.counts.collect).toBe(3);
    // "In stock only" with it: what both give.
    expect(result.counts.inStock).toBe(2);
    const mains = browse(index, state({ filters: { power_source: ['mains'] } }), 'incl', { collectable });
    expect(mains.counts.collect).toBe(1);
    expect(mains.counts.facets['power_source']).toEqual([3, 2, 1]);
  });

  it('counts what ticking it would give while it is off, and counts nothing before the answer is in', () => {
    const off = browse(index, state({ inStock: true }), 'incl', { collectable });
    expect(off.counts.collect).toBe(2);
    expect(off.results).toHaveLength(5);
    expect(browse(index, state({})).counts.collect).toBeUndefined();
  });

  it('keeps every product until the point’s list is known, rather than an empty grid', () => {
    expect(browse(index, state({ collect: true })).results).toHaveLength(index.products.length);
    expect(browse(index, state({ collect: true }), 'incl', { collectable: new Set() }).results).toEqual([]);
  });

  it('is kept in the URL as collect=1, and is not plain paging', () => {
    const read = parseState(new URLSearchParams('?collect=1&in_stock=1'), index);
    expect(read).toEqual({ ...DEFAULT_STATE, collect: true, inStock: true });
    expect(stateQuery(read, index.facets)).toBe('?in_stock=1&collect=1');
    expect(isPlainPaging(read)).toBe(false);
    expect(parseState(new URLSearchParams('?collect=yes'), index).collect).toBe(false);
  });
});

describe('paging', () => {
  it('pages the results and clamps a page past the end to the last one', () => {
    const second = browse(index, state({ perPage: 12, page: 1 }));
    expect(second.pageCount).toBe(1);
    const many = {
      ...index,
      products: Array.from({ length: 30 }, (_, at) => row(`P${at}`, 10, 1, at, null, null)),
    };
    const page3 = browse(many, state({ page: 3 }));
    expect(page3.pageCount).toBe(3);
    expect(skus(page3.shown)).toEqual(['P24', 'P25', 'P26', 'P27', 'P28', 'P29']);
    expect(browse(many, state({ page: 9 })).page).toBe(3);
    expect(browse(many, state({ page: 2, perPage: 24 })).shown).toHaveLength(6);
  });

  it('links a window of two pages either side', () => {
    expect(pageWindow(1, 10)).toEqual([1, 2, 3]);
    expect(pageWindow(5, 10)).toEqual([3, 4, 5, 6, 7]);
    expect(pageWindow(10, 10)).toEqual([8, 9, 10]);
  });
});

describe('the URL as the state', () => {
  it('reads and writes the same state, in a stable order', () => {
    const query = '?sort=price-asc&pressure_bar=150-200&power_source=battery,mains&in_stock=1&per=24&page=2';
    const read = parseState(new URLSearchParams(query), index);
    expect(read).toEqual({
      sort: 'price-asc',
      page: 2,
      perPage: 24,
      inStock: true,
      collect: false,
      filters: { power_source: ['mains', 'battery'], pressure_bar: ['150-200'] },
    });
    expect(stateQuery(read, index.facets)).toBe(
      '?sort=price-asc&power_source=mains,battery&pressure_bar=150-200&in_stock=1&per=24&page=2',
    );
    expect(stateQuery(DEFAULT_STATE, index.facets)).toBe('');
  });

  it('drops what the index does not know, and takes the page from the path when the query has none', () => {
    const read = parseState(
      new URLSearchParams('?sort=cheapest&per=13&colour=red&power_source=diesel&page=-1'),
      index,
      4,
    );
    expect(read).toEqual({ ...DEFAULT_STATE, page: 1 });
    expect(parseState(new URLSearchParams(''), index, 4).page).toBe(4);
    expect(isPlainPaging(parseState(new URLSearchParams('?page=3'), index))).toBe(true);
    expect(isPlainPaging(parseState(new URLSearchParams('?in_stock=1'), index))).toBe(false);
    // A filter whose last value was unchecked is plain paging again (the pre-rendered pages' URLs).
    expect(isPlainPaging(state({ page: 2, filters: { power_source: [] } }))).toBe(true);
    expect(isPlainPaging(state({ filters: { power_source: ['mains'] } }))).toBe(false);
  });
});

describe('by rating', () => {
  const ratingFacet = {
    kind: 'options' as const,
    code: 'rating',
    label: 'Rating',
    options: [
      ['4', '4 stars & up'],
      ['3', '3 stars & up'],
      ['2', '2 stars & up'],
      ['1', '1 star & up'],
    ] as [string, string][],
  };
  /**
   * R1 4.5 stars of 2 reviews, R2 4.5 of 10, R3 3.95 (reads "Rated 4 out of 5"), R4 2 stars, R5 none, and
   * R6 5 stars but unavailable; all in the merchandiser's order R5, R4, R3, R6, R1, R2, which the default order keeps.
   */
  const rated: ListingIndex = {
    facets: [index.facets[0] ?? ratingFacet, ratingFacet],
    sorts: [],
    columns: [],
    products: [
      row('R5', 100, 1, 1, null, null),
      row('R4', 100, 1, 1, null, null),
      row('R3', 100, 1, 1, null, null),
      row('R6', 100, 0, 1, null, null),
      row('R1', 100, 1, 1, null, null),
      row('R2', 100, 1, 1, null, null),
    ].map((product) => [...product.slice(0, 9), []] as unknown as IndexedProduct),
    rating: { R1: [90, 2], R2: [90, 10], R3: [79, 4], R4: [40, 1], R6: [100, 1] },
  };

  it('sorts the highest average first, more reviews first among equals, unrated last, unavailable after all', () => {
    expect(skus(sortProducts(rated.products, 'rating', rated))).toEqual(['R2', 'R1', 'R3', 'R4', 'R5', 'R6']);
    expect(skus(browse(rated, state({ sort: 'rating' })).results)).toEqual([
      'R2',
      'R1',
      'R3',
      'R4',
      'R5',
      'R6',
    ]);
  });

  it('filters whole stars and up, as the cards read the stars, and counts each value with the other filters', () => {
    expect(skus(browse(rated, state({ filters: { rating: ['4'] } })).results)).toEqual([
      'R3',
      'R6',
      'R1',
      'R2',
    ]);
    expect(skus(browse(rated, state({ filters: { rating: ['2'] } })).results)).toEqual([
      'R4',
      'R3',
      'R6',
      'R1',
      'R2',
    ]);
    // "4 stars & up" and "2 stars & up" together are "2 stars & up".
    expect(browse(rated, state({ filters: { rating: ['4', '2'] } })).results).toHaveLength(5);
    const { counts } = browse(rated, state({ filters: { rating: ['4'] } }));
    expect(counts.facets['rating']).toEqual([4, 4, 5, 5]);
    expect(counts.inStock).toBe(3);
    // Another filter narrows the counts: in stock only leaves R6 out.
    expect(browse(rated, state({ inStock: true })).counts.facets['rating']).toEqual([3, 3, 4, 4]);
  });

  it('offers the rating sort only where the rating filter is, and keeps both in the URL', () => {
    const read = parseState(new URLSearchParams('?sort=rating&rating=4'), rated);
    expect(read).toEqual(state({ sort: 'rating', filters: { rating: ['4'] } }));
    expect(stateQuery(read, rated.facets)).toBe('?sort=rating&rating=4');
    // A listing without reviews has neither: the link shows its default view.
    expect(parseState(new URLSearchParams('?sort=rating&rating=4'), index)).toEqual(DEFAULT_STATE);
  });
});
