/**
 * Reads the whole catalogue from Magento with a service (integration) token: the category tree from
 * `/rest/all`, each category's url_key, the attribute labels, and every product, paged and fetched a few
 * pages at a time. Each product is validated on its own: a bad one is left out and reported with its sku
 * and the field at fault, or fails the load in strict mode.
 *
 * `loadCatalogueChanges` reads only what changed since a previous catalogue: categories and labels again
 * (cheap), a sweep of every product's sku, status, visibility and updated_at (Magento's `fields` filter),
 * then the full records of the products whose updated_at or visibility differ or that are new; products
 * the sweep no longer lists as enabled are dropped.
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';

import { magentoFetch, searchCriteria, type MagentoClientConfig } from '../magento/client.ts';
import {
  magentoAttributePage,
  magentoCategory,
  magentoCategoryTree,
  magentoProduct,
  magentoProductPage,
  type MagentoCategoryTree,
} from '../magento/wire/catalogue.ts';
import { AUDIENCE_ROOTS, toAudiences, toProduct } from './map.ts';
import type { Catalogue, Product } from './types.ts';

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

/** Runs `task` over `items` with at most `limit` in flight, keeping order. */
export async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  task: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

function descendants(node: MagentoCategoryTree): MagentoCategoryTree[] {
  return node.children_data.flatMap((child) => [child, ...descendants(child)]);
}

/** The category trees of both audiences, with each category's url_key. */
async function loadAudiences(
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

/** Frontend labels by (trimmed) attribute code. */
async function loadLabels(config: MagentoClientConfig): Promise<Map<string, string>> {
  const attributes = await magentoFetch(config, {
    path: `/products/attributes?${searchCriteria({ pageSize: 0 })}`,
    schema: magentoAttributePage,
  });
  return new Map(
    attributes.items
      .map(
        (attribute) =>
          [
            attribute.attribute_code.trim(),
            (attribute.default_frontend_label ?? attribute.frontend_labels?.[0]?.label ?? '').trim(),
          ] as const,
      )
      .filter(([, label]) => label !== ''),
  );
}

/** A stable hash of the labels: when it changes, every product must be mapped again (a full read). */
export const labelsHash = (labels: ReadonlyMap<string, string>): string =>
  createHash('sha256')
    .update(JSON.stringify([...labels].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))))
    .digest('hex')
    .slice(0, 16);

const skuOf = (raw: unknown): string =>
  typeof raw === 'object' && raw !== null && 'sku' in raw ? String(raw.sku) : '(no sku)';

/**
 * Validates and maps raw product records; invalid ones are left out and reported (or fail in strict mode).
 * Products without a page of their own (visibility 1, e.g. spare parts) still appear as connected products.
 */
function toProducts(
  raws: readonly unknown[],
  labels: ReadonlyMap<string, string>,
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
    const product = toProduct(parsed.data, labels);
    if (!product.urlKey && product.visibility !== 1) {
      problem({ sku: product.sku, field: 'custom_attributes.url_key', message: 'missing url_key' });
      continue;
    }
    products.push(product);
  }
  return { products, problems };
}

const bySku = (a: Product, b: Product): number => (a.sku < b.sku ? -1 : a.sku > b.sku ? 1 : 0);

export async function loadCatalogue(
  config: MagentoClientConfig,
  options: LoadOptions = {},
): Promise<{ catalogue: Catalogue; problems: LoadProblem[]; labelsHash: string }> {
  const concurrency = options.concurrency ?? 4;
  const pageSize = options.pageSize ?? 200;
  const log = options.log ?? (() => undefined);
  const audiences = await loadAudiences(config, concurrency);
  const labels = await loadLabels(config);

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

  const { products, problems } = toProducts(
    [first, ...rest].flatMap((page) => page.items),
    labels,
    options,
  );
  products.sort(bySku);
  for (const problem of problems)
    log(`Left out product ${problem.sku}: ${problem.field}: ${problem.message}`);
  return {
    catalogue: { readAt: new Date().toISOString(), audiences, products },
    problems,
    labelsHash: labelsHash(labels),
  };
}

/**
 * What the sweep reads of every product (Magento's `fields` partial response). Wire shape, parsed here:
 * the full product schema lives in `magento/wire.ts`.
 */
const magentoProductStamp = z
  .object({
    sku: z.string().min(1),
    status: z.union([z.number(), z.string()]).transform(Number).optional(),
    visibility: z.union([z.number(), z.string()]).transform(Number).optional(),
    updated_at: z.string().optional(),
  })
  .loose();
const magentoProductStampPage = z.object({
  items: z.array(magentoProductStamp).optional().default([]),
  total_count: z.number(),
});
export type ProductStamp = z.infer<typeof magentoProductStamp>;

/** Every product's sku, status, visibility and updated_at, in one request (pageSize 0: all of them). */
export async function sweepProducts(config: MagentoClientConfig): Promise<ProductStamp[]> {
  const path = `/products?${searchCriteria({ pageSize: 0 })}&fields=items[sku,status,visibility,updated_at],total_count`;
  const page = await magentoFetch(config, { path, schema: magentoProductStampPage });
  if (page.items.length !== page.total_count)
    throw new CatalogueLoadError(
      `The product sweep listed ${page.items.length} of ${page.total_count} products; the catalogue was left as it was.`,
    );
  return page.items;
}

/** Magento's `updated_at` (UTC, `YYYY-MM-DD HH:MM:SS`) as epoch milliseconds. */
const magentoTime = (text: string): number => Date.parse(`${text.replace(' ', 'T')}Z`);

/** Clock difference between Magento and this server that the same-second rule allows for. */
const CLOCK_SKEW_MS = 60_000;
/** More products than this saved in one second is a bulk import: left to the daily full read. */
const MAX_RECHECKED = 200;

/**
 * updated_at counts whole seconds, so a product saved again in the second the previous read saw it has
 * the same updated_at twice. Those products are the ones with the newest updated_at of the previous
 * read, when that is no older than the read itself (give or take the clock skew): they are read again.
 */
export function sameSecondSkus(previous: readonly Product[], previousReadAt: string): Set<string> {
  let newest = '';
  for (const product of previous) if (product.updatedAt > newest) newest = product.updatedAt;
  if (newest === '' || magentoTime(newest) < Date.parse(previousReadAt) - CLOCK_SKEW_MS) return new Set();
  const skus = previous.filter((product) => product.updatedAt === newest).map((product) => product.sku);
  return new Set(skus.length <= MAX_RECHECKED ? skus : []);
}

/**
 * The products to fetch again (new or re-enabled, another updated_at or visibility, or in `recheck`) and
 * those to drop (no longer listed as enabled).
 */
export function staleSkus(
  previous: readonly Product[],
  stamps: readonly ProductStamp[],
  recheck: ReadonlySet<string> = new Set(),
): {
  fetch: string[];
  removed: string[];
} {
  const known = new Map(previous.map((product) => [product.sku, product]));
  const enabled = stamps.filter((stamp) => stamp.status === 1);
  const fetch = enabled
    .filter((stamp) => {
      const product = known.get(stamp.sku);
      return (
        !product ||
        recheck.has(stamp.sku) ||
        stamp.updated_at === undefined ||
        stamp.updated_at !== product.updatedAt ||
        (stamp.visibility ?? 4) !== product.visibility
      );
    })
    .map((stamp) => stamp.sku);
  const stillEnabled = new Set(enabled.map((stamp) => stamp.sku));
  const removed = previous.filter((product) => !stillEnabled.has(product.sku)).map((product) => product.sku);
  return { fetch, removed };
}

/** Full records of the given skus, a chunk at a time (`sku in (…)`). */
async function fetchProducts(
  config: MagentoClientConfig,
  skus: readonly string[],
  concurrency: number,
): Promise<unknown[]> {
  const chunks: string[][] = [];
  const listable = skus.filter((sku) => !sku.includes(','));
  for (let start = 0; start < listable.length; start += 100) chunks.push(listable.slice(start, start + 100));
  const pages = await mapLimit(chunks, concurrency, (chunk) =>
    magentoFetch(config, {
      path: `/products?${searchCriteria({ filters: [{ field: 'sku', value: chunk.join(','), conditionType: 'in' }], pageSize: chunk.length })}`,
      schema: magentoProductPage,
    }),
  );
  // A sku with a comma cannot go in an `in` list: read those one by one.
  const single = await mapLimit(
    skus.filter((sku) => sku.includes(',')),
    concurrency,
    (sku) => magentoFetch(config, { path: `/products/${encodeURIComponent(sku)}`, schema: z.unknown() }),
  );
  return [...pages.flatMap((page) => page.items), ...single];
}

export interface CatalogueChanges {
  catalogue: Catalogue;
  problems: LoadProblem[];
  labelsHash: string;
  /** `full` when the labels changed, so every product was read again. */
  mode: 'full' | 'incremental';
  /** Products read again (changed, new or re-enabled). */
  fetched: number;
}

/**
 * The catalogue as it is now, reading only what changed since `previous`, read at `last.readAt` (see the
 * file's comment). When the attribute labels differ from `last.labelsHash`, every product is read again.
 */
export async function loadCatalogueChanges(
  config: MagentoClientConfig,
  previous: Catalogue,
  last: { readonly labelsHash: string; readonly readAt: string },
  options: LoadOptions = {},
): Promise<CatalogueChanges> {
  const concurrency = options.concurrency ?? 4;
  const log = options.log ?? (() => undefined);
  const audiences = await loadAudiences(config, concurrency);
  const labels = await loadLabels(config);
  const stamps = await sweepProducts(config);
  const hash = labelsHash(labels);
  if (hash !== last.labelsHash) {
    log('The attribute labels changed: reading every product');
    const full = await loadCatalogue(config, options);
    return { ...full, mode: 'full', fetched: full.catalogue.products.length };
  }
  const { fetch, removed } = staleSkus(
    previous.products,
    stamps,
    sameSecondSkus(previous.products, last.readAt),
  );
  log(`Reading ${fetch.length} changed products; ${removed.length} no longer enabled`);
  // A product disabled between the sweep and this read is dropped rather than shown.
  const records = (await fetchProducts(config, fetch, concurrency)).filter((raw) => {
    const status = magentoProductStamp.safeParse(raw).data?.status;
    return status === undefined || status === 1;
  });
  const { products: fresh, problems } = toProducts(records, labels, options);
  const dropped = new Set([...removed, ...fetch]);
  const products = [...previous.products.filter((product) => !dropped.has(product.sku)), ...fresh].sort(
    bySku,
  );
  for (const problem of problems)
    log(`Left out product ${problem.sku}: ${problem.field}: ${problem.message}`);
  return {
    catalogue: { readAt: new Date().toISOString(), audiences, products },
    problems,
    labelsHash: hash,
    mode: 'incremental',
    fetched: fetch.length,
  };
}
