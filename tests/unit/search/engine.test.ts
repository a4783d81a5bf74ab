/**
 * The engine over a small hand-made catalogue, built and searched in memory: matching (AND, prefixes,
 * plurals, codes, synonyms, typos), ranking, categories and "Did you mean".
 */
import { describe, expect, it } from 'vitest';
import type { Product } from '../../../src/catalogue/types.ts';
import {
  buildSearchFiles,
  type SearchBuildInput,
  type SearchListing,
} from '../../../src/features/search/build.ts';
import { createSearchEngine, type IndexSource } from '../../../src/features/search/engine.ts';
import { decodeRecordShard, SearchIndexError, StaleIndexError } from '../../../src/features/search/decode.ts';
import type { RecordShard, TermShard } from '../../../src/features/search/files.ts';
import { memorySource } from '../../../src/features/search/sources.ts';
import { compileSynonyms } from '../../../src/features/search/synonyms.ts';
import { attribute, product } from '../catalogue/fixtures.ts';

const ATTRIBUTES = [
  attribute('max_pressure_bar', { label: 'Max. pressure (bar)', searchable: true, backendType: 'decimal' }),
  attribute('power_source', { label: 'Power source', searchable: true, input: 'select' }),
  attribute('colour', { label: 'Colour' }),
  attribute('power_w', { label: 'Power (W)', searchable: true, backendType: 'decimal' }),
];

const spec = (code: string, value: string) => ({ code, label: code, value });

const PRODUCTS: Product[] = [
  product({
    sku: 'HG-PW-001',
    name: 'Clearwater K 5 Premium Pressure Washer',
    categoryIds: [24],
    modelNumber: '1.324-603.0',
    technicalData: [
      spec('max_pressure_bar', '145'),
      spec('power_source', 'Mains electric'),
      spec('power_w', '2100'),
    ],
  }),
  product({
    sku: 'HG-PW-002',
    name: 'Clearwater K 4 Compact Pressure Washer',
    categoryIds: [24],
    technicalData: [spec('max_pressure_bar', '130')],
  }),
  product({
    sku: 'PRO-PW-003',
    name: 'Clearwater Professional HD 5/15 C Classic Pressure Washer',
    categoryIds: [2],
    modelNumber: '1.520-930.0',
    technicalData: [spec('max_pressure_bar', '150'), spec('power_source', 'Petrol')],
  }),
  product({
    sku: 'PRO-PW-004',
    name: 'Clearwater Professional HD 6/13 Pressure Washer',
    categoryIds: [2],
    inStock: false,
    technicalData: [spec('max_pressure_bar', '150'), spec('power_source', 'Petrol'), spec('colour', 'Red')],
  }),
  product({ sku: 'HG-WD-005', name: 'Clearwater WD 3 Wet & Dry Vacuum', categoryIds: [25] }),
  product({ sku: 'HG-WV-006', name: 'Clearwater WV 5 Window Vac', categoryIds: [26] }),
  product({ sku: 'HG-SC-007', name: 'Clearwater SC 3 Steam Cleaner', categoryIds: [27] }),
  product({ sku: 'HG-SC-008', name: 'Clearwater SC 3 Steam Cleaner Premium', categoryIds: [27] }),
  product({ sku: 'HG-DT-009', name: 'Clearwater Patio Detergent 5 l', categoryIds: [28] }),
  product({
    sku: 'HG-PW-010',
    name: 'Clearwater K 5 Pressure Washer Hose',
    categoryIds: [28],
    visibility: 3,
  }),
];

const listing = (
  categoryId: number,
  name: string,
  path: string,
  audience = 'Home & Garden',
): SearchListing => ({
  categoryId,
  name,
  path,
  audience,
  products: PRODUCTS.filter((p) => p.categoryIds.includes(categoryId)),
});

const LISTINGS = [
  listing(24, 'Pressure Washers', '/home-garden/pressure-washer'),
  listing(25, 'Wet & Dry Vacuum Cleaners', '/home-garden/wet-dry-vacuum-cleaners'),
  listing(26, 'Window Vacs', '/home-garden/window-vac'),
  listing(27, 'Steam Cleaners', '/home-garden/steam-cleaners'),
  listing(28, 'Accessories', '/home-garden/accessories'),
  listing(2, 'Pressure Washers', '/professional/pressure-washer', 'Professional'),
];

function build(products = PRODUCTS, more: Partial<SearchBuildInput> = {}) {
  return buildSearchFiles({
    ...more,
    products,
    hrefBySku: new Map(products.map((p) => [p.sku, `/${p.urlKey}`])),
    attributes: ATTRIBUTES,
    listings: LISTINGS,
    synonyms: compileSynonyms({
      equivalent: [
        ['vacuum', 'hoover'],
        ['pressure washer', 'jet wash'],
      ],
      oneWay: [{ from: 'patio cleaner', to: ['pressure washer'] }],
    }),
    recordShardSize: 4,
  });
}

const built = build();
const engine = createSearchEngine(memorySource(built));

async function skus(query: string): Promise<string[]> {
  const answer = await engine.search(query);
  return (await engine.records(answer.ids)).map((record) => record[0]);
}

describe('matching', () => {
  it('finds two-word product types the spec rule missed, every word required', async () => {
    expect(await skus('pressure washer')).toEqual(
      expect.arrayContaining(['HG-PW-001', 'HG-PW-002', 'PRO-PW-003', 'PRO-PW-004', 'HG-PW-010']),
    );
    // No product has both: not every word matched, and the answer says so.
    const answer = await engine.search('steam washer');
    expect(answer.relaxed).not.toBeNull();
    expect(answer.total).toBeGreaterThan(0);
  });

  it('matches the last word as a prefix while typing, not after a space', async () => {
    expect(await skus('steam clea')).toEqual(['HG-SC-007', 'HG-SC-008']);
    const spaced = await engine.search('steam clea ');
    expect(spaced.relaxed).toBe('steam');
  });

  it('while typing, leaves a last word of one or two letters aside until it grows; the results page does not', async () => {
    const typing = async (query: string) => (await engine.search(query, { typing: true })).ids;
    expect(await typing('clearwater pressure w')).toEqual(await typing('clearwater pressure'));
    expect(await typing('clearwater pressure was')).toEqual(
      (await engine.search('clearwater pressure washer')).ids,
    );
    // Alone, it is matched whole: "k" is a model range.
    const k = await engine.search('k', { typing: true });
    expect((await engine.records(k.ids)).map((record) => record[0]).sort()).toEqual([
      'HG-PW-001',
      'HG-PW-002',
      'HG-PW-010',
    ]);
    expect((await engine.search('ste', { typing: true })).total).toBe(2);
    expect((await engine.search('st', { typing: true })).total).toBe(0);
    expect(await skus('steam cl')).toEqual(['HG-SC-007', 'HG-SC-008']);
  });

  it('while typing, matches a last word of one or two characters with a digit whole, never through a prefix file', async () => {
    const asked: string[] = [];
    const files = memorySource(built);
    const search = createSearchEngine({
      ...files,
      prefixes: (prefix, v) => (asked.push(`p/${prefix}`), files.prefixes(prefix, v)),
    });
    // "1" begins "145bar", "150bar", "1324603…"; typed so far, it is only the number 1.
    const one = await search.search('1', { typing: true });
    const fifteen = await search.search('15', { typing: true });
    expect(asked).toEqual([]);
    // The results page matches it as a prefix, as the spec's rule did.
    expect((await search.search('1')).total).toBeGreaterThan(one.total);
    expect((await search.search('15')).total).toBeGreaterThan(fifteen.total);
  });

  it('finds plurals and singulars alike', async () => {
    expect(await skus('pressure washers')).toEqual(await skus('pressure washer'));
  });

  it('finds a model code however it is spaced', async () => {
    for (const typed of ['k5', 'K 5', 'k-5'])
      expect((await skus(typed)).slice(0, 2).sort()).toEqual(['HG-PW-001', 'HG-PW-010']);
    for (const typed of ['HD5/15', 'hd 5/15', 'hd515']) expect((await skus(typed))[0]).toBe('PRO-PW-003');
  });

  it('puts the product of a SKU or model number first, in any typing', async () => {
    for (const typed of ['HG-PW-002', 'hgpw002', 'hg pw 002', 'pw-002'])
      expect((await skus(typed))[0], typed).toBe('HG-PW-002');
    for (const typed of ['1.520-930.0', '15209300', '1 520 930 0'])
      expect((await skus(typed))[0], typed).toBe('PRO-PW-003');
  });

  it('finds through synonyms, both ways for equivalents, one way for one-way ones', async () => {
    expect(await skus('hoover')).toEqual(['HG-WD-005']);
    expect((await skus('jet wash')).length).toBe(5);
    expect(await skus('patio cleaner')).toEqual(expect.arrayContaining(['HG-PW-001', 'PRO-PW-003']));
    // "pressure washer" does not find what only "patio cleaner" would.
    expect(await skus('pressure washer')).not.toContain('HG-DT-009');
  });

  it("finds two words typed as one, with the index's own words and the synonyms' phrases", async () => {
    expect(await skus('windowvac')).toEqual(['HG-WV-006']);
    expect(await skus('pressurewashers')).toEqual(await skus('pressure washer'));
    expect(await skus('jetwash')).toEqual(await skus('jet wash'));
    // Not a split when the halves are not both words of the shop.
    expect((await engine.search('steamxyzzy')).total).toBe(0);
  });

  it('corrects a misspelt word and says how it understood the query', async () => {
    const answer = await engine.search('presure washer');
    expect(answer.ids).toHaveLength(5);
    expect(answer.corrected).toBe(true);
    expect(answer.didYouMean).toBe('pressure washer');
  });

  it('corrects a later word typed past its edits by the words the others find, rather than dropping it', async () => {
    // "wshr" is two letters short of "washer", more than a word of four letters may be corrected by: the
    // words of what "pressure" finds read it, as a shorthand with its vowels left out (issue 50).
    const answer = await engine.search('pressure wshr');
    expect(answer.relaxed).toBeNull();
    expect(answer.didYouMean).toBe('pressure washer');
    expect(answer.ids).toEqual((await engine.search('pressure washer')).ids);
    expect((await engine.search('steam clnr')).didYouMean).toBe('steam cleaner');
    // Not to a word that none of what the others find has: "premium" is no window vac's.
    expect((await engine.search('window vac prmm')).relaxed).toBe('window vac');
  });

  it('never corrects a word with digits: a model the shop does not sell is read as its family (issue 70)', async () => {
    const answer = await engine.search('k6');
    expect(answer.didYouMean).toBeNull();
    expect(answer.relaxed).toBe('k');
    expect(await skus('k6')).toEqual(await skus('k'));
    expect(await skus('k6')).not.toEqual([]);
  });

  it('searches attributes marked searchable, with their units, and not the others', async () => {
    expect(await skus('150 bar petrol')).toEqual(['PRO-PW-003', 'PRO-PW-004']);
    expect(await skus('red')).toEqual([]);
  });

  it('finds two measures typed together, each number with its unit', async () => {
    expect(await skus('145 bar 2100 w')).toEqual(['HG-PW-001']);
  });

  it('reads a measure no product has with the other words as its nearest values, on the results page only', async () => {
    // No machine has 2000 W: the 2100 W one is within 10 %; 2500 W is further than any.
    const near = await engine.search('145 bar 2000 w');
    expect(near.relaxed).toBeNull();
    expect((await engine.records(near.ids)).map((record) => record[0])).toEqual(['HG-PW-001']);
    // While typing, the range is not fetched: the measure is left out instead.
    expect((await engine.search('145 bar 2000 w', { typing: true })).relaxed).toBe('145 bar');
    expect((await engine.search('2500 w')).ids).toEqual([]);
  });

  it('reads a pressure in psi as the nearest bar, and units as shoppers write them', async () => {
    // 2100 psi is 144.8 bar: the 145 bar machine first, the 150 bar ones (within 10 %) after it.
    expect(await skus('2100 psi pressure washer')).toEqual(['HG-PW-001', 'PRO-PW-003', 'PRO-PW-004']);
    // 2000 psi is 137.9 bar: 124 to 152 bar.
    expect((await skus('2000 psi')).sort()).toEqual(['HG-PW-001', 'HG-PW-002', 'PRO-PW-003', 'PRO-PW-004']);
    expect(await skus('2100 watts')).toEqual(['HG-PW-001']);
    expect(await skus('patio detergent 5 litres')).toEqual(['HG-DT-009']);
  });

  it('takes a price out of the words, for the results page to filter by', async () => {
    const answer = await engine.search('pressure washer under £200');
    expect(answer.price).toEqual({ min: null, max: 200, typed: 'under £200', rest: 'pressure washer' });
    expect(answer.relaxed).toBeNull();
    expect(answer.total).toBe((await engine.search('pressure washer')).total);
  });

  it('covers products visible in search only, and finds category words', async () => {
    expect(await skus('hose')).toEqual(['HG-PW-010']);
    expect(await skus('accessories')).toEqual(['HG-DT-009', 'HG-PW-010']);
  });
});

describe('ranking', () => {
  it('puts the whole name before a name that holds it as a phrase', async () => {
    expect(await skus('Clearwater SC 3 Steam Cleaner')).toEqual(['HG-SC-007', 'HG-SC-008']);
  });

  it('puts matches in the name before matches elsewhere', async () => {
    // "vacuum" is in the wet & dry vac's name, and in no other product.
    const found = await skus('window');
    expect(found[0]).toBe('HG-WV-006');
  });

  it('puts unavailable products after available ones of the same relevance', async () => {
    const found = await skus('professional pressure washer');
    expect(found).toEqual(['PRO-PW-003', 'PRO-PW-004']);
    expect(await skus('petrol')).toEqual(['PRO-PW-003', 'PRO-PW-004']);
  });

  it('puts exact words before corrected ones', async () => {
    const extra = build([
      ...PRODUCTS,
      product({ sku: 'HG-X-011', name: 'Clearwater Stem Brush', categoryIds: [28] }),
    ]);
    const search = createSearchEngine(memorySource(extra));
    const answer = await search.search('stem');
    expect((await search.records(answer.ids)).map((r) => r[0])).toEqual(['HG-X-011']);
  });
});

describe('categories and no match', () => {
  it('offers the categories a product-type query names, most products first', async () => {
    const answer = await engine.search('pressure washers');
    expect(answer.categories.map((c) => `${c.name} (${c.audience})`)).toEqual([
      'Pressure Washers (Home & Garden)',
      'Pressure Washers (Professional)',
    ]);
  });

  it('offers first the category the words describe best, and keeps categories beside a brand word', async () => {
    // "hoover" finds vacuums through "vacuum" and window vacs through "vac": the vacuum cleaners are
    // wholly named, the window vacs by half.
    const ranked = buildSearchFiles({
      products: PRODUCTS,
      hrefBySku: new Map(PRODUCTS.map((p) => [p.sku, `/${p.urlKey}`])),
      attributes: ATTRIBUTES,
      listings: [
        listing(26, 'Window Vacs', '/home-garden/window-vac'),
        listing(25, 'Vacuum Cleaners', '/vacuums'),
      ],
      synonyms: compileSynonyms({ equivalent: [['vacuum', 'hoover', 'vac', 'vacuum cleaner']], oneWay: [] }),
    });
    const hoover = await createSearchEngine(memorySource(ranked)).search('hoover');
    expect(hoover.categories.map((c) => c.name)).toEqual(['Vacuum Cleaners', 'Window Vacs']);
    expect((await engine.search('clearwater pressure washer')).categories.map((c) => c.audience)).toEqual([
      'Home & Garden',
      'Professional',
    ]);
  });

  it('drops a word nothing matches and shows what the others find at once, with their categories', async () => {
    const answer = await engine.search('steam zzzz');
    expect((await engine.records(answer.ids)).map((record) => record[0])).toEqual(['HG-SC-007', 'HG-SC-008']);
    expect(answer.relaxed).toBe('steam');
    expect(answer.didYouMean).toBeNull();
    expect(answer.categories.map((c) => c.name)).toEqual(['Steam Cleaners']);
  });

  it('leaves out the least telling of known words that no product has together', async () => {
    // "petrol" and "window vac" exclude each other: the product type (a category's name, last) stays.
    const answer = await engine.search('petrol window vac');
    expect((await engine.records(answer.ids)).map((record) => record[0])).toEqual(['HG-WV-006']);
    expect(answer.relaxed).toBe('window vac');
  });

  it('never offers a correction that finds nothing: a corrected word that excludes the others is dropped', async () => {
    // "premiun" corrects to "premium", which no window vac has.
    const answer = await engine.search('window vac premiun');
    expect(answer.didYouMean).toBeNull();
    expect(answer.relaxed).toBe('window vac');
    expect(answer.total).toBe(1);
  });

  it('finds nothing, and offers nothing, when no word is known', async () => {
    const answer = await engine.search('zzzz qqqq');
    expect(answer).toMatchObject({ total: 0, didYouMean: null, relaxed: null });
  });

  it('answers nothing for a blank query or signs alone', async () => {
    for (const blank of ['', '   ', '&/-']) expect((await engine.search(blank)).ids).toEqual([]);
  });
});

describe('files', () => {
  it('numbers products in the Recommended order and keeps a price change to the files holding it', () => {
    expect(built.products.map((p) => p.sku).slice(0, 2)).toEqual(['HG-PW-001', 'HG-PW-002']);
    const repriced = build(
      PRODUCTS.map((p) => (p.sku === 'HG-WV-006' ? { ...p, priceInclVat: 99, priceExclVat: 82.5 } : p)),
    );
    // The core's price bands follow the prices; nothing else in it does.
    expect({ ...repriced.core, facets: [] }).toEqual({ ...built.core, facets: [] });
    expect(repriced.terms).toEqual(built.terms);
    const changed = repriced.records.filter(
      (shard, at) => JSON.stringify(shard) !== JSON.stringify(built.records[at]),
    );
    expect(changed.map((shard) => shard.i)).toEqual([
      Math.floor(built.products.findIndex((p) => p.sku === 'HG-WV-006') / 4),
    ]);
  });

  it('keeps a stock change to the record shard and the term files holding that product', () => {
    const sku = 'HG-WV-006';
    const soldOut = build(PRODUCTS.map((p) => (p.sku === sku ? { ...p, inStock: false } : p)));
    const id = built.products.findIndex((p) => p.sku === sku);
    const holding = (shard: TermShard): boolean =>
      Object.values(shard.t).some(([gaps]) =>
        gaps.reduce<number[]>((ids, gap) => [...ids, (ids.at(-1) ?? 0) + gap], []).includes(id),
      );
    for (const [key, shard] of soldOut.terms)
      if (JSON.stringify(shard) !== JSON.stringify(built.terms.get(key)))
        expect(holding(shard), key).toBe(true);
    expect(
      [...soldOut.terms].filter(
        ([key, shard]) => JSON.stringify(shard) !== JSON.stringify(built.terms.get(key)),
      ).length,
    ).toBeGreaterThan(0);
    const changed = soldOut.records.filter(
      (shard, at) => JSON.stringify(shard) !== JSON.stringify(built.records[at]),
    );
    expect(changed.map((shard) => shard.i)).toEqual([Math.floor(id / 4)]);
  });

  it("carries a rated product's rating on its record alone, and keeps a rating change to the shard holding it", async () => {
    const sku = 'HG-WV-006';
    const id = built.products.findIndex((p) => p.sku === sku);
    const rate = (percent: number, count: number) =>
      build(PRODUCTS.map((p) => (p.sku === sku ? { ...p, rating: { percent, count } } : p)));
    const rated = rate(84, 12);
    const records = await createSearchEngine(memorySource(rated)).records([id, id === 0 ? 1 : 0]);
    expect(records[0]?.[11]).toEqual([84, 12]);
    expect(records[1]).toHaveLength(11);
    // The first review brings the rating filter to the results page's filters; the terms do not change.
    expect(rated.core.facets.map((facet) => facet.code)).toContain('rating');
    expect(built.core.facets.map((facet) => facet.code)).not.toContain('rating');
    expect(rated.terms).toEqual(built.terms);
    const again = rate(90, 13);
    expect(again.core).toEqual(rated.core);
    const changed = again.records.filter(
      (shard, at) => JSON.stringify(shard) !== JSON.stringify(rated.records[at]),
    );
    expect(changed.map((shard) => shard.i)).toEqual([Math.floor(id / 4)]);
  });

  it('refuses a record whose rating is not a pair of numbers', () => {
    const shard = JSON.parse(JSON.stringify(built.records[0])) as RecordShard;
    const record = shard.d[0];
    if (!record) throw new Error('no record');
    expect(decodeRecordShard({ ...shard, d: [[...record, [84, 12]]] }, 0, shard.v).d[0]?.[11]).toEqual([
      84, 12,
    ]);
    expect(() => decodeRecordShard({ ...shard, d: [[...record, [84]]] }, 0, shard.v)).toThrow(
      SearchIndexError,
    );
    expect(() => decodeRecordShard({ ...shard, d: [[...record, '4.2']] }, 0, shard.v)).toThrow(
      SearchIndexError,
    );
  });

  it('refuses records of another numbering, and the next search reads the new one', async () => {
    // The site is rebuilt with a product fewer between a search and the fetch of its records.
    const renumbered = build(PRODUCTS.slice(1));
    let live = built;
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
    const search = createSearchEngine(source);
    const answer = await search.search('window vac');
    live = renumbered;
    await expect(search.records(answer.ids)).rejects.toBeInstanceOf(StaleIndexError);
    const again = await search.search('window vac');
    expect(again.core.v).toBe(renumbered.core.v);
    expect((await search.records(again.ids)).map((record) => record[0])).toEqual(['HG-WV-006']);
  });

  it('starts again from a fresh core when a file of another numbering arrives', async () => {
    const renumbered = build(PRODUCTS.slice(1));
    let fresh = false;
    const source: IndexSource = {
      ...memorySource(built),
      core: () => Promise.resolve((fresh ? renumbered : built).core),
      terms: (key, v) => memorySource(renumbered).terms(key, v),
      reset: () => (fresh = true),
    };
    const search = createSearchEngine(source);
    const answer = await search.search('window vac');
    expect(answer.core.v).toBe(renumbered.core.v);
    expect(answer.ids).toHaveLength(1);
  });
});

describe('heads of large shards, read while typing', () => {
  // Five products have "pressure", five "washer": here a shard of more than 3 postings gets a head that
  // keeps each cut term's best 2 (at 100,000 products, more than 8,000 and 200).
  const large = build(PRODUCTS, { headSizes: { from: 3, keep: 2 } });
  const exact = createSearchEngine(memorySource(large));

  function recorded(): { asked: string[]; search: ReturnType<typeof createSearchEngine> } {
    const asked: string[] = [];
    const files = memorySource(large);
    const source: IndexSource = {
      ...files,
      terms: (key, v) => (asked.push(`t/${key}`), files.terms(key, v)),
      heads: (key, v) => (asked.push(`h/${key}`), files.heads?.(key, v) ?? files.terms(key, v)),
    };
    return { asked, search: createSearchEngine(source) };
  }

  it('answers the best few from the heads, without the whole shards, saying the count is a lower bound', async () => {
    expect(large.core.hk).toBeDefined();
    const { asked, search } = recorded();
    const typed = await search.search('pressure washer', { typing: true, limit: 1 });
    const whole = await exact.search('pressure washer');
    expect(typed.approximate).toBe(true);
    expect(typed.ids).toEqual(whole.ids.slice(0, 1));
    expect(asked).toContain('h/pre');
    expect(asked).not.toContain('t/pre');
  });

  it('reads the whole shards when the heads find fewer than asked for, and the results page always', async () => {
    const whole = await exact.search('pressure washer');
    const { asked, search } = recorded();
    const typed = await search.search('pressure washer', { typing: true, limit: 10 });
    expect(typed.approximate).toBe(false);
    expect(typed.total).toBe(whole.total);
    expect(typed.ids).toEqual(whole.ids);
    expect(asked).toContain('t/pre');

    const page = recorded();
    expect((await page.search.search('pressure washer')).approximate).toBe(false);
    expect(page.asked.filter((path) => path.startsWith('h/'))).toEqual([]);
  });
});
