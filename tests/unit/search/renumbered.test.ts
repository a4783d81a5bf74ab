/**
 * A results page open while the site is rebuilt with the products renumbered (another journey disabled or
 * added a product): the page's answer holds product numbers of the index it was found in, and once the
 * engine has read the new index the same numbers are other products. The page's cards must still be the
 * products its count counts, each once, and a configurable found by a size must still open at that size
 * at its price: the records of the old numbers are refused, and the page searches again.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Catalogue } from '../../../src/catalogue/types.ts';
import { indexCatalogue } from '../../../src/catalogue/snapshot.ts';
import { loadMatchesIndex, rankedPage } from '../../../src/components/search/search-results.ts';
import { buildSearchFiles, type BuiltSearch } from '../../../src/features/search/build.ts';
import { StaleIndexError } from '../../../src/features/search/decode.ts';
import { createSearchEngine, type IndexSource } from '../../../src/features/search/engine.ts';
import { memorySource } from '../../../src/features/search/sources.ts';
import { DEFAULT_STATE } from '../../../src/features/listing/browse-state.ts';
import { productRoutes } from '../../../src/site/product-view.ts';
import { searchBuildInput } from '../../../src/site/search-input.ts';
import { readDemoCatalogue } from '../../support/search-relevance.ts';

let catalogue: Catalogue;
let before: BuiltSearch;
let after: BuiltSearch;

const indexOf = (of: Catalogue): BuiltSearch => {
  const index = indexCatalogue(of);
  return buildSearchFiles(searchBuildInput(index, productRoutes(index, [])));
};

beforeAll(async () => {
  catalogue = await readDemoCatalogue();
  before = indexOf(catalogue);
  // The first product of the shop's order disabled: every product after it is numbered one less.
  const gone = before.products[0]?.sku;
  after = indexOf({ ...catalogue, products: catalogue.products.filter((one) => one.sku !== gone) });
});

/** An engine over the site's files, and the publish that swaps them for the rebuilt site's. */
function liveSite() {
  let live = before;
  const files = (): IndexSource => memorySource(live);
  const source: IndexSource = {
    core: () => files().core(),
    terms: (key, v) => files().terms(key, v),
    prefixes: (prefix, v) => files().prefixes(prefix, v),
    codes: (bucket, v) => files().codes(bucket, v),
    words: (letter, v) => files().words(letter, v),
    records: (shard, v) => files().records(shard, v),
    reset: () => undefined,
  };
  return { engine: createSearchEngine(source), publish: () => (live = after) };
}

/** The 5 l child of the configurable detergent a "detergent 5 l" page shows, and its parent. */
const fiveLitre = () => {
  const parent = catalogue.products.find((one) =>
    one.configurable?.variants.some((variant) => variant.sku.endsWith('-5L')),
  );
  const child = catalogue.products.find(
    (one) => one.sku === parent?.configurable?.variants.find((variant) => variant.sku.endsWith('-5L'))?.sku,
  );
  if (!parent || !child) throw new Error('the demo should sell a detergent in sizes, one of them 5 l');
  return { parent, child };
};

describe('a results page open while the site is rebuilt with the products renumbered', () => {
  it('never shows other products under its answer: their records are refused, as the next try’s are', async () => {
    const { engine, publish } = liveSite();
    const answer = await engine.search('detergent 5 l');
    publish();
    // The tools' first load meets the new files; the shopper's next click loads them again.
    await expect(loadMatchesIndex(engine, answer)).rejects.toBeInstanceOf(StaleIndexError);
    await expect(loadMatchesIndex(engine, answer)).rejects.toBeInstanceOf(StaleIndexError);
    await expect(rankedPage(engine, answer, DEFAULT_STATE)).rejects.toBeInstanceOf(StaleIndexError);
  });

  it('searched again, shows each product it counts once, the 5 l size of a configurable at its price', async () => {
    const { engine, publish } = liveSite();
    await engine.search('detergent 5 l');
    publish();
    const again = await engine.search('detergent 5 l');
    const matches = await loadMatchesIndex(engine, again);
    const cards = matches?.index.products ?? [];
    expect(cards.map((card) => card[0])).toEqual(again.ids.map((id) => after.products[id]?.sku));
    expect(new Set(cards.map((card) => card[2].split('?')[0])).size).toBe(again.total);
    const { parent, child } = fiveLitre();
    const card = cards.find((one) => one[0] === parent.sku);
    expect(card?.[2]).toMatch(/\?volume=5-l$/);
    expect(card?.[5]).toBe(child.priceInclVat);
  });
});
