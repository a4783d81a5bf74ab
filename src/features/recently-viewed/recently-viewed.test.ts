import {
  cleanTestStorage,
  getTestStorage,
  setTestStorageKey,
  useTestStorageEngine,
} from '@nanostores/persistent';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  decodeRecentlyViewed,
  RECENTLY_VIEWED_KEY,
  RECENTLY_VIEWED_LIMIT,
  shownRecentlyViewed,
  withViewed,
} from './recently-viewed.ts';
import { $recentlyViewed, forgetViewed, recordView } from './recently-viewed-state.ts';

const skus = (n: number) => Array.from({ length: n }, (_, i) => `SKU-${i + 1}`);

describe('withViewed', () => {
  it('puts the product viewed first', () => {
    expect(withViewed(['B', 'A'], 'C')).toEqual(['C', 'B', 'A']);
  });

  it('moves a product viewed again to the front instead of listing it twice', () => {
    expect(withViewed(['C', 'B', 'A'], 'A')).toEqual(['A', 'C', 'B']);
    expect(withViewed(['C', 'B'], 'C')).toEqual(['C', 'B']);
  });

  it('puts another choice of a configurable product in the place of the one recorded from its page', () => {
    expect(withViewed(['CS-5L', 'B'], 'CS-1L', 'CS-5L')).toEqual(['CS-1L', 'B']);
    expect(withViewed(['B', 'CS-1L', 'CS-5L'], 'CS-1L', 'CS-5L')).toEqual(['CS-1L', 'B']);
  });

  it('remembers the last 8, dropping the oldest', () => {
    const full = skus(RECENTLY_VIEWED_LIMIT);
    expect(withViewed(full, 'NEW')).toEqual(['NEW', ...full.slice(0, RECENTLY_VIEWED_LIMIT - 1)]);
    expect(RECENTLY_VIEWED_LIMIT).toBe(8);
  });
});

describe('decodeRecentlyViewed', () => {
  it('reads what was stored', () => {
    expect(decodeRecentlyViewed('["C","B","A"]')).toEqual(['C', 'B', 'A']);
  });

  it.each([
    ['not JSON', '["A",'],
    ['an object', '{"A":1}'],
    ['a string', '"A"'],
    ['null', 'null'],
    ['nothing', ''],
  ])('reads %s as an empty list', (_, stored) => {
    expect(decodeRecentlyViewed(stored)).toEqual([]);
  });

  it('drops entries that are not skus, and repeats', () => {
    expect(decodeRecentlyViewed(JSON.stringify(['A', 1, '', null, 'B', 'A', 'x'.repeat(65)]))).toEqual([
      'A',
      'B',
    ]);
  });

  it('keeps at most 8 of a longer list, the newest', () => {
    expect(decodeRecentlyViewed(JSON.stringify(skus(12)))).toEqual(skus(8));
  });
});

describe('shownRecentlyViewed', () => {
  it('leaves out the product on screen', () => {
    expect(shownRecentlyViewed(['C', 'B', 'A'], 'C')).toEqual(['B', 'A']);
    expect(shownRecentlyViewed(['C', 'B', 'A'], 'B')).toEqual(['C', 'A']);
  });

  it('leaves out a configurable product on screen and the child chosen on its page', () => {
    expect(shownRecentlyViewed(['CS-5L', 'B', 'CS'], 'CS', 'CS-5L')).toEqual(['B']);
  });

  it('shows the whole list where no product is on screen (the basket)', () => {
    expect(shownRecentlyViewed(['C', 'B', 'A'])).toEqual(['C', 'B', 'A']);
  });
});

describe('the store', () => {
  beforeAll(() => useTestStorageEngine());
  afterEach(() => cleanTestStorage());

  const stored = () => getTestStorage()[RECENTLY_VIEWED_KEY];

  it('records views newest first, without repeats, up to 8, in storage', () => {
    for (const sku of ['A', 'B', 'C', 'A']) recordView(sku);
    expect($recentlyViewed.get()).toEqual(['A', 'C', 'B']);
    expect(stored()).toBe('["A","C","B"]');
    for (const sku of skus(9)) recordView(sku);
    expect($recentlyViewed.get()).toEqual(skus(9).reverse().slice(0, 8));
  });

  it('starts afresh from a corrupt stored value', () => {
    setTestStorageKey(RECENTLY_VIEWED_KEY, '{oops');
    expect($recentlyViewed.get()).toEqual([]);
    recordView('A');
    expect(stored()).toBe('["A"]');
  });

  it('follows what another tab stored', () => {
    recordView('A');
    setTestStorageKey(RECENTLY_VIEWED_KEY, '["B","A"]');
    recordView('C');
    expect($recentlyViewed.get()).toEqual(['C', 'B', 'A']);
  });

  it('forgets products that are gone, keeping the order of the rest', () => {
    for (const sku of ['A', 'B', 'C', 'D']) recordView(sku);
    forgetViewed(['C', 'A']);
    expect($recentlyViewed.get()).toEqual(['D', 'B']);
    expect(stored()).toBe('["D","B"]');
  });
});
