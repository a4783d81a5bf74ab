/**
 * Issue 39's fit data in the demo catalogue (seed/fits.ts): the three attributes, every machine's model and
 * what each accessory, consumable, detergent and spare part fits, checked for being there and for being
 * what a manufacturer's compatibility list would say.
 */
import { describe, expect, it } from 'vitest';
import { generateCatalogue } from './catalogue.ts';
import { SUB_CATEGORY_DEFS } from './data/categories.ts';
import { FAMILIES } from './data/families.ts';
import type { FamilyName } from './data/shape.ts';
import { SPARE_PARTS } from './data/texts.ts';
import { machineModelLabel } from './fits.ts';
import type { SeedCatalogue, SeedProduct } from './types.ts';

const BRAND = 'Clearwater';
/** The shop's default demo catalogue (src/config/env.ts), another seed, and a big one. */
const demo = generateCatalogue({ seed: 1, productCount: 250, brand: BRAND });
const other = generateCatalogue({ seed: 42, productCount: 250, brand: BRAND });
const big = generateCatalogue({ seed: 9, productCount: 10_000, brand: BRAND });

const attribute = (c: SeedCatalogue, code: string) => {
  const found = c.attributes.find((a) => a.code === code);
  if (!found) throw new Error(`no attribute ${code}`);
  return found;
};

/** The family of a product's sub-category; a configurable's child takes its parent's. */
function familyOf(c: SeedCatalogue, product: SeedProduct): FamilyName {
  const parent = c.configurables.find((f) => f.childSkus.includes(product.sku))?.parentSku;
  const placed = parent ? c.products.find((p) => p.sku === parent) : product;
  const def = SUB_CATEGORY_DEFS.find((d) => placed?.categoryIds.includes(d.id));
  if (!def) throw new Error(`${product.sku} has no sub-category`);
  return def.family;
}
const isMachine = (c: SeedCatalogue, p: SeedProduct) => FAMILIES[familyOf(c, p)].role === 'machine';
const audienceOf = (p: SeedProduct) => (p.sku.startsWith('HG-') ? 'HG' : 'P');

type Models = Map<string, { audiences: Set<string>; families: Set<FamilyName> }>;
const modelsOf = new WeakMap<SeedCatalogue, Models>();

/** Each model label with its machines' audiences and families. */
function models(c: SeedCatalogue): Models {
  const known = modelsOf.get(c);
  if (known) return known;
  const labels = new Map(attribute(c, 'machine_model').options.map((o) => [String(o.id), o.label]));
  const byLabel: Models = new Map();
  for (const p of c.products.filter((product) => isMachine(c, product))) {
    const label = labels.get(p.customAttributes['machine_model'] ?? '') ?? '';
    const entry = byLabel.get(label) ?? { audiences: new Set(), families: new Set() };
    entry.audiences.add(audienceOf(p));
    entry.families.add(familyOf(c, p));
    byLabel.set(label, entry);
  }
  modelsOf.set(c, byLabel);
  return byLabel;
}

/** The parts (role accessory or detergent) with the labels of the models they fit and their type. */
function parts(c: SeedCatalogue) {
  const fits = new Map(attribute(c, 'fits_models').options.map((o) => [String(o.id), o.label]));
  const types = new Map(attribute(c, 'accessory_type').options.map((o) => [String(o.id), o.label]));
  return c.products
    .filter((p) => !isMachine(c, p))
    .map((p) => ({
      product: p,
      audience: audienceOf(p),
      fits: (p.customAttributes['fits_models'] ?? '').split(',').flatMap((id) => fits.get(id) ?? []),
      type: types.get(p.customAttributes['accessory_type'] ?? ''),
    }));
}

const seriesCache = new WeakMap<SeedCatalogue, Map<string, string[]>>();

/** Every model label of a series (audience and first word), in option order. */
function seriesOf(c: SeedCatalogue, audience: string, label: string): string[] {
  let series = seriesCache.get(c);
  if (!series) {
    series = new Map();
    const all = models(c);
    for (const { label: model } of attribute(c, 'machine_model').options) {
      for (const owner of all.get(model)?.audiences ?? []) {
        const key = `${owner}:${model.split(' ')[0] ?? ''}`;
        series.set(key, [...(series.get(key) ?? []), model]);
      }
    }
    seriesCache.set(c, series);
  }
  return series.get(`${audience}:${label.split(' ')[0] ?? ''}`) ?? [];
}

describe('fit attributes', () => {
  it('appends machine_model, fits_models and accessory_type after every other attribute and option', () => {
    const codes = demo.attributes.map((a) => a.code);
    expect(codes.slice(-4)).toEqual(['kit', 'machine_model', 'fits_models', 'accessory_type']);
    expect(attribute(demo, 'machine_model')).toMatchObject({
      label: 'Machine model',
      frontendInput: 'select',
      backendType: 'int',
      isUserDefined: true,
      isTechnical: false,
      isSearchable: true,
      isFilterable: 0,
      isComparable: true,
    });
    expect(attribute(demo, 'fits_models')).toMatchObject({
      label: 'Fits',
      frontendInput: 'multiselect',
      backendType: 'text',
      isSearchable: true,
      isFilterable: 0,
    });
    expect(attribute(demo, 'accessory_type')).toMatchObject({
      label: 'Accessory type',
      frontendInput: 'select',
    });
    expect(attribute(demo, 'accessory_type').options.map((o) => o.label)).toEqual([
      'Hoses',
      'Nozzles and lances',
      'Brushes and pads',
      'Detergents',
      'Filters and spare parts',
      'Other accessories',
    ]);
    // The options before (kit's last is 34) keep their ids; the machine models' come after them all.
    const before = demo.attributes.slice(0, -3).flatMap((a) => a.options.map((o) => o.id));
    expect(before).toEqual(before.map((_, i) => i + 1));
    expect(attribute(demo, 'accessory_type').options.map((o) => o.id)).toEqual([35, 36, 37, 38, 39, 40]);
    const machine = attribute(demo, 'machine_model').options;
    const fits = attribute(demo, 'fits_models').options;
    expect(fits.map((o) => o.label)).toEqual(machine.map((o) => o.label));
    expect(machine[0]?.id).toBe(41);
    expect(fits[0]?.id).toBe(41 + machine.length);
  });

  it('takes the model from the model text: its words up to the first with a digit', () => {
    expect(machineModelLabel('K 5 Premium Power Control')).toBe('K 5');
    expect(machineModelLabel('HD 6/15 C Plus')).toBe('HD 6/15');
    expect(machineModelLabel('NT 22/1 Eco')).toBe('NT 22/1');
    expect(machineModelLabel('K 4 Compact')).toBe('K 4');
  });
});

describe('machine models', () => {
  it.each([
    ['default', demo],
    ['10,000', big],
  ])('gives every machine of the %s catalogue, and only machines, its model by the rule', (_, c) => {
    const labels = new Map(attribute(c, 'machine_model').options.map((o) => [String(o.id), o.label]));
    for (const p of c.products) {
      const value = p.customAttributes['machine_model'];
      expect(value !== undefined, p.sku).toBe(isMachine(c, p));
      if (value === undefined) continue;
      const label = labels.get(value) ?? '';
      const words = label.split(' ');
      expect(p.name, p.sku).toContain(` ${label} `);
      expect(
        words.slice(0, -1).some((w) => /\d/.test(w)),
        label,
      ).toBe(false);
      expect(words.at(-1), label).toMatch(/\d/);
    }
    // Every option is some machine's model, of one audience.
    for (const [label, { audiences }] of models(c)) expect(audiences.size, label).toBe(1);
    expect(models(c).size).toBe(labels.size);
  });
});

describe('what parts fit', () => {
  it.each([
    ['default', demo],
    ['seed 42', other],
    ['10,000', big],
  ])('gives every part of the %s catalogue a type and at least one model of its audience', (_, c) => {
    const all = models(c);
    for (const { product, audience, fits, type } of parts(c)) {
      expect(type, product.sku).toBeDefined();
      expect(fits.length, product.sku).toBeGreaterThan(0);
      expect(product.customAttributes['fits_models'], product.sku).toMatch(/^\d+(,\d+)*$/);
      const ids = (product.customAttributes['fits_models'] ?? '').split(',').map(Number);
      expect(ids, product.sku).toEqual([...new Set(ids)].sort((a, b) => a - b));
      for (const label of fits)
        expect(all.get(label)?.audiences.has(audience), `${product.sku} ${label}`).toBe(true);
    }
  });

  it('fits what the part is made for', () => {
    const FOR: readonly (readonly [RegExp, readonly FamilyName[]])[] = [
      [
        /High-Pressure Hose|Trigger Gun|Lance|Surface Cleaner|Patio Cleaner|Rotary Nozzle|Dirt Blaster/,
        ['pressure'],
      ],
      [/Suction Hose|Floor Nozzle|Filter Bags|HEPA Filter|Cartridge Filter/, ['vacuum']],
      [/Scrubbing Pad|Roller Brush|Squeegee/, ['floor', 'sweeper']],
      [/Carpet Cleaner/, ['floor']],
      [/Glass Cleaner|Spray Bottle/, ['window']],
      [/Limescale Remover|Descaler|Steam Cleaner Nozzle/, ['steam']],
      [/Battery Pack|Quick Charger/, ['garden']],
      [/Car Shampoo|Car Wash|Patio & Deck|Universal Cleaner/, ['pressure']],
    ];
    for (const c of [demo, other, big]) {
      const all = models(c);
      for (const { product, fits } of parts(c)) {
        const families = FOR.find(([part]) => part.test(product.name))?.[1];
        if (!families) continue;
        for (const label of fits) {
          const found = [...(all.get(label)?.families ?? [])];
          expect(
            found.every((f) => families.includes(f)),
            `${product.name}: ${label} (${found.join()})`,
          ).toBe(true);
        }
      }
    }
  });

  it('fits a hose to every model of the series it is for (one hose for K 2 – K 7)', () => {
    for (const c of [demo, other, big]) {
      const hoses = parts(c).filter(({ product }) => /Hose/.test(product.name));
      expect(hoses.length).toBeGreaterThan(0);
      for (const { product, audience, fits } of hoses) {
        for (const label of fits) {
          expect(fits, `${product.sku}: all of ${label}'s series`).toEqual(
            expect.arrayContaining(seriesOf(c, audience, label)),
          );
        }
      }
    }
    const homeHose = parts(demo).find(({ product }) => product.name.includes('High-Pressure Hose, 10 m'));
    expect(homeHose?.fits).toEqual(['K 2', 'K 3', 'K 4', 'K 5', 'K 6', 'K 7']);
    expect(homeHose?.type).toBe('Hoses');
  });

  it('fits a filter or a spare part to exactly one model, a nozzle to a few neighbouring ones', () => {
    const spares = SPARE_PARTS.map(([, noun]) => noun);
    for (const c of [demo, other, big]) {
      for (const { product, audience, fits, type } of parts(c)) {
        const spare = spares.some((noun) => product.name.endsWith(noun));
        if (spare || /Filter Bags|HEPA Filter|Cartridge Filter/.test(product.name)) {
          expect(fits, product.name).toHaveLength(1);
          expect(type, product.name).toBe('Filters and spare parts');
        }
        if (/Rotary Nozzle|Foam Nozzle|Floor Nozzle|Jet Pipe|Dirt Blaster/.test(product.name)) {
          const series = seriesOf(c, audience, fits[0] ?? '');
          const start = series.indexOf(fits[0] ?? '');
          expect(fits.length, product.name).toBeLessThanOrEqual(4);
          expect(fits.length, product.name).toBeGreaterThanOrEqual(Math.min(2, series.length));
          expect(fits, product.name).toEqual(series.slice(start, start + fits.length));
          expect(type).toBe('Nozzles and lances');
        }
      }
    }
  });

  it('says the same in an accessory’s "Compatible with" as in its fits', () => {
    for (const c of [demo, other, big]) {
      const written = parts(c).filter(({ product }) => product.customAttributes['compatible_with']);
      expect(written.length).toBeGreaterThan(0);
      for (const { product, fits } of written) {
        const text = product.customAttributes['compatible_with'] ?? '';
        for (const label of [fits[0], fits.at(-1)]) expect(text, product.name).toContain(label);
      }
    }
    const homeHose = parts(demo).find(({ product }) => product.name.includes('High-Pressure Hose, 10 m'));
    expect(homeHose?.product.customAttributes['compatible_with']).toBe('K 2 – K 7 pressure washers');
  });

  it('gives a configurable family’s children what their parent fits', () => {
    const bySku = new Map(demo.products.map((p) => [p.sku, p]));
    expect(demo.configurables.length).toBeGreaterThan(0);
    for (const family of demo.configurables) {
      const parent = bySku.get(family.parentSku)?.customAttributes ?? {};
      for (const child of family.childSkus) {
        const own = bySku.get(child)?.customAttributes ?? {};
        for (const code of ['machine_model', 'fits_models', 'accessory_type'])
          expect(own[code], `${child} ${code}`).toBe(parent[code]);
      }
    }
  });

  it('counts for the default demo catalogue and at 10,000 products', () => {
    const links = (c: SeedCatalogue) => parts(c).reduce((n, part) => n + part.fits.length, 0);
    expect(attribute(demo, 'machine_model').options.length).toBeGreaterThan(100);
    expect(links(demo)).toBeGreaterThan(parts(demo).length * 2);
    expect(links(big)).toBeGreaterThan(40_000);
    expect(links(big)).toBeLessThan(80_000);
  });

  it('leaves a part without fits, but with its type, while the catalogue has no machine it could fit', () => {
    const tiny = generateCatalogue({ seed: 5, productCount: 25, brand: BRAND });
    const none = parts(tiny).filter(({ fits }) => fits.length === 0);
    for (const { product, type } of none) {
      expect(product.customAttributes).not.toHaveProperty('fits_models');
      expect(type).toBeDefined();
    }
  });
});
