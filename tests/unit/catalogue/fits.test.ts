/**
 * "Fits my machine" from the catalogue: models in any typing, the fit index both ways, a machine's fitting
 * section and a part's models, and the fit check's answers.
 */
import { describe, expect, it } from 'vitest';
import {
  carryFitIndex,
  findModel,
  fitIndex,
  modelKey,
  modelSlug,
  type FitIndex,
} from '../../../src/catalogue/fits.ts';
import {
  fitsSection,
  fittingSection,
  FITTING_PER_TYPE,
  machineModelName,
} from '../../../src/site/fit-sections.ts';
import { modelEntries, partEntries, type PartEntry } from '../../../src/catalogue/fit-files.ts';
import { checkFit, nearestAlternative } from '../../../src/features/fits/fit-check.ts';
import type { Product } from '../../../src/catalogue/types.ts';
import { index, product } from './fixtures.ts';

const machine = (sku: string, name: string, model: string): Product =>
  product({ sku, name, categoryIds: [24], fit: { model, fits: [], type: null } });

const part = (
  sku: string,
  name: string,
  fits: string[],
  type: string,
  price: number,
  inStock = true,
): Product =>
  product({ sku, name, priceInclVat: price, inStock, categoryIds: [24], fit: { model: null, fits, type } });

const catalogue = () =>
  index([
    machine('K5-PREMIUM', 'K 5 Premium Power Control', 'K 5'),
    machine('K5-CLASSIC', 'K 5 Classic', 'K 5'),
    machine('K4', 'K 4 Compact', 'K 4'),
    machine('HD', 'HD 6/15 C Plus', 'HD 6/15'),
    part('HOSE', 'High-Pressure Hose, 10 m', ['K 4', 'K 5', 'K 7'], 'Hoses', 39.99),
    part('HOSE-15', 'High-Pressure Hose, 15 m', ['K 5'], 'Hoses', 49.99),
    part('FILTER-4', 'Water Filter K 4', ['K 4'], 'Filters and spare parts', 12.99),
    part('FILTER-5', 'Water Filter K 5', ['K 5'], 'Filters and spare parts', 14.99),
    part('FOAM', 'Foam Nozzle', ['K 5'], 'Nozzles and lances', 24.99, false),
  ]);

describe('a model in any typing', () => {
  it('comes to one key however a shopper writes it', () => {
    for (const typed of ['K 5', 'k5', 'K-5', ' k 5 ', 'K.5']) expect(modelKey(typed)).toBe('k5');
    for (const typed of ['HD 6/15', 'hd6-15', 'HD 6 15', 'hd 6/15']) expect(modelKey(typed)).toBe('hd6/15');
    expect(modelSlug('HD 6/15')).toBe('hd-6-15');
  });

  it('is found in a machine’s full name, but a K 50 is no K 5', () => {
    const keys = ['k5', 'k4', 'hd6/15'];
    expect(findModel('K 5 Premium Power Control', keys)).toBe('k5');
    expect(findModel('hd 6/15 c plus', keys)).toBe('hd6/15');
    expect(findModel('K 50', keys)).toBeUndefined();
    expect(findModel('hd 6/150', keys)).toBeUndefined();
    expect(findModel('Foam', keys)).toBeUndefined();
  });

  it('is found in a product name with the brand before the model, as the shop lists machines', () => {
    const keys = ['k5', 'k4', 'hd6/15', 'c5'];
    expect(findModel('Clearwater K 5 Premium Power Control Pressure Washer', keys)).toBe('k5');
    expect(findModel('Clearwater Professional HD 6/15 C Plus Cold Water Pressure Washer', keys)).toBe(
      'hd6/15',
    );
    expect(findModel('Clearwater K 50 Pressure Washer', keys)).toBeUndefined();
    // Read whole first: a model the text starts with wins over one after a word.
    expect(findModel('C 5 Clearwater K 5', keys)).toBe('c5');
    expect(findModel('Clearwater Premium', keys)).toBeUndefined();
  });
});

describe('the fit index', () => {
  it('knows each model’s machines and the parts that fit it, both ways', () => {
    const fits = fitIndex(catalogue());
    const k5 = fits.byKey.get('k5');
    expect(k5?.machines.map((p) => p.sku)).toEqual(['K5-CLASSIC', 'K5-PREMIUM']);
    // By type (Magento's option order; without the attribute, by name), then by name.
    expect(fits.types).toEqual(['Filters and spare parts', 'Hoses', 'Nozzles and lances']);
    expect(k5?.parts.map((p) => p.sku)).toEqual(['FILTER-5', 'HOSE', 'HOSE-15', 'FOAM']);
    // A model that only a part names (no K 7 in the catalogue) is still a model to look for.
    expect(fits.byKey.get('k7')?.machines).toEqual([]);
    expect(fits.bySlug.get('hd-6-15')?.name).toBe('HD 6/15');
  });

  it('writes each model’s parts file with links only to parts that have a page', () => {
    const catalogueIndex = catalogue();
    const fits = fitIndex(catalogueIndex);
    const k4 = fits.byKey.get('k4');
    if (!k4) throw new Error('no K 4');
    const hrefs = new Map([['HOSE', '/high-pressure-hose']]);
    expect(partEntries(k4.parts, hrefs)).toEqual([
      expect.objectContaining({ sku: 'HOSE', href: '/high-pressure-hose', type: 'Hoses', inStock: true }),
    ]);
    expect(modelEntries(fits).find((model) => model.key === 'k5')).toMatchObject({ machines: 2, parts: 4 });
  });
});

describe('the fit index after a save', () => {
  // The products of one sync: a save makes a new object of the product it changed, and of no other.
  const products = catalogue().catalogue.products;
  /** What a page can read of the index: every model with its machines and parts, in order. */
  const read = (fits: FitIndex) =>
    fits.models.map((model) => ({
      ...model,
      machines: model.machines.map((each) => [each.sku, each.priceInclVat]),
      parts: model.parts.map((each) => [each.sku, each.priceInclVat, each.inStock]),
    }));
  const changed = (sku: string, change: Partial<Product>) =>
    index(products.map((each) => (each.sku === sku ? { ...each, ...change } : each)));

  it('is the one before with the saved product in its place when only its price or stock moved', () => {
    const before = index(products);
    const kept = fitIndex(before);
    const after = changed('HOSE', { regularPriceInclVat: 44.99, inStock: false });
    carryFitIndex(before, after);
    const carried = fitIndex(after);
    expect(read(carried)).toEqual(
      read(fitIndex(changed('HOSE', { regularPriceInclVat: 44.99, inStock: false }))),
    );
    expect(carried.byKey.get('k5')?.parts.find((each) => each.sku === 'HOSE')).toBe(after.bySku.get('HOSE'));
    expect(after.bySku.get('HOSE')).not.toBe(before.bySku.get('HOSE'));
    // The models the hose does not fit are the same objects: nothing was built again.
    expect(carried.byKey.get('hd6/15')).toBe(kept.byKey.get('hd6/15'));
  });

  it('is built again when a product moved in its lists or fits other models', () => {
    const before = index(products);
    fitIndex(before);
    for (const change of [
      { name: 'A High-Pressure Hose, 10 m' },
      { fit: { model: null, fits: ['K 4'], type: 'Hoses' } },
    ]) {
      const after = changed('HOSE', change);
      carryFitIndex(before, after);
      expect(read(fitIndex(after))).toEqual(read(fitIndex(changed('HOSE', change))));
      expect(fitIndex(after).byKey.get('hd6/15')).not.toBe(fitIndex(before).byKey.get('hd6/15'));
    }
  });
});

describe('a product page’s fit sections', () => {
  const hrefBySku = new Map(
    ['HOSE', 'HOSE-15', 'FILTER-5', 'FOAM'].map((sku) => [sku, `/${sku.toLowerCase()}`]),
  );

  it('shows a machine what fits its model, grouped by type, by name, as names and links only', () => {
    const catalogueIndex = catalogue();
    const machineProduct = catalogueIndex.bySku.get('K5-PREMIUM');
    if (!machineProduct) throw new Error('no machine');
    const section = fittingSection(machineProduct, fitIndex(catalogueIndex), {
      bySku: catalogueIndex.bySku,
      hrefBySku,
    });
    expect(section?.href).toBe('/parts-finder/k-5');
    expect(section?.total).toBe(4);
    expect(section?.slug).toBe('k-5');
    expect(section?.groups.map((group) => [group.type, group.items.map((item) => item.sku)])).toEqual(
      expect.arrayContaining([
        ['Hoses', ['HOSE', 'HOSE-15']],
        ['Filters and spare parts', ['FILTER-5']],
        ['Nozzles and lances', ['FOAM']],
      ]),
    );
    // The page bakes no part's price or stock: they come from the model's fit file in the browser.
    expect(section?.groups.flatMap((group) => group.items).find((item) => item.sku === 'HOSE')).toEqual({
      sku: 'HOSE',
      name: 'High-Pressure Hose, 10 m',
      href: '/hose',
      image: { file: '/m/a/hose-1.jpg', alt: 'Machine HOSE view 1' },
    });
    expect(FITTING_PER_TYPE).toBeGreaterThan(0);
  });

  it('names a part’s models with their parts pages, and shows a part nothing', () => {
    const catalogueIndex = catalogue();
    const fits = fitIndex(catalogueIndex);
    const hose = catalogueIndex.bySku.get('HOSE');
    if (!hose) throw new Error('no hose');
    expect(fitsSection(hose, fits)?.models).toEqual([
      { name: 'K 4', href: '/parts-finder/k-4' },
      { name: 'K 5', href: '/parts-finder/k-5' },
      { name: 'K 7', href: '/parts-finder/k-7' },
    ]);
    expect(fittingSection(hose, fits, { bySku: catalogueIndex.bySku, hrefBySku })).toBeNull();
    const machineProduct = catalogueIndex.bySku.get('K4');
    if (!machineProduct) throw new Error('no machine');
    expect(fitsSection(machineProduct, fits)).toBeNull();
  });

  it('gives a machine, and only a machine, its model to keep in My machines', () => {
    const catalogueIndex = catalogue();
    const fits = fitIndex(catalogueIndex);
    const named = (sku: string) => {
      const found = catalogueIndex.bySku.get(sku);
      if (!found) throw new Error(`no ${sku}`);
      return machineModelName(found, fits);
    };
    expect(named('K5-CLASSIC')).toBe('K 5');
    expect(named('HD')).toBe('HD 6/15');
    expect(named('HOSE')).toBeNull();
    expect(named('FOAM')).toBeNull();
  });
});

describe('Does it fit my machine?', () => {
  const catalogueIndex = catalogue();
  const fits = fitIndex(catalogueIndex);
  const models = modelEntries(fits);
  const filter = fitsSection(catalogueIndex.bySku.get('FILTER-4') as Product, fits);
  if (!filter) throw new Error('the filter fits nothing');
  const check = { sku: 'FILTER-4', ...filter.check };

  it('says yes for a model it fits, in any typing', () => {
    expect(checkFit('k4', check, models)).toMatchObject({ kind: 'yes', model: { name: 'K 4' } });
    expect(checkFit('K 4 Compact', check, models)).toMatchObject({ kind: 'yes' });
  });

  it('says no for a known model it does not fit, and nothing of a model nobody knows', () => {
    expect(checkFit('K5', check, models)).toMatchObject({ kind: 'no', model: { name: 'K 5' } });
    expect(checkFit('Z 99', check, models)).toEqual({ kind: 'unknown', typed: 'Z 99' });
    expect(checkFit('   ', check, models)).toEqual({ kind: 'empty' });
  });

  it('offers the nearest part of the same type that fits instead, in stock first', () => {
    const k5 = fits.byKey.get('k5');
    if (!k5) throw new Error('no K 5');
    const parts = partEntries(k5.parts, new Map(k5.parts.map((p) => [p.sku, `/${p.sku}`])));
    expect(nearestAlternative(parts, check)?.sku).toBe('FILTER-5');
    // A nozzle that does not fit: the only nozzle that fits is sold out, so it is still the one of its type.
    const nozzle = { sku: 'OTHER', keys: [], type: 'Nozzles and lances', priceInclVat: 20 };
    expect(nearestAlternative(parts, nozzle)?.sku).toBe('FOAM');
    expect(nearestAlternative([], check)).toBeNull();
  });

  it('offers no other kind of product: a hose is never answered with a defoamer', () => {
    const defoamer: PartEntry = {
      sku: 'DEFOAMER',
      name: 'Defoamer, 1 l',
      href: '/defoamer',
      type: 'Detergents',
      priceInclVat: 19.99,
      priceExclVat: 16.66,
      inStock: true,
    };
    const hose = { sku: 'HOSE-HD', keys: ['hd6/15'], type: 'Hoses', priceInclVat: 20 };
    expect(nearestAlternative([defoamer], hose)).toBeNull();
    // A brush for the K 4: what fits the K 5 is hoses, filters and nozzles, none of them a brush.
    const k5 = fits.byKey.get('k5');
    if (!k5) throw new Error('no K 5');
    const parts = partEntries(k5.parts, new Map(k5.parts.map((p) => [p.sku, `/${p.sku}`])));
    const brush = { sku: 'BRUSH-4', keys: ['k4'], type: 'Brushes and pads', priceInclVat: 30 };
    expect(nearestAlternative(parts, brush)).toBeNull();
    // A part of no known kind has no alternative of its kind either.
    expect(nearestAlternative(parts, { ...brush, type: null })).toBeNull();
  });
});
