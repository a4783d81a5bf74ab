/**
 * A catalogue product as GraphQL's `ProductInterface` shows it on a wish-list item (WISHLIST.md §3), in
 * `products` and on a review: the fields a storefront selects, from the same rows the REST catalogue
 * serves, and for a configurable its options and variants (ConfigurableProductGraphQl's
 * `Options\Collection` and `ConfigurableVariant`). Parts of the schema add fields of their own
 * (`../reviews/part.ts`), resolved from the view's `id`.
 */
import { productRow, type ProductRow } from '../catalog/products.ts';
import type { Database } from '../db.ts';
import { jsonRecord } from '../json.ts';
import {
  childrenOf,
  childValue,
  configurableAttributes,
  encodeUid,
  optionValueUid,
  type ConfigurableAttribute,
} from './configurable.ts';

/** What a product's fields need from the request: where pictures live and the store's currency. */
export interface ProductScope {
  /** The back end's own media folder URL, e.g. `http://127.0.0.1:8080/media/catalog/product`. */
  readonly mediaUrl: string;
  /** The store's ISO currency, as carts and orders report it (GBP). */
  readonly currency: string;
}

/** The GraphQL object types behind `ProductInterface` this back end answers with, by Magento type id. */
const PRODUCT_TYPES: Readonly<Record<string, string>> = {
  simple: 'SimpleProduct',
  virtual: 'VirtualProduct',
  configurable: 'ConfigurableProduct',
};

/** The concrete `ProductInterface` type of a product, or undefined for a type this schema does not have. */
export const productTypeName = (typeId: string): string | undefined => PRODUCT_TYPES[typeId];

export const productById = (db: Database, productId: number): ProductRow | undefined =>
  db.get(productRow, 'SELECT * FROM products p WHERE id = ?', productId);

export const productBySku = (db: Database, sku: string): ProductRow | undefined =>
  db.get(productRow, 'SELECT * FROM products p WHERE sku = ?', sku);

/**
 * `image`/`small_image`/`thumbnail` (CatalogGraphQl `ProductImage`, `Url`, `Label`): the picture's URL, or the
 * placeholder's when the product has none (Magento's `no_selection`); the role's label attribute, falling
 * back to the product name. The embedded back end serves pictures unresized, so there is no cache path.
 */
function image(product: ProductRow, attributes: Record<string, unknown>, role: string, scope: ProductScope) {
  const file = attributes[role];
  const hasFile = typeof file === 'string' && file !== '' && file !== 'no_selection';
  const label = attributes[`${role}_label`];
  return {
    url: hasFile
      ? `${scope.mediaUrl}${file.startsWith('/') ? '' : '/'}${file}`
      : `${scope.mediaUrl}/placeholder/${role}.jpg`,
    label: typeof label === 'string' && label !== '' ? label : product.name,
    // Filled only for media-gallery entries, not for a role's picture.
    position: null,
    disabled: null,
    types: null,
  };
}

/** A range of prices from the lowest to the highest (no special prices or catalogue rules here). */
function priceRange(low: number, high: number, scope: ProductScope) {
  const price = (value: number) => {
    const money = { value, currency: scope.currency };
    return { regular_price: money, final_price: money, discount: { amount_off: 0, percent_off: 0 } };
  };
  return { minimum_price: price(low), maximum_price: price(high) };
}

/** Children a shopper can buy: enabled and in stock. */
const salable = (children: readonly ProductRow[]) =>
  children.filter((child) => child.status === 1 && child.is_in_stock === 1);

/**
 * A configurable's range is its salable children's (`ConfigurableProductGraphQl` price provider); with
 * none salable, its enabled children's, then its own price.
 */
function configurablePriceRange(db: Database, product: ProductRow, scope: ProductScope) {
  const children = childrenOf(db, product.id);
  const priced = salable(children).length > 0 ? salable(children) : children.filter((c) => c.status === 1);
  const prices = priced.map((child) => child.price);
  return prices.length === 0
    ? priceRange(product.price, product.price, scope)
    : priceRange(Math.min(...prices), Math.max(...prices), scope);
}

/** `ConfigurableProductOptions` (Options\Collection::fetch()): the attribute, its uids and used values. */
function optionView(attribute: ConfigurableAttribute, parentId: number) {
  return {
    id: attribute.id,
    uid: encodeUid(`configurable/${String(attribute.attributeId)}`),
    attribute_id: String(attribute.attributeId),
    attribute_id_v2: attribute.attributeId,
    attribute_uid: encodeUid(String(attribute.attributeId)),
    attribute_code: attribute.code,
    label: attribute.label,
    position: attribute.position,
    product_id: parentId,
    use_default: attribute.useDefault,
    values: attribute.values.map((value) => ({
      uid: optionValueUid(attribute.attributeId, value.valueIndex),
      value_index: value.valueIndex,
      label: value.label,
      default_label: value.label,
      store_label: value.label,
      use_default_value: true,
      // Magento's SwatchData resolver answers null for an option without a swatch, as every option of
      // the embedded catalogue is (its configurable attributes are plain selects).
      swatch_data: null,
    })),
  };
}

/**
 * `ConfigurableVariant`s: the enabled children, in stock only (Magento's variant collection hides the
 * others while "Display Out of Stock Products" is off, its default), each with the values that name it.
 */
function variantsView(db: Database, product: ProductRow, scope: ProductScope) {
  const attributes = configurableAttributes(db, product.id);
  return salable(childrenOf(db, product.id)).map((child) => ({
    attributes: attributes.flatMap((attribute) => {
      const valueIndex = childValue(child, attribute.code);
      const value = attribute.values.find((candidate) => candidate.valueIndex === valueIndex);
      if (valueIndex === undefined || !value) return [];
      return [
        {
          code: attribute.code,
          label: value.label,
          uid: optionValueUid(attribute.attributeId, valueIndex),
          value_index: valueIndex,
        },
      ];
    }),
    product: productView(db, child, scope),
  }));
}

/**
 * The product's `ProductInterface` fields (and `__typename` for the interface's type resolver). Fields that
 * need more than the row's columns are functions, so graphql-js does the work only when they are selected:
 * a configurable's children, and the attributes' JSON (read once), which a batch asking for review figures
 * alone never needs.
 */
export function productView(db: Database, product: ProductRow, scope: ProductScope) {
  let parsed: Record<string, unknown> | undefined;
  const attributes = () => (parsed ??= jsonRecord(product.attributes));
  const configurable = product.type_id === 'configurable';
  return {
    __typename: productTypeName(product.type_id),
    uid: encodeUid(String(product.id)),
    id: product.id,
    sku: product.sku,
    name: product.name,
    url_key: () => {
      const urlKey = attributes()['url_key'];
      return typeof urlKey === 'string' ? urlKey : null;
    },
    // The storefront's product URLs are `/<url_key>` (catalog/seo/product_url_suffix left empty).
    url_suffix: '',
    image: () => image(product, attributes(), 'image', scope),
    small_image: () => image(product, attributes(), 'small_image', scope),
    thumbnail: () => image(product, attributes(), 'thumbnail', scope),
    price_range: () =>
      configurable
        ? configurablePriceRange(db, product, scope)
        : priceRange(product.price, product.price, scope),
    stock_status: product.is_in_stock === 1 ? 'IN_STOCK' : 'OUT_OF_STOCK',
    // Magento shows the quantity only under `cataloginventory/options/stock_threshold_qty`, 0 by default.
    only_x_left_in_stock: null,
    // Magento's Options resolver answers null for a product that is not configurable.
    configurable_options: () =>
      configurable ? configurableAttributes(db, product.id).map((a) => optionView(a, product.id)) : null,
    variants: () => (configurable ? variantsView(db, product, scope) : null),
  };
}
