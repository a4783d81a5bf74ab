import { describe, expect, it } from 'vitest';
import { indexCatalogue } from '../../../src/catalogue/snapshot.ts';
import { ALL_GROUPS, type CatalogueAttribute } from '../../../src/catalogue/types.ts';
import { withVariants } from '../../../src/catalogue/variants.ts';
import { buildProductCodes } from '../../../src/features/product-data/build-codes.ts';
import { allFacts, productFacts } from '../../../src/features/product-data/build-facts.ts';
import {
  codeFileCount,
  factsIn,
  foldCode,
  productCodeFile,
  readCodesFile,
} from '../../../src/features/product-data/codes.ts';
import { productFactsReader } from '../../../src/features/product-data/facts-reader.ts';
import { PRODUCT_DATA_SHARDS, productDataShard } from '../../../src/features/product-data/files.ts';
import { attribute, catalogue, product, shampooProducts } from '../catalogue/fixtures.ts';

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
      // A link is a path of this site, never another site's or a script.
      { ...facts, href: '//example.com/x' },
      { ...facts, href: 'javascript:alert(1)' },
    ])
      expect(productFactsReader.safeParse(bad).success).toBe(false);
  });

  it("carry a machine's model (My machines offers it from an order), and none for anything else", () => {
    const machine = { ...washer, fit: { model: 'K 5', fits: [], type: null } };
    const part = { ...washer, sku: 'HOSE-1', fit: { model: null, fits: ['K 5'], type: 'Hoses' } };
    const facts = productFacts(indexCatalogue(catalogue([machine, part])), machine, '/k-5');
    expect(facts.machine).toBe('K 5');
    expect(productFactsReader.safeParse(JSON.parse(JSON.stringify(facts)))).toEqual({
      success: true,
      data: facts,
    });
    expect(productFacts(indexCatalogue(catalogue([machine, part])), part, '/hose')).not.toHaveProperty(
      'machine',
    );
    expect(productFactsReader.safeParse({ ...facts, machine: 5 }).success).toBe(false);
  });

  it('carry the rating of a product with reviews only, read back as written', () => {
    const rated = { ...washer, rating: { percent: 84, count: 12 } };
    const facts = productFacts(indexCatalogue(catalogue([rated])), rated, '/pw-2000');
    expect(facts.rating).toEqual({ percent: 84, count: 12 });
    expect(productFactsReader.safeParse(JSON.parse(JSON.stringify(facts)))).toEqual({
      success: true,
      data: facts,
    });
    expect(productFactsReader.safeParse({ ...facts, rating: { percent: '84', count: 12 } }).success).toBe(
      false,
    );
    const none = { ...washer, rating: { percent: 0, count: 0 } };
    expect(productFacts(indexCatalogue(catalogue([none])), none, '/pw-2000')).not.toHaveProperty('rating');
    expect(productFacts(index(), washer, '/pw-2000')).not.toHaveProperty('rating');
  });

  it("change only the rated product's entry when its rating changes, so only its file is written again", () => {
    const washers = ['PW-1', 'PW-2', 'PW-3', 'PW-4'].map((sku) => product({ sku, categoryIds: [24] }));
    const entries = (percent: number) => {
      const index = indexCatalogue(
        catalogue(washers.map((p) => (p.sku === 'PW-3' ? { ...p, rating: { percent, count: 2 } } : p))),
      );
      const all = allFacts(index, index.pages, new Map(washers.map((p) => [p.sku, `/${p.urlKey}`])));
      return new Map([...all].map(([sku, facts]) => [sku, JSON.stringify(facts)]));
    };
    const before = entries(80);
    const after = entries(90);
    expect([...after].filter(([sku, facts]) => before.get(sku) !== facts).map(([sku]) => sku)).toEqual([
      'PW-3',
    ]);
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

describe('the facts of a configurable product and its children', () => {
  const withTiers = (products: ReturnType<typeof shampooProducts>) =>
    products.map((one) =>
      one.sku === 'CS-5L'
        ? {
            ...one,
            tierPrices: [
              { customerGroupId: 1, qty: 4, priceInclVat: 20, priceExclVat: 16.67 },
              { customerGroupId: ALL_GROUPS, qty: 10, priceInclVat: 24.99, priceExclVat: 20.83 },
              { customerGroupId: ALL_GROUPS, qty: 4, priceInclVat: 26.99, priceExclVat: 22.49 },
            ],
          }
        : one,
    );
  const shop = () => {
    const products = withVariants(withTiers(shampooProducts()));
    const catalogueIndex = indexCatalogue(catalogue(products));
    const parent = catalogueIndex.bySku.get('CS');
    if (!parent) throw new Error('no parent');
    return {
      catalogueIndex,
      parent,
      entries: allFacts(catalogueIndex, [parent], new Map([['CS', '/car-shampoo']])),
    };
  };

  it('give the parent its attributes and every child with option ids, prices, stock and model', () => {
    const facts = shop().entries.get('CS');
    expect(facts?.variants).toEqual({
      attributes: [
        {
          code: 'volume',
          id: '155',
          label: 'Volume',
          values: [
            { id: 211, label: '1 l', slug: '1-l' },
            { id: 212, label: '5 l', slug: '5-l' },
            { id: 213, label: '10 l', slug: '10-l' },
          ],
        },
      ],
      children: [
        {
          sku: 'CS-10L',
          values: { volume: 213 },
          priceInclVat: 49.99,
          priceExclVat: 41.66,
          inStock: false,
          model: '6.295-303.0',
        },
        {
          sku: 'CS-1L',
          values: { volume: 211 },
          priceInclVat: 9.99,
          priceExclVat: 8.33,
          inStock: true,
          model: '6.295-301.0',
        },
        {
          sku: 'CS-5L',
          values: { volume: 212 },
          priceInclVat: 29.99,
          priceExclVat: 24.99,
          inStock: true,
          model: '6.295-302.0',
        },
      ],
    });
    expect(facts).not.toHaveProperty('parent');
    expect(facts).not.toHaveProperty('model');
  });

  it('give each child an entry of its own that opens the parent with it chosen', () => {
    const child = shop().entries.get('CS-5L');
    expect(child).toMatchObject({
      sku: 'CS-5L',
      name: 'Car Shampoo 5 l',
      href: '/car-shampoo?volume=5-l',
      priceInclVat: 29.99,
      inStock: true,
      model: '6.295-302.0',
      parent: {
        sku: 'CS',
        name: 'Car Shampoo',
        options: [{ code: 'volume', label: 'Volume', value: '5 l' }],
      },
    });
    expect(shop().entries.get('CS-10L')).toMatchObject({ inStock: false, href: '/car-shampoo?volume=10-l' });
  });

  it('give a child the same entry, the same object, while it and its parent are the same', () => {
    const products = withVariants(withTiers(shampooProducts()));
    const entries = (at: number, shown = products) => {
      const index = indexCatalogue(catalogue(shown), { at });
      const parent = index.bySku.get('CS');
      if (!parent) throw new Error('no parent');
      return allFacts(index, [parent], new Map([['CS', '/car-shampoo']]));
    };
    const [before, after] = [entries(Date.UTC(2026, 0, 1)), entries(Date.UTC(2026, 0, 2))];
    // Its codes and facts files are then the same objects too, and are neither hashed nor written again.
    expect(after.get('CS-5L')).toBe(before.get('CS-5L'));
    expect(after.get('CS-10L')).toBe(before.get('CS-10L'));
    const renamed = products.map((one) => (one.sku === 'CS' ? { ...one, name: 'Car Wash Shampoo' } : one));
    expect(entries(Date.UTC(2026, 0, 3), renamed).get('CS-5L')?.parent?.name).toBe('Car Wash Shampoo');
  });

  it("give each child its parent's rating, the product shoppers reviewed", () => {
    const products = withVariants(shampooProducts()).map((one) =>
      one.sku === 'CS' ? { ...one, rating: { percent: 90, count: 7 } } : one,
    );
    const catalogueIndex = indexCatalogue(catalogue(products));
    const parent = catalogueIndex.bySku.get('CS');
    if (!parent) throw new Error('no parent');
    const entries = allFacts(catalogueIndex, [parent], new Map([['CS', '/car-shampoo']]));
    expect(entries.get('CS')?.rating).toEqual({ percent: 90, count: 7 });
    expect(entries.get('CS-5L')?.rating).toEqual({ percent: 90, count: 7 });
    expect(shop().entries.get('CS-5L')).not.toHaveProperty('rating');
  });

  it('carry only the ALL GROUPS tier prices, fewest first', () => {
    expect(shop().entries.get('CS-5L')?.tierPrices).toEqual([
      { qty: 4, priceInclVat: 26.99, priceExclVat: 22.49 },
      { qty: 10, priceInclVat: 24.99, priceExclVat: 20.83 },
    ]);
    expect(shop().entries.get('CS-1L')).not.toHaveProperty('tierPrices');
  });

  it('read back as written, variants, parent and tiers included, and refuse malformed ones', () => {
    for (const facts of shop().entries.values()) {
      const read = productFactsReader.safeParse(JSON.parse(JSON.stringify(facts)));
      expect(read).toEqual({ success: true, data: facts });
    }
    const parent = shop().entries.get('CS');
    const child = shop().entries.get('CS-5L');
    if (!parent?.variants || !child?.parent) throw new Error('no variants');
    for (const bad of [
      {
        ...parent,
        variants: { ...parent.variants, children: [{ sku: 'CS-1L', values: { volume: '211' } }] },
      },
      { ...parent, variants: { attributes: [{ code: 'volume' }], children: [] } },
      { ...child, parent: { sku: 'CS' } },
      { ...child, tierPrices: [{ qty: '4', priceInclVat: 26.99, priceExclVat: 22.49 }] },
      { ...child, model: 6295 },
    ])
      expect(productFactsReader.safeParse(bad).success).toBe(false);
  });

  it('find a SKU or model number however typed, a SKU before a model number that folds the same', () => {
    const files = buildProductCodes(shop().entries);
    const lookUp = (typed: string) =>
      files[productCodeFile(foldCode(typed), files.length)]?.c[foldCode(typed)];
    expect(lookUp('cs-5l')).toBe('CS-5L');
    expect(lookUp('CS 5L')).toBe('CS-5L');
    expect(lookUp('6.295-302.0')).toBe('CS-5L');
    expect(lookUp('62953020')).toBe('CS-5L');
    expect(lookUp('cs')).toBe('CS');
    expect(lookUp('CS-20L')).toBeUndefined();
    const clash = new Map([
      ['AB-1', { ...productFacts(index(), washer, '/a'), sku: 'AB-1', model: 'XY-1' }],
      ['XY-1', { ...productFacts(index(), washer, '/b'), sku: 'XY-1', model: 'AB-1' }],
    ]);
    const [clashFile] = buildProductCodes(clash);
    expect(clashFile?.c['ab1']).toBe('AB-1');
    expect(clashFile?.c['xy1']).toBe('XY-1');
  });

  it("carry, with each code, the row facts of its product and a child's parent, readable as written", () => {
    const files = buildProductCodes(shop().entries);
    const folded = foldCode('6.295-302.0');
    const file = files[productCodeFile(folded, files.length)];
    expect(file?.f['CS-5L']).toMatchObject({ sku: 'CS-5L', parent: { sku: 'CS' }, specs: {}, image: null });
    expect(file?.f['CS']?.variants?.children).toHaveLength(3);
    const read = readCodesFile(JSON.parse(JSON.stringify(file)));
    if (!read || !file) throw new Error('unreadable');
    expect(factsIn(read, 'CS-5L')).toEqual(file.f['CS-5L']);
    expect(factsIn(read, 'CS-20L')).toBeUndefined();
    expect(readCodesFile({ c: { cs5l: 5 }, f: {} })).toBeUndefined();
    const bad = readCodesFile({ c: { cs: 'CS' }, f: { CS: { sku: 'CS' } } });
    expect(bad && factsIn(bad, 'CS')).toBeUndefined();
  });

  it('spread over more files as the catalogue grows', () => {
    expect(codeFileCount(10)).toBe(1);
    expect(codeFileCount(26_000)).toBe(51);
  });
});
