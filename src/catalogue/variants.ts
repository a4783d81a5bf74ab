/**
 * A configurable product's variants, found among the catalogue's products: Magento sends a parent's options
 * and its children's entity ids, and each child as a product of its own (usually visibility 1) with its
 * price, stock, model number and option values. `withVariants` joins them after every read, full or
 * incremental, so a child changed on its own still changes its parent's card. `variantHref` and
 * `variantFromQuery` write and read the choice in a page's URL (`/car-shampoo?volume=5-l`); they import
 * nothing, so the product page's browser code uses the same ones.
 */
import type { Configurable, Product, Variant, VariantAttribute, VariantValue } from './types.ts';
import { keptParts } from './kept-parts.ts';

type Choice = Readonly<Record<string, number>>;

/** What naming a choice in a URL needs of an attribute (the product facts' attributes have as much). */
type QueryAttribute = Pick<VariantAttribute, 'code'> & {
  values: readonly Pick<VariantValue, 'id' | 'slug'>[];
};

const priced = (product: Product): product is Product & { priceInclVat: number } =>
  product.priceInclVat !== null;

/** The child's value of every attribute, or null when it lacks one (it cannot be chosen). */
function variantOf(child: Product, attributes: readonly VariantAttribute[]): Variant | null {
  const values: Record<string, number> = {};
  for (const attribute of attributes) {
    const id = Number(child.optionValues[attribute.code]);
    if (!attribute.values.some((value) => value.id === id)) return null;
    values[attribute.code] = id;
  }
  return { sku: child.sku, values };
}

/**
 * A configurable product's card fields from its children: the cheapest child's price (of those in stock,
 * as Magento leaves sold-out children out of a configurable's price, else of all), "from" when the
 * children's prices differ, and in stock when any child is. With no child to sell, no price and not in
 * stock. Everything here is worked out from the children alone, so running it again on its own output (an
 * incremental read keeps the previous parent) gives the same result.
 */
function parentFields(
  children: readonly Product[],
): Pick<Product, 'priceInclVat' | 'priceExclVat' | 'inStock' | 'priceFrom' | 'wasInclVat' | 'wasExclVat'> {
  const withPrice = children.filter(priced);
  const inStock = withPrice.filter((child) => child.inStock);
  const cheapest = (inStock.length > 0 ? inStock : withPrice).reduce<(typeof withPrice)[number] | null>(
    (best, child) => (best === null || child.priceInclVat < best.priceInclVat ? child : best),
    null,
  );
  return {
    priceInclVat: cheapest?.priceInclVat ?? null,
    priceExclVat: cheapest?.priceExclVat ?? null,
    // On sale when the child it is priced from is ("from £X, was £Y").
    wasInclVat: cheapest?.wasInclVat ?? null,
    wasExclVat: cheapest?.wasExclVat ?? null,
    inStock: children.some((child) => child.inStock),
    priceFrom: new Set(withPrice.map((child) => child.priceInclVat)).size > 1,
  };
}

/**
 * The catalogue's products with each configurable's `variants` and card fields (see `parentFields`) and each
 * child's `parentSku` (its first parent by sku). A child counts when it is in the catalogue (enabled) and has
 * a value for every attribute the parent varies by; variants are in sku order. `products` is sorted by sku,
 * as the catalogue keeps it; the order is kept.
 */
export function withVariants(products: readonly Product[]): Product[] {
  const byId = new Map(products.map((product) => [product.id, product]));
  const parentOf = new Map<string, string>();
  const parents = new Map<string, Product>();
  for (const product of products) {
    if (!product.configurable) continue;
    const { attributes, childIds } = product.configurable;
    const children = childIds
      .map((id) => byId.get(id))
      .filter((child): child is Product => child !== undefined && child.configurable === null)
      .sort((a, b) => (a.sku < b.sku ? -1 : a.sku > b.sku ? 1 : 0));
    const variants: Variant[] = [];
    const sellable: Product[] = [];
    for (const child of children) {
      const variant = variantOf(child, attributes);
      if (!variant) continue;
      variants.push(variant);
      sellable.push(child);
      if (!parentOf.has(child.sku)) parentOf.set(child.sku, product.sku);
    }
    const configurable = product.configurable;
    parents.set(
      product.sku,
      kept(product, children, () => {
        const fields = parentFields(sellable);
        if (joinedAlready(product, fields, variants)) return product;
        return { ...product, ...fields, configurable: { ...configurable, variants } };
      }),
    );
  }
  return products.map((product) => {
    const parent = parents.get(product.sku);
    if (parent) return parent;
    const parentSku = parentOf.get(product.sku) ?? null;
    return product.parentSku === parentSku
      ? product
      : kept(product, [parentSku], () => ({ ...product, parentSku }));
  });
}

/**
 * Whether a parent already holds these card fields and variants: an incremental read joins the variants
 * again over the catalogue it read before, whose parents were joined by the read before it. Such a parent
 * is answered as itself, not as an equal copy, so an unchanged configurable and everything the site keeps
 * for it (kept-parts.ts: its feed file, search shards, filter indexes) stays the same object from save to
 * save; a copy made all of them again at every save.
 */
function joinedAlready(
  product: Product,
  fields: ReturnType<typeof parentFields>,
  variants: readonly Variant[],
): boolean {
  const held = product.configurable?.variants ?? [];
  const sameFields = (Object.keys(fields) as (keyof typeof fields)[]).every(
    (field) => product[field] === fields[field],
  );
  return (
    sameFields &&
    held.length === variants.length &&
    variants.every((variant, at) => sameVariant(held[at], variant))
  );
}

function sameVariant(held: Variant | undefined, variant: Variant): boolean {
  if (held?.sku !== variant.sku) return false;
  const codes = Object.keys(variant.values);
  return (
    codes.length === Object.keys(held.values).length &&
    codes.every((code) => held.values[code] === variant.values[code])
  );
}

/**
 * A configurable with its variants, a child with its parent: kept while the product and what was added
 * from the others are the same, so each run of the warm renderer answers the same objects for unchanged
 * products and what the site keeps per product (kept-parts.ts) is not worked out again.
 */
const kept = keptParts<Product, Product>();

/** The query that names a choice, in the attributes' order: `volume=5-l&kit=home-kit`. */
export function variantQuery(attributes: readonly QueryAttribute[], choice: Choice): string {
  const parts: string[] = [];
  for (const attribute of attributes) {
    const value = attribute.values.find((candidate) => candidate.id === choice[attribute.code]);
    if (value) parts.push(`${encodeURIComponent(attribute.code)}=${encodeURIComponent(value.slug)}`);
  }
  return parts.join('&');
}

/** The link to a parent's page with one variant chosen: `/car-shampoo?volume=5-l`. */
export function variantHref(
  parentUrlKey: string,
  attributes: readonly QueryAttribute[],
  variant: Pick<Variant, 'values'>,
): string {
  const query = variantQuery(attributes, variant.values);
  return `/${parentUrlKey}${query ? `?${query}` : ''}`;
}

/**
 * The values a page's query chooses, by attribute code (`?volume=5-l` → `{ volume: 212 }`); a parameter that
 * names no attribute or no value of it is ignored.
 */
export function choiceFromQuery(
  attributes: readonly VariantAttribute[],
  query: string | URLSearchParams,
): Record<string, number> {
  const params = typeof query === 'string' ? new URLSearchParams(query) : query;
  const choice: Record<string, number> = {};
  for (const attribute of attributes) {
    const slug = params.get(attribute.code);
    const value = attribute.values.find((candidate) => candidate.slug === slug);
    if (value) choice[attribute.code] = value.id;
  }
  return choice;
}

/** The variant with exactly these values, if the parent has one (a catalogue variant or a facts child). */
export const variantWith = <V extends Pick<Variant, 'values'>>(
  configurable: { attributes: readonly Pick<VariantAttribute, 'code'>[]; variants: readonly V[] },
  choice: Choice,
): V | undefined =>
  configurable.variants.find((variant) =>
    configurable.attributes.every((attribute) => variant.values[attribute.code] === choice[attribute.code]),
  );

/** The variant a page's query names in full (`?volume=5-l`), or undefined. */
export const variantFromQuery = (
  configurable: Pick<Configurable, 'attributes' | 'variants'>,
  query: string | URLSearchParams,
): Variant | undefined => variantWith(configurable, choiceFromQuery(configurable.attributes, query));
