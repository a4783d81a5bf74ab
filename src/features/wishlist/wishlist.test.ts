/**
 * The guest's wish list: what is read back from storage (anything corrupt reads as an empty list, never
 * an error), and the store's toggle for a guest, over a stand-in for localStorage that also plays
 * another tab's changes.
 */
import { setPersistentEngine, type PersistentListener } from '@nanostores/persistent';
import { beforeEach, describe, expect, it } from 'vitest';
import { decodeSkus, isSku, MAX_WISHLIST, toggled, WISHLIST_KEY } from './wishlist.ts';

describe('decodeSkus', () => {
  it.each([
    ['missing', null, []],
    ['not JSON', '{oops', []],
    ['an object', '{"sku":"A-1"}', []],
    ['a string', '"A-1"', []],
    ['null', 'null', []],
    ['a list', '["A-1","B 2"]', ['A-1', 'B 2']],
    ['a list with other things', '["A-1",3,null,{"a":1},"","  B","C\\u0000","B-2"]', ['A-1', 'B-2']],
    ['a list with a sku twice', '["A-1","B-2","A-1"]', ['A-1', 'B-2']],
  ])('reads %s as %j', (_, stored, expected) => {
    expect(decodeSkus(stored)).toEqual(expected);
  });

  it(`keeps no more than ${MAX_WISHLIST} products`, () => {
    const many = Array.from({ length: MAX_WISHLIST + 20 }, (_, i) => `SKU-${i}`);
    expect(decodeSkus(JSON.stringify(many))).toEqual(many.slice(0, MAX_WISHLIST));
  });
});

describe('isSku', () => {
  it('takes what Magento keeps as a sku, and nothing else', () => {
    expect(isSku('PW-2000')).toBe(true);
    expect(isSku('x'.repeat(64))).toBe(true);
    expect(isSku('x'.repeat(65))).toBe(false);
    expect(isSku('')).toBe(false);
    expect(isSku(' PW-2000')).toBe(false);
    expect(isSku('PW\n2000')).toBe(false);
    expect(isSku(2000)).toBe(false);
  });
});

describe('toggled', () => {
  it('adds a product at the end, and removes it when it was there', () => {
    expect(toggled(['A'], 'B')).toEqual(['A', 'B']);
    expect(toggled(['A', 'B', 'C'], 'B')).toEqual(['A', 'C']);
    expect(toggled([], 'A')).toEqual(['A']);
  });
});

describe('the guest store', () => {
  const storage: Record<string, string> = {};
  const listeners: PersistentListener[] = [];
  setPersistentEngine(storage, {
    addEventListener: (_key, listener) => {
      listeners.push(listener);
    },
    removeEventListener: () => undefined,
  });
  /** Another tab writing the key: the storage event this tab gets. */
  const otherTab = (value: string) => {
    storage[WISHLIST_KEY] = value;
    for (const listener of listeners) listener({ key: WISHLIST_KEY, newValue: value });
  };
  // Imported only now, so the stores are made over the stand-in storage.
  const store = import('./wishlist-state.ts');

  beforeEach(async () => {
    const { $guestWishlist } = await store;
    $guestWishlist.set([]);
  });

  it('reads a corrupt stored value as an empty list, and the count as 0', async () => {
    const { $guestWishlist, $wishlistSkus } = await store;
    const unsubscribe = $wishlistSkus.subscribe(() => undefined);
    $guestWishlist.set(['PW-2000']);
    otherTab('[not json');
    expect($guestWishlist.get()).toEqual([]);
    expect($wishlistSkus.get()).toEqual([]);
    unsubscribe();
  });

  it('toggles a product on and off, keeping the list in storage', async () => {
    const { toggleGuestWishlist, $wishlistSkus } = await store;
    const unsubscribe = $wishlistSkus.subscribe(() => undefined);
    expect(toggleGuestWishlist('PW-2000')).toBe(true);
    expect(toggleGuestWishlist('DET-5L')).toBe(true);
    expect($wishlistSkus.get()).toEqual(['PW-2000', 'DET-5L']);
    expect(JSON.parse(storage[WISHLIST_KEY] ?? '')).toEqual(['PW-2000', 'DET-5L']);
    expect(toggleGuestWishlist('PW-2000')).toBe(false);
    expect($wishlistSkus.get()).toEqual(['DET-5L']);
    unsubscribe();
  });

  it('follows another tab', async () => {
    const { $wishlistSkus } = await store;
    const unsubscribe = $wishlistSkus.subscribe(() => undefined);
    otherTab('["HOSE-10M"]');
    expect($wishlistSkus.get()).toEqual(['HOSE-10M']);
    otherTab('[]');
    expect($wishlistSkus.get()).toEqual([]);
    unsubscribe();
  });

  it(`refuses a product past ${MAX_WISHLIST}, saying why`, async () => {
    const { $guestWishlist, toggleGuestWishlist } = await store;
    $guestWishlist.set(Array.from({ length: MAX_WISHLIST }, (_, i) => `SKU-${i}`));
    expect(() => toggleGuestWishlist('ONE-MORE')).toThrow('Your wish list is full');
    expect($guestWishlist.get()).toHaveLength(MAX_WISHLIST);
  });
});
