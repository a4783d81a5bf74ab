/**
 * The pure mapper from Magento's product to the catalogue's. Attribute codes are trimmed (some carry stray
 * spaces), technical-data labels come from Magento's attribute metadata (mapped in attributes.ts), and empty
 * rows are left out. The category tree is mapped in category-tree.ts.
 */
import type { MagentoCustomAttribute, MagentoProduct } from '../magento/wire/catalogue.ts';
import type { AttributeLookup } from './attributes.ts';
import { slug } from './category-tree.ts';
import { exclVat, parsePrice } from './money.ts';
import { sanitizeDescription } from './sanitize.ts';
import { FIT_ATTRIBUTES } from './fits.ts';
import type {
  Configurable,
  Product,
  ProductDocument,
  ProductFit,
  ProductImage,
  SpecialPrice,
  SpecRow,
  TierPrice,
} from './types.ts';

/** Separator of Magento's list-valued attributes (equipmentAttr, applications_attrib). */
export const LIST_SEPARATOR = '&&!&&';
/** documentationAttrN holds `{title}::{url}`. */
const DOCUMENT_SEPARATOR = '::';

/**
 * Attributes the page renders in their own places (or never), so they are not technical data.
 * Everything else with a frontend label and a value is a specification row.
 */
const NOT_TECHNICAL = new Set([
  'url_key',
  'url_path',
  'description',
  'short_description',
  'meta_title',
  'meta_keyword',
  'meta_description',
  'image',
  'small_image',
  'thumbnail',
  'swatch_image',
  'supplier_code',
  'list_price',
  'sales_price',
  'sale_price',
  'full_list_price',
  'full_sale_price',
  'equipmentAttr',
  'applications_attrib',
  'tax_class_id',
  'category_ids',
  'options_container',
  'required_options',
  'has_options',
  'msrp_display_actual_price_type',
  'gift_message_available',
  'special_price',
  'special_from_date',
  'special_to_date',
  'news_from_date',
  'news_to_date',
  'custom_design',
  'page_layout',
  'country_of_manufacture',
  'quantity_and_stock_status',
  'name',
  'sku',
  'price',
  'status',
  'visibility',
  'weight',
  // Shown as the "fits" sections, not as specification rows (the machine's own model stays a row).
  FIT_ATTRIBUTES.fits,
  FIT_ATTRIBUTES.type,
]);
const IGNORED_PATTERNS = [/^documentationAttr\d+$/, /^feature\d+/i];

type Attributes = ReadonlyMap<string, string>;

function attributeMap(list: readonly MagentoCustomAttribute[] | undefined): Attributes {
  const map = new Map<string, string>();
  for (const { attribute_code, value } of list ?? []) {
    if (value === null) continue;
    map.set(attribute_code.trim(), Array.isArray(value) ? value.join(',') : String(value));
  }
  return map;
}

const text = (attributes: Attributes, code: string): string => (attributes.get(code) ?? '').trim();

const splitList = (value: string): string[] =>
  value
    .split(LIST_SEPARATOR)
    .map((item) => item.trim())
    .filter((item) => item !== '');

function documents(attributes: Attributes): ProductDocument[] {
  const out: ProductDocument[] = [];
  for (let n = 1; n <= 10; n++) {
    const raw = text(attributes, `documentationAttr${n}`);
    if (!raw) continue;
    const at = raw.indexOf(DOCUMENT_SEPARATOR);
    const [title, url] =
      at === -1
        ? ['Documentation', raw]
        : [raw.slice(0, at).trim(), raw.slice(at + DOCUMENT_SEPARATOR.length).trim()];
    if (/^https?:\/\//.test(url)) out.push({ title: title || 'Documentation', url });
  }
  return out;
}

function images(product: MagentoProduct): ProductImage[] {
  return (product.media_gallery_entries ?? [])
    .filter((entry) => !entry.disabled && (entry.media_type ?? 'image') === 'image')
    .map((entry, index) => ({
      file: entry.file,
      label: entry.label?.trim() || product.name.trim(),
      position: entry.position ?? index + 1,
    }))
    .sort((a, b) => a.position - b.position);
}

/**
 * A select or multiselect value is option ids (`"12"`, `"12,14"`): shown as their labels. An id with no
 * option is kept as it came, so a data fault stays visible instead of vanishing.
 */
function optionLabels(value: string, options: ReadonlyMap<string, string> | undefined): string {
  if (!options) return value;
  return value
    .split(',')
    .map((id) => options.get(id.trim()) ?? id.trim())
    .join(', ');
}

function technicalData(attributes: Attributes, lookup: AttributeLookup): SpecRow[] {
  const rows: SpecRow[] = [];
  for (const [code, value] of attributes) {
    if (NOT_TECHNICAL.has(code) || IGNORED_PATTERNS.some((pattern) => pattern.test(code))) continue;
    const label = lookup.labels.get(code)?.trim();
    if (!label || value.trim() === '') continue;
    rows.push({ code, label, value: optionLabels(value.trim(), lookup.options.get(code)) });
  }
  return rows;
}

/** The option id of each select attribute with a known option, by code (a variant's values). */
function optionValues(attributes: Attributes, lookup: AttributeLookup): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [code, value] of attributes) {
    const id = value.trim();
    if (lookup.selects.has(code) && lookup.options.get(code)?.has(id)) values[code] = id;
  }
  return values;
}

/**
 * A select's or multiselect's value as its options' labels; a text value split on commas. An option id Magento
 * has no option for is left out: a fit to a model nobody can name helps no one.
 */
function valueLabels(value: string, options: ReadonlyMap<string, string> | undefined): string[] {
  const parts = value.split(',').map((part) => part.trim());
  const labels = options ? parts.map((id) => options.get(id)?.trim() ?? '') : parts;
  return [...new Set(labels.filter((label) => label !== ''))];
}

function productFit(attributes: Attributes, lookup: AttributeLookup): ProductFit {
  const labels = (code: string) => valueLabels(text(attributes, code), lookup.options.get(code));
  const model = labels(FIT_ATTRIBUTES.model)[0] ?? null;
  return {
    model,
    fits: model === null ? labels(FIT_ATTRIBUTES.fits) : [],
    type: labels(FIT_ATTRIBUTES.type)[0] ?? null,
  };
}

const linked = (product: MagentoProduct, type: string): string[] =>
  (product.product_links ?? [])
    .filter((link) => link.link_type === type)
    .sort((a, b) => (a.position ?? 0) - (b.position ?? 0))
    .map((link) => link.linked_product_sku);

function tierPrices(product: MagentoProduct): TierPrice[] {
  return (product.tier_prices ?? [])
    .filter((tier) => tier.value > 0 && tier.qty > 0)
    .map((tier) => ({
      customerGroupId: tier.customer_group_id,
      qty: tier.qty,
      priceInclVat: tier.value,
      priceExclVat: exclVat(tier.value),
    }))
    .sort((a, b) => a.qty - b.qty || a.customerGroupId - b.customerGroupId);
}

/**
 * A configurable product's attributes as Magento names them (attribute id, option ids), with codes and labels
 * from the attribute metadata; its variants are found among the catalogue's products later
 * (`variants.ts`), since the children are products of their own.
 */
function configurable(product: MagentoProduct, lookup: AttributeLookup): Configurable | null {
  if (product.type_id !== 'configurable') return null;
  const extension = product.extension_attributes;
  const attributes = (extension?.configurable_product_options ?? []).flatMap((option, index) => {
    const attribute = lookup.byId.get(option.attribute_id);
    if (!attribute) return [];
    const known = new Set((option.values ?? []).map((value) => String(value.value_index)));
    return [
      {
        attributeId: option.attribute_id,
        code: attribute.code,
        label: option.label?.trim() || attribute.label,
        position: option.position ?? index,
        values: attribute.options
          .filter((value) => known.has(value.id))
          .map((value) => ({ id: Number(value.id), label: value.label, slug: slug(value.label) })),
      },
    ];
  });
  return {
    attributes: attributes.sort((a, b) => a.position - b.position),
    childIds: extension?.configurable_product_links ?? [],
    variants: [],
  };
}

/** Magento's special price and its dates (custom attributes), or null when it has none. */
function specialPrice(attributes: Attributes): SpecialPrice | null {
  const price = parsePrice(attributes.get('special_price'));
  if (price === null) return null;
  const date = (code: string) => {
    const value = attributes.get(code)?.trim();
    return value && /^\d{4}-\d{2}-\d{2}/.test(value) ? value : null;
  };
  return { priceInclVat: price, from: date('special_from_date'), to: date('special_to_date') };
}

/** Maps one Magento product with the attributes' labels and options. */
export function toProduct(product: MagentoProduct, lookup: AttributeLookup): Product {
  const attributes = attributeMap(product.custom_attributes);
  const gallery = images(product);
  const thumbnailFile = text(attributes, 'thumbnail');
  const listPrice = parsePrice(attributes.get('list_price'));
  const priceInclVat = listPrice ?? parsePrice(product.price);
  const priceExclVat =
    parsePrice(attributes.get('sales_price')) ?? (priceInclVat === null ? null : exclVat(priceInclVat));
  const stock = product.extension_attributes?.stock_item;
  return {
    id: product.id,
    sku: product.sku,
    name: product.name.trim(),
    urlKey: text(attributes, 'url_key'),
    priceInclVat,
    priceExclVat,
    wasInclVat: null,
    wasExclVat: null,
    // Read from Magento's GraphQL, not REST, by the sync (reviews.ts); a product read anew keeps its own.
    rating: null,
    reviews: [],
    regularPriceInclVat: priceInclVat,
    regularPriceExclVat: priceExclVat,
    specialPrice: specialPrice(attributes),
    thumbnail: gallery.find((image) => image.file === thumbnailFile) ?? gallery[0] ?? null,
    shortDescription: sanitizeDescription(text(attributes, 'short_description')).replace(/<[^>]+>/g, ''),
    inStock: product.status === 1 && (stock ? stock.is_in_stock : true),
    modelNumber: text(attributes, 'supplier_code') || null,
    description: sanitizeDescription(text(attributes, 'description')),
    images: gallery,
    technicalData: technicalData(attributes, lookup),
    equipment: splitList(text(attributes, 'equipmentAttr')),
    applications: splitList(text(attributes, 'applications_attrib')),
    documents: documents(attributes),
    weight: product.weight ?? null,
    listPrice,
    categoryIds: (product.extension_attributes?.category_links ?? []).map((link) => link.category_id),
    visibility: product.visibility ?? 4,
    links: {
      related: linked(product, 'related'),
      upsell: linked(product, 'upsell'),
      crosssell: linked(product, 'crosssell'),
    },
    tierPrices: tierPrices(product),
    typeId: product.type_id ?? 'simple',
    configurable: configurable(product, lookup),
    parentSku: null,
    optionValues: optionValues(attributes, lookup),
    priceFrom: false,
    updatedAt: product.updated_at ?? '',
    createdAt: product.created_at ?? '',
    fit: productFit(attributes, lookup),
  };
}
