/**
 * Search by fit (issue 39): a query naming a machine model in any typing ("k5 hose", "hose for k5", "K 5
 * detergent", "detergent for my K5") is read as "fits that model": what fits it first, then its machines,
 * then the rest as before, over a small hand-made catalogue built and searched in memory.
 */
import { describe, expect, it } from 'vitest';
import type { Product, ProductFit } from '../../../src/catalogue/types.ts';
import { buildSearchFiles, indexFiles, type SearchListing } from '../../../src/features/search/build.ts';
import { createSearchEngine } from '../../../src/features/search/engine.ts';
import {
  decodeFitFile,
  fromGaps,
  gapsText,
  modelsByKey,
  type SearchModel,
} from '../../../src/features/search/fit-data.ts';
import { SearchIndexError } from '../../../src/features/search/decode.ts';
import { namedModel } from '../../../src/features/search/fit-slot.ts';
import { memorySource } from '../../../src/features/search/sources.ts';
import { compileSynonyms } from '../../../src/features/search/synonyms.ts';
import { product } from '../catalogue/fixtures.ts';

const machine = (sku: string, name: string, model: string, category: number, more: Partial<Product> = {}) =>
  product({ sku, name, categoryIds: [category], fit: { model, fits: [], type: null }, ...more });
const part = (sku: string, name: string, fits: string[], type: string, category: number) =>
  product({ sku, name, categoryIds: [category], modelNumber: null, fit: { model: null, fits, type } });

const K2_TO_K7 = ['K 2', 'K 3', 'K 4', 'K 5', 'K 7'];

const PRODUCTS: Product[] = [
  // Machines, listed first (the "Recommended" order), as a shop lists them.
  machine('HG-PW-001', 'Clearwater K 5 Premium Smart Control Pressure Washer', 'K 5', 1),
  machine('HG-PW-002', 'Clearwater K 5 Compact Pressure Washer', 'K 5', 1, { inStock: false }),
  machine('HG-PW-003', 'Clearwater K 4 Compact Pressure Washer', 'K 4', 1),
  machine('HG-PW-004', 'Clearwater K 7 Premium Pressure Washer', 'K 7', 1),
  machine('PRO-PW-005', 'Clearwater Professional HD 6/15 C Plus Pressure Washer', 'HD 6/15', 2),
  machine('HG-WD-006', 'Clearwater WD 3 Wet & Dry Vacuum Cleaner', 'WD 3', 3),
  // Accessories and detergents, after; a hose that names a K 5 but that the merchant lists as fitting none.
  product({ sku: 'HG-AC-007', name: 'Clearwater K 5 Pressure Washer Hose Adapter', categoryIds: [4] }),
  product({ sku: 'HG-AC-008', name: 'Clearwater Garden Hose, 20 m', categoryIds: [4] }),
  part('HG-AC-009', 'Clearwater High-Pressure Hose, 10 m', K2_TO_K7, 'Hoses', 4),
  part('HG-AC-010', 'Clearwater Extension Hose, 6 m', ['K 4', 'K 5'], 'Hoses', 4),
  part('PRO-AC-011', 'Clearwater Professional High-Pressure Hose, 15 m', ['HD 6/15'], 'Hoses', 5),
  part('HG-AC-012', 'Clearwater FN 1 Foam Nozzle', ['K 7'], 'Nozzles and lances', 4),
  part('HG-AC-013', 'Clearwater Vario Power Jet Lance', K2_TO_K7, 'Nozzles and lances', 4),
  part('HG-AC-014', 'Clearwater Cartridge Filter', ['WD 3'], 'Filters and spare parts', 4),
  part('HG-DT-015', 'Clearwater Vehicle Foam Cleaner 5 l', ['K 4', 'K 5', 'K 7'], 'Detergents', 6),
  part('PRO-DT-016', 'Clearwater Professional Active Cleaner Alkaline 10 l', ['HD 6/15'], 'Detergents', 7),
  // Other machines, so that no word of the pressure washers is in most products (a word that is would be
  // written the other way round, with one info for all: files.ts `Postings`).
  ...Array.from({ length: 12 }, (_, at) =>
    machine(`HG-SC-${100 + at}`, `Clearwater SC ${at + 1} Steam Cleaner`, `SC ${at + 1}`, 8),
  ),
];

const listing = (
  categoryId: number,
  name: string,
  path: string,
  audience = 'Home & Garden',
): SearchListing => ({
  categoryId,
  name,
  path,
  audience,
  products: PRODUCTS.filter((p) => p.categoryIds.includes(categoryId)),
});

const LISTINGS = [
  listing(1, 'Pressure Washers', '/home-garden/pressure-washer'),
  listing(2, 'Pressure Washers', '/professional/pressure-washer', 'Professional'),
  listing(3, 'Wet & Dry Vacuum Cleaners', '/home-garden/wet-dry-vacuum-cleaners'),
  listing(4, 'Pressure Washer Accessories', '/home-garden/accessories'),
  listing(5, 'Accessories', '/professional/accessories', 'Professional'),
  listing(6, 'Detergents', '/home-garden/detergents'),
  listing(7, 'Detergents', '/professional/detergents', 'Professional'),
  listing(8, 'Steam Cleaners', '/home-garden/steam-cleaners'),
];

function build(products: readonly Product[] = PRODUCTS) {
  return buildSearchFiles({
    products,
    hrefBySku: new Map(products.map((p) => [p.sku, `/${p.urlKey}`])),
    attributes: [],
    listings: LISTINGS,
    synonyms: compileSynonyms({ equivalent: [['pressure washer', 'jet wash']], oneWay: [] }),
    recordShardSize: 4,
  });
}

const built = build();
const engine = createSearchEngine(memorySource(built));

async function skus(query: string, typing = false): Promise<string[]> {
  const answer = await engine.search(query, { typing });
  return (await engine.records(answer.ids)).map((record) => record[0]);
}

const models = modelsByKey(built.models);
const named = (text: string): string | null => namedModel(text, models)?.model.name ?? null;

describe('reading a model in a query', () => {
  it('knows a model in any typing, and the words around it', () => {
    for (const text of ['k5 hose', 'K 5 hose', 'K-5 hose', 'hose for k5', 'hose k 5', 'detergent for my K5'])
      expect(named(text), text).toBe('K 5');
    for (const text of ['HD 6/15 hose', 'hd6-15 hose', 'hd 6 15 hose', 'hose for the HD6/15'])
      expect(named(text), text).toBe('HD 6/15');
    expect(namedModel('detergent for my K5', models)).toMatchObject({
      typed: 'K5',
      before: 'detergent',
      after: '',
    });
    expect(namedModel('fits my k 5 foam nozzle', models)).toMatchObject({ before: '', after: 'foam nozzle' });
    expect(namedModel('filter for wd3', models)).toMatchObject({ before: 'filter', after: '' });
  });

  it('knows a model typed with its numbers run together, unless two models read so', () => {
    expect(named('hd615 hose')).toBe('HD 6/15');
    const both = modelsByKey({ n: ['HD 6/15', 'HD 61/5', 'K 5'] });
    expect(namedModel('hd615 hose', both)).toBeNull();
    expect(namedModel('hd 61/5 hose', both)?.model.name).toBe('HD 61/5');
  });

  it('leaves a query alone that names no model it knows', () => {
    for (const text of ['k9 hose', 'k 50 hose', 'k50', 'hose', '5 l detergent', '1.324-603.0', 'HG-PW-001'])
      expect(named(text), text).toBeNull();
  });

  it('lists the models something fits in a file of their own, the core only how many, and gives each a fit file', () => {
    const names = built.models?.n ?? [];
    expect(names.slice(0, 6)).toEqual(['HD 6/15', 'K 2', 'K 3', 'K 4', 'K 5', 'K 7']);
    expect(built.core.fm).toBe(names.length);
    // A machine's model that nothing fits has no parts page, and search leaves it to the machines' text.
    expect(names).not.toContain('SC 12');
    expect(names).toContain('WD 3');
    const k5 = [...models.values()].find((model) => model.name === 'K 5') as SearchModel;
    expect(k5).toEqual({ name: 'K 5', key: 'k5', slug: 'k-5' });
    const paths = indexFiles(built).map(([path]) => path);
    expect(paths).toContain('f/models.json');
    expect(paths).toContain('f/k-5.json');
    expect(paths).toContain('f/hd-6-15.json');
    // No fits in the catalogue: the index is as it was.
    const none = build(PRODUCTS.map((p) => ({ ...p, fit: { model: null, fits: [], type: null } })));
    expect(none.core.fm).toBeUndefined();
    expect(none.models).toBeNull();
    expect(none.fits.size).toBe(0);
  });
});

describe('the fit files', () => {
  it('write product numbers as the text of their gaps, most in one character', () => {
    const ids = [0, 1, 2, 5, 36, 37, 1100, 1101, 70_000, 1_048_575];
    expect(Array.from(fromGaps(gapsText(ids)))).toEqual(ids);
    expect(gapsText([3, 4, 5, 6])).toBe('DBBB');
    expect(gapsText([])).toBe('');
    expect(fromGaps('')).toHaveLength(0);
  });

  it('are checked as they are read', () => {
    expect(decodeFitFile({ v: 'x', p: 'DBB', m: '' }, 'k-5', 'x')).toEqual({ v: 'x', p: 'DBB', m: '' });
    for (const bad of [
      { v: 'x', p: [3], m: '' },
      { v: 'x', p: 'Dg', m: '' },
      { v: 'x', p: '', m: '', o: 'a b' },
    ])
      expect(() => decodeFitFile(bad, 'k-5', 'x')).toThrow(SearchIndexError);
  });
});

describe('the files a search by fit reads', () => {
  it('reads the models once, with the core, and a model\u2019s fit file only when a query names it', async () => {
    const asked: string[] = [];
    const files = memorySource(built);
    const counting = createSearchEngine({
      ...files,
      models: (v) => {
        asked.push('models');
        return files.models?.(v) ?? Promise.resolve(null);
      },
      fits: (slug, v) => {
        asked.push(slug);
        return files.fits?.(slug, v) ?? Promise.resolve(null);
      },
    });
    await counting.core();
    expect(asked).toEqual(['models']);
    await counting.search('garden hose');
    await counting.search('hose', { typing: true });
    expect(asked).toEqual(['models']);
    await counting.search('k9 hose');
    await counting.search('k5 hose');
    await counting.search('hose for k5');
    expect(asked.filter((file) => file === 'models')).toHaveLength(1);
    expect(new Set(asked)).toEqual(new Set(['models', 'k-5']));
  });
});

describe('ranking by fit', () => {
  it('puts what fits a K 5 first, in any typing, then what only names one', async () => {
    for (const query of ['k5 hose', 'hose for k5', 'K 5 hose', 'K-5 hose', 'hose k 5']) {
      const found = await skus(query);
      expect(found.slice(0, 2).sort(), query).toEqual(['HG-AC-009', 'HG-AC-010']);
      // A hose that only says "K 5" in its name comes after; hoses for other machines not at all.
      expect(found, query).toContain('HG-AC-007');
      expect(found, query).not.toContain('PRO-AC-011');
      expect(found, query).not.toContain('HG-AC-008');
    }
  });

  it('finds detergents that fit, with "for my" and in shoppers\u2019 words', async () => {
    expect(await skus('K 5 detergent')).toEqual(['HG-DT-015']);
    expect(await skus('detergent for my K5')).toEqual(['HG-DT-015']);
    expect((await skus('pressure washer hose k5')).slice(0, 2).sort()).toEqual(['HG-AC-009', 'HG-AC-010']);
    expect((await skus('k 7 foam nozzle'))[0]).toBe('HG-AC-012');
    expect(await skus('filter for wd3')).toEqual(['HG-AC-014']);
    expect(await skus('hd6-15 detergent')).toEqual(['PRO-DT-016']);
  });

  it('keeps typo tolerance and synonyms for the other words', async () => {
    const answer = await engine.search('hoze for k5');
    expect(answer.didYouMean).toBe('hose k5');
    expect((await skus('hoze for k5')).slice(0, 2).sort()).toEqual(['HG-AC-009', 'HG-AC-010']);
    // "jet wash" is the merchant's synonym of "pressure washer".
    expect((await skus('k5 jet wash hose')).slice(0, 2).sort()).toEqual(['HG-AC-009', 'HG-AC-010']);
  });

  it('finds the K 5 machines first for the model alone, in stock first, then what fits it', async () => {
    const found = await skus('k5');
    expect(found.slice(0, 2)).toEqual(['HG-PW-001', 'HG-PW-002']);
    expect(found).toEqual(expect.arrayContaining(['HG-AC-009', 'HG-AC-010', 'HG-AC-013', 'HG-DT-015']));
    expect((await skus('K 5', true)).slice(0, 2)).toEqual(['HG-PW-001', 'HG-PW-002']);
  });

  it('puts the machine first when the other words name it better than a part', async () => {
    expect((await skus('k5 pressure washer')).slice(0, 2)).toEqual(['HG-PW-001', 'HG-PW-002']);
    expect((await skus('k5 premium'))[0]).toBe('HG-PW-001');
    expect((await skus('Clearwater Professional HD 6/15 C Plus Pressure Washer'))[0]).toBe('PRO-PW-005');
  });

  it('says which model the query names, and changes nothing for one it does not know', async () => {
    expect((await engine.search('hose for my k5')).model).toMatchObject({ name: 'K 5', slug: 'k-5' });
    const unknown = await engine.search('k9 hose');
    expect(unknown.model).toBeNull();
    const without = createSearchEngine(
      memorySource(
        build(PRODUCTS.map((p) => ({ ...p, fit: { model: null, fits: [], type: null } as ProductFit }))),
      ),
    );
    for (const query of ['k9 hose', 'hose', 'garden hose'])
      expect((await engine.search(query)).ids, query).toEqual((await without.search(query)).ids);
  });

  it('suggests while typing as on the results page', async () => {
    expect((await skus('k5 hos', true)).slice(0, 2).sort()).toEqual(['HG-AC-009', 'HG-AC-010']);
    expect((await skus('hose for k5', true)).slice(0, 2).sort()).toEqual(['HG-AC-009', 'HG-AC-010']);
  });
});
