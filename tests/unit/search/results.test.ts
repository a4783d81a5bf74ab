import { describe, expect, it } from 'vitest';
import { generateCatalogue } from '../../../src/embedded/magento/seed/catalogue.ts';
import { matchesSearch } from '../../../src/features/search/match.ts';
import {
  findMatches,
  nextShown,
  PAGE_SIZE,
  prepareNames,
  runsByShard,
  shardsFor,
  termFromPath,
} from '../../../src/features/search/results.ts';

describe('findMatches', () => {
  const names = [
    'Clearwater K 4 Compact Pressure Washer',
    'K 4 Power Control',
    'WD 5 Wet and Dry Vacuum',
    'Clearwater H 10 Q High-Pressure Hose, 10 m',
    'SE 8/1 Spray Extraction Cleaner',
  ];
  const prepared = prepareNames(names);
  const found = (term: string) => findMatches(prepared, term).map((index) => names[index]);

  it('ignores case and the first space, hyphen and slash of term and name (spec §5)', () => {
    expect(found('k4')).toEqual(['K 4 Power Control']);
    expect(found('K 4 POWER')).toEqual(['K 4 Power Control']);
    // Only the first space goes: "k4 power" becomes "k4power", which "k4 power control" does not hold.
    expect(found('k4 power')).toEqual([]);
    expect(found('WD-5')).toEqual(['WD 5 Wet and Dry Vacuum']);
    expect(found('high pressure')).toEqual(['Clearwater H 10 Q High-Pressure Hose, 10 m']);
    expect(found('se 81')).toEqual(['SE 8/1 Spray Extraction Cleaner']);
  });

  it('finds nothing for a blank term', () => {
    expect(findMatches(prepared, '')).toEqual([]);
    expect(findMatches(prepared, '   ')).toEqual([]);
  });

  it('agrees with matchesSearch on every name of a demo catalogue, for many terms', () => {
    const catalogueNames = generateCatalogue({
      seed: 3,
      productCount: 400,
      brand: 'Clearwater',
    }).products.map((p) => p.name);
    const ready = prepareNames(catalogueNames);
    const words = new Set(catalogueNames.flatMap((name) => name.split(' ')));
    const terms = [
      ...[...words].slice(0, 60),
      'k4',
      'k 4',
      'high pressure',
      'high-pressure',
      ' Steam ',
      'clearwater k',
      'clearwaterk',
      '8/1',
      'se 8/1',
      'zzz',
      '',
    ];
    for (const term of terms) {
      const expected = catalogueNames.flatMap((name, index) => (matchesSearch(name, term) ? [index] : []));
      expect(findMatches(ready, term), term).toEqual(expected);
    }
  });
});

describe('paging', () => {
  it('shows a page more each time, up to the total', () => {
    expect(nextShown(0, 100)).toBe(PAGE_SIZE);
    expect(nextShown(24, 100)).toBe(48);
    expect(nextShown(96, 100)).toBe(100);
    expect(nextShown(100, 100)).toBe(100);
    expect(nextShown(0, 5)).toBe(5);
    expect(nextShown(0, 0)).toBe(0);
    expect(nextShown(10, 100, 5)).toBe(15);
  });

  it('names each shard a run of results needs once, in order', () => {
    expect(shardsFor([70, 3, 5, 33, 64, 31], 32)).toEqual([0, 1, 2]);
    expect(shardsFor([], 32)).toEqual([]);
  });

  it('cuts results into runs that each need one shard, keeping their order', () => {
    expect(runsByShard([3, 5, 31, 33, 64, 70], 32)).toEqual([[3, 5, 31], [33], [64, 70]]);
    expect(runsByShard([40], 32)).toEqual([[40]]);
    expect(runsByShard([], 32)).toEqual([]);
  });
});

describe('termFromPath', () => {
  it('decodes the term of the path', () => {
    expect(termFromPath('/search/k%204%20power')).toEqual({ term: 'k 4 power', valid: true });
    expect(termFromPath('/search/steam/')).toEqual({ term: 'steam', valid: true });
    expect(termFromPath('/search/K%205%2F7%20%232%3F')).toEqual({ term: 'K 5/7 #2?', valid: true });
    expect(termFromPath('/search/caf%C3%A9')).toEqual({ term: 'café', valid: true });
  });

  it('gives a blank term for the bare route', () => {
    expect(termFromPath('/search/')).toEqual({ term: '', valid: true });
    expect(termFromPath('/search')).toEqual({ term: '', valid: true });
  });

  it('keeps malformed escapes as they are, marked invalid', () => {
    expect(termFromPath('/search/100%')).toEqual({ term: '100%', valid: false });
    expect(termFromPath('/search/%E0%A4%A')).toEqual({ term: '%E0%A4%A', valid: false });
  });
});
