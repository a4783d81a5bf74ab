import { describe, expect, it } from 'vitest';
import { attributeLookup, toAttribute } from '../../src/catalogue/attributes.ts';
import { toAudiences } from '../../src/catalogue/category-tree.ts';
import { toProduct } from '../../src/catalogue/map.ts';
import { exclVat, formatPrice, lineTotal, parsePrice } from '../../src/catalogue/money.ts';
import { sanitizeDescription } from '../../src/catalogue/sanitize.ts';
import type { CatalogueAttribute } from '../../src/catalogue/types.ts';
import {
  magentoAttribute,
  magentoAttributeOptions,
  magentoCategoryTree,
  magentoProduct,
} from '../../src/magento/wire/catalogue.ts';

const attribute = (
  code: string,
  label: string,
  options: CatalogueAttribute['options'] = [],
): CatalogueAttribute => ({
  id: '',
  code,
  label,
  input: options.length > 0 ? 'select' : 'text',
  backendType: options.length > 0 ? 'int' : 'varchar',
  filterable: false,
  sortable: false,
  comparable: false,
  searchable: false,
  filterableInSearch: false,
  searchWeight: null,
  position: 0,
  options,
});

const wire = (overrides: Record<string, unknown> = {}) =>
  magentoProduct.parse({
    id: '101',
    sku: 'PW-1',
    name: ' Compact Pressure Washer ',
    price: 149.99,
    status: 1,
    visibility: 4,
    extension_attributes: {
      category_links: [{ category_id: '24', position: 0 }],
      stock_item: { qty: 3, is_in_stock: true },
    },
    product_links: [
      { sku: 'PW-1', link_type: 'related', linked_product_sku: 'B', position: 2 },
      { sku: 'PW-1', link_type: 'related', linked_product_sku: 'A', position: 1 },
      { sku: 'PW-1', link_type: 'upsell', linked_product_sku: 'DET', position: 1 },
      { sku: 'PW-1', link_type: 'crosssell', linked_product_sku: 'ACC', position: 1 },
    ],
    media_gallery_entries: [
      { id: 2, file: '/p/w/pw-2.jpg', position: 2, types: [], label: null },
      { id: 1, file: '/p/w/pw-1.jpg', position: 1, types: ['thumbnail'], label: 'Front' },
      { id: 3, file: '/p/w/pw-3.jpg', position: 3, types: [], disabled: true },
    ],
    custom_attributes: [
      { attribute_code: 'url_key', value: 'compact-pressure-washer' },
      { attribute_code: 'list_price', value: '149.990000' },
      { attribute_code: 'sales_price', value: '124.99' },
      { attribute_code: 'supplier_code', value: '1.673-600.0' },
      { attribute_code: 'thumbnail', value: '/p/w/pw-1.jpg' },
      { attribute_code: 'equipmentAttr', value: 'Trigger gun&&!&&Hose, 6 m&&!&&' },
      { attribute_code: 'applications_attrib', value: 'Patios' },
      { attribute_code: 'documentationAttr1', value: 'Manual::https://docs.example.com/m.pdf' },
      { attribute_code: 'documentationAttr2', value: 'Bad::javascript:alert(1)' },
      { attribute_code: 'weight_kg ', value: '11.5' },
      { attribute_code: 'voltage_v', value: '' },
      { attribute_code: 'unlabelled_code', value: 'x' },
      {
        attribute_code: 'description',
        value: '<p>Good</p><script>alert(1)</script><img src=x onerror="alert(1)">',
      },
      { attribute_code: 'short_description', value: 'Small <b>and</b> strong.' },
      { attribute_code: 'category_ids', value: ['24'] },
    ],
    ...overrides,
  });

const labels = attributeLookup([
  attribute('weight_kg', 'Weight (kg)'),
  attribute('voltage_v', 'Voltage (V)'),
]);

describe('toProduct', () => {
  it('maps prices with pence, stock, model, lists and links in position order', () => {
    const product = toProduct(wire(), labels);
    expect(product).toMatchObject({
      id: 101,
      name: 'Compact Pressure Washer',
      urlKey: 'compact-pressure-washer',
      priceInclVat: 149.99,
      priceExclVat: 124.99,
      listPrice: 149.99,
      inStock: true,
      modelNumber: '1.673-600.0',
      equipment: ['Trigger gun', 'Hose, 6 m'],
      applications: ['Patios'],
      documents: [{ title: 'Manual', url: 'https://docs.example.com/m.pdf' }],
      links: { related: ['A', 'B'], upsell: ['DET'], crosssell: ['ACC'] },
      categoryIds: [24],
      shortDescription: 'Small and strong.',
    });
  });

  it('reads the shipping weight from Magento’s top-level weight; none when it is absent, null or negative', () => {
    expect(toProduct(wire({ weight: 28.5 }), labels).weight).toBe(28.5);
    expect(toProduct(wire(), labels).weight).toBeNull();
    expect(toProduct(wire({ weight: null }), labels).weight).toBeNull();
    expect(toProduct(wire({ weight: -1 }), labels).weight).toBeNull();
  });

  it('orders the gallery by position, drops disabled images and picks the thumbnail', () => {
    const product = toProduct(wire(), labels);
    expect(product.images.map((image) => image.file)).toEqual(['/p/w/pw-1.jpg', '/p/w/pw-2.jpg']);
    expect(product.thumbnail?.file).toBe('/p/w/pw-1.jpg');
    expect(product.images[1]?.label).toBe('Compact Pressure Washer');
  });

  it('labels technical data from metadata, trims codes and hides empty or unlabelled rows', () => {
    expect(toProduct(wire(), labels).technicalData).toEqual([
      { code: 'weight_kg', label: 'Weight (kg)', value: '11.5' },
    ]);
  });

  it('sanitises the description', () => {
    const { description } = toProduct(wire(), labels);
    expect(description).toContain('<p>Good</p>');
    expect(description).not.toMatch(/script|onerror|alert/);
  });

  it('is unavailable when out of stock or disabled, and hides a zero price', () => {
    expect(
      toProduct(wire({ extension_attributes: { stock_item: { qty: 0, is_in_stock: false } } }), labels)
        .inStock,
    ).toBe(false);
    expect(toProduct(wire({ status: 2 }), labels).inStock).toBe(false);
    const free = toProduct(
      wire({
        price: 0,
        custom_attributes: [
          { attribute_code: 'url_key', value: 'x' },
          { attribute_code: 'list_price', value: '0' },
        ],
      }),
      labels,
    );
    expect(free.priceInclVat).toBeNull();
    expect(free.priceExclVat).toBeNull();
    expect(free.listPrice).toBeNull();
  });

  it('shows select and multiselect values as their option labels, and keeps an unknown option id', () => {
    const lookup = attributeLookup([
      attribute('power_source', 'Power source', [
        { id: '51', label: 'Mains electric' },
        { id: '52', label: 'Battery' },
      ]),
    ]);
    const valued = (value: string) =>
      toProduct(
        wire({
          custom_attributes: [
            { attribute_code: 'url_key', value: 'x' },
            { attribute_code: 'power_source', value },
          ],
        }),
        lookup,
      ).technicalData;
    expect(valued('52')).toEqual([{ code: 'power_source', label: 'Power source', value: 'Battery' }]);
    expect(valued('51,52')[0]?.value).toBe('Mains electric, Battery');
    expect(valued('99')[0]?.value).toBe('99');
  });

  it("keeps a select attribute's option id by code, what makes a child a variant of its parent", () => {
    const lookup = attributeLookup([
      attribute('volume', 'Volume', [
        { id: '211', label: '1 l' },
        { id: '212', label: '5 l' },
      ]),
      attribute('weight_kg', 'Weight (kg)'),
    ]);
    const valued = (volume: string) =>
      toProduct(
        wire({
          custom_attributes: [
            { attribute_code: 'url_key', value: 'x' },
            { attribute_code: 'volume', value: volume },
            { attribute_code: 'weight_kg', value: '2' },
          ],
        }),
        lookup,
      ).optionValues;
    expect(valued('212')).toEqual({ volume: '212' });
    // An id the attribute has no option for is not a value a picker could show.
    expect(valued('999')).toEqual({});
  });

  it('keeps when the product was created, for "newest first"', () => {
    expect(toProduct(wire({ created_at: '2025-03-04 10:11:12' }), labels).createdAt).toBe(
      '2025-03-04 10:11:12',
    );
  });

  it('falls back to the product price and the computed VAT-exclusive price without list or sales price', () => {
    const product = toProduct(
      wire({ custom_attributes: [{ attribute_code: 'url_key', value: 'x' }] }),
      labels,
    );
    expect(product.priceInclVat).toBe(149.99);
    expect(product.priceExclVat).toBe(124.99);
    expect(product.listPrice).toBeNull();
  });
});

/** An attribute as Magento's `GET /V1/products/attributes` item, through the wire schema. */
const wireAttribute = (overrides: Record<string, unknown> = {}) =>
  magentoAttribute.parse({
    attribute_id: 142,
    attribute_code: 'colour ',
    default_frontend_label: ' Colour ',
    frontend_input: 'select',
    backend_type: 'int',
    is_user_defined: true,
    is_filterable: true,
    used_for_sort_by: false,
    is_comparable: '1',
    position: 13,
    ...overrides,
  });

describe('toAttribute', () => {
  it('maps the flags, label and options, without the empty option', () => {
    const options = magentoAttributeOptions.parse([
      { label: ' ', value: '' },
      { label: 'Yellow ', value: '30' },
      { label: 'Anthracite', value: 31 },
    ]);
    expect(
      toAttribute(wireAttribute({ is_searchable: '1', is_filterable_in_search: true }), options),
    ).toEqual({
      id: '142',
      code: 'colour',
      label: 'Colour',
      input: 'select',
      backendType: 'int',
      filterable: true,
      sortable: false,
      comparable: true,
      searchable: true,
      filterableInSearch: true,
      searchWeight: null,
      position: 13,
      options: [
        { id: '30', label: 'Yellow' },
        { id: '31', label: 'Anthracite' },
      ],
    });
  });

  it('reads is_searchable and is_filterable_in_search as Magento types them, or as 0/1, true/false', () => {
    const flags = (overrides: Record<string, unknown>) => {
      const { searchable, filterableInSearch } = toAttribute(wireAttribute(overrides));
      return [searchable, filterableInSearch];
    };
    // Magento 2.4: getIsSearchable() is typed string, getIsFilterableInSearch() bool.
    expect(flags({ is_searchable: '1', is_filterable_in_search: true })).toEqual([true, true]);
    expect(flags({ is_searchable: '0', is_filterable_in_search: false })).toEqual([false, false]);
    expect(flags({ is_searchable: 1, is_filterable_in_search: 1 })).toEqual([true, true]);
    expect(flags({ is_searchable: 0, is_filterable_in_search: '0' })).toEqual([false, false]);
    expect(flags({ is_searchable: true, is_filterable_in_search: '1' })).toEqual([true, true]);
    expect(flags({ is_searchable: false })).toEqual([false, false]);
    // Absent (a back end that leaves null getters out): no.
    expect(flags({})).toEqual([false, false]);
  });

  it('keeps a search_weight from 1 to 10 when the back end sends one, else null', () => {
    const weight = (value: unknown) => toAttribute(wireAttribute({ search_weight: value })).searchWeight;
    // Stock Magento REST never sends it: no getter of EavAttributeInterface reads the column.
    expect(toAttribute(wireAttribute()).searchWeight).toBeNull();
    expect(weight(5)).toBe(5);
    expect(weight('10')).toBe(10);
    expect(weight(1)).toBe(1);
    expect(weight(2.5)).toBe(2.5);
    expect(weight(null)).toBeNull();
    expect(weight('')).toBeNull();
    expect(weight(0)).toBeNull();
    expect(weight(11)).toBeNull();
    expect(weight('heavy')).toBeNull();
  });

  it('refuses a search flag of a type Magento never sends, naming the field', () => {
    const result = magentoAttribute.safeParse({ attribute_code: 'colour', is_searchable: { yes: 1 } });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['is_searchable']);
  });
});

describe('toAudiences', () => {
  const tree = magentoCategoryTree.parse({
    id: 1,
    parent_id: 0,
    name: 'Root Catalog',
    is_active: null,
    children_data: [
      {
        id: 2,
        parent_id: 1,
        name: 'Default Category',
        children_data: [
          {
            id: 3,
            parent_id: 2,
            name: 'Professional',
            children_data: [{ id: 4, parent_id: 3, name: 'Pressure Washers', position: 1 }],
          },
          {
            id: 7,
            parent_id: 2,
            name: 'Home & Garden',
            children_data: [
              {
                id: 9,
                parent_id: 7,
                name: 'Window Vacs',
                position: 2,
                children_data: [{ id: 10, parent_id: 9, name: 'Black Edition' }],
              },
              { id: 8, parent_id: 7, name: 'Pressure Washers', position: 1 },
              { id: 11, parent_id: 7, name: 'Old', is_active: false },
            ],
          },
        ],
      },
    ],
  });

  it('builds paths from url keys, ordered by position, without inactive categories', () => {
    const audiences = toAudiences(
      tree,
      new Map([
        [8, 'pressure-washer'],
        [9, 'window-vac'],
        [10, 'wv-black-edition'],
        [4, 'pressure-washer'],
      ]),
    );
    const hg = audiences['home-garden'];
    expect(hg.children.map((c) => c.path)).toEqual([
      '/home-garden/pressure-washer',
      '/home-garden/window-vac',
    ]);
    expect(hg.children[1]?.children[0]?.path).toBe('/home-garden/window-vac/wv-black-edition');
    expect(audiences.professional.children[0]?.path).toBe('/professional/pressure-washer');
  });

  it('says which root is missing', () => {
    expect(() =>
      toAudiences(magentoCategoryTree.parse({ id: 1, parent_id: 0, name: 'Root' }), new Map()),
    ).toThrow(/category 7 \(home-garden\)/);
  });
});

describe('money', () => {
  it('parses Magento prices with pence and hides zero or junk', () => {
    expect(parsePrice('149.990000')).toBe(149.99);
    expect(parsePrice(1249.5)).toBe(1249.5);
    expect(parsePrice('0')).toBeNull();
    expect(parsePrice('')).toBeNull();
    expect(parsePrice('abc')).toBeNull();
    expect(parsePrice(undefined)).toBeNull();
  });

  it('formats in en-GB pounds with pence', () => {
    expect(formatPrice(1249.5)).toBe('£1,249.50');
    expect(formatPrice(0.99)).toBe('£0.99');
  });

  it('computes VAT-exclusive prices and line totals to the penny', () => {
    expect(exclVat(149.99)).toBe(124.99);
    expect(lineTotal(0.1, 3)).toBe(0.3);
    expect(lineTotal(19.99, 3)).toBe(59.97);
  });
});

describe('sanitizeDescription', () => {
  it('keeps formatting and safe links, drops scripts, handlers and javascript: URLs', () => {
    const html = sanitizeDescription(
      '<h1>T</h1><ul><li><strong>a</strong></li></ul><a href="javascript:alert(1)">x</a><a href="https://e.example/">y</a><iframe src="https://evil"></iframe><p onclick="x()">p</p>',
    );
    expect(html).toBe(
      '<h2>T</h2><ul><li><strong>a</strong></li></ul><a rel="noopener nofollow">x</a><a href="https://e.example/" rel="noopener nofollow">y</a><p>p</p>',
    );
  });
});
