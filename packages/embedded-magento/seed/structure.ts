/** The demo catalogue's fixed parts: the category tree and the product attributes, built from `data/`. */
import {
  FILTERABLE_IN_SEARCH,
  LAYERED_NAVIGATION,
  SEARCHABLE_ATTRIBUTES,
  SORTABLE_ATTRIBUTES,
  TECHNICAL_ATTRIBUTES,
} from './data/attributes.ts';
import {
  DEFAULT_CATEGORY_ID,
  HOME_GARDEN_CATEGORY_ID,
  PROFESSIONAL_CATEGORY_ID,
  ROOT_CATALOG_ID,
  SUB_CATEGORY_DEFS,
  THIRD_LEVEL_DEFS,
} from './data/categories.ts';
import { ACCESSORY_TYPES } from './data/fits.ts';
import type { SeedAttribute, SeedCategory } from './types.ts';

export function buildCategories(): SeedCategory[] {
  const categories: SeedCategory[] = [
    { id: ROOT_CATALOG_ID, parentId: 0, name: 'Root Catalog', urlKey: '', isActive: true, position: 1 },
    {
      id: DEFAULT_CATEGORY_ID,
      parentId: ROOT_CATALOG_ID,
      name: 'Default Category',
      urlKey: '',
      isActive: true,
      position: 1,
    },
    {
      id: PROFESSIONAL_CATEGORY_ID,
      parentId: DEFAULT_CATEGORY_ID,
      name: 'Professional',
      urlKey: 'professional',
      isActive: true,
      position: 2,
    },
    {
      id: HOME_GARDEN_CATEGORY_ID,
      parentId: DEFAULT_CATEGORY_ID,
      name: 'Home & Garden',
      urlKey: 'home-garden',
      isActive: true,
      position: 1,
    },
  ];
  const positions = new Map<number, number>();
  const nextPosition = (parentId: number): number => {
    const p = (positions.get(parentId) ?? 0) + 1;
    positions.set(parentId, p);
    return p;
  };
  for (const d of SUB_CATEGORY_DEFS) {
    const parentId = d.audience === 'HG' ? HOME_GARDEN_CATEGORY_ID : PROFESSIONAL_CATEGORY_ID;
    categories.push({
      id: d.id,
      parentId,
      name: d.name,
      urlKey: d.code,
      isActive: true,
      position: nextPosition(parentId),
    });
  }
  for (const t of THIRD_LEVEL_DEFS) {
    categories.push({
      id: t.id,
      parentId: t.parentId,
      name: t.name,
      urlKey: t.code,
      isActive: t.isActive,
      position: nextPosition(t.parentId),
    });
  }
  return categories.sort((a, b) => a.id - b.id);
}

/** The lists the product page shows in their own sections, compared too (what comes in the box, what it is for). */
const COMPARED_LISTS: readonly string[] = ['equipmentAttr', 'applications_attrib'];

/**
 * The configurable products' variant attributes (seed/configurables.ts): selects, last in attribute-id
 * order so every other attribute and option keeps its id; filterable and compared like technical data.
 */
export const VARIANT_ATTRIBUTES: readonly (readonly [
  code: string,
  label: string,
  options: readonly string[],
])[] = [
  ['volume', 'Volume', ['1 l', '2.5 l', '5 l', '10 l', '20 l']],
  ['kit', 'Kit', ['Standard', 'Home kit', 'Premium kit']],
];

/**
 * Issue 39's fit attributes (seed/fits.ts), last in attribute-id order so every other attribute and option
 * keeps its id: a machine's model, the models a part fits (a multiselect, `text` as Magento 2.4's
 * `Attribute::getBackendTypeByInput()` stores one) and the part's kind. The machine models' options are
 * known once the machines are generated: seed/fits.ts adds them, numbered after every option here.
 */
export const FIT_ATTRIBUTES: readonly (readonly [
  code: string,
  label: string,
  input: 'select' | 'multiselect',
  backend: 'int' | 'text',
  options: readonly string[],
])[] = [
  ['machine_model', 'Machine model', 'select', 'int', []],
  ['fits_models', 'Fits', 'multiselect', 'text', []],
  ['accessory_type', 'Accessory type', 'select', 'int', ACCESSORY_TYPES],
];

/** Compared on the product comparison page besides the technical data. */
const COMPARED: readonly string[] = [
  ...COMPARED_LISTS,
  ...VARIANT_ATTRIBUTES.map(([code]) => code),
  'machine_model',
];

/**
 * Every product attribute, in attribute-id order, with the shop's layered navigation, search, sorts and
 * comparison flags, and option ids numbered from 1 across the select attributes in that order (the
 * machine models' options, added by seed/fits.ts, come after all of them).
 */
export function buildAttributes(): SeedAttribute[] {
  const filters = new Map(
    LAYERED_NAVIGATION.map(([code, isFilterable], i) => [code, { isFilterable, position: i + 1 }]),
  );
  let nextOptionId = 1;
  const attr = (
    code: string,
    label: string,
    frontendInput: string,
    backendType: string,
    isUserDefined: boolean,
    isTechnical = false,
    optionLabels: readonly string[] = [],
  ): SeedAttribute => {
    const filter = filters.get(code);
    return {
      code,
      label,
      frontendInput,
      backendType,
      isUserDefined,
      isTechnical,
      isFilterable: filter?.isFilterable ?? 0,
      isFilterableInSearch: filter !== undefined && FILTERABLE_IN_SEARCH.includes(code),
      isSearchable: SEARCHABLE_ATTRIBUTES.includes(code),
      usedForSortBy: SORTABLE_ATTRIBUTES.includes(code),
      isComparable: isTechnical || COMPARED.includes(code),
      position: filter?.position ?? 0,
      options: optionLabels.map((optionLabel) => ({ id: nextOptionId++, label: optionLabel })),
    };
  };
  const attributes: SeedAttribute[] = [
    attr('name', 'Product Name', 'text', 'varchar', false),
    attr('sku', 'SKU', 'text', 'static', false),
    attr('price', 'Price', 'price', 'decimal', false),
    attr('status', 'Enable Product', 'boolean', 'int', false),
    attr('visibility', 'Visibility', 'select', 'int', false),
    attr('weight', 'Weight', 'weight', 'decimal', false),
    attr('url_key', 'URL Key', 'text', 'varchar', false),
    attr('description', 'Description', 'textarea', 'text', false),
    attr('short_description', 'Short Description', 'textarea', 'text', false),
    attr('image', 'Base', 'media_image', 'varchar', false),
    attr('small_image', 'Small', 'media_image', 'varchar', false),
    attr('thumbnail', 'Thumbnail', 'media_image', 'varchar', false),
    attr('supplier_code', 'Model n', 'text', 'varchar', true),
    // The shop's own price attributes hold two-decimal strings ("149.99"), so they are text/varchar.
    attr('list_price', 'List price (incl VAT)', 'text', 'varchar', true),
    attr('sales_price', 'Sales price (excl VAT)', 'text', 'varchar', true),
    attr('sale_price', 'Sale price (incl VAT)', 'text', 'varchar', true),
    attr('full_list_price', 'Full list price (incl VAT)', 'text', 'varchar', true),
    attr('full_sale_price', 'Full sale price (excl VAT)', 'text', 'varchar', true),
    attr('equipmentAttr', 'Equipment', 'textarea', 'text', true),
    attr('applications_attrib', 'Applications', 'textarea', 'text', true),
  ];
  for (let i = 1; i <= 10; i++) {
    attributes.push(attr(`documentationAttr${i}`, `Documentation ${i}`, 'text', 'varchar', true));
  }
  const types = {
    text: ['text', 'varchar'],
    decimal: ['text', 'decimal'],
    select: ['select', 'int'],
  } as const;
  for (const { code, label, kind, options } of TECHNICAL_ATTRIBUTES) {
    const [input, backend] = types[kind];
    attributes.push(attr(code, label, input, backend, true, true, options));
  }
  for (const [code, label, options] of VARIANT_ATTRIBUTES) {
    attributes.push(attr(code, label, 'select', 'int', true, false, options));
  }
  for (const [code, label, input, backend, options] of FIT_ATTRIBUTES) {
    attributes.push(attr(code, label, input, backend, true, false, options));
  }
  return attributes;
}
