import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, it, expect } from 'vitest';
import {
  CATALOGUE_DATE,
  DOCUMENTATION_SEPARATOR,
  CONFIGURABLES_FROM,
  DEMO_CONFIGURABLES,
  GIFT_SET_CATEGORY,
  HOME_GARDEN_CATEGORY_ID,
  LIST_SEPARATOR,
  POWER_SOURCES,
  PROFESSIONAL_CATEGORY_ID,
  generateCatalogue,
} from './catalogue.ts';
import { COUNTRIES, US_REGIONS } from '../directory/country-data.ts';
import { writeProductImages } from './images.ts';
import { SUB_CATEGORY_DEFS } from './data/categories.ts';
import { FAMILIES } from './data/families.ts';
import { createRandom, mulberry32, seedFor } from './random.ts';
import type { SeedCatalogue, SeedProduct } from './types.ts';

// Spec §2.
const HOME_GARDEN_CODES = [
  'pressure-washer',
  'wet-dry-vacuum-cleaners',
  'specialized-vacuum',
  'steam-cleaners',
  'push-sweepers',
  'window-vac',
  'hard-floor-cleaners',
  'electric-wiping-mop',
  'garden-tools',
  'drainage-pumps',
  'mobile-cleaning',
  'watering-systems',
  'accessories',
  'detergents',
];
const PROFESSIONAL_CODES = [
  'pressure-washer',
  'vacuum-cleaners',
  'industrial-vacuuming-dedusting-solutions',
  'window-surface-vacuum-cleaners',
  'carpet-upholstery-cleaners',
  'steam-cleaners-steam-vacuum-cleaners',
  'floor-scrubbers-scrubber-dryers',
  'sweepers-vacuum-sweepers',
  'municipal-equipment',
  'vehicle-cleaning-systems',
  'water-reclamation',
  'parts-cleaning',
  'tank-cleaning-systems',
  'air-purifiers',
  'consumables',
  'professional-landscape-management',
  'accessories',
  'detergents',
  'dry-ice-cleaning',
];

const BRAND = 'Clearwater';
const FAMILY_SKUS = new Set(
  DEMO_CONFIGURABLES.flatMap((c) => [c.parentSku, ...c.children.map((child) => child.sku)]),
);
/**
 * The generated simple products only: the generator's invariants are theirs. The configurable families
 * on top of them (seed/configurables.ts) have their own tests (configurables.test.ts).
 */
const simple = (c: SeedCatalogue): SeedCatalogue => ({
  ...c,
  products: c.products.filter((p) => !FAMILY_SKUS.has(p.sku)),
});
const fullSmall = generateCatalogue({ seed: 42, productCount: 250, brand: BRAND });
const small = simple(fullSmall);

const bySku = (c: SeedCatalogue): Map<string, SeedProduct> => new Map(c.products.map((p) => [p.sku, p]));
const sellable = (p: SeedProduct): boolean => p.status === 1 && p.visibility === 4 && p.isInStock;
const subCategory = (c: SeedCatalogue, parentId: number, code: string) =>
  c.categories.find((cat) => cat.parentId === parentId && cat.urlKey === code);

describe('random', () => {
  it('is reproducible and in range', () => {
    const a = mulberry32(1);
    const b = mulberry32(1);
    const xs = Array.from({ length: 100 }, () => a());
    expect(xs).toEqual(Array.from({ length: 100 }, () => b()));
    expect(xs.every((x) => x >= 0 && x < 1)).toBe(true);
    const r = createRandom(5);
    const sample = r.sample(
      Array.from({ length: 1000 }, (_, i) => i),
      10,
    );
    expect(new Set(sample).size).toBe(10);
    expect(r.sample([1, 2, 3], 10).sort()).toEqual([1, 2, 3]);
  });
});

describe('generateCatalogue', () => {
  it('is deterministic: same seed, deep-equal catalogue; other seed, other catalogue', () => {
    expect(generateCatalogue({ seed: 42, productCount: 250, brand: BRAND })).toEqual(fullSmall);
    const other = generateCatalogue({ seed: 43, productCount: 250, brand: BRAND });
    expect(other.products.map((p) => p.name)).not.toEqual(small.products.map((p) => p.name));
  });

  it.each([0, 1, 31, 99, 100, 250, 1000, 1001])(
    'makes exactly %i simple products, and the configurable families on top from 100',
    (count) => {
      const c = generateCatalogue({ seed: 1, productCount: count, brand: BRAND });
      expect(simple(c).products).toHaveLength(count);
      expect(c.products).toHaveLength(count + (count >= CONFIGURABLES_FROM ? FAMILY_SKUS.size : 0));
      expect(c.configurables).toHaveLength(count >= CONFIGURABLES_FROM ? DEMO_CONFIGURABLES.length : 0);
    },
  );

  it('has the fixed roots and audiences', () => {
    const ids = (id: number) => small.categories.find((c) => c.id === id);
    expect(ids(1)).toMatchObject({ parentId: 0, name: 'Root Catalog', urlKey: '' });
    expect(ids(2)).toMatchObject({ parentId: 1, name: 'Default Category', urlKey: '' });
    expect(ids(3)).toMatchObject({ parentId: 2, name: 'Professional', urlKey: 'professional' });
    expect(ids(7)).toMatchObject({ parentId: 2, name: 'Home & Garden', urlKey: 'home-garden' });
    expect(new Set(small.categories.map((c) => c.id)).size).toBe(small.categories.length);
  });

  it('has every spec category code under the right parent, with a readable name', () => {
    for (const [parentId, codes] of [
      [HOME_GARDEN_CATEGORY_ID, HOME_GARDEN_CODES],
      [PROFESSIONAL_CATEGORY_ID, PROFESSIONAL_CODES],
    ] as const) {
      for (const code of codes) {
        const category = subCategory(small, parentId, code);
        expect(category, `${String(parentId)}/${code}`).toBeDefined();
        expect(category?.name).toMatch(/^[A-Z]/);
        expect(category?.name).not.toContain('-');
      }
      expect(small.categories.filter((c) => c.parentId === parentId)).toHaveLength(codes.length);
    }
    expect(subCategory(small, HOME_GARDEN_CATEGORY_ID, 'pressure-washer')?.name).toBe('Pressure Washers');
    expect(subCategory(small, HOME_GARDEN_CATEGORY_ID, 'wet-dry-vacuum-cleaners')?.name).toBe(
      'Wet & Dry Vacuum Cleaners',
    );
    for (const code of ['pressure-washer', 'accessories', 'detergents']) {
      expect(subCategory(small, HOME_GARDEN_CATEGORY_ID, code)?.id).not.toBe(
        subCategory(small, PROFESSIONAL_CATEGORY_ID, code)?.id,
      );
    }
    // Ids 4, 5, 6 are the first Professional sub-categories.
    for (const id of [4, 5, 6]) {
      expect(small.categories.find((c) => c.id === id)?.parentId).toBe(PROFESSIONAL_CATEGORY_ID);
    }
  });

  it('nests three levels below Default Category, with one inactive category and positions from 1', () => {
    const byId = new Map(small.categories.map((c) => [c.id, c]));
    const subIds = new Set(
      small.categories
        .filter((c) => c.parentId === HOME_GARDEN_CATEGORY_ID || c.parentId === PROFESSIONAL_CATEGORY_ID)
        .map((c) => c.id),
    );
    const third = small.categories.filter((c) => subIds.has(c.parentId));
    expect(third.length).toBeGreaterThanOrEqual(3);
    expect(third.length).toBeLessThanOrEqual(7);
    expect(third.every((c) => /^[a-z0-9]+(-[a-z0-9]+)*$/.test(c.urlKey))).toBe(true);
    expect(small.categories.filter((c) => !c.isActive).length).toBeGreaterThanOrEqual(1);
    for (const c of small.categories) if (c.parentId !== 0) expect(byId.has(c.parentId)).toBe(true);
    const siblings = new Map<number, number[]>();
    for (const c of small.categories)
      siblings.set(c.parentId, [...(siblings.get(c.parentId) ?? []), c.position]);
    for (const positions of siblings.values()) {
      expect(positions.sort((a, b) => a - b)).toEqual(positions.map((_, i) => i + 1));
    }
  });

  it('leaves exactly watering-systems empty; every other category but the gift sets has several sellable products', () => {
    const watering = subCategory(small, HOME_GARDEN_CATEGORY_ID, 'watering-systems');
    const counts = new Map<number, { all: number; good: number }>();
    for (const p of small.products) {
      for (const id of p.categoryIds) {
        const entry = counts.get(id) ?? { all: 0, good: 0 };
        entry.all++;
        if (sellable(p)) entry.good++;
        counts.set(id, entry);
      }
    }
    expect(counts.has(watering?.id ?? -1)).toBe(false);
    for (const c of small.categories) {
      if (c.id <= 3 || c.id === HOME_GARDEN_CATEGORY_ID || c.id === watering?.id) continue;
      if (c.id === GIFT_SET_CATEGORY.id) continue;
      expect(counts.get(c.id)?.good ?? 0, c.urlKey).toBeGreaterThanOrEqual(4);
    }
  });

  it('puts each product in one sub-category and, when in a third-level category, in its parent too', () => {
    const byId = new Map(small.categories.map((c) => [c.id, c]));
    for (const p of small.products) {
      const cats = p.categoryIds.map((id) => byId.get(id));
      const subs = cats.filter(
        (c) => c?.parentId === HOME_GARDEN_CATEGORY_ID || c?.parentId === PROFESSIONAL_CATEGORY_ID,
      );
      expect(subs).toHaveLength(1);
      for (const c of cats) if (c && c !== subs[0]) expect(c.parentId).toBe(subs[0]?.id);
    }
  });

  it('has unique skus and url keys in the right formats', () => {
    for (const c of [small, simple(generateCatalogue({ seed: 3, productCount: 10_000, brand: BRAND }))]) {
      const skus = c.products.map((p) => p.sku);
      const keys = c.products.map((p) => p.customAttributes['url_key']);
      expect(new Set(skus).size).toBe(skus.length);
      expect(new Set(keys).size).toBe(keys.length);
      expect(skus.every((s) => /^(HG|PRO)-[A-Z]{2}-\d{5,}$/.test(s))).toBe(true);
      expect(keys.every((k) => k !== undefined && /^[a-z0-9]+(-[a-z0-9]+)*$/.test(k))).toBe(true);
    }
  });

  it('uses no real brand names', () => {
    const text = JSON.stringify(small);
    expect(text).not.toMatch(/k(ä|a)rcher|nilfisk|bosch|makita|dyson|numatic|hako|tennant|vax\b/i);
    expect(small.products.every((p) => p.name.startsWith(`${BRAND} `))).toBe(true);
  });

  it('prices: list_price mirrors price, sales_price is excl VAT, some products have no list_price', () => {
    let withoutList = 0;
    for (const p of small.products) {
      const a = p.customAttributes;
      expect(Number.isFinite(p.price) && p.price > 0).toBe(true);
      expect(Math.round(p.price * 100)).toBeCloseTo(p.price * 100, 6);
      if (a['list_price'] === undefined) withoutList++;
      else expect(a['list_price']).toBe(p.price.toFixed(2));
      expect(a['sales_price']).toMatch(/^\d+\.\d\d$/);
      expect(Math.abs(Number(a['sales_price']) - p.price / 1.2)).toBeLessThanOrEqual(0.0051);
      if (a['full_list_price'] !== undefined) {
        expect(Number(a['full_list_price'])).toBeGreaterThan(p.price);
        expect(a['sale_price']).toBe(p.price.toFixed(2));
      }
    }
    expect(withoutList / small.products.length).toBeGreaterThan(0.15);
    expect(withoutList / small.products.length).toBeLessThan(0.45);
  });

  it('joins list attributes with &&!&& and formats documentation as title::url', () => {
    const machines = small.products.filter((p) =>
      p.customAttributes['equipmentAttr']?.includes(LIST_SEPARATOR),
    );
    expect(machines.length).toBeGreaterThan(100);
    for (const p of small.products) {
      for (const code of ['equipmentAttr', 'applications_attrib']) {
        const value = p.customAttributes[code];
        if (value === undefined) continue;
        expect(value.split(LIST_SEPARATOR).every((item) => item.trim().length > 0)).toBe(true);
      }
      const docs = Object.keys(p.customAttributes).filter((k) => k.startsWith('documentationAttr'));
      expect(docs.length).toBeLessThanOrEqual(3);
      expect(docs.sort()).toEqual(docs.map((_, i) => `documentationAttr${String(i + 1)}`));
      for (const k of docs) {
        const [title, url] = (p.customAttributes[k] ?? '').split(DOCUMENTATION_SEPARATOR);
        expect(title).toMatch(/^[A-Z]/);
        expect(url).toMatch(/^https:\/\/docs\.example\.com\/\S+\.pdf$/);
      }
    }
  });

  it('has technical data, with some empty rows, and attributes for every code used', () => {
    const technical = small.attributes.filter((a) => a.isTechnical);
    expect(technical.length).toBeGreaterThanOrEqual(25);
    expect(technical.length).toBeLessThanOrEqual(40);
    expect(technical.every((a) => /^[a-z][a-z0-9_]*$/.test(a.code) && !a.label.endsWith(':'))).toBe(true);
    expect(technical.every((a) => a.isUserDefined)).toBe(true);
    const codes = new Set(small.attributes.map((a) => a.code));
    for (const code of [
      'name',
      'sku',
      'price',
      'status',
      'visibility',
      'weight',
      'url_key',
      'description',
      'short_description',
      'image',
      'small_image',
      'thumbnail',
      'supplier_code',
      'list_price',
      'sales_price',
      'sale_price',
      'full_list_price',
      'full_sale_price',
      'equipmentAttr',
      'applications_attrib',
      'documentationAttr1',
      'documentationAttr10',
    ]) {
      expect(codes.has(code), code).toBe(true);
    }
    const techCodes = new Set(technical.map((a) => a.code));
    let empty = 0;
    for (const p of small.products) {
      for (const k of Object.keys(p.customAttributes)) expect(codes.has(k), k).toBe(true);
      const rows = Object.keys(p.customAttributes).filter((k) => techCodes.has(k) && k !== 'power_source');
      expect(rows.length).toBeGreaterThanOrEqual(2);
      expect(rows.length).toBeLessThanOrEqual(12);
      empty += rows.filter((k) => p.customAttributes[k] === '').length;
      expect(p.customAttributes['supplier_code']).toMatch(/^\d\.\d{3}-\d{3}\.\d$/);
      expect(p.customAttributes['short_description']).not.toMatch(/</);
    }
    expect(empty).toBeGreaterThan(0);
  });

  it('has images with dispersion paths, roles on the first, and matching image attributes', () => {
    for (const p of small.products) {
      expect(p.images.length).toBeGreaterThanOrEqual(2);
      expect(p.images.length).toBeLessThanOrEqual(5);
      p.images.forEach((image, i) => {
        expect(image.position).toBe(i + 1);
        expect(image.types).toEqual(i === 0 ? ['image', 'small_image', 'thumbnail'] : []);
        const name = image.file.split('/').pop() ?? '';
        expect(image.file).toBe(`/${name.charAt(0)}/${name.charAt(1)}/${name}`);
        expect(name.startsWith(`${p.sku.toLowerCase()}-`)).toBe(true);
        expect(image.label).toBe(`${p.name} view ${String(i + 1)}`);
        expect(image.colour).toMatch(/^#[0-9a-f]{6}$/);
      });
      expect(p.customAttributes['image']).toBe(p.images[0]?.file);
      expect(p.customAttributes['thumbnail']).toBe(p.images[0]?.file);
    }
  });

  it('links resolve to other existing products of the right kind', () => {
    const skus = bySku(small);
    const categoryOf = (p: SeedProduct) => p.categoryIds[0];
    const codeOf = new Map(small.categories.map((c) => [c.id, c.urlKey]));
    const audienceOf = (p: SeedProduct) => p.sku.split('-')[0];
    for (const p of small.products) {
      const byType = (t: string) => p.links.filter((l) => l.linkType === t);
      for (const t of ['related', 'upsell', 'crosssell']) {
        expect(byType(t).map((l) => l.position)).toEqual(byType(t).map((_, i) => i + 1));
      }
      for (const link of p.links) {
        const linked = skus.get(link.linkedSku);
        expect(linked, link.linkedSku).toBeDefined();
        expect(link.linkedSku).not.toBe(p.sku);
        if (!linked) continue;
        expect(audienceOf(linked)).toBe(audienceOf(p));
        if (link.linkType === 'related') expect(categoryOf(linked)).toBe(categoryOf(p));
        if (link.linkType === 'upsell') expect(codeOf.get(categoryOf(linked) ?? 0)).toBe('detergents');
        if (link.linkType === 'crosssell') expect(codeOf.get(categoryOf(linked) ?? 0)).toBe('accessories');
      }
      const code = codeOf.get(categoryOf(p) ?? 0) ?? '';
      if (code === 'pressure-washer') {
        expect(byType('crosssell').length).toBeGreaterThanOrEqual(2);
        expect(byType('crosssell').length).toBeLessThanOrEqual(4);
        expect(byType('upsell').length).toBeGreaterThanOrEqual(1);
        expect(byType('upsell').length).toBeLessThanOrEqual(3);
        expect(byType('related').length).toBeGreaterThanOrEqual(2);
      }
      if (code === 'detergents' || code === 'accessories') {
        expect(byType('crosssell')).toHaveLength(0);
        expect(byType('related').length).toBeGreaterThanOrEqual(1);
        expect(byType('related').length).toBeLessThanOrEqual(3);
      }
    }
  });

  it('generates 10,000 products with realistic proportions and a bounded image pool', () => {
    const big = simple(generateCatalogue({ seed: 9, productCount: 10_000, brand: BRAND }));
    const n = big.products.length;
    expect(n).toBe(10_000);
    const share = (f: (p: SeedProduct) => boolean) => big.products.filter(f).length / n;
    expect(share((p) => p.status === 2)).toBeGreaterThan(0.02);
    expect(share((p) => p.status === 2)).toBeLessThan(0.07);
    expect(share((p) => !p.isInStock && p.qty === 0)).toBeGreaterThan(0.03);
    expect(share((p) => !p.isInStock && p.qty === 0)).toBeLessThan(0.1);
    expect(share((p) => p.visibility === 1)).toBeGreaterThan(0.005);
    expect(share((p) => p.visibility === 1)).toBeLessThan(0.04);
    expect(share((p) => p.customAttributes['list_price'] === undefined)).toBeGreaterThan(0.25);
    expect(share((p) => p.customAttributes['list_price'] === undefined)).toBeLessThan(0.35);
    const unsafe = share((p) =>
      /<script|onerror=|javascript:|<iframe|onclick=/i.test(p.customAttributes['description'] ?? ''),
    );
    expect(unsafe).toBeGreaterThan(0.01);
    expect(unsafe).toBeLessThan(0.04);
    const files = new Set(big.products.flatMap((p) => p.images.map((i) => i.file)));
    expect(files.size).toBeLessThanOrEqual(200);
    const links = bySku(big);
    expect(big.products.every((p) => p.links.every((l) => links.has(l.linkedSku)))).toBe(true);
  });
});

const NUMERIC_FILTERS = [
  'max_pressure_bar',
  'flow_rate_lh',
  'power_w',
  'weight_kg',
  'cable_length_m',
  'tank_capacity_l',
  'working_width_mm',
  'sound_pressure_db',
];
const SELECTS = [
  'voltage_v',
  'filter_class',
  'colour',
  'material',
  'power_source',
  'volume',
  'kit',
  'machine_model',
  'accessory_type',
];
const attribute = (c: SeedCatalogue, code: string) => {
  const found = c.attributes.find((a) => a.code === code);
  if (!found) throw new Error(`no attribute ${code}`);
  return found;
};
/** The role of the product's family (machine, accessory, detergent), from its sub-category. */
const roleOf = (p: SeedProduct) => {
  const def = SUB_CATEGORY_DEFS.find((d) => p.categoryIds.includes(d.id));
  if (!def) throw new Error(`${p.sku} has no sub-category`);
  return FAMILIES[def.family].role;
};
const big = simple(generateCatalogue({ seed: 9, productCount: 10_000, brand: BRAND }));

describe('layered navigation metadata', () => {
  it('makes the numeric filters decimal and filterable, pressure_bar stays a text range', () => {
    for (const code of NUMERIC_FILTERS) {
      expect(attribute(small, code), code).toMatchObject({
        frontendInput: 'text',
        backendType: 'decimal',
        isFilterable: 1,
        isComparable: true,
      });
    }
    expect(attribute(small, 'pressure_bar')).toMatchObject({
      frontendInput: 'text',
      backendType: 'varchar',
      isFilterable: 0,
      isFilterableInSearch: false,
    });
    expect(attribute(small, 'frequency_hz').backendType).toBe('varchar');
    expect(attribute(small, 'vacuum_mbar')).toMatchObject({ backendType: 'decimal', isFilterable: 0 });
  });

  it('has the select attributes with their options, filterable as a shop sets them', () => {
    for (const code of SELECTS) {
      expect(attribute(small, code), code).toMatchObject({
        frontendInput: 'select',
        backendType: 'int',
        isUserDefined: true,
      });
    }
    expect(attribute(small, 'power_source')).toMatchObject({ label: 'Power source', isFilterable: 2 });
    expect(attribute(small, 'voltage_v').isFilterable).toBe(1);
    expect(attribute(small, 'filter_class').isFilterable).toBe(1);
    expect(attribute(small, 'colour').isFilterable).toBe(1);
    expect(attribute(small, 'material').isFilterable).toBe(0);
    expect(attribute(small, 'volume')).toMatchObject({
      label: 'Volume',
      isFilterable: 1,
      isComparable: true,
    });
    expect(attribute(small, 'kit')).toMatchObject({ label: 'Kit', isFilterable: 1, isComparable: true });
    expect(attribute(small, 'volume').options.map((o) => o.label)).toEqual([
      '1 l',
      '2.5 l',
      '5 l',
      '10 l',
      '20 l',
    ]);
    expect(attribute(small, 'kit').options.map((o) => o.label)).toEqual([
      'Standard',
      'Home kit',
      'Premium kit',
    ]);
    expect(attribute(small, 'power_source').options.map((o) => o.label)).toEqual([...POWER_SOURCES]);
    expect(attribute(small, 'voltage_v').options.map((o) => o.label)).toEqual(['220 - 240', '230', '400']);
    const ids = small.attributes.flatMap((a) => a.options.map((o) => o.id));
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.every((id) => Number.isInteger(id) && id > 0)).toBe(true);
    for (const a of small.attributes)
      if (!SELECTS.includes(a.code) && a.code !== 'fits_models') expect(a.options, a.code).toEqual([]);
  });

  it('sorts by name, price and the key figures; price filters first, then power source', () => {
    expect(
      small.attributes
        .filter((a) => a.usedForSortBy)
        .map((a) => a.code)
        .sort(),
    ).toEqual(['max_pressure_bar', 'name', 'power_w', 'price', 'sound_pressure_db', 'weight_kg']);
    expect(attribute(small, 'price')).toMatchObject({
      isFilterable: 1,
      isFilterableInSearch: true,
      position: 1,
    });
    expect(attribute(small, 'power_source').position).toBe(2);
    const filters = small.attributes.filter((a) => a.isFilterable > 0);
    expect(filters.map((a) => a.position).sort((a, b) => a - b)).toEqual(filters.map((_, i) => i + 1));
    for (const a of small.attributes) {
      if (a.isFilterable === 0) expect(a.position, a.code).toBe(0);
      expect(a.isComparable, a.code).toBe(
        a.isTechnical ||
          ['equipmentAttr', 'applications_attrib', 'volume', 'kit', 'machine_model'].includes(a.code),
      );
    }
    expect(attribute(small, 'power_source').isComparable).toBe(true);
  });
});

describe('search metadata', () => {
  const codes = (keep: (a: SeedCatalogue['attributes'][number]) => boolean) =>
    small.attributes
      .filter(keep)
      .map((a) => a.code)
      .sort();

  it('searches the names, sku, model number and key technical values, not the prose, prices or lists', () => {
    expect(codes((a) => a.isSearchable)).toEqual(
      [
        'name',
        'sku',
        'supplier_code',
        'power_source',
        'filter_class',
        'material',
        'colour',
        'voltage_v',
        'max_pressure_bar',
        'power_w',
        'tank_capacity_l',
        'working_width_mm',
        'battery_voltage_v',
        'container_size',
        'compatible_with',
        'machine_model',
        'fits_models',
      ].sort(),
    );
    for (const code of ['description', 'short_description', 'price', 'list_price', 'equipmentAttr']) {
      expect(attribute(small, code).isSearchable, code).toBe(false);
    }
    expect(attribute(small, 'documentationAttr1').isSearchable).toBe(false);
  });

  it('offers a few of the layered-navigation filters on search results too', () => {
    expect(codes((a) => a.isFilterableInSearch)).toEqual(
      [
        'price',
        'power_source',
        'max_pressure_bar',
        'power_w',
        'filter_class',
        'colour',
        'tank_capacity_l',
        'weight_kg',
      ].sort(),
    );
    for (const a of small.attributes)
      if (a.isFilterableInSearch) expect(a.isFilterable, a.code).toBeGreaterThan(0);
    expect(attribute(small, 'flow_rate_lh')).toMatchObject({ isFilterable: 1, isFilterableInSearch: false });
  });

  it('is the same for every seed and size', () => {
    const strip = (c: SeedCatalogue) =>
      c.attributes.map(({ code, isSearchable, isFilterableInSearch }) => [
        code,
        isSearchable,
        isFilterableInSearch,
      ]);
    expect(strip(big)).toEqual(strip(small));
  });
});

describe('product values for layered navigation', () => {
  it('stores select values as option ids whose labels exist; never an empty select', () => {
    for (const c of [fullSmall, big]) {
      // The variant attributes are the configurable families' children's only.
      for (const code of c === big ? SELECTS.filter((s) => s !== 'volume' && s !== 'kit') : SELECTS) {
        const ids = new Set(attribute(c, code).options.map((o) => String(o.id)));
        const values = c.products.flatMap((p) => p.customAttributes[code] ?? []);
        expect(values.length, code).toBeGreaterThan(0);
        expect(
          values.filter((v) => !ids.has(v)),
          code,
        ).toEqual([]);
      }
    }
  });

  it('gives machines, and only machines, a power source that fits the machine', () => {
    const label = new Map(attribute(big, 'power_source').options.map((o) => [String(o.id), o.label]));
    const source = (p: SeedProduct) => label.get(p.customAttributes['power_source'] ?? '');
    const counts = new Map<string, number>();
    for (const p of big.products) {
      const machine = roleOf(p) === 'machine';
      expect(p.customAttributes['power_source'] !== undefined, p.sku).toBe(machine);
      if (!machine) continue;
      const found = source(p) ?? 'none';
      counts.set(found, (counts.get(found) ?? 0) + 1);
      if (/\b(Battery|Cordless)\b/.test(p.name)) expect(found, p.name).toBe('Battery');
      if (p.name.includes('Window Vac')) expect(found, p.name).toBe('Battery');
      if (p.name.includes('Push Sweeper')) expect(found, p.name).toBe('Manual');
      if (found === 'Petrol' || found === 'Diesel') expect(p.sku, p.name).toMatch(/^PRO-/);
    }
    for (const s of POWER_SOURCES) expect(counts.get(s) ?? 0, s).toBeGreaterThan(50);
    expect(counts.get('Mains electric') ?? 0).toBeGreaterThan(counts.get('Petrol') ?? 0);
  });

  it('has about 1 % of the numeric filter values malformed as data entry goes', () => {
    let values = 0;
    const malformed: string[] = [];
    for (const p of big.products) {
      for (const code of NUMERIC_FILTERS) {
        const value = p.customAttributes[code];
        if (value === undefined || value === '') continue;
        values++;
        if (!/^\d+(\.\d+)?$/.test(value)) malformed.push(value);
      }
    }
    expect(malformed.length / values).toBeGreaterThan(0.005);
    expect(malformed.length / values).toBeLessThan(0.015);
    expect(malformed).toContain('see data sheet');
    expect(malformed.some((v) => /^approx\. \d/.test(v))).toBe(true);
    expect(malformed.some((v) => /^\d+,\d+$/.test(v))).toBe(true);
  });

  it('spreads created_at over the two years before the catalogue date; updated_at is never earlier', () => {
    const format = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/;
    const time = (text: string) => Date.parse(`${text.replace(' ', 'T')}Z`);
    const created = big.products.map((p) => time(p.createdAt));
    for (const p of big.products) {
      expect(p.createdAt).toMatch(format);
      expect(p.updatedAt).toMatch(format);
      expect(time(p.updatedAt), p.sku).toBeGreaterThanOrEqual(time(p.createdAt));
      expect(time(p.updatedAt), p.sku).toBeLessThanOrEqual(CATALOGUE_DATE);
    }
    const day = 86_400_000;
    expect(Math.min(...created)).toBeGreaterThanOrEqual(CATALOGUE_DATE - 731 * day);
    expect(Math.max(...created)).toBeLessThan(CATALOGUE_DATE);
    expect(Math.max(...created) - Math.min(...created)).toBeGreaterThan(700 * day);
    // Spread, not clustered: each quarter of the two years holds a fair share.
    for (let q = 0; q < 8; q++) {
      const from = CATALOGUE_DATE - (q + 1) * 91.25 * day;
      const share = created.filter((t) => t >= from && t < from + 91.25 * day).length / created.length;
      expect(share, `quarter ${String(q)}`).toBeGreaterThan(0.08);
    }
    expect(new Set(big.products.map((p) => p.createdAt)).size).toBeGreaterThan(9_900);
    expect(big.products.some((p) => p.updatedAt !== p.createdAt)).toBe(true);
  });

  it('orders every category 1..n like a merchandiser: featured sellable products first, not by name or sku', () => {
    for (const c of [small, big]) {
      const members = new Map<number, SeedProduct[]>();
      for (const p of c.products) {
        expect(Object.keys(p.categoryPositions).map(Number).sort()).toEqual([...p.categoryIds].sort());
        for (const id of p.categoryIds) members.set(id, [...(members.get(id) ?? []), p]);
      }
      for (const [id, products] of members) {
        const ordered = [...products].sort(
          (a, b) => (a.categoryPositions[id] ?? 0) - (b.categoryPositions[id] ?? 0),
        );
        expect(
          ordered.map((p) => p.categoryPositions[id]),
          String(id),
        ).toEqual(ordered.map((_, i) => i + 1));
        expect(sellable(ordered[0] as SeedProduct), String(id)).toBe(true);
        if (products.length < 8) continue;
        const skus = ordered.map((p) => p.sku);
        expect(skus, String(id)).not.toEqual([...skus].sort());
        const names = ordered.map((p) => p.name);
        expect(names, String(id)).not.toEqual([...names].sort());
        // What a shopper can buy comes before what they cannot.
        const firstUnsellable = ordered.findIndex((p) => !sellable(p));
        if (firstUnsellable >= 0)
          expect(ordered.slice(firstUnsellable).every((p) => !sellable(p))).toBe(true);
      }
    }
  });

  it.each([25, 120, 250, 1001, 10_000])(
    'holds exactly one sellable window vac in the gift sets at %i products',
    (count) => {
      const c =
        count === 10_000 ? big : simple(generateCatalogue({ seed: 5, productCount: count, brand: BRAND }));
      const category = c.categories.find((cat) => cat.id === GIFT_SET_CATEGORY.id);
      expect(category).toMatchObject({
        parentId: 29,
        urlKey: 'wv-gift-sets',
        name: 'WV Gift Sets',
        isActive: true,
      });
      const inside = c.products.filter((p) => p.categoryIds.includes(GIFT_SET_CATEGORY.id));
      expect(inside).toHaveLength(1);
      const [gift] = inside as [SeedProduct];
      expect(sellable(gift)).toBe(true);
      expect(gift.categoryIds).toContain(GIFT_SET_CATEGORY.parentId);
      expect(gift.name).toContain('Window Vac');
      expect(gift.categoryPositions[GIFT_SET_CATEGORY.id]).toBe(1);
    },
  );

  it('leaves the gift sets empty only while there is no window vac at all (below 25 products)', () => {
    const tiny = generateCatalogue({ seed: 5, productCount: 24, brand: BRAND });
    expect(tiny.products.some((p) => p.categoryIds.includes(29))).toBe(false);
    expect(tiny.products.some((p) => p.categoryIds.includes(GIFT_SET_CATEGORY.id))).toBe(false);
  });

  it('draws the additions from their own streams: the main stream’s values are unchanged', () => {
    // Fingerprint of every value drawn from the main stream (selects read back as labels, numeric
    // filters left out as some are malformed on purpose), as generated before the additions existed:
    // without the attributes added since, and `compatible_with`, which seed/fits.ts rewrites from the fits.
    const ADDED_LATER = ['power_source', 'machine_model', 'fits_models', 'accessory_type', 'compatible_with'];
    const labels = new Map(
      small.attributes.map((a) => [a.code, new Map(a.options.map((o) => [String(o.id), o.label]))]),
    );
    const rows = small.products.map((p) => [
      p.sku,
      p.name,
      p.price,
      p.status,
      p.visibility,
      p.weight,
      p.qty,
      p.isInStock,
      p.categoryIds.filter((id) => id !== GIFT_SET_CATEGORY.id),
      p.images,
      p.links,
      Object.fromEntries(
        Object.entries(p.customAttributes)
          .filter(
            ([code, value]) => !ADDED_LATER.includes(code) && !NUMERIC_FILTERS.includes(code) && value !== '',
          )
          .map(([code, value]) => [code, labels.get(code)?.get(value) ?? value]),
      ),
    ]);
    expect(createHash('sha256').update(JSON.stringify(rows)).digest('hex').slice(0, 16)).toBe(
      '6d4fb3939dc1335b',
    );
    expect(seedFor(42, 'product:HG-PW-00001')).not.toBe(seedFor(43, 'product:HG-PW-00001'));
  });

  it('is deterministic in the additions too, and another seed merchandises differently', () => {
    const again = generateCatalogue({ seed: 42, productCount: 250, brand: BRAND });
    expect(again.products.map((p) => [p.createdAt, p.updatedAt, p.categoryPositions])).toEqual(
      fullSmall.products.map((p) => [p.createdAt, p.updatedAt, p.categoryPositions]),
    );
    const other = generateCatalogue({ seed: 43, productCount: 250, brand: BRAND });
    expect(other.products.map((p) => p.createdAt)).not.toEqual(small.products.map((p) => p.createdAt));
  });
});

describe('writeProductImages', () => {
  it('writes each distinct file once as a 1000 × 1000 JPEG and skips existing files', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'seed-images-'));
    try {
      const catalogue = { ...small, products: small.products.slice(0, 2) };
      const files = new Set(catalogue.products.flatMap((p) => p.images.map((i) => i.file)));
      expect(await writeProductImages(catalogue, dir, { concurrency: 2 })).toBe(files.size);
      const first = catalogue.products[0]?.images[0]?.file ?? '';
      const meta = await sharp(join(dir, 'catalog', 'product', first)).metadata();
      expect(meta).toMatchObject({ format: 'jpeg', width: 1000, height: 1000 });
      expect(await writeProductImages(catalogue, dir)).toBe(0);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('countries', () => {
  it('lists the ISO countries with alpha-3 codes and the 65 US regions', () => {
    expect(COUNTRIES.length).toBeGreaterThanOrEqual(245);
    expect(new Set(COUNTRIES.map((c) => c.id)).size).toBe(COUNTRIES.length);
    expect(COUNTRIES.every((c) => /^[A-Z]{2}$/.test(c.id) && /^[A-Z]{3}$/.test(c.iso3) && c.name)).toBe(true);
    expect(COUNTRIES.find((c) => c.id === 'GB')).toEqual({ id: 'GB', iso3: 'GBR', name: 'United Kingdom' });
    expect(COUNTRIES.find((c) => c.id === 'US')).toEqual({ id: 'US', iso3: 'USA', name: 'United States' });
    expect(US_REGIONS).toHaveLength(65);
    expect(US_REGIONS[0]).toEqual({ id: '1', code: 'AL', name: 'Alabama' });
    expect(US_REGIONS[64]).toEqual({ id: '65', code: 'WY', name: 'Wyoming' });
  });
});
