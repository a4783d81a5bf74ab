/**
 * A catalogue product as GraphQL's `ProductInterface` shows it on a wish-list item (WISHLIST.md §3): the
 * fields a wish-list page selects, from the same rows the REST catalogue serves.
 */
import { productRow, type ProductRow } from '../catalog/products.ts';
import type { Database } from '../db.ts';
import { jsonRecord } from '../json.ts';

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
};

/** The concrete `ProductInterface` type of a product, or undefined for a type this schema does not have. */
export const productTypeName = (typeId: string): string | undefined => PRODUCT_TYPES[typeId];

export const productById = (db: Database, productId: number): ProductRow | undefined =>
  db.get(productRow, 'SELECT * FROM products p WHERE id = ?', productId);

/**
 * `small_image`/`thumbnail` (CatalogGraphQl `ProductImage`, `Url`, `Label`): the picture's URL, or the
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

/** A simple product's price range: one price, no special price or tier in the embedded catalogue. */
function priceRange(product: ProductRow, scope: ProductScope) {
  const money = { value: product.price, currency: scope.currency };
  const price = { regular_price: money, final_price: money, discount: { amount_off: 0, percent_off: 0 } };
  return { minimum_price: price, maximum_price: price };
}

/** The product's `ProductInterface` fields (and `__typename` for the interface's type resolver). */
export function productView(product: ProductRow, scope: ProductScope) {
  const attributes = jsonRecord(product.attributes);
  const urlKey = attributes['url_key'];
  return {
    __typename: productTypeName(product.type_id),
    uid: Buffer.from(String(product.id)).toString('base64'),
    id: product.id,
    sku: product.sku,
    name: product.name,
    url_key: typeof urlKey === 'string' ? urlKey : null,
    // The storefront's product URLs are `/<url_key>` (catalog/seo/product_url_suffix left empty).
    url_suffix: '',
    small_image: image(product, attributes, 'small_image', scope),
    thumbnail: image(product, attributes, 'thumbnail', scope),
    price_range: priceRange(product, scope),
    stock_status: product.is_in_stock === 1 ? 'IN_STOCK' : 'OUT_OF_STOCK',
    // Magento shows the quantity only under `cataloginventory/options/stock_threshold_qty`, 0 by default.
    only_x_left_in_stock: null,
  };
}
