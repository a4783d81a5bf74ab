/**
 * When search must find nothing (spec §2 Search page, §8 "No products found with that keyword"), on the
 * demo catalogue as `npm start` seeds it: a made-up word with digits in it finds no product by its
 * digits, and one word for a thing the shop does not sell is said to be one, as the merchant's list of
 * things not sold is. The real codes, models and sizes the catalogue holds are still found.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '../../../src/catalogue/types.ts';
import { indexCatalogue } from '../../../src/catalogue/snapshot.ts';
import { buildSearchFiles, type BuiltSearch } from '../../../src/features/search/build.ts';
import { createSearchEngine, type SearchEngine } from '../../../src/features/search/engine.ts';
import { memorySource } from '../../../src/features/search/sources.ts';
import { productRoutes } from '../../../src/site/product-view.ts';
import { searchBuildInput } from '../../../src/site/search-input.ts';
import { readDemoCatalogue } from '../../support/search-relevance.ts';

let built: BuiltSearch;
let engine: SearchEngine;
let input: ReturnType<typeof searchBuildInput>;

beforeAll(async () => {
  const index = indexCatalogue(await readDemoCatalogue());
  input = searchBuildInput(index, productRoutes(index, []));
  built = buildSearchFiles(input);
  engine = createSearchEngine(memorySource(built));
});

const found = async (query: string): Promise<Product[]> =>
  (await engine.search(query)).ids.flatMap((id) => built.products[id] ?? []);

/** A shopper typing `query` one key at a time: the suggestions' answers to each prefix. */
const typed = async (query: string) =>
  Promise.all([...query].map((_, at) => engine.search(query.slice(0, at + 1), { typing: true, limit: 10 })));

/** The demo's products whose name holds `words` as a phrase, in the catalogue's own spelling. */
const named = (words: string): Product[] =>
  built.products.filter((product) => ` ${product.name} `.includes(` ${words} `));

describe('a made-up word with digits in it', () => {
  const NONSENSE = ['qzxjv9k27', 'qzxjv9', 'qzxjvab12', 'qzxjv4m2', 'xyzzy42', 'blorft7'];

  it('finds nothing, so the page says "No products found with that keyword"', async () => {
    for (const query of NONSENSE) {
      const answer = await engine.search(query);
      expect({ query, ids: answer.ids, relaxed: answer.relaxed }).toEqual({ query, ids: [], relaxed: null });
    }
  });

  it('suggests nothing while it is typed either', async () => {
    const answers = await typed('qzxjv9k27');
    expect(answers.slice(5).map((answer) => answer.ids.length)).toEqual([0, 0, 0, 0]);
  });

  it('is left out beside real words, which find what they find alone', async () => {
    const answer = await engine.search('pressure qzxjv9k27');
    expect(answer.relaxed).toBe('pressure');
    expect(answer.ids).toEqual((await engine.search('pressure')).ids);
  });
});

describe('the codes, models and sizes the catalogue holds', () => {
  it('finds a model typed any way: "K5", "K 5", "HD 5/15"', async () => {
    for (const [queries, model] of [
      [['K5', 'K 5', 'k-5'], 'K 5'],
      [['HD 5/15', 'hd5/15'], 'HD 5/15'],
    ] as const) {
      expect(named(model).length, model).toBeGreaterThan(0);
      for (const query of queries) expect((await found(query))[0]?.name, query).toContain(` ${model} `);
    }
  });

  it('finds a product by its SKU typed whole or run together, and by its model number', async () => {
    const product = built.products.find((one) => one.modelNumber !== null && /\d/.test(one.sku));
    if (!product?.modelNumber) throw new Error('the demo should have a product with a model number');
    for (const query of [product.sku, product.sku.replace(/-/g, '').toLowerCase(), product.modelNumber])
      expect((await found(query))[0]?.sku, query).toBe(product.sku);
  });

  it('finds the products of a size: "5 l" finds the 5 l ones, a configurable by its 5 l child', async () => {
    const fiveLitre = (await found('5 l')).map((product) => product.name);
    expect(fiveLitre.length).toBeGreaterThan(1);
    const configurable = built.products.find((product) =>
      product.configurable?.variants.some((variant) =>
        /5 l$/.test(input.bySku?.get(variant.sku)?.name ?? ''),
      ),
    );
    expect(fiveLitre).toContain(configurable?.name);
  });
});

describe('one word for a thing the shop does not sell', () => {
  it('is said to be one, with no product, as the merchant’s list of things not sold is', async () => {
    for (const [query, name] of [
      ['sofa', 'sofas'],
      ['sofas', 'sofas'],
      ['bicycle', 'bicycles'],
      ['caravan', 'caravans'],
      ['television', 'electronics'],
      ['kettle', 'kettles'],
    ] as const) {
      const answer = await engine.search(query);
      expect({ query, notSold: answer.notSold, ids: answer.ids }).toEqual({ query, notSold: name, ids: [] });
    }
  });

  it('leads to the categories of the machines made for cleaning it, the most for it first', async () => {
    const answer = await engine.search('sofa');
    const upholstery = (name: string): number => {
      const listing = input.listings.find((one) => one.name === name);
      const machines = (listing?.products ?? [])
        .flatMap(({ sku }) => input.bySku?.get(sku) ?? [])
        .filter((product) => product.fit.model !== null);
      return machines.filter((one) => one.applications.includes('Upholstery')).length / machines.length;
    };
    const shares = answer.categories.map((category) => upholstery(category.name));
    expect(shares.length).toBeGreaterThan(0);
    expect(shares.every((share) => share >= 0.25)).toBe(true);
    expect(shares).toEqual([...shares].sort((a, b) => b - a));
  });

  it('still names the job beside words saying what to do with it, and real synonyms still find', async () => {
    for (const query of ['pet hair on the sofa', 'clean the sofa', 'wash a muddy mountain bike']) {
      const answer = await engine.search(query);
      expect({ query, notSold: answer.notSold }).toEqual({ query, notSold: null });
      expect(answer.ids.length, query).toBeGreaterThan(0);
    }
    for (const query of ['hoover', 'strimmer', 'jetwash', 'carpet', 'car'])
      expect((await engine.search(query)).ids.length, query).toBeGreaterThan(0);
  });
});
