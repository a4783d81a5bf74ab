/**
 * The search index built again and again by one builder (the warm renderer's runs) keeps what did not
 * change, and the files it writes are byte for byte those of an index built afresh from the same catalogue.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { productRoutes } from '../../../src/site/product-view.ts';
import { indexCatalogue } from '../../../src/catalogue/snapshot.ts';
import type { Catalogue, Product } from '../../../src/catalogue/types.ts';
import { searchBuildInput } from '../../../src/site/search-input.ts';
import {
  buildSearchFiles,
  indexFiles,
  searchIndexBuilder,
  type BuiltSearch,
} from '../../../src/features/search/build.ts';
import { readDemoCatalogue } from '../../support/search-relevance.ts';

let demo: Catalogue;

beforeAll(async () => {
  demo = await readDemoCatalogue();
});

const inputOf = (catalogue: Catalogue) => {
  const index = indexCatalogue(catalogue);
  return searchBuildInput(index, productRoutes(index, []));
};

/** The demo catalogue with one product changed (a new object, as a sync makes). */
const changed = (sku: string, change: (product: Product) => Partial<Product>): Catalogue => ({
  ...demo,
  products: demo.products.map((product) =>
    product.sku === sku ? { ...product, ...change(product) } : product,
  ),
});

const texts = (built: BuiltSearch) => indexFiles(built).map(([path, data]) => [path, JSON.stringify(data)]);

describe('a search index built again by the same builder', () => {
  it('keeps the term files and changes one record shard when a price changed, and writes what a fresh build writes', () => {
    const sku =
      demo.products.find((product) => product.visibility === 4 && product.configurable === null)?.sku ?? '';
    const build = searchIndexBuilder();
    const before = build(inputOf(demo));
    const repriced = changed(sku, (product) => ({
      regularPriceInclVat: (product.regularPriceInclVat ?? 0) + 10,
    }));
    const after = build(inputOf(repriced));
    expect(after.terms).toBe(before.terms);
    expect(after.codes).toBe(before.codes);
    const differ = after.records.filter(
      (shard, at) => JSON.stringify(shard) !== JSON.stringify(before.records[at]),
    );
    expect(differ).toHaveLength(1);
    expect(JSON.stringify(differ[0])).toContain(sku);
    expect(texts(after)).toEqual(texts(buildSearchFiles(inputOf(repriced))));
  });

  it('builds the term files again when a name changed, as a fresh build does', () => {
    const product = demo.products.find(
      (candidate) => candidate.visibility === 4 && candidate.configurable === null,
    );
    const build = searchIndexBuilder();
    const before = build(inputOf(demo));
    const renamed = changed(product?.sku ?? '', () => ({ name: 'Zyxwv Quarterdeck Scrubber' }));
    const after = build(inputOf(renamed));
    expect(after.terms).not.toBe(before.terms);
    expect(texts(after)).toEqual(texts(buildSearchFiles(inputOf(renamed))));
  });

  it('writes again only the term files of a product whose stock changed (its postings carry it), as a fresh build does', () => {
    const product = demo.products.find((candidate) => candidate.visibility === 4 && candidate.inStock);
    const build = searchIndexBuilder();
    const before = build(inputOf(demo));
    const soldOut = changed(product?.sku ?? '', () => ({ inStock: false }));
    const after = build(inputOf(soldOut));
    expect(texts(after)).toEqual(texts(buildSearchFiles(inputOf(soldOut))));
    const rewritten = (now: ReadonlyMap<string, object>, then: ReadonlyMap<string, object>) =>
      [...now].filter(([key, file]) => then.get(key) !== file).length;
    expect(rewritten(after.terms, before.terms)).toBeGreaterThan(0);
    expect(rewritten(after.terms, before.terms)).toBeLessThan(after.terms.size / 10);
    expect(rewritten(after.prefixes, before.prefixes)).toBeLessThan(after.prefixes.size / 4);
    // Back in stock: what a fresh build writes again.
    const again = build(inputOf(demo));
    expect(texts(again)).toEqual(texts(buildSearchFiles(inputOf(demo))));
  });
});
