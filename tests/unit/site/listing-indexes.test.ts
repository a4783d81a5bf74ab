/**
 * The listings' filter indexes across the warm renderer's runs (src/site/listing-pages.ts): a price or
 * stock change makes a listing's index again from the filters it kept, and what it makes is what a build
 * from nothing makes; a change to a product's specifications makes its filters again.
 */
import { describe, expect, it } from 'vitest';
import { buildListingIndex, ROWS_PER_PART, type ListingIndex } from '../../../src/features/listing/index.ts';
import { allListingData, listingIndexFiles } from '../../../src/site/listing-pages.ts';
import type { Product } from '../../../src/catalogue/types.ts';
import { attribute, catalogue, product } from '../catalogue/fixtures.ts';
import { indexCatalogue } from '../../../src/catalogue/snapshot.ts';

const ATTRIBUTES = [
  attribute('power_source', {
    label: 'Power source',
    input: 'select',
    filterable: true,
    position: 2,
    options: [
      { id: '1', label: 'Mains electric' },
      { id: '2', label: 'Battery' },
    ],
  }),
  attribute('weight_kg', { label: 'Weight (kg)', backendType: 'decimal', filterable: true, position: 3 }),
];

const machine = (sku: string, power: string, weight: string, price: number): Product =>
  product({
    sku,
    categoryIds: [24],
    priceInclVat: price,
    priceExclVat: Math.round((price / 1.2) * 100) / 100,
    regularPriceInclVat: price,
    regularPriceExclVat: Math.round((price / 1.2) * 100) / 100,
    technicalData: [
      { code: 'power_source', label: 'Power source', value: power },
      { code: 'weight_kg', label: 'Weight (kg)', value: weight },
    ],
  });

/** A product as a sync reads it anew: every part a new object, whatever changed. */
const readAgain = (one: Product, changes: Partial<Product>): Product => ({
  ...one,
  technicalData: one.technicalData.map((row) => ({ ...row })),
  ...changes,
});

function pressureWashers(products: Product[]): { index: ListingIndex; fresh: ListingIndex } {
  const indexed = indexCatalogue({ ...catalogue(products), attributes: ATTRIBUTES });
  const hrefs = new Map(products.map((one) => [one.sku, `/${one.urlKey}`]));
  const data = allListingData(indexed, hrefs).find(({ listing }) => listing.categoryId === 24);
  if (!data) throw new Error('No listing of category 24.');
  const priced = indexed.byCategory.get(24) ?? [];
  return { index: data.index, fresh: buildListingIndex(priced, ATTRIBUTES, hrefs) };
}

describe('a listing’s filter index after a save', () => {
  const first = [
    machine('HG-PW-00001', 'Mains electric', '4.5', 129.99),
    machine('HG-PW-00002', 'Battery', '6.1', 249.99),
    machine('HG-PW-00003', 'Mains electric', '11', 499.99),
  ];

  it('after a price and a stock change is what a build from nothing makes', () => {
    pressureWashers(first);
    const saved = [...first];
    saved[2] = readAgain(first[2] as Product, {
      ...{ priceInclVat: 899.99, priceExclVat: 749.99, inStock: false },
      ...{ regularPriceInclVat: 899.99, regularPriceExclVat: 749.99 },
    });
    const { index, fresh } = pressureWashers(saved);
    expect(JSON.stringify(index)).toBe(JSON.stringify(fresh));
    expect(index.products[2]?.slice(5, 8)).toEqual([899.99, 749.99, 0]);
  });

  it('after a change to a product’s specifications filters by what it says now', () => {
    pressureWashers(first);
    const saved = [...first];
    saved[0] = readAgain(first[0] as Product, {
      technicalData: [
        { code: 'power_source', label: 'Power source', value: 'Battery' },
        { code: 'weight_kg', label: 'Weight (kg)', value: '4.5' },
      ],
    });
    const { index, fresh } = pressureWashers(saved);
    expect(JSON.stringify(index)).toBe(JSON.stringify(fresh));
    const power = index.facets.find((facet) => facet.code === 'power_source');
    expect(power?.kind === 'options' && power.options.map(([, label]) => label)).toEqual([
      'Mains electric',
      'Battery',
    ]);
    const column = index.columns.indexOf('power_source');
    expect(index.products.map((row) => row[9][column])).toEqual([1, 1, 0]);
  });
});

describe('a long listing’s index files after a save', () => {
  const washers = Array.from({ length: ROWS_PER_PART + 5 }, (_, at) =>
    machine(`HG-PW-${String(at).padStart(5, '0')}`, 'Battery', '6.1', 100 + at),
  );
  const filesOf = (products: Product[]) => {
    const indexed = indexCatalogue({ ...catalogue(products), attributes: ATTRIBUTES });
    const hrefs = new Map(products.map((one) => [one.sku, `/${one.urlKey}`]));
    return new Map(listingIndexFiles(indexed, hrefs).map(({ file, data }) => [file, data]));
  };

  it('are a head and parts; a price change makes again the part holding the product, the other is kept', () => {
    const before = filesOf(washers);
    expect([...before.keys()].filter((file) => file.startsWith('24'))).toEqual(['24', '24.1', '24.2']);
    expect(before.get('24')).toMatchObject({ parts: ['/listing-data/24.1.json', '/listing-data/24.2.json'] });
    const saved = [...washers];
    saved[ROWS_PER_PART + 1] = readAgain(washers[ROWS_PER_PART + 1] as Product, {
      ...{ priceInclVat: 1.99, priceExclVat: 1.66, regularPriceInclVat: 1.99, regularPriceExclVat: 1.66 },
    });
    const after = filesOf(saved);
    expect(after.get('24.1')).toBe(before.get('24.1'));
    expect(after.get('24.2')).not.toBe(before.get('24.2'));
    expect(JSON.stringify(after.get('24.2'))).toContain('1.99');
  });
});
