/**
 * The facts file of each product with a page (facts.ts), written by the build: its card fields, its kind
 * and the values of the attributes Magento marks `is_comparable`, as its product page shows them; its
 * model number, the machine model it is, and ALL GROUPS tier prices; a configurable's attributes and children; and an entry of each
 * child of a configurable with a page, which links to the parent's page with that child chosen.
 */
import type { CatalogueIndex } from '../../catalogue/snapshot.ts';
import { publicTiers } from '../../catalogue/tier-prices.ts';
import { variantHref } from '../../catalogue/variants.ts';
import type { CategoryNode, Product } from '../../catalogue/types.ts';
import type { FactsParent, FactsVariants, ProductFacts } from './facts.ts';
import { keptParts } from '../../catalogue/kept-parts.ts';
import { offerMarks } from '../../catalogue/offer-marks.ts';

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

interface FactsContext {
  readonly comparable: ReadonlySet<string>;
  readonly categories: ReadonlyMap<number, CategoryNode>;
  /** What of the catalogue every product's facts read, as text: a product's facts are kept while it is the same. */
  readonly key: string;
}

const memo = new WeakMap<CatalogueIndex, FactsContext>();

function factsContext(index: CatalogueIndex): FactsContext {
  let context = memo.get(index);
  if (!context) {
    const comparable = comparableCodes(index);
    const categories = categoriesById(index);
    const key = JSON.stringify([
      [...comparable],
      [...categories].map(([id, node]) => [id, node.name, node.path]),
    ]);
    context = { comparable, categories, key };
    memo.set(index, context);
  }
  return context;
}

/** Each product's facts, kept between runs while the product, its page, its children and the context are the same. */
const kept = keptParts<Product, ProductFacts>();

/**
 * A configurable's child's entry, kept while the parent and both products' facts are the same: a copy at
 * every run made every facts and codes file holding a child new (31 of 37 codes files a save).
 */
const keptChildren = keptParts<Product, ProductFacts>();

/** A configurable's attributes and the children it sells (Magento's order of values, children by sku). */
function variantsOf(index: CatalogueIndex, product: Product): FactsVariants | undefined {
  const configurable = product.configurable;
  if (!configurable) return undefined;
  return {
    attributes: configurable.attributes.map((attribute) => ({
      code: attribute.code,
      id: attribute.attributeId,
      label: attribute.label,
      values: attribute.values.map(({ id, label, slug }) => ({ id, label, slug })),
    })),
    children: configurable.variants.flatMap((variant) => {
      const child = index.bySku.get(variant.sku);
      if (!child) return [];
      return [
        {
          sku: child.sku,
          values: variant.values,
          priceInclVat: child.priceInclVat,
          priceExclVat: child.priceExclVat,
          inStock: child.inStock,
          model: child.modelNumber,
        },
      ];
    }),
  };
}

/** A product's facts; `href` is its page (`/{url_key}`). */
export function productFacts(index: CatalogueIndex, product: Product, href: string): ProductFacts {
  const context = factsContext(index);
  const children = (product.configurable?.variants ?? []).map(({ sku }) => index.bySku.get(sku));
  return kept(product, [href, context.key, ...children], () => workOutFacts(index, context, product, href));
}

function workOutFacts(
  index: CatalogueIndex,
  { comparable }: FactsContext,
  product: Product,
  href: string,
): ProductFacts {
  const specs: Record<string, string | string[]> = {};
  for (const row of product.technicalData) if (comparable.has(row.code)) specs[row.code] = row.value;
  for (const code of comparable) {
    if (!isListAttribute(code)) continue;
    const values = product[LIST_ATTRIBUTES[code]];
    if (values.length > 0) specs[code] = values;
  }
  const kind = index.kindOf(product);
  const image = product.thumbnail;
  return {
    sku: product.sku,
    name: product.name,
    href,
    image: image && { file: image.file, alt: image.label || product.name },
    priceInclVat: product.priceInclVat,
    priceExclVat: product.priceExclVat,
    ...offerMarks(product),
    inStock: product.inStock,
    kind: kind ? { id: kind.id, name: kind.name } : null,
    specs,
    ...(product.modelNumber ? { model: product.modelNumber } : {}),
    ...(product.fit.model ? { machine: product.fit.model } : {}),
    ...optionalTiers(product),
    ...optionalVariants(index, product),
  };
}

function optionalTiers(product: Product): Pick<ProductFacts, 'tierPrices'> {
  const tiers = publicTiers(product);
  return tiers.length > 0 ? { tierPrices: tiers } : {};
}

function optionalVariants(index: CatalogueIndex, product: Product): Pick<ProductFacts, 'variants'> {
  const variants = variantsOf(index, product);
  return variants ? { variants } : {};
}

/**
 * The facts of a configurable's child, which has no page: its own price, stock, model number, tiers and
 * specifications, the parent's picture, kind and rating where it has none (shoppers review the product
 * they see, the parent), and a link to the parent's page (`parentHref`, which is `/{url key}`) with it
 * chosen.
 */
export function childFacts(
  index: CatalogueIndex,
  parent: Product,
  parentHref: string,
  child: Product,
): ProductFacts | undefined {
  const configurable = parent.configurable;
  const variant = configurable?.variants.find(({ sku }) => sku === child.sku);
  if (!configurable || !variant) return undefined;
  const own = productFacts(index, child, parentHref);
  const parentFacts = productFacts(index, parent, parentHref);
  return keptChildren(child, [parent, own, parentFacts], () => {
    const options: FactsParent['options'] = configurable.attributes.flatMap((attribute) => {
      const value = attribute.values.find(({ id }) => id === variant.values[attribute.code]);
      return value ? [{ code: attribute.code, label: attribute.label, value: value.label }] : [];
    });
    const rating = own.rating ?? parentFacts.rating;
    // A machine's variants are the machine's model, whether Magento gives the child the attribute or not.
    const machine = own.machine ?? parentFacts.machine;
    return {
      ...own,
      ...(machine ? { machine } : {}),
      href: variantHref(parent.urlKey, configurable.attributes, variant),
      image: own.image ?? parentFacts.image,
      kind: own.kind ?? parentFacts.kind,
      ...(rating ? { rating } : {}),
      parent: { sku: parent.sku, name: parent.name, options },
    };
  });
}

/**
 * Every entry of the facts files, by sku: each product with a page (`hrefBySku`), and each child of a
 * configurable among them (children are visibility 1: no page, yet a basket line or a quick-order row
 * names them). A child of two configurables is its first parent's (by sku, `parentSku`).
 */
export function allFacts(
  index: CatalogueIndex,
  routed: readonly Product[],
  hrefBySku: ReadonlyMap<string, string>,
): Map<string, ProductFacts> {
  const entries = new Map<string, ProductFacts>();
  for (const product of routed) {
    const href = hrefBySku.get(product.sku);
    if (href) entries.set(product.sku, productFacts(index, product, href));
  }
  for (const parent of routed) {
    const href = hrefBySku.get(parent.sku);
    if (!href || !parent.configurable) continue;
    for (const { sku } of parent.configurable.variants) {
      const child = index.bySku.get(sku);
      if (!child || entries.has(sku) || (child.parentSku !== null && child.parentSku !== parent.sku))
        continue;
      const facts = childFacts(index, parent, href, child);
      if (facts) entries.set(sku, facts);
    }
  }
  return entries;
}
