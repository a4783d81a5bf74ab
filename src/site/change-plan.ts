/**
 * Which pages a change of products can show differently: the reverse index from a product to the pages
 * its facts are baked into (DESIGN.md §4), worked out from the catalogue before and after the change, so
 * a warm run plans those pages and no other (src/publish/render/warm.ts). Each page kind shows, of other
 * products than its own:
 * - a product page: its variants (it sells them); of its related, up-sell and cross-sell cards, and on a
 *   machine's page the cards of what fits its model, only their links, names and pictures (`mentionFacts`:
 *   their prices and stock are drawn in the browser), so a change of those alone plans none of them;
 * - a listing page (a category's, a parts page): its own twelve cards, and how many products and pages
 *   the listing has (fingerprint.ts), never its filters' counts or price bands;
 * - a data file: whatever its text holds; every data file is planned on every run and written when its
 *   text changed (data-files.ts).
 * What every page shares (menus, the category tree, the attributes, the models' names) is the catalogue's
 * structure: when it changed, every page is planned (`sameStructure`).
 */
import { pagePath, DEFAULT_PAGE_SIZE } from '../features/listing/index.ts';
import { allListings } from './listings.ts';
import { fitIndex, modelKey } from '../catalogue/fits.ts';
import type { CatalogueIndex } from '../catalogue/snapshot.ts';
import type { Product } from '../catalogue/types.ts';
import { partsPagePath } from '../features/fits/index.ts';
import { productDigest } from './fingerprint.ts';
import { audienceMenus } from './menus.ts';
import { mentionFacts } from './product-view.ts';

/** What of a catalogue other products' pages name, by sku: who lists it as a variant or links to it. */
interface Namers {
  readonly parents: ReadonlyMap<string, readonly Product[]>;
  readonly linkers: ReadonlyMap<string, readonly Product[]>;
}

const namersMemo = new WeakMap<CatalogueIndex, Namers>();

function namersOf(index: CatalogueIndex): Namers {
  let namers = namersMemo.get(index);
  if (namers) return namers;
  const parents = new Map<string, Product[]>();
  const linkers = new Map<string, Product[]>();
  const add = (map: Map<string, Product[]>, sku: string, product: Product) => {
    const list = map.get(sku);
    if (list) list.push(product);
    else map.set(sku, [product]);
  };
  for (const product of index.catalogue.products) {
    for (const { sku } of product.configurable?.variants ?? []) add(parents, sku, product);
    const { related, upsell, crosssell } = product.links;
    for (const sku of [...related, ...upsell, ...crosssell]) add(linkers, sku, product);
  }
  namers = { parents, linkers };
  namersMemo.set(index, namers);
  return namers;
}

/**
 * What every page (or every page of a kind) shows besides the products' own facts: when it differs, a
 * change is planned as a whole catalogue. The header's menus show a product's picture per category (a
 * product's change can move it: every page's key holds them); the models' names and slugs are on every
 * part's page.
 */
function structure(index: CatalogueIndex): unknown[] {
  const { catalogue } = index;
  const fits = fitIndex(index);
  return [
    audienceMenus(index),
    catalogue.audiences,
    catalogue.attributes,
    catalogue.reviewSettings,
    fits.types,
    fits.models.map(({ name, slug, key, audience, kind }) => [name, slug, key, audience, kind]),
  ];
}

/** Whether two catalogues have the same structure (above): a change between them is a change of products. */
export function sameStructure(before: CatalogueIndex, after: CatalogueIndex): boolean {
  const [a, b] = [structure(before), structure(after)];
  return a.every((part, at) => part === b[at] || JSON.stringify(part) === JSON.stringify(b[at]));
}

/**
 * The skus whose products differ between the two catalogues as a page can show them (`productDigest`:
 * a Trade price changes none), including those added and removed. Products kept between syncs are the
 * same objects, so only the changed ones (and those a sale prices anew) are hashed.
 */
export function changedSkus(before: CatalogueIndex, after: CatalogueIndex): Set<string> {
  const changed = new Set<string>();
  for (const [sku, product] of after.bySku) {
    const old = before.bySku.get(sku);
    if (old !== product && (!old || productDigest(old) !== productDigest(product))) changed.add(sku);
  }
  for (const sku of before.bySku.keys()) if (!after.bySku.has(sku)) changed.add(sku);
  return changed;
}

/**
 * A product with a page whose url key another product has too: which of them gets the page may move with
 * the change, so everything is planned.
 */
const contestedUrlKey = (index: CatalogueIndex, product: Product): boolean =>
  product.visibility !== 1 && product.urlKey !== '' && index.byUrlKey.get(product.urlKey) !== product;

/** The listing pages of a listing that had `before` products and has `after`: every page of either. */
function listingPages(path: string, before: number, after: number): string[] {
  const pages = Math.max(1, Math.ceil(Math.max(before, after) / DEFAULT_PAGE_SIZE));
  return Array.from({ length: pages }, (_, at) => pagePath({ path }, at + 1).slice(1));
}

/**
 * Whether the pages that only mention the product (link to it, or show it as fitting a machine) can show
 * it differently: its link, name or picture, or what it fits, changed, or it came or went.
 */
function mentionChanged(before: CatalogueIndex, after: CatalogueIndex, sku: string): boolean {
  const [was, is] = [before.bySku.get(sku), after.bySku.get(sku)];
  if (!was || !is) return true;
  if (was.urlKey !== is.urlKey || was.visibility !== is.visibility) return true;
  if (JSON.stringify(was.fit) !== JSON.stringify(is.fit)) return true;
  const [a, b] = [mentionFacts(was), mentionFacts(is)];
  return a.some((value, at) => value !== b[at]);
}

/** The machine models a product is or fits. */
const modelsOf = (product: Product): string[] =>
  [...product.fit.fits, ...(product.fit.model === null ? [] : [product.fit.model])].map(modelKey);

/**
 * The keys (paths without the leading `/`) of the product and listing pages that can show the products
 * of `skus` differently after the change: their own pages and their configurable parents', every page of
 * each listing they (or their parents) were or are in (a parts page is the listing of a model), and, when
 * what those pages mention of them changed (`mentionChanged`), the pages linking to them and the machine
 * pages of the models they fit. Null when the change is not one of products alone (`sameStructure`) or moves
 * a contested url key: then every page is planned. A planned page is rendered only when its key changed.
 */
export function pagesShowing(
  before: CatalogueIndex,
  after: CatalogueIndex,
  skus: ReadonlySet<string>,
): Set<string> | null {
  if (!sameStructure(before, after)) return null;
  const keys = new Set<string>();
  const categories = new Set<number>();
  const models = new Set<string>();
  for (const index of [before, after]) {
    const { parents, linkers } = namersOf(index);
    const fits = fitIndex(index);
    for (const sku of skus) {
      const product = index.bySku.get(sku);
      if (!product) continue;
      if (contestedUrlKey(index, product)) return null;
      const shown = [product, ...(parents.get(sku) ?? [])];
      const mentioned = mentionChanged(before, after, sku);
      for (const each of [...shown, ...(mentioned ? (linkers.get(sku) ?? []) : [])]) keys.add(each.urlKey);
      for (const each of shown) for (const id of each.categoryIds) categories.add(id);
      for (const key of modelsOf(product)) {
        models.add(key);
        if (mentioned) for (const machine of fits.byKey.get(key)?.machines ?? []) keys.add(machine.urlKey);
      }
    }
  }
  // The merchandiser's order of a category: its listing's cards move.
  for (const [id, order] of Object.entries(after.catalogue.positions))
    if (JSON.stringify(order) !== JSON.stringify(before.catalogue.positions[id])) categories.add(Number(id));
  const count = (index: CatalogueIndex, id: number) => index.byCategory.get(id)?.length ?? 0;
  for (const { path, categoryId: id } of allListings(after))
    if (id !== null && categories.has(id))
      for (const page of listingPages(path, count(before, id), count(after, id))) keys.add(page);
  const parts = (index: CatalogueIndex, key: string) => fitIndex(index).byKey.get(key)?.parts.length ?? 0;
  for (const key of models) {
    const slug = (fitIndex(after).byKey.get(key) ?? fitIndex(before).byKey.get(key))?.slug;
    if (!slug) continue;
    for (const page of listingPages(partsPagePath(slug), parts(before, key), parts(after, key)))
      keys.add(page);
  }
  keys.delete('');
  return keys;
}
