/**
 * The facts file of each product with a page (facts.ts), written by the build: its card fields, its kind
 * and the values of the attributes Magento marks `is_comparable`, as its product page shows them.
 */
import type { CatalogueIndex } from '../../catalogue/snapshot.ts';
import type { CategoryNode, Product } from '../../catalogue/types.ts';
import type { ProductFacts } from './facts.ts';

/** The list-valued attributes the product page shows in their own sections, and where the product holds them. */
export const LIST_ATTRIBUTES = {
  equipmentAttr: 'equipment',
  applications_attrib: 'applications',
} as const satisfies Record<string, keyof Product>;

const isListAttribute = (code: string): code is keyof typeof LIST_ATTRIBUTES => code in LIST_ATTRIBUTES;

/** The codes of the attributes Magento marks `is_comparable`. */
export const comparableCodes = (index: CatalogueIndex): ReadonlySet<string> =>
  new Set(index.catalogue.attributes.filter((attribute) => attribute.comparable).map(({ code }) => code));

function categoriesById(index: CatalogueIndex): ReadonlyMap<number, CategoryNode> {
  const byId = new Map<number, CategoryNode>();
  for (const node of index.categoriesByPath.values()) byId.set(node.id, node);
  return byId;
}

const memo = new WeakMap<
  CatalogueIndex,
  { comparable: ReadonlySet<string>; categories: ReadonlyMap<number, CategoryNode> }
>();

/** A product's facts; `href` is its page (`/{url_key}`). */
export function productFacts(index: CatalogueIndex, product: Product, href: string): ProductFacts {
  let shared = memo.get(index);
  if (!shared) {
    shared = { comparable: comparableCodes(index), categories: categoriesById(index) };
    memo.set(index, shared);
  }
  const { comparable, categories } = shared;
  const specs: Record<string, string | string[]> = {};
  for (const row of product.technicalData) if (comparable.has(row.code)) specs[row.code] = row.value;
  for (const code of comparable) {
    if (!isListAttribute(code)) continue;
    const values = product[LIST_ATTRIBUTES[code]];
    if (values.length > 0) specs[code] = values;
  }
  // Listing categories only: an audience root says nothing of what the product is.
  const kind = product.categoryIds
    .map((id) => categories.get(id))
    .find((node) => node !== undefined && node.path.split('/').length > 2);
  const image = product.thumbnail;
  return {
    sku: product.sku,
    name: product.name,
    href,
    image: image && { file: image.file, alt: image.label || product.name },
    priceInclVat: product.priceInclVat,
    priceExclVat: product.priceExclVat,
    inStock: product.inStock,
    kind: kind ? { id: kind.id, name: kind.name } : null,
    specs,
  };
}
