import { describe, expect, it } from 'vitest';
import {
  buildListingIndex,
  niceBands,
  niceStep,
  parseNumber,
  splitUnit,
} from '../../../src/features/listing/build-index.ts';
import { attributeIndex, type ValueProblem } from '../../../src/features/listing/index.ts';
import { P, parseListingIndex } from '../../../src/features/listing/listing-index.ts';
import type { CatalogueAttribute } from '../../../src/catalogue/types.ts';
import { pricedAt } from '../../../src/catalogue/special-prices.ts';
import { withVariants } from '../../../src/catalogue/variants.ts';
import { filtersHtml, gridHtml, toolbarHtml } from '../../../src/components/catalogue/listing-view.ts';
import { browse } from '../../../src/features/listing/browse.ts';
import { DEFAULT_STATE } from '../../../src/features/listing/browse-state.ts';
import { product, shampooProducts, VOLUME } from '../catalogue/fixtures.ts';

const attribute = (overrides: Partial<CatalogueAttribute> & Pick<CatalogueAttribute, 'code'>) => ({
  id: '',
  label: overrides.code,
  input: 'text',
  backendType: 'decimal',
  filterable: true,
  sortable: false,
  comparable: false,
  searchable: false,
  filterableInSearch: false,
  searchWeight: null,
  position: 10,
  options: [],
  ...overrides,
});

const spec = (code: string, value: string) => ({ code, label: code, value });

describe('bands', () => {
  it('uses 1, 2, 2.5 and 5 times a power of ten as steps', () => {
    expect([0.3, 7, 12, 24, 40, 230, 0].map(niceStep)).toEqual([0.5, 10, 20, 25, 50, 250, 1]);
  });

  it('splits where the products are, on round bounds, and leaves no band empty', () => {
    const values = [110, 115, 120, 125, 130, 135, 140, 150, 160, 200, 210, 220];
    const bands = niceBands(values);
    expect(bands[0]?.[0]).toBeLessThanOrEqual(110);
    expect(bands.at(-1)?.[1]).toBeGreaterThanOrEqual(220);
    expect(bands.length).toBeGreaterThan(2);
    const step = niceStep((220 - 110) / 5);
    for (const [from, to] of bands) {
      expect(from % step).toBe(0);
      expect(to % step).toBe(0);
      expect(values.some((value) => value >= from && value <= to)).toBe(true);
    }
    // Consecutive: each band starts where the last ended.
    bands.slice(1).forEach(([from], at) => expect(from).toBe(bands[at]?.[1]));
  });

  it('gives one band when every product has the same value, and none without values', () => {
    expect(niceBands([230, 230, 230])).toHaveLength(1);
    expect(niceBands([230])[0]?.[0]).toBeLessThanOrEqual(230);
    expect(niceBands([])).toEqual([]);
  });

  it('reads the unit from the label, with brackets inside it', () => {
    expect(splitUnit('Max. pressure (bar)')).toEqual({ name: 'Max. pressure', unit: 'bar' });
    expect(splitUnit('Sound pressure level (dB(A))')).toEqual({
      name: 'Sound pressure level',
      unit: 'dB(A)',
    });
    expect(splitUnit('Power source')).toEqual({ name: 'Power source', unit: '' });
  });

  it('takes plain numbers only', () => {
    expect(parseNumber(' 8.5 ')).toBe(8.5);
    expect(parseNumber('')).toBeNull();
    expect(parseNumber('approx. 2000')).toBeUndefined();
    expect(parseNumber('20 - 150')).toBeUndefined();
  });
});

describe('buildListingIndex', () => {
  const power = attribute({ code: 'power_w', label: 'Power (W)', position: 3, sortable: true });
  const source = attribute({
    code: 'power_source',
    label: 'Power source',
    input: 'select',
    backendType: 'int',
    position: 1,
    options: [
      { id: '1', label: 'Mains electric' },
      { id: '2', label: 'Battery' },
      { id: '3', label: 'Petrol' },
    ],
  });
  const products = [
    product({ sku: 'A', technicalData: [spec('power_w', '1800'), spec('power_source', 'Battery')] }),
    product({
      sku: 'B',
      technicalData: [spec('power_w', 'approx. 2000'), spec('power_source', 'Mains electric')],
    }),
    product({ sku: 'C', technicalData: [spec('power_w', '2500')], priceInclVat: null, inStock: false }),
  ];

  it('has price bands first, then the filterable attributes by position, with the options in stock', () => {
    const index = buildListingIndex(products, [power, source], new Map([['A', '/a']]));
    expect(index.facets.map((facet) => facet.code)).toEqual(['price', 'power_source', 'power_w']);
    const options = index.facets[1];
    // Petrol is in no product of the category: not offered.
    expect(options?.kind === 'options' && options.options).toEqual([
      ['mains-electric', 'Mains electric'],
      ['battery', 'Battery'],
    ]);
    expect(index.facets[2]).toMatchObject({ kind: 'range', label: 'Power', unit: 'W' });
    expect(index.sorts).toEqual([{ code: 'power_w', label: 'Power (W)' }]);
  });

  it('keeps every product, with no value where it is missing or malformed, and reports the malformed', () => {
    const problems: ValueProblem[] = [];
    const index = buildListingIndex(products, [power, source], new Map([['A', '/a']]), problems);
    expect(index.products.map((row) => row[P.sku])).toEqual(['A', 'B', 'C']);
    const powerColumn = index.columns.indexOf('power_w');
    expect(index.products.map((row) => row[P.values][powerColumn])).toEqual([1800, null, 2500]);
    expect(problems).toEqual([{ sku: 'B', code: 'power_w', value: 'approx. 2000' }]);
    expect(index.products[0]?.[P.path]).toBe('/a');
    expect(index.products[1]?.[P.path]).toBe('');
    expect(index.products[2]?.[P.inStock]).toBe(0);
  });

  it('gives a product the same row while it, its link and its values are the same', () => {
    // The listing's filters kept from one index to the next, as the site keeps them (listing-pages.ts).
    const kept = attributeIndex(products, [power, source]);
    const build = (list: typeof products, links: [string, string][]) =>
      buildListingIndex(list, [power, source], new Map(links), [], () => kept).products;
    const before = build(products, [['A', '/a']]);
    const repriced = build(
      products.map((p) => (p.sku === 'B' ? { ...p, priceInclVat: 99 } : p)),
      [['A', '/a']],
    );
    expect(repriced[0]).toBe(before[0]);
    expect(repriced[1]).not.toBe(before[1]);
    expect(repriced[1]?.[P.inclVat]).toBe(99);
    const moved = build(products, [['A', '/a-new']]);
    expect(moved[0]?.[P.path]).toBe('/a-new');
    expect(moved[2]).toBe(before[2]);
  });
});

describe('a configurable product in a listing', () => {
  const volume = attribute({
    code: 'volume',
    label: 'Volume',
    input: 'select',
    backendType: 'int',
    options: VOLUME.values.map((value) => ({ id: String(value.id), label: value.label })),
  });

  it("is listed once at its from-price, under every value its children have, and the grid says 'from'", () => {
    const catalogue = withVariants(shampooProducts());
    const parent = catalogue.find((item) => item.sku === 'CS');
    const other = product({ sku: 'OTHER', technicalData: [spec('volume', '5 l')], priceInclVat: 12 });
    if (!parent) throw new Error('no parent');
    const index = buildListingIndex([parent, other], [volume], new Map([['CS', '/car-shampoo']]));
    expect(index.facets.find((facet) => facet.code === 'volume')).toMatchObject({
      options: [
        ['1-l', '1 l'],
        ['5-l', '5 l'],
        ['10-l', '10 l'],
      ],
    });
    const column = index.columns.indexOf('volume');
    expect(
      index.products.map((row) => [row[P.sku], row[P.inclVat], row[P.inStock], row[P.values][column]]),
    ).toEqual([
      ['CS', 9.99, 1, [0, 1, 2]],
      ['OTHER', 12, 1, 1],
    ]);
    expect(index.from).toEqual(['CS']);
    expect(parseListingIndex(JSON.parse(JSON.stringify(index)))?.from).toEqual(['CS']);
    const grid = gridHtml(index.products, index);
    expect(grid).toContain('from £9.99');
    expect(grid).not.toContain('from £12.00');
  });
});

describe('a product on sale in a listing', () => {
  it('sorts and filters by the sale price, and its card says "Was" the regular price in both VAT forms', () => {
    const [onSale, dearer] = pricedAt(
      [
        product({
          sku: 'SALE',
          priceInclVat: 120,
          priceExclVat: 100,
          specialPrice: { priceInclVat: 90, from: '2026-12-01 00:00:00', to: null },
        }),
        product({ sku: 'FULL', priceInclVat: 100, priceExclVat: 83.33 }),
      ],
      Date.parse('2026-12-01T10:00:00Z'),
    );
    if (!onSale || !dearer) throw new Error('no products');
    const index = buildListingIndex([onSale, dearer], [], new Map());
    expect(index.products.map((row) => [row[P.sku], row[P.inclVat], row[P.exclVat]])).toEqual([
      ['SALE', 90, 75],
      ['FULL', 100, 83.33],
    ]);
    expect(index.was).toEqual({ SALE: [120, 100] });
    const read = parseListingIndex(JSON.parse(JSON.stringify(index)));
    expect(read?.was).toEqual({ SALE: [120, 100] });
    const grid = gridHtml(index.products, read ?? {});
    const [saleCard, fullCard] = grid.split('<li class="product-card">').slice(1);
    expect(saleCard).toContain(
      '<span class="vat-incl">£90.00 <span class="product-card__vat">incl VAT</span> <span class="price-was">Was <del>£120.00</del></span></span>',
    );
    expect(saleCard).toContain(
      '£75.00 <span class="product-card__vat">excl VAT</span> <span class="price-was">Was <del>£100.00</del></span>',
    );
    expect(fullCard).not.toContain('Was');
    // A day before the sale, no "was" anywhere.
    const before = pricedAt([onSale], Date.parse('2026-11-30T10:00:00Z'));
    expect(buildListingIndex(before, [], new Map()).was).toBeUndefined();
  });

  it('refuses an index whose "was" prices are not pairs of numbers', () => {
    const index = buildListingIndex([product({ sku: 'A' })], [], new Map());
    expect(parseListingIndex({ ...index, was: { A: ['£1'] } })).toBeNull();
  });
});

describe('products with reviews in a listing', () => {
  const rated = product({ sku: 'RATED', rating: { percent: 84, count: 12 } });
  const unrated = product({ sku: 'UNRATED' });
  // A rating read before any review was approved: no stars, and nothing in the index.
  const none = product({ sku: 'NONE', rating: { percent: 0, count: 0 } });

  it('carries the ratings of the rated products only, by sku, and draws their stars on their cards', () => {
    const index = buildListingIndex([rated, unrated, none], [], new Map());
    expect(index.rating).toEqual({ RATED: [84, 12] });
    const read = parseListingIndex(JSON.parse(JSON.stringify(index)));
    expect(read?.rating).toEqual({ RATED: [84, 12] });
    const [ratedCard, unratedCard, noneCard] = gridHtml(index.products, read ?? {})
      .split('<li class="product-card">')
      .slice(1);
    expect(ratedCard).toContain(
      '<p class="rating"><span class="stars" style="--r:84%" role="img" aria-label="Rated 4.2 out of 5"></span> 12<span class="visually-hidden"> reviews</span></p>',
    );
    // The stars come between the name and the price, as on the pre-rendered cards.
    expect(ratedCard?.indexOf('class="rating"')).toBeGreaterThan(
      ratedCard?.indexOf('product-card__name') ?? 0,
    );
    expect(ratedCard?.indexOf('class="rating"')).toBeLessThan(ratedCard?.indexOf('£149.99') ?? 0);
    expect(unratedCard).not.toContain('rating');
    expect(noneCard).not.toContain('rating');
  });

  it('has no ratings, rating filter or rating sort when no product has a review', () => {
    const index = buildListingIndex([unrated, none], [], new Map());
    expect(index).not.toHaveProperty('rating');
    expect(index.facets.map((facet) => facet.code)).toEqual(['price']);
    const tools = { index, state: DEFAULT_STATE, counts: browse(index, DEFAULT_STATE).counts, total: 2 };
    expect(toolbarHtml(tools)).not.toContain('Rating');
    expect(filtersHtml(tools)).not.toContain('Rating');
  });

  it('offers the rating filter beside price, whole stars and up with their counts, and the rating sort', () => {
    const power = attribute({ code: 'power_w', position: 1 });
    // A shop attribute of the code the rating filter's URL key takes is not a filter of its own.
    const clash = attribute({ code: 'rating', input: 'select', position: 2 });
    const withPower = [rated, unrated].map((p) => ({ ...p, technicalData: [spec('power_w', '1800')] }));
    const index = buildListingIndex(withPower, [clash, power], new Map());
    expect(index.facets.map((facet) => facet.code)).toEqual(['price', 'rating', 'power_w']);
    expect(index.facets[1]).toEqual({
      kind: 'options',
      code: 'rating',
      label: 'Rating',
      options: [
        ['4', '4 stars & up'],
        ['3', '3 stars & up'],
        ['2', '2 stars & up'],
        ['1', '1 star & up'],
      ],
    });
    const tools = { index, state: DEFAULT_STATE, counts: browse(index, DEFAULT_STATE).counts, total: 2 };
    expect(toolbarHtml(tools)).toContain('<option value="rating">Rating: high to low</option>');
    const filters = filtersHtml(tools);
    expect(filters).toContain('<legend>Rating</legend>');
    expect(filters).toContain(
      '<label for="filter-rating-4">4 stars &#38; up <span class="facet__count" data-count>1</span></label>',
    );
  });

  it('refuses an index whose ratings are not pairs of numbers', () => {
    const index = buildListingIndex([rated], [], new Map());
    expect(parseListingIndex({ ...index, rating: { RATED: [84] } })).toBeNull();
    expect(parseListingIndex({ ...index, rating: { RATED: ['84', 12] } })).toBeNull();
    expect(parseListingIndex({ ...index, rating: [[84, 12]] })).toBeNull();
  });
});
