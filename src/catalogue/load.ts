/**
 * Reads the whole catalogue from Magento with a service (integration) token: the category tree from
 * `/rest/all`, each category's url_key and product positions, the attributes (labels, flags, options), and
 * every product, paged and fetched a few pages at a time. Each product is validated on its own: a bad one is left out and reported with its sku
 * and the field at fault, or fails the load in strict mode. A configurable product's variants are its
 * children among the products read (`variants.ts`).

 * What changed since a previous read is `changes.ts`.
 */
import { createHash } from 'node:crypto';

import {
  MagentoApiError,
  magentoFetch,
  searchCriteria,
  type MagentoClientConfig,
} from '../magento/client.ts';
import {
  magentoAttributeOptions,
  magentoAttributePage,
  magentoCategory,
  magentoCategoryProductLinks,
  magentoCategoryTree,
  magentoProduct,
  magentoProductPage,
  type MagentoCategoryTree,
} from '../magento/wire/catalogue.ts';
import { attributeLabel, attributeLookup, toAttribute, type AttributeLookup } from './attributes.ts';
import { AUDIENCE_ROOTS, toAudiences } from './category-tree.ts';
import { toProduct } from './map.ts';
import { bySku } from './sku-order.ts';
import type { Catalogue, CatalogueAttribute, CategoryNode, Product } from './types.ts';
import { withVariants } from './variants.ts';

export interface LoadOptions {
  /** Fail on the first invalid product instead of leaving it out. */
  readonly strict?: boolean;
  readonly pageSize?: number;
  /** Requests in flight at once. */
  readonly concurrency?: number;
  readonly log?: (message: string) => void;
}

export interface LoadProblem {
  sku: string;
  field: string;
  message: string;
}

export class CatalogueLoadError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'CatalogueLoadError';
  }
}

/** Worth another try: Magento unreachable, overloaded or failing, not a refused token or bad data. */
export function isTransientLoadFailure(error: unknown): boolean {
  const cause = error instanceof CatalogueLoadError ? error.cause : error;
  return (
    cause instanceof MagentoApiError && (cause.status === 0 || cause.status === 429 || cause.status >= 500)
  );
}

/** Runs `task` over `items` with at most `limit` in flight, keeping order. */
export async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  task: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  // One iterator shared by the workers: each takes the next item as it comes free.
  const queue = items.entries();
  const worker = async () => {
    for (const [index, item] of queue) results[index] = await task(item);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

export function descendants(node: MagentoCategoryTree): MagentoCategoryTree[] {
  return node.children_data.flatMap((child) => [child, ...descendants(child)]);
}

/** The category trees of both audiences, with each category's url_key. */
export async function loadAudiences(
  config: MagentoClientConfig,
  concurrency: number,
): Promise<Catalogue['audiences']> {
  const all = { ...config, storeCode: 'all' };

  const tree = await magentoFetch(all, { path: '/categories', schema: magentoCategoryTree });
  const audienceNodes = descendants(tree).filter((node) => Object.values(AUDIENCE_ROOTS).includes(node.id));
  const categories = audienceNodes.flatMap(descendants);
  const urlKeys = new Map<number, string>();
  await mapLimit(categories, concurrency, async (node) => {
    const category = await magentoFetch(config, { path: `/categories/${node.id}`, schema: magentoCategory });
    const urlKey = category.custom_attributes?.find(
      (attribute) => attribute.attribute_code === 'url_key',
    )?.value;
    if (typeof urlKey === 'string' && urlKey !== '') urlKeys.set(node.id, urlKey);
  });
  return toAudiences(tree, urlKeys);
}

const SELECT_INPUTS = new Set(['select', 'multiselect']);

/**
 * The product attributes with a frontend label: their flags (filterable, sortable, comparable, searchable,
 * filterable in search, position), search weight and, for select and multiselect attributes, their
 * options, read through the options route with Magento's empty first option left out.
 */
export async function loadAttributes(
  config: MagentoClientConfig,
  concurrency: number,
): Promise<CatalogueAttribute[]> {
  const page = await magentoFetch(config, {
    path: `/products/attributes?${searchCriteria({ pageSize: 0 })}`,
    schema: magentoAttributePage,
  });
  const labelled = page.items.filter((attribute) => attributeLabel(attribute) !== '');
  return mapLimit(labelled, concurrency, async (attribute) => {
    const options =
      SELECT_INPUTS.has(attribute.frontend_input ?? 'text') && attribute.is_user_defined !== false
        ? await magentoFetch(config, {
            path: `/products/attributes/${encodeURIComponent(attribute.attribute_code)}/options`,
            schema: magentoAttributeOptions,
          })
        : [];
    return toAttribute(attribute, options);
  });
}

/**
 * A stable hash of what mapping a product reads of the attributes (labels and option labels): when it
 * changes, every product must be mapped again (a full read). The flags are not in it: they are read on
 * every sync and used as they are.
 */
export const labelsHash = (attributes: readonly CatalogueAttribute[]): string =>
  createHash('sha256')
    .update(
      JSON.stringify(
        attributes
          .map(({ code, label, options }) => [code, label, options] as const)
          .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
      ),
    )
    .digest('hex')
    .slice(0, 16);

/**
 * The merchandiser's order of every category (`GET /V1/categories/:id/products` in the `all` store, which
 * gives the assigned products with their positions whatever their status), skus first position first.
 */
export async function loadPositions(
  config: MagentoClientConfig,
  audiences: Catalogue['audiences'],
  concurrency: number,
): Promise<Record<string, string[]>> {
  const all = { ...config, storeCode: 'all' };
  const ids: number[] = [];
  const walk = (node: CategoryNode) => {
    ids.push(node.id);
    node.children.forEach(walk);
  };
  Object.values(audiences).forEach((root) => root.children.forEach(walk));
  const lists = await mapLimit(ids, concurrency, (id) =>
    magentoFetch(all, { path: `/categories/${id}/products`, schema: magentoCategoryProductLinks }),
  );
  return Object.fromEntries(
    ids.map((id, at) => [
      String(id),
      [...(lists[at] ?? [])]
        .sort((a, b) => (a.position ?? 0) - (b.position ?? 0) || (a.sku < b.sku ? -1 : a.sku > b.sku ? 1 : 0))
        .map((link) => link.sku),
    ]),
  );
}

const skuOf = (raw: unknown): string =>
  typeof raw === 'object' && raw !== null && 'sku' in raw ? String(raw.sku) : '(no sku)';

/**
 * Validates and maps raw product records; invalid ones are left out and reported (or fail in strict mode).
 * Products without a page of their own (visibility 1, e.g. spare parts) still appear as connected products.
 */
export function toProducts(
  raws: readonly unknown[],
  attributes: AttributeLookup,
  options: LoadOptions,
): { products: Product[]; problems: LoadProblem[] } {
  const problems: LoadProblem[] = [];
  const products: Product[] = [];
  const problem = (found: LoadProblem) => {
    if (options.strict)
      throw new CatalogueLoadError(`Product ${found.sku} is invalid at ${found.field}: ${found.message}`);
    problems.push(found);
  };
  for (const raw of raws) {
    const parsed = magentoProduct.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      problem({
        sku: skuOf(raw),
        field: issue?.path.join('.') || '(record)',
        message: issue?.message ?? 'invalid',
      });
      continue;
    }
    const product = toProduct(parsed.data, attributes);
    if (!product.urlKey && product.visibility !== 1) {
      problem({ sku: product.sku, field: 'custom_attributes.url_key', message: 'missing url_key' });
      continue;
    }
    products.push(product);
  }
  return { products, problems };
}

export async function loadCatalogue(
  config: MagentoClientConfig,
  options: LoadOptions = {},
): Promise<{ catalogue: Catalogue; problems: LoadProblem[]; labelsHash: string }> {
  const concurrency = options.concurrency ?? 4;
  const pageSize = options.pageSize ?? 200;
  const log = options.log ?? (() => undefined);
  const audiences = await loadAudiences(config, concurrency);
  const attributes = await loadAttributes(config, concurrency);
  const positions = await loadPositions(config, audiences, concurrency);

  const pagePath = (page: number) =>
    `/products?${searchCriteria({ filters: [{ field: 'status', value: '1' }], pageSize, currentPage: page, sort: { field: 'entity_id', direction: 'ASC' } })}`;
  const first = await magentoFetch(config, { path: pagePath(1), schema: magentoProductPage });
  const pages = Math.max(1, Math.ceil(first.total_count / pageSize));
  log(`Reading ${first.total_count} products in ${pages} pages`);
  const rest = await mapLimit(
    Array.from({ length: pages - 1 }, (_, index) => index + 2),
    concurrency,
    (page) => magentoFetch(config, { path: pagePath(page), schema: magentoProductPage }),
  );

  const { products: read, problems } = toProducts(
    [first, ...rest].flatMap((page) => page.items),
    attributeLookup(attributes),
    options,
  );
  const products = withVariants(read.sort(bySku));
  for (const problem of problems)
    log(`Left out product ${problem.sku}: ${problem.field}: ${problem.message}`);
  return {
    catalogue: { readAt: new Date().toISOString(), audiences, products, attributes, positions },
    problems,
    labelsHash: labelsHash(attributes),
  };
}
