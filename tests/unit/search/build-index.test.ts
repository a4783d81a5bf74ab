import { describe, expect, it } from 'vitest';
import {
  buildSearchIndex,
  searchableProducts,
  SUMMARY_MAX,
} from '../../../src/features/search/build-index.ts';
import {
  decodeNames,
  frontCode,
  decodeShard,
  SearchIndexError,
  shardUrl,
  toDetail,
} from '../../../src/features/search/search-index.ts';
import { product } from '../catalogue/fixtures.ts';

/** What the browser receives: the build's objects through JSON. */
const wire = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

describe('searchableProducts', () => {
  it('keeps only products shown in search and catalogue (visibility 4)', () => {
    const products = [1, 2, 3, 4].map((visibility) => product({ sku: `V${visibility}`, visibility }));
    expect(searchableProducts(products).map((p) => p.sku)).toEqual(['V4']);
  });
});

describe('buildSearchIndex', () => {
  const products = [
    product({ sku: 'B2', name: 'Window Vac WV 2' }),
    product({
      sku: 'A1',
      name: 'K 4 Compact Pressure Washer',
      priceInclVat: null,
      priceExclVat: null,
      thumbnail: null,
    }),
    product({ sku: 'B1', name: 'Window Vac WV 2' }),
    product({
      sku: 'C1',
      name: 'Steam Cleaner SC 3',
      shortDescription: 'Kills 99.99 % of germs &amp; bacteria.',
    }),
  ];

  it('lists names by name, equal names by sku, and nothing but names in the names file', () => {
    const { names, list } = buildSearchIndex(products, { shardSize: 2 });
    expect(list).toEqual([
      'K 4 Compact Pressure Washer',
      'Steam Cleaner SC 3',
      'Window Vac WV 2',
      'Window Vac WV 2',
    ]);
    expect(Object.keys(names).sort()).toEqual(['n', 's', 'v']);
    expect(names.s).toBe(2);
    expect(decodeNames(wire(names)).n).toEqual(list);
  });

  it('cuts the details into shards that follow the names, with both prices and plain-text summaries', () => {
    const { names, shards } = buildSearchIndex(products, { shardSize: 3 });
    expect(shards.map((shard) => [shard.i, shard.d.length, shard.v])).toEqual([
      [0, 3, names.v],
      [1, 1, names.v],
    ]);
    expect(shards[0]?.d[0]).toEqual(['a1', null, null, '', 'A compact machine.', 'A1']);
    expect(shards[0]?.d[1]?.[4]).toBe('Kills 99.99 % of germs & bacteria.');
    expect(shards[0]?.d[2]).toEqual(['b1', 149.99, 124.99, '/m/a/b1-1.jpg', 'A compact machine.', 'B1']);
    expect(shards[1]?.d[0]?.[0]).toBe('b2');
  });

  it('shortens long summaries at a word', () => {
    const long = Array.from({ length: 80 }, (_, i) => `word${i}`).join(' ');
    const { shards } = buildSearchIndex([product({ sku: 'L1', shortDescription: long })]);
    const summary = shards[0]?.d[0]?.[4] ?? '';
    expect(summary.length).toBeLessThanOrEqual(SUMMARY_MAX);
    expect(summary.endsWith('…')).toBe(true);
    expect(long.startsWith(summary.slice(0, -1))).toBe(true);
  });

  it('changes version when anything in the index changes, and only then', () => {
    const first = buildSearchIndex(products).names.v;
    expect(buildSearchIndex([...products].reverse()).names.v).toBe(first);
    const repriced = products.map((p) => (p.sku === 'C1' ? { ...p, priceInclVat: 99 } : p));
    expect(buildSearchIndex(repriced).names.v).not.toBe(first);
    const exclRepriced = products.map((p) => (p.sku === 'C1' ? { ...p, priceExclVat: 82.5 } : p));
    expect(buildSearchIndex(exclRepriced).names.v).not.toBe(first);
  });

  it('builds an empty index for an empty catalogue', () => {
    const { names, shards } = buildSearchIndex([]);
    expect(names.n).toEqual([]);
    expect(decodeNames(wire(names)).n).toEqual([]);
    expect(shards).toEqual([]);
  });

  it('refuses a shard size that is not a whole number of at least 1', () => {
    expect(() => buildSearchIndex(products, { shardSize: 0 })).toThrow(RangeError);
    expect(() => buildSearchIndex(products, { shardSize: 2.5 })).toThrow(RangeError);
  });
});

describe('decoding the index files', () => {
  const built = buildSearchIndex(
    [
      product({ sku: 'A1', name: 'Alpha' }),
      product({ sku: 'B1', name: 'Beta', priceInclVat: null, priceExclVat: 90 }),
    ],
    { shardSize: 1 },
  );

  it('reads back what the build wrote', () => {
    expect(decodeNames(wire(built.names))).toEqual({ v: built.names.v, s: 1, n: ['Alpha', 'Beta'] });
    built.shards.forEach((shard) => expect(decodeShard(wire(shard), shard.i)).toEqual(shard));
  });

  it('turns a record into card details, each price as the build wrote it', () => {
    const record = built.shards[1]?.d[0];
    if (!record) throw new Error('no record');
    expect(toDetail('Beta', record)).toEqual({
      name: 'Beta',
      href: '/b1',
      priceInclVat: null,
      priceExclVat: 90,
      thumbnail: '/m/a/b1-1.jpg',
      summary: 'A compact machine.',
      sku: 'B1',
    });
    expect(toDetail('Alpha', built.shards[0]?.d[0] ?? ['', null, null, '', '', ''])).toMatchObject({
      priceInclVat: 149.99,
      priceExclVat: 124.99,
    });
    expect(toDetail('Beta', ['b1', 12, 10, '', '', 'B1']).thumbnail).toBeNull();
  });

  it.each([
    [null, 'names.json: should be an object'],
    [{ s: 1, n: [] }, 'names.json: field "v" is missing'],
    [{ v: 'x', s: 0, n: [] }, 'names.json: "s" should be at least 1'],
    [{ v: 'x', s: '32', n: [] }, 'names.json: "s" should be a whole number'],
    [{ v: 'x', s: 1, n: 'Alpha' }, 'names.json: "n" should be a list'],
    [{ v: 'x', s: 1, n: ['0Alpha', 7] }, 'names.json: "n"[1] should be a string'],
    [{ v: 'x', s: 1, n: ['1Alpha'] }, 'names.json: "n"[0] should start with a shared-prefix length'],
    [{ v: 'x', s: 1, n: ['0Al', '4pha'] }, 'names.json: "n"[1] should start with a shared-prefix length'],
    [{ v: 'x', s: 1, n: ['0Alpha', ''] }, 'names.json: "n"[1] should start with a shared-prefix length'],
  ])('names file %j is refused with a message naming the field', (data, message) => {
    expect(() => decodeNames(data)).toThrow(new SearchIndexError(message));
  });

  it.each([
    [{ v: 'x', i: 2, d: [] }, '3.json: holds shard 2'],
    [{ v: 'x', i: 3, d: [['a', 1, 1, '', '']] }, '3.json: "d"[0] should be a list of 6 values'],
    [
      { v: 'x', i: 3, d: [['a', -1, 1, '', '', 'A']] },
      '3.json: "d"[0][1] should be a positive price or null',
    ],
    [
      { v: 'x', i: 3, d: [['a', '9.99', 1, '', '', 'A']] },
      '3.json: "d"[0][1] should be a positive price or null',
    ],
    [
      { v: 'x', i: 3, d: [['a', 12, 0, '', '', 'A']] },
      '3.json: "d"[0][2] should be a positive price or null',
    ],
    [
      { v: 'x', i: 3, d: [['a', 12, '10', '', '', 'A']] },
      '3.json: "d"[0][2] should be a positive price or null',
    ],
    [{ v: 'x', i: 3, d: [['a', 12, 10, null, '', 'A']] }, '3.json: "d"[0][3] should be a string'],
    [{ v: 'x', i: 3, d: [[1, null, null, '', '', 'A']] }, '3.json: "d"[0][0] should be a string'],
    [{ v: 'x', i: 3, d: [['a', null, null, '', '', 7]] }, '3.json: "d"[0][5] should be a string'],
  ])('shard %j is refused with a message naming the field', (data, message) => {
    expect(() => decodeShard(data, 3)).toThrow(new SearchIndexError(message));
  });

  it('front-codes sorted names and decodes them back exactly', () => {
    const names = [
      'Alpha',
      'Alpine',
      'Alpine',
      'Alpine 2',
      'Beta',
      '',
      'x'.repeat(100),
      `${'x'.repeat(100)} longer`,
      'Caf\u00e9 \u{1F9F9} A',
      'Caf\u00e9 \u{1F9FC} B',
      '0 leading digit',
    ];
    const coded = frontCode(names);
    expect(coded.slice(0, 5)).toEqual(['0Alpha', '3ine', '6', '6 2', '0Beta']);
    expect(decodeNames(wire({ v: 'x', s: 1, n: coded })).n).toEqual(names);
    // The shared prefix stops before a surrogate pair it would split, so every entry is valid UTF-16.
    expect(coded[9]).toBe(`${String.fromCharCode(48 + 5)}\u{1F9FC} B`);
  });

  it('addresses shards by number with the version in the query', () => {
    expect(shardUrl(12, 'abc')).toBe('/search/data/12.json?v=abc');
  });
});
