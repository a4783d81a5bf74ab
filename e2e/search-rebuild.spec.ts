/**
 * A results page open while the shop is rebuilt with its products renumbered (another journey disabled or
 * added a product): the server drew the page from the index of its build, and the page's script reads the
 * files of whichever build is live when it loads them. Its cards must still be the products its count
 * counts, each once, and a configurable found by a size opens at that size, at that size's price.
 *
 * The rebuild is played in the browser: from the first record file the page's script asks for, every
 * index file it gets is the rebuilt site's (the snapshot without the first product of the shop's order),
 * so the page meets the new index between its search and its records, as it would during a publish.
 */
import { readdirSync, readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import type { Catalogue } from '../src/catalogue/types.ts';
import { indexCatalogue } from '../src/catalogue/snapshot.ts';
import { buildSearchFiles, indexFiles, type BuiltSearch } from '../src/features/search/build.ts';
import { createSearchEngine } from '../src/features/search/engine.ts';
import { memorySource } from '../src/features/search/sources.ts';
import { contentPagePath, productRoutes } from '../src/site/product-view.ts';
import { searchBuildInput } from '../src/site/search-input.ts';
import { catalogue, formatGbp, pricedNow } from './support/catalogue.ts';
import { expect, test } from './support/test.ts';

const PAGES = new URL('../src/content/pages/', import.meta.url);
const QUERY = 'detergent 5 l';

/** The site's search index of `of`, as the build writes it. */
function indexOf(of: Catalogue): BuiltSearch {
  const index = indexCatalogue(of);
  const contentPaths = readdirSync(PAGES)
    .filter((file) => file.endsWith('.md'))
    .flatMap((file) => contentPagePath(readFileSync(new URL(file, PAGES), 'utf8')) ?? []);
  return buildSearchFiles(searchBuildInput(index, productRoutes(index, contentPaths)));
}

/** The index of the site rebuilt without the first product of the shop's order: all after it renumbered. */
function rebuiltIndex(): BuiltSearch {
  const gone = indexOf(catalogue()).products[0]?.sku;
  return indexOf({ ...catalogue(), products: catalogue().products.filter((one) => one.sku !== gone) });
}

/** Serves the rebuilt site's index files from the first record file the page asks for on. */
async function publishDuringRecords(page: Page, rebuilt: BuiltSearch): Promise<void> {
  const files = new Map(indexFiles(rebuilt).map(([path, data]) => [path, JSON.stringify(data)]));
  let published = false;
  await page.route('**/search/data/**', async (route) => {
    const path = new URL(route.request().url()).pathname.replace(/^\/search\/data\//, '');
    published ||= path.startsWith('d/');
    if (!published) return route.continue();
    const body = files.get(path);
    return body === undefined
      ? route.fulfill({ status: 404 })
      : route.fulfill({ contentType: 'application/json', body });
  });
}

const cards = (page: Page) => page.getByRole('list', { name: 'Search results' }).getByRole('listitem');

test('cards stay the products counted, each once, the size asked for at its price, across a rebuild', async ({
  page,
}) => {
  const rebuilt = rebuiltIndex();
  const engine = createSearchEngine(memorySource(rebuilt));
  const answer = await engine.search(QUERY);
  const records = await engine.records(answer.ids, answer.variants);
  const parent = records.find((record) => record[2].endsWith('?volume=5-l'));
  const child = catalogue().products.find(
    (one) => one.parentSku === parent?.[0] && one.name.endsWith(' 5 l'),
  );
  if (!parent || !child) throw new Error('the demo should sell a detergent in sizes, one of them 5 l');

  await publishDuringRecords(page, rebuilt);
  await page.goto(`/search/${encodeURIComponent(QUERY)}`);
  await expect(cards(page)).not.toHaveCount(0);
  // The shopper sorts (the tools load the records: the rebuilt site's), then, once the page has done
  // with it, goes back to relevance.
  await page.getByLabel('Sort by').selectOption('name-asc');
  await page.waitForLoadState('networkidle');
  await page.getByLabel('Sort by').selectOption('position');

  await expect(page.getByRole('main').getByRole('status')).toHaveText(`Results found: ${answer.total}`);
  const shown = records.slice(0, 12);
  await expect(cards(page).getByRole('heading', { level: 2 })).toHaveText(shown.map((record) => record[1]));
  const links = await cards(page)
    .getByRole('heading', { level: 2 })
    .getByRole('link')
    .evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href')));
  expect(links).toEqual(shown.map((record) => record[2]));
  expect(new Set(links).size).toBe(links.length);
  const card = cards(page).filter({ has: page.locator(`a[href="${parent[2]}"]`) });
  await expect(card).toContainText(formatGbp(pricedNow().get(child.sku)?.priceInclVat ?? 0));
});
