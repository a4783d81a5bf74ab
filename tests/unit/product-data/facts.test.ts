import { describe, expect, it } from 'vitest';
import { indexCatalogue } from '../../../src/catalogue/snapshot.ts';
import type { CatalogueAttribute } from '../../../src/catalogue/types.ts';
import { productFacts } from '../../../src/features/product-data/build-facts.ts';
import {
  PRODUCT_DATA_SHARDS,
  productDataShard,
  productFactsReader,
} from '../../../src/features/product-data/facts.ts';
import { attribute, catalogue, product } from '../catalogue/fixtures.ts';

const comparable = (code: string, isComparable: boolean): CatalogueAttribute =>
  attribute(code, { comparable: isComparable });

const washer = product({
  sku: 'PW-2000',
  categoryIds: [7, 24],
  technicalData: [
    { code: 'weight_kg', label: 'Weight (kg)', value: '4.5' },
    { code: 'supplier_note', label: 'Note', value: 'internal' },
  ],
  equipment: ['Hose', 'Gun'],
  applications: ['Patios'],
});

const index = () =>
  indexCatalogue({
    ...catalogue([washer]),
    attributes: [
      comparable('weight_kg', true),
      comparable('supplier_note', false),
      comparable('equipmentAttr', true),
      comparable('applications_attrib', false),
    ],
  });

describe('product facts', () => {
  it('hold the card fields, the kind, and only the comparable values, lists as lists', () => {
    const facts = productFacts(index(), washer, '/pw-2000');
    expect(facts).toMatchObject({
      sku: 'PW-2000',
      href: '/pw-2000',
      priceInclVat: 149.99,
      priceExclVat: 124.99,
      inStock: true,
      // The audience root (7) says nothing of what the product is: its listing category does.
      kind: { id: 24, name: 'Pressure Washers' },
      specs: { weight_kg: '4.5', equipmentAttr: ['Hose', 'Gun'] },
    });
    expect(facts.specs).not.toHaveProperty('supplier_note');
    expect(facts.specs).not.toHaveProperty('applications_attrib');
  });

  it('read back as written, and refuse a file of another shape', () => {
    const facts = productFacts(index(), washer, '/pw-2000');
    expect(productFactsReader.safeParse(JSON.parse(JSON.stringify(facts)))).toEqual({
      success: true,
      data: facts,
    });
    for (const bad of [
      { ...facts, inStock: 'yes' },
      { ...facts, priceInclVat: '149.99' },
      { ...facts, specs: { weight_kg: 4.5 } },
      { ...facts, image: { file: '/a.jpg' } },
      { ...facts, sku: undefined },
    ])
      expect(productFactsReader.safeParse(bad).success).toBe(false);
  });

  it('are found from the sku alone, spread over every file', () => {
    expect(productDataShard('PW-2000')).toBe(productDataShard('PW-2000'));
    const used = new Set<number>();
    for (let n = 0; n < 5000; n++) {
      const shard = productDataShard(`HG-PW-${String(n).padStart(5, '0')}`);
      expect(shard).toBeGreaterThanOrEqual(0);
      expect(shard).toBeLessThan(PRODUCT_DATA_SHARDS);
      used.add(shard);
    }
    expect(used.size).toBe(PRODUCT_DATA_SHARDS);
  });
});
