/**
 * A product's links to other products (related, up-sells, cross-sells; a grouped product's associated
 * products): the `product_links` of `GET /V1/products/{sku}`, kept in the product row's `links` column, and
 * the services that read and change them one type or one link at a time, as Magento 2.4's
 * `Catalog/Model/ProductLink/Management.php` (`getLinkedItemsByType`, `setProductLinks`) and
 * `Repository.php` (`save`, `deleteById`) do, with their refusals word for word.
 */
import { z } from 'zod';
import { magentoDate, type Database } from '../db.ts';
import { errors, MagentoError } from '../errors.ts';
import { productRecord, type ProductRecord } from './products.ts';

/**
 * `LinkTypeProvider`'s types, name → code, in the order `GET /V1/products/links/types` lists them:
 * Catalog's `di.xml` (related, crosssell, upsell), then GroupedProduct's (associated).
 */
export const LINK_TYPES: ReadonlyMap<string, number> = new Map([
  ['related', 1],
  ['crosssell', 5],
  ['upsell', 4],
  ['associated', 3],
]);

/** `ProductLinkInterface` as stored and sent, in its getters' (wire) order. */
const storedLink = z.object({
  sku: z.string(),
  link_type: z.string(),
  linked_product_sku: z.string(),
  linked_product_type: z.string(),
  position: z.number(),
  /** `ProductLinkExtensionInterface`: the quantity of an associated (grouped) product. */
  extension_attributes: z.object({ qty: z.number() }).optional(),
});
export type ProductLink = z.output<typeof storedLink>;

/** A link as a request gives it (`ProductLinkInterface`, bound by `input.ts`). */
export interface ProductLinkInput {
  readonly link_type?: string | null | undefined;
  readonly linked_product_sku?: string | null | undefined;
  readonly position?: number | null | undefined;
  readonly extension_attributes?: { readonly qty?: number | null | undefined } | null | undefined;
}

const linkErrors = {
  // Management::getLinkedItemsByType (and so Repository::deleteById).
  unknownType: (type: string) =>
    new MagentoError(404, 'The "%1" link type is unknown. Verify the type and try again.', [type]),
  // Management::setProductLinks.
  typeNotFound: (type: string) =>
    new MagentoError(404, 'The "%1" link type wasn\'t found. Verify the type and try again.', [type]),
  // Management::setProductLinks and Repository::save wrap any failure of the save in this.
  notSaved: () =>
    new MagentoError(400, 'The linked products data is invalid. Verify the data and try again.'),
  notLinked: (sku: string, linkedSku: string, type: string) =>
    new MagentoError(404, "Product %1 doesn't have linked %2 as %3", [sku, linkedSku, type]),
};

const linksColumn = z.object({ id: z.number(), links: z.string() });

/** The product (by `ProductRepository::get`'s rule: an unknown sku is its 404) and its stored links. */
function productWithLinks(db: Database, sku: string): { id: number; links: ProductLink[] } {
  const row = db.get(linksColumn, 'SELECT id, links FROM products WHERE sku = ?', sku);
  if (!row) throw errors.productNotFound();
  return { id: row.id, links: z.array(storedLink).parse(JSON.parse(row.links)) };
}

const findProduct = (db: Database, sku: string): ProductRecord | undefined =>
  db.get(productRecord, 'SELECT * FROM products WHERE sku = ?', sku);

function saveLinks(db: Database, productId: number, links: readonly ProductLink[], touch: boolean): void {
  db.run('UPDATE products SET links = ? WHERE id = ?', JSON.stringify(links), productId);
  if (touch) db.run('UPDATE products SET updated_at = ? WHERE id = ?', magentoDate(), productId);
}

/**
 * The link as Magento keeps it: to the product the sku names (its type read from it, whatever the
 * request said), at the given position (0 when left out), the quantity only on an associated link.
 */
function toStored(sku: string, type: string, linked: ProductRecord, input: ProductLinkInput): ProductLink {
  const qty = input.extension_attributes?.qty;
  return {
    sku,
    link_type: type,
    linked_product_sku: linked.sku,
    linked_product_type: linked.type_id,
    position: input.position ?? 0,
    ...(type === 'associated' && typeof qty === 'number' ? { extension_attributes: { qty } } : {}),
  };
}

/** One link per type and linked product, as `catalog_product_link` keys them. */
const sameLink = (a: ProductLink, b: ProductLink): boolean =>
  a.link_type === b.link_type && a.linked_product_sku === b.linked_product_sku;

/** The links with `link` in place of the one of its type to the same product, or added at the end. */
const upsert = (links: readonly ProductLink[], link: ProductLink): ProductLink[] =>
  links.some((l) => sameLink(l, link)) ? links.map((l) => (sameLink(l, link) ? link : l)) : [...links, link];

/** `GET /V1/products/links/types`: `ProductLinkTypeInterface[]`. */
export const linkTypes = () => [...LINK_TYPES].map(([name, code]) => ({ code, name }));

/** `GET /V1/products/:sku/links/:type`: the type is checked before the product. */
export function linkedItemsByType(db: Database, sku: string, type: string): ProductLink[] {
  if (!LINK_TYPES.has(type)) throw linkErrors.unknownType(type);
  return productWithLinks(db, sku).links.filter((link) => link.link_type === type);
}

/**
 * `POST /V1/products/:sku/links` (2.4's `setProductLinks`): the items are added to the product's links
 * (one to a product it already links that way replaces that one) and the product is saved, so a
 * linked sku that names no product fails the whole save.
 */
export function setProductLinks(db: Database, sku: string, items: readonly ProductLinkInput[]): true {
  if (items.length === 0) throw errors.invalidFieldValue('items', 'empty array');
  for (const item of items) {
    if (!item.link_type) throw errors.required(['linkType']);
    if (!LINK_TYPES.has(item.link_type)) throw linkErrors.typeNotFound(item.link_type);
  }
  return db.transaction(() => {
    const product = productWithLinks(db, sku);
    let links = product.links;
    for (const item of items) {
      const linked = findProduct(db, item.linked_product_sku ?? '');
      if (!linked) throw linkErrors.notSaved();
      links = upsert(links, toStored(sku, item.link_type ?? '', linked, item));
    }
    saveLinks(db, product.id, links, true);
    return true;
  });
}

/**
 * `PUT /V1/products/:sku/links` (`Repository::save`): one link added or updated, the path's sku being the
 * product's (Magento's REST layer lays it into `entity.sku`). The linked product is looked up first; the
 * link goes straight to the link table, so the product's `updated_at` stays.
 */
export function saveProductLink(db: Database, sku: string, entity: ProductLinkInput): true {
  const linked = findProduct(db, entity.linked_product_sku ?? '');
  if (!linked) throw errors.productNotFound();
  return db.transaction(() => {
    const product = productWithLinks(db, sku);
    const type = entity.link_type ?? '';
    if (!LINK_TYPES.has(type)) throw linkErrors.notSaved();
    saveLinks(db, product.id, upsert(product.links, toStored(sku, type, linked, entity)), false);
    return true;
  });
}

/** `DELETE /V1/products/:sku/links/:type/:linkedProductSku` (`Repository::deleteById`). */
export function deleteProductLink(db: Database, sku: string, type: string, linkedSku: string): true {
  if (!LINK_TYPES.has(type)) throw linkErrors.unknownType(type);
  return db.transaction(() => {
    const product = productWithLinks(db, sku);
    const link = product.links.find((l) => l.link_type === type && l.linked_product_sku === linkedSku);
    if (!link) throw linkErrors.notLinked(sku, linkedSku, type);
    // Repository::delete loads the linked product again: a link to a product since deleted is its 404.
    if (!findProduct(db, linkedSku)) throw errors.productNotFound();
    saveLinks(
      db,
      product.id,
      product.links.filter((l) => !sameLink(l, link)),
      false,
    );
    return true;
  });
}
