/**
 * Search relevance on the demo catalogue (issue 23's budget, DESIGN.md §5): the labelled set built from
 * the catalogue (tests/support/search-relevance.ts) searched with the engine over the index the site builds,
 * read from a throwaway embedded back end as `npm start` seeds it. The figures per kind of query are printed;
 * the thresholds fail the test when relevance regresses, naming the queries that miss.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import synonymsFile from '../../../src/content/search-synonyms.json' with { type: 'json' };
import { productRoutes } from '../../../src/site/product-view.ts';
import { indexCatalogue } from '../../../src/catalogue/snapshot.ts';
import { searchBuildInput } from '../../../src/site/search-input.ts';
import { buildSearchFiles, type BuiltSearch } from '../../../src/features/search/build.ts';
import { createSearchEngine } from '../../../src/features/search/engine.ts';
import { memorySource } from '../../../src/features/search/sources.ts';
import { synonymsSchema } from '../../../src/features/search/synonyms.ts';
import {
  describeMiss,
  engineRanker,
  EXACT_KINDS,
  floorMisses,
  floorTerms,
  formatReport,
  ISSUE_70_KINDS,
  misses,
  NOT_SOLD_QUERIES,
  notSoldCheck,
  QUERY_KINDS,
  readDemoCatalogue,
  RELEVANCE_BUDGET,
  relevanceSet,
  report,
  runNotSold,
  runSet,
  SHOPPER_KINDS,
  SOLD_LOOKALIKES,
  type RelevanceInput,
  type FloorMiss,
  type LabelledQuery,
  type QueryResult,
  type Report,
} from '../../support/search-relevance.ts';

let built: BuiltSearch;
let engine: ReturnType<typeof createSearchEngine>;
let set: LabelledQuery[];
let relevanceInput: RelevanceInput;
let results: QueryResult[];
let figures: Report;
let floor: FloorMiss[];
let floorCount: number;

/** Lists the queries behind a failed expectation (at most `max`). */
const listing = (items: readonly string[], max = 40): string =>
  items.length === 0
    ? 'none'
    : `\n  ${items.slice(0, max).join('\n  ')}${items.length > max ? `\n  … and ${items.length - max} more` : ''}`;

beforeAll(async () => {
  const index = indexCatalogue(await readDemoCatalogue());
  const input = searchBuildInput(index, productRoutes(index, []));
  built = buildSearchFiles(input);
  engine = createSearchEngine(memorySource(built));
  const skus = engineRanker(engine, built.products);
  relevanceInput = {
    products: input.products,
    catalogue: index.catalogue,
    synonyms: synonymsSchema.parse(synonymsFile),
  };
  set = relevanceSet(relevanceInput);
  // The things not sold have no right product: asked apart, counted as a kind of their own.
  results = [...(await runSet(set, skus)), ...(await runNotSold(engine, built.products))];
  figures = report(results);
  const terms = floorTerms(built.products);
  floorCount = terms.length;
  floor = await floorMisses(built.products, terms, skus);
});

afterAll(() => {
  if (!figures) return;
  const inside = floor.reduce((sum, miss) => sum + miss.inside.length, 0);
  console.info(
    [
      formatReport(
        `Search relevance, ${built.products.length} demo products, ${set.length} labelled queries and ${NOT_SOLD_QUERIES.length + SOLD_LOOKALIKES.length} of things not sold and their lookalikes`,
        figures,
      ),
      `  floor (the spec's rule): ${floorCount} terms; ${floor.filter((miss) => miss.missing.length > 0).length} miss a product it finds at a word's start; ${inside} finds inside a word not found (not required)`,
      `  misses:${listing(misses(results).map(describeMiss), 30)}`,
    ].join('\n'),
  );
});

describe('search relevance on the demo catalogue', () => {
  it('asks at least 300 labelled queries, of every kind', () => {
    expect(set.length).toBeGreaterThanOrEqual(RELEVANCE_BUDGET.minQueries);
    for (const kind of QUERY_KINDS) expect(figures.byKind.get(kind)?.queries ?? 0, kind).toBeGreaterThan(0);
    for (const query of set) expect(query.right.size, query.query).toBeGreaterThan(0);
  });

  for (const kind of EXACT_KINDS)
    it(`puts the right product first for at least 98 in 100 ${kind} queries`, () => {
      const own = results.filter((result) => result.query.kind === kind);
      const wrong = own.filter((result) => result.rank !== 1);
      expect(
        1 - wrong.length / own.length,
        `${kind} queries whose first result is wrong:${listing(wrong.map(describeMiss))}`,
      ).toBeGreaterThanOrEqual(RELEVANCE_BUDGET.successAt1);
    });

  it('ranks the first right answer at a mean reciprocal rank (top 10) of ≥ 0.85, overall and per kind on average', () => {
    const missed = misses(results).map(describeMiss);
    expect(
      figures.overall.mrrAt10,
      `queries without a right answer in the top 10:${listing(missed)}`,
    ).toBeGreaterThanOrEqual(RELEVANCE_BUDGET.mrrAt10);
    expect(
      figures.macroMrrAt10,
      `queries without a right answer in the top 10:${listing(missed)}`,
    ).toBeGreaterThanOrEqual(RELEVANCE_BUDGET.mrrAt10);
  });

  it('offers first the category the words describe best (issue 37), a brand word beside them or not', async () => {
    for (const query of ['hoover', 'vacuum cleaner', 'clearwater hoover'])
      expect((await engine.search(query)).categories[0]?.name, query).toBe('Vacuum Cleaners');
    expect((await engine.search('clearwater pressure washer')).categories[0]?.name).toBe('Pressure Washers');
  });

  it("puts the best answer first for at least 95 in 100 shoppers' queries (DESIGN.md §5)", () => {
    const own = results.filter((result) => result.query.kind === 'shopper');
    const wrong = own.filter((result) => result.rank !== 1);
    expect(
      1 - wrong.length / own.length,
      `shopper queries whose first result is wrong:${listing(wrong.map(describeMiss))}`,
    ).toBeGreaterThanOrEqual(RELEVANCE_BUDGET.shopperSuccessAt1);
  });

  // Issue 70: the job to do, a part for a machine, a model typed loosely, a property at its most or least,
  // and things not sold (answered right: "not sold" and nothing, or for their lookalikes products).
  for (const kind of ISSUE_70_KINDS)
    it(`puts the best answer first for at least 95 in 100 ${kind} queries (issue 70)`, () => {
      const own = results.filter((result) => result.query.kind === kind);
      const wrong = own.filter((result) => result.rank !== 1);
      expect(own.length, kind).toBeGreaterThan(0);
      expect(
        1 - wrong.length / own.length,
        `${kind} queries whose first result is wrong:${listing(wrong.map(describeMiss))}`,
      ).toBeGreaterThanOrEqual(RELEVANCE_BUDGET.shopperSuccessAt1);
    });

  it('says what is not sold and finds nothing for things the shop does not sell, and finds what it sells that shares their words (issue 70)', () => {
    // The lists themselves, against the catalogue: nothing names a thing not sold, something names each lookalike.
    expect(notSoldCheck(relevanceInput)).toEqual({ named: [], unnamed: [] });
    const own = results.filter((result) => result.query.kind === 'not-sold');
    expect(own.length).toBe(NOT_SOLD_QUERIES.length + SOLD_LOOKALIKES.length);
    const notSold = own.filter(({ query }) => 'sold' in query && !query.sold);
    const lookalikes = own.filter(({ query }) => 'sold' in query && query.sold);
    const wrongNotSold = notSold.filter((result) => !result.notSold || result.found !== 0);
    const wrongLookalikes = lookalikes.filter((result) => result.notSold !== null || result.found === 0);
    expect(
      wrongNotSold.map(describeMiss),
      `things not sold not answered "not sold" with nothing:${listing(wrongNotSold.map(describeMiss))}`,
    ).toEqual([]);
    expect(
      wrongLookalikes.map(describeMiss),
      `things sold answered "not sold" or with nothing:${listing(wrongLookalikes.map(describeMiss))}`,
    ).toEqual([]);
  });

  it("puts the best answer first for at least 98 in 100 shoppers' queries of every kind together (issue 70)", () => {
    const own = results.filter((result) => SHOPPER_KINDS.includes(result.query.kind));
    const wrong = own.filter((result) => result.rank !== 1);
    expect(
      1 - wrong.length / own.length,
      `shoppers' queries (${SHOPPER_KINDS.join(', ')}) whose first result is wrong:${listing(wrong.map(describeMiss), 60)}`,
    ).toBeGreaterThanOrEqual(RELEVANCE_BUDGET.shoppersSuccessAt1);
  });

  it('finds something for every query that has a right answer', () => {
    // A thing not sold has none: it should find nothing.
    const empty = results.filter((result) => result.found === 0 && 'right' in result.query);
    expect(empty.map((result) => `[${result.query.how}] "${result.query.query}"`)).toEqual([]);
  });

  it("finds every product the spec's rule finds (at a word's start) for every word of every name and its prefixes", () => {
    const lost = floor
      .filter((miss) => miss.missing.length > 0)
      .map(
        (miss) =>
          `"${miss.term}": ${miss.missing.length} not found, e.g. ${miss.missing
            .slice(0, 2)
            .map((sku) => built.products.find((product) => product.sku === sku)?.name ?? sku)
            .join('; ')}`,
      );
    expect(lost).toEqual([]);
  });
});
