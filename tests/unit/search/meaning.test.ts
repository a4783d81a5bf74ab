/**
 * What shoppers mean (issue 70), on the demo catalogue as `npm start` seeds it, read from a throwaway
 * embedded back end: a job named by the catalogue's applications, a property to sort by, a model typed
 * loosely or not sold, a part asked for with the machine it is for, and things the shop does not sell.
 * The labelled figures per kind are the relevance test's; here, what each reading says on the page.
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
const warnings: string[] = [];

beforeAll(async () => {
  const index = indexCatalogue(await readDemoCatalogue());
  input = { ...searchBuildInput(index, productRoutes(index, [])), warn: (message) => warnings.push(message) };
  built = buildSearchFiles(input);
  engine = createSearchEngine(memorySource(built));
});

const found = async (query: string): Promise<Product[]> =>
  (await engine.search(query)).ids.flatMap((id) => built.products[id] ?? []);

const technical = (product: Product | undefined, code: string): number =>
  Number(product?.technicalData.find((row) => row.code === code)?.value ?? NaN);

/** A machine names the model it is (fits.ts); accessories and detergents do not. */
const isMachine = (product: Product): boolean => product.fit.model !== null;

describe('a job to do', () => {
  it('finds the machines whose applications name it, in the shopper’s words and the merchant’s', async () => {
    for (const [query, application] of [
      ['clean a caravan roof', 'Caravans'],
      ['wash a muddy mountain bike', 'Bicycles'],
      ['pet hair on the sofa', 'Upholstery'],
      ['flooded cellar', 'Flooded cellars'],
    ] as const) {
      const [first] = await found(query);
      expect(first && isMachine(first), query).toBe(true);
      // The first machine's category is one whose machines are mostly for the job.
      const listing = input.listings.find((one) => one.products.some(({ sku }) => sku === first?.sku));
      const members = (listing?.products ?? []).flatMap(({ sku }) => input.bySku?.get(sku) ?? []);
      const forIt = members.filter((one) => one.applications.includes(application));
      expect(forIt.length * 4, query).toBeGreaterThanOrEqual(members.filter(isMachine).length);
    }
  });

  it('leaves words the products already name to their own search ("carpet cleaner", "window vac")', async () => {
    expect((await found('window vac'))[0]?.name).toMatch(/Window Vac$/);
    expect((await found('car shampoo'))[0]?.name).toMatch(/Car Shampoo/);
  });
});

describe('a property to sort by', () => {
  it('sorts the type the words name by it, says so, and the chip leads to the query without it', async () => {
    const answer = await engine.search('quietest wet and dry vac');
    expect(answer.sort).toMatchObject({ label: 'sound level, quietest first', rest: 'wet and dry vac' });
    const vacs = (await found('quietest wet and dry vac')).filter((one) => /Wet & Dry Vacuum/.test(one.name));
    const levels = vacs
      .map((one) => technical(one, 'sound_pressure_db'))
      .filter((level) => !Number.isNaN(level));
    expect(levels.length).toBeGreaterThan(2);
    expect(levels).toEqual([...levels].sort((a, b) => a - b));
  });

  it('sorts machines, not the parts whose names share the words', async () => {
    const [lightest] = await found('lightest pressure washer');
    const washers = (await found('pressure washer')).filter((one) => /Pressure Washer$/.test(one.name));
    const least = Math.min(...washers.map((one) => technical(one, 'weight_kg')).filter((kg) => kg > 0));
    expect(technical(lightest, 'weight_kg')).toBe(least);
  });

  it('leaves a word alone that is all the query says ("quiet")', async () => {
    expect((await engine.search('quiet')).sort).toBeNull();
  });
});

describe('a model written loosely', () => {
  it('finds it run together, split otherwise or with a slash', async () => {
    expect((await found('k7premiumsmart'))[0]?.name).toContain('K 7 Premium Smart Control');
    expect((await found('sc 4easyfix'))[0]?.name).toContain('SC 4 EasyFix');
    expect((await found('nt301ap'))[0]?.name).toContain('NT 30/1 Ap');
  });

  it('reads a model the shop does not sell as its family, and says it is no exact match', async () => {
    const answer = await engine.search('t10/1adv');
    expect(answer.relaxed).not.toBeNull();
    expect((await found('t10/1adv'))[0]?.name).toContain('T 10/1');
    expect((await engine.search('k8 pressure washer')).relaxed).toBe('k pressure washer');
    expect((await found('k8 pressure washer'))[0]?.name).toMatch(/ K \d+ /);
  });
});

describe('a part for a machine', () => {
  it('answers with parts of that type, the machine itself not first', async () => {
    const [lance] = await found('extension lance for k7');
    expect(lance?.fit.type).toBe('Nozzles and lances');
    const [detergent] = await found('detergent for SC 3 steam cleaner');
    expect(detergent?.fit.type).toBe('Detergents');
    expect((await found('hose for k7 pressure washer'))[0]?.fit.fits).toContain('K 7');
  });
});

describe('things the shop does not sell', () => {
  it('says so with the nearest categories, and shows no product sharing a word', async () => {
    const answer = await engine.search('lawn tractor');
    expect(answer.notSold).toBe('lawn tractors');
    expect(answer.ids).toEqual([]);
    expect(answer.categories.map((category) => category.name)).toContain('Garden Tools');
    expect((await engine.search('dishwashers')).notSold).toBe('dishwashers');
    expect((await engine.search('lawn mower')).notSold).toBeNull();
  });

  it('warns at build time of an entry naming no category, and leaves out a phrase the shop sells', () => {
    const again = buildSearchFiles({
      ...input,
      notSold: [{ phrases: ['lawn mower', 'lawn tractor'], name: 'lawn tractors', near: ['Tractors'] }],
    });
    expect(again.core.ns).toEqual([[['lawn tractor'], 'lawn tractors', []]]);
    expect(warnings).toContain(
      'search-not-sold: "lawn mower" is left out: the shop sells the Clearwater LMO 18-20 Battery Lawn Mower',
    );
    expect(warnings).toContain('search-not-sold: no category is named "Tractors" (near lawn tractors)');
  });
});
