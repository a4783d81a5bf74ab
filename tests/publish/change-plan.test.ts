/**
 * What a warm run plans for a change (src/site/change-plan.ts), on the demo catalogue read from the
 * embedded back end over HTTP, changed as an editor changes it (the admin API): the planned pages hold every
 * page whose key changed (worked out by fingerprinting the whole catalogue before and after, as a full
 * build does), and what changed is the product's page and the pages its card is on: one page of each parts
 * page of the models it fits, the page of its category listing holding it. The pages that only mention it
 * (machines it fits, pages linking it) bake no price or stock: a price or a stock switch leaves them alone,
 * a new name does not. A stock switch moves no card; a product leaving a category leaves every page of it;
 * a change of structure (an attribute) plans everything.
 */
import { testShop } from '../unit/catalogue/fixtures.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fitIndex, modelKey } from '../../src/catalogue/fits.ts';
import { loadCatalogue } from '../../src/catalogue/load.ts';
import { productRoutes } from '../../src/site/product-view.ts';
import { indexCatalogue, type CatalogueIndex } from '../../src/catalogue/snapshot.ts';
import type { Product } from '../../src/catalogue/types.ts';
import { partsPagePath } from '../../src/features/fits/paths.ts';
import { changedSkus, pagesShowing } from '../../src/site/change-plan.ts';
import { audienceMenus } from '../../src/site/menus.ts';
import { pageKeys, sharedFingerprint } from '../../src/site/page-plan.ts';
import { ADMIN, INTEGRATION_TOKEN, startTestBackend, type TestBackend } from '../support/backend.ts';

const AT = Date.parse('2026-11-26T12:00:00Z');

let backend: TestBackend;
let token: string;

beforeAll(async () => {
  backend = await startTestBackend({ catalogue: { seed: 11, productCount: 250, brand: 'Clearwater' } });
  token = (await backend.call('POST', '/rest/V1/integration/admin/token', { body: ADMIN })).body as string;
}, 60_000);
afterAll(() => backend?.stop());

const read = async (): Promise<CatalogueIndex> =>
  indexCatalogue((await loadCatalogue({ baseUrl: backend.url, token: INTEGRATION_TOKEN })).catalogue, {
    at: AT,
  });

/** An editor's save through the admin API, as Magento's admin makes it. */
async function save(sku: string, product: Record<string, unknown>): Promise<void> {
  const saved = await backend.call('PUT', `/rest/V1/products/${encodeURIComponent(sku)}`, {
    token,
    body: { product },
  });
  expect(saved.status).toBe(200);
}

/** Every product and listing page's key, as a full build works them out. */
function keysOf(index: CatalogueIndex): Map<string, string> {
  return pageKeys(index, productRoutes(index, []), sharedFingerprint(index, testShop));
}

/** The pages whose key differs between the two catalogues (or that one of them lacks). */
function changedKeys(before: CatalogueIndex, after: CatalogueIndex): string[] {
  const [a, b] = [keysOf(before), keysOf(after)];
  return [...new Set([...a.keys(), ...b.keys()])].filter((key) => a.get(key) !== b.get(key)).sort();
}

/** What a warm run plans, checked to hold every page that changed; and what changed. */
function planned(before: CatalogueIndex, after: CatalogueIndex) {
  const plan = pagesShowing(before, after, changedSkus(before, after));
  const changed = changedKeys(before, after);
  expect(plan).not.toBeNull();
  expect(changed.filter((key) => !plan?.has(key))).toEqual([]);
  return { plan: plan ?? new Set<string>(), changed };
}

/** The listing pages (category listings and parts pages) among `keys`, by listing path. */
const byListing = (keys: readonly string[], paths: readonly string[]) =>
  Object.fromEntries(
    paths.map((path) => [path, keys.filter((key) => key === path || key.startsWith(`${path}/page/`))]),
  );

/** The pages of the products showing `product` as a related, up-sell or cross-sell card. */
const linking = (index: CatalogueIndex, product: Product) =>
  index.pages
    .filter((other) => Object.values(other.links).flat().includes(product.sku))
    .map((other) => other.urlKey);

/** The part that fits the most machine models. */
function widestFitting(index: CatalogueIndex): Product {
  const part = [...index.pages]
    .filter((product) => product.fit.fits.length > 0)
    .sort((a, b) => b.fit.fits.length - a.fit.fits.length)[0];
  if (!part?.priceInclVat) throw new Error('no part that fits a machine');
  return part;
}

/** The pages of the machines of the models `part` fits. */
function machinesOf(index: CatalogueIndex, part: Product): string[] {
  const fits = fitIndex(index);
  return part.fit.fits.flatMap(
    (name) => fits.byKey.get(modelKey(name))?.machines.map((machine) => machine.urlKey) ?? [],
  );
}

/** The listings a part is in: its categories' and the parts pages of the models it fits. */
function listingsOf(index: CatalogueIndex, part: Product): string[] {
  const fits = fitIndex(index);
  const models = part.fit.fits.flatMap((name) => fits.byKey.get(modelKey(name)) ?? []);
  return [...models.map((model) => partsPagePath(model.slug).slice(1)), ...categoryPaths(index, part)];
}

const categoryPaths = (index: CatalogueIndex, product: Product) =>
  [...index.categoriesByPath.values()]
    .filter((node) => node.path.split('/').length > 2 && product.categoryIds.includes(node.id))
    .map((node) => node.path.slice(1));

describe('a warm run plans what a change shows', () => {
  it('for the widest-fitting accessory’s price: its page and one page of each of its listings, no machine’s', async () => {
    const before = await read();
    const hose = widestFitting(before);
    const price = (Math.round((hose.priceInclVat ?? 10) * 113) / 100).toFixed(2);
    await save(hose.sku, {
      price: Number(price),
      custom_attributes: [{ attribute_code: 'list_price', value: price }],
    });
    const after = await read();
    const { plan, changed } = planned(before, after);
    const listings = listingsOf(after, hose);
    expect(listings.length).toBeGreaterThan(1);
    // One page of each listing: the one its card is on, not the listing's other pages.
    for (const [path, pages] of Object.entries(byListing(changed, listings)))
      expect(pages, `the pages of ${path} rendered`).toHaveLength(1);
    expect(changed.sort()).toEqual(
      [hose.urlKey, ...Object.values(byListing(changed, listings)).flat()].sort(),
    );
    // The machines it fits and the pages linking it show its name and picture, not its price: not even planned.
    const mentioning = [...machinesOf(after, hose), ...linking(after, hose)];
    expect(mentioning.length).toBeGreaterThan(0);
    expect(mentioning.filter((key) => plan.has(key))).toEqual([]);
  });

  it('for the widest-fitting accessory’s new name: its page, its machines’ pages, the pages linking it and its listings', async () => {
    const before = await read();
    const hose = widestFitting(before);
    await save(hose.sku, { name: `${hose.name} (new)` });
    const after = await read();
    const { changed } = planned(before, after);
    const machines = machinesOf(after, hose);
    expect(machines.filter((key) => !changed.includes(key))).toEqual([]);
    expect(linking(after, hose).filter((key) => !changed.includes(key))).toEqual([]);
    await save(hose.sku, { name: hose.name });
  });

  it('for a stock switch: its page and the one page of each listing holding its card, whose order stays', async () => {
    const before = await read();
    const counts = new Map([...before.byCategory].map(([id, list]) => [id, list.length]));
    const product = before.pages.find(
      (candidate) =>
        candidate.inStock &&
        candidate.fit.fits.length === 0 &&
        candidate.categoryIds.some(
          (id) => (counts.get(id) ?? 0) > 12 && before.byCategory.get(id)?.[0] === candidate,
        ),
    );
    if (!product) throw new Error('no product first in a listing of two pages');
    await save(product.sku, { extension_attributes: { stock_item: { qty: 0, is_in_stock: false } } });
    const after = await read();
    expect(after.bySku.get(product.sku)?.inStock).toBe(false);
    const { plan, changed } = planned(before, after);
    const paths = categoryPaths(after, product);
    const listed = byListing(changed, paths);
    // Its card changes on the listing's first page, where it stays: no card after it moves.
    for (const path of paths) expect(listed[path]).toEqual([path]);
    expect(changed.sort()).toEqual([product.urlKey, ...Object.values(listed).flat()].sort());
    expect(linking(after, product).filter((key) => plan.has(key) && key !== product.urlKey)).toEqual([]);
    await save(product.sku, { extension_attributes: { stock_item: { qty: 20, is_in_stock: true } } });
  });

  it('for a product that leaves a category: every page of that listing that showed it or after it', async () => {
    const before = await read();
    const product = before.pages.find((candidate) => categoryPaths(before, candidate).length > 0);
    if (!product) throw new Error('no product in a listing');
    const [left] = categoryPaths(before, product);
    const kept = product.categoryIds.filter((id) => before.categoriesByPath.get(`/${left}`)?.id !== id);
    await save(product.sku, {
      extension_attributes: { category_links: kept.map((id) => ({ category_id: String(id), position: 0 })) },
    });
    const after = await read();
    const { changed } = planned(before, after);
    expect(Object.values(byListing(changed, [left ?? ''])).flat().length).toBeGreaterThan(0);
    expect(after.byCategory.get(before.categoriesByPath.get(`/${left}`)?.id ?? -1)).not.toContain(
      after.bySku.get(product.sku),
    );
  });

  it('everything when the structure changed: an attribute’s label is on every product page', async () => {
    const before = await read();
    const [first, ...rest] = before.catalogue.attributes;
    if (!first) throw new Error('no attribute');
    const after = indexCatalogue(
      { ...before.catalogue, attributes: [{ ...first, label: `${first.label} (new)` }, ...rest] },
      { at: AT },
    );
    expect(pagesShowing(before, after, changedSkus(before, after))).toBeNull();
  });

  it('everything when a product’s new picture is a menu’s, which every page shows', async () => {
    const before = await read();
    const tiles = new Set(
      audienceMenus(before).flatMap((menu) => menu.tiles.flatMap((tile) => tile.image?.file ?? [])),
    );
    const tile = before.pages.find((product) => product.thumbnail && tiles.has(product.thumbnail.file));
    if (!tile?.thumbnail) throw new Error('no product whose picture is a menu tile');
    const repictured = { ...tile, thumbnail: { ...tile.thumbnail, file: '/n/e/new-picture.jpg' } };
    const products = before.catalogue.products.map((each) => (each === tile ? repictured : each));
    const after = indexCatalogue({ ...before.catalogue, products }, { at: AT });
    expect(JSON.stringify(audienceMenus(after))).not.toEqual(JSON.stringify(audienceMenus(before)));
    expect(pagesShowing(before, after, changedSkus(before, after))).toBeNull();
  });

  it('nothing when nothing changed', async () => {
    const before = await read();
    const after = await read();
    expect(changedSkus(before, after)).toEqual(new Set());
    expect(changedKeys(before, after)).toEqual([]);
  });
});
