/**
 * `loadCatalogueChanges` reads only what changed since a previous catalogue: categories, their product
 * positions and the attributes again (cheap), a sweep of every product's sku, status, visibility and updated_at (Magento's `fields` filter),
 * then the full records of the products whose updated_at or visibility differ or that are new; products
 * the sweep no longer lists as enabled are dropped.
 */
import { z } from 'zod';
import { magentoFetch, searchCriteria, type MagentoClientConfig } from '../magento/client.ts';
import { magentoTime } from '../magento/wire/date.ts';
import {
  magentoProductPage,
  magentoProductStamp,
  magentoProductStampPage,
  type ProductStamp,
} from '../magento/wire/catalogue.ts';
import {
  CatalogueLoadError,
  labelsHash,
  loadAudiences,
  loadCatalogue,
  loadAttributes,
  loadPositions,
  mapLimit,
  toProducts,
  type LoadOptions,
  type LoadProblem,
} from './load.ts';
import { attributeLookup } from './attributes.ts';
import { bySku } from './sku-order.ts';
import type { Catalogue, Product } from './types.ts';
import { withVariants } from './variants.ts';

export type { ProductStamp };

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
 * file's comment), and the `recheck` products. When the attribute labels differ from `last.labelsHash`, every product is read again.
 */
export async function loadCatalogueChanges(
  config: MagentoClientConfig,
  previous: Catalogue,
  last: { readonly labelsHash: string; readonly readAt: string },
  options: LoadOptions = {},
  /** Products to read again whatever their updated_at says (saved by a call that does not touch it). */
  recheck: readonly string[] = [],
  /** `targeted`: read only the `recheck` products, with no sweep of every product's stamp. */
  mode: { readonly targeted?: boolean } = {},
): Promise<CatalogueChanges> {
  const concurrency = options.concurrency ?? 4;
  const log = options.log ?? (() => undefined);
  const audiences = await loadAudiences(config, concurrency);
  const attributes = await loadAttributes(config, concurrency);
  const positions = await loadPositions(config, audiences, concurrency);
  const targeted = mode.targeted === true && recheck.length > 0;
  const stamps = targeted ? [] : await sweepProducts(config);
  const hash = labelsHash(attributes);
  if (hash !== last.labelsHash) {
    log('The attribute labels or options changed: reading every product');
    const full = await loadCatalogue(config, options);
    return { ...full, mode: 'full', fetched: full.catalogue.products.length };
  }
  const { fetch, removed } = targeted
    ? { fetch: [...new Set(recheck)], removed: [] }
    : staleSkus(
        previous.products,
        stamps,
        new Set([...sameSecondSkus(previous.products, last.readAt), ...recheck]),
      );
  log(`Reading ${fetch.length} changed products; ${removed.length} no longer enabled`);
  // A product disabled between the sweep and this read is dropped rather than shown.
  const records = (await fetchProducts(config, fetch, concurrency)).filter((raw) => {
    const status = magentoProductStamp.safeParse(raw).data?.status;
    return status === undefined || status === 1;
  });
  const { products: fresh, problems } = toProducts(records, attributeLookup(attributes), options);
  if (targeted) {
    // A saved configurable naming a child the catalogue does not hold (added with it, unnamed): sweep.
    const known = new Set([...previous.products, ...fresh].map((product) => product.id));
    if (fresh.some((product) => product.configurable?.childIds.some((id) => !known.has(id))))
      return loadCatalogueChanges(config, previous, last, options, recheck);
  }
  // A product read again under another sku (renamed) replaces the one it was.
  const freshIds = new Set(fresh.map((product) => product.id));
  const renamed = previous.products
    .filter((product) => freshIds.has(product.id))
    .map((product) => product.sku);
  const dropped = new Set([...removed, ...fetch, ...renamed]);
  // Variants again over the whole catalogue: a child read afresh changes its parent's card, read or not.
  const products = withVariants(
    [...previous.products.filter((product) => !dropped.has(product.sku)), ...fresh].sort(bySku),
  );
  for (const problem of problems)
    log(`Left out product ${problem.sku}: ${problem.field}: ${problem.message}`);
  return {
    catalogue: { readAt: new Date().toISOString(), audiences, products, attributes, positions },
    problems,
    labelsHash: hash,
    mode: 'incremental',
    fetched: fetch.length,
  };
}
