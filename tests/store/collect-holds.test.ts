/**
 * Click & collect's reservations in the shared store, on SQLite and PostgreSQL alike: what a point holds
 * for others than the asking basket, a basket's reservation replaced as a whole, lapsed ones counting for
 * nothing, a placed order's kept until it is settled, a paying basket's firm beside plain holds, a
 * basket's reservations ending a set time after its first, and a second replica's connection seeing the same.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  heldAt,
  heldEverywhere,
  heldOrders,
  keepForOrder,
  makeRoomForPayer,
  releaseHolds,
  replaceHolds,
  sweepHolds,
} from '../../src/features/collect/holds.server.ts';
import type { SharedStore } from '../../src/store/shared-store.ts';
import { BOTH_STORES, type TestStore } from '../support/stores.ts';

const MINUTE = 60_000;

describe.each(BOTH_STORES)('collection reservations on %s', (_, open) => {
  let test: TestStore;
  let other: SharedStore;
  beforeAll(() => {
    test = open();
    other = test.open();
  });
  afterAll(async () => {
    await other.close();
    await test.dispose();
  });

  it('counts what other baskets hold at a point, on every replica, and not the asking basket’s own', async () => {
    const { store } = test;
    const until = await replaceHolds(store, 101, 'shop', [{ sku: 'A', qty: 2, point: 'shop' }], 30 * MINUTE);
    expect(until).toBeGreaterThan(Date.now() + 29 * MINUTE);
    await replaceHolds(store, 102, 'shop', [{ sku: 'A', qty: 1, point: 'shop' }], 30 * MINUTE);
    expect(await heldAt(other, 'shop', ['A', 'B'])).toEqual(new Map([['A', 3]]));
    expect(await heldAt(other, 'shop', ['A'], 101)).toEqual(new Map([['A', 1]]));
    expect((await heldEverywhere(other)).get('shop')?.get('A')).toBe(3);
  });

  it('replaces a basket’s reservation whole, and lets it go', async () => {
    const { store } = test;
    await replaceHolds(store, 201, 'shop', [{ sku: 'C', qty: 1, point: 'shop' }], 30 * MINUTE);
    await replaceHolds(store, 201, 'shop', [{ sku: 'D', qty: 4, point: 'depot' }], 30 * MINUTE);
    expect(await heldAt(store, 'shop', ['C'])).toEqual(new Map());
    expect(await heldAt(store, 'depot', ['D'])).toEqual(new Map([['D', 4]]));
    await releaseHolds(store, 201);
    expect(await heldAt(store, 'depot', ['D'])).toEqual(new Map());
  });

  it('counts a lapsed reservation for nothing, and sweeps it', async () => {
    const { store } = test;
    await replaceHolds(store, 301, 'shop', [{ sku: 'E', qty: 1, point: 'shop' }], -1);
    expect(await heldAt(store, 'shop', ['E'])).toEqual(new Map());
    await sweepHolds(store, []);
    const [row] = await store.query('SELECT COUNT(*) AS n FROM collect_holds WHERE cart_id = 301');
    expect(Number(row?.['n'])).toBe(0);
  });

  it('keeps a placed order’s reservation, which a basket change cannot replace, until it is settled', async () => {
    const { store } = test;
    await replaceHolds(store, 401, 'shop', [{ sku: 'F', qty: 1, point: 'shop' }], 30 * MINUTE);
    await keepForOrder(store, 401, 9001, 7 * 24 * 60 * MINUTE);
    await releaseHolds(store, 401);
    expect(await heldAt(store, 'shop', ['F'])).toEqual(new Map([['F', 1]]));
    expect(await heldOrders(other)).toContain(9001);
    await sweepHolds(other, [9001]);
    expect(await heldAt(store, 'shop', ['F'])).toEqual(new Map());
  });

  it('counts paying baskets’ and orders’ rows as firm, and trims plain holds for a payer, last begun first', async () => {
    const { store } = test;
    await replaceHolds(store, 501, 'shop', [{ sku: 'G', qty: 1, point: 'shop' }], 30 * MINUTE);
    await replaceHolds(store, 502, 'shop', [{ sku: 'G', qty: 1, point: 'shop' }], 30 * MINUTE);
    await replaceHolds(store, 503, 'shop', [{ sku: 'G', qty: 2, point: 'shop' }], 30 * MINUTE, {
      firm: true,
    });
    expect(await heldAt(other, 'shop', ['G'], 503, 'firm')).toEqual(new Map());
    expect(await heldAt(other, 'shop', ['G'], undefined, 'firm')).toEqual(new Map([['G', 2]]));
    await makeRoomForPayer(other, 'shop', 'G', 1, 503);
    expect(await heldAt(store, 'shop', ['G'])).toEqual(new Map([['G', 3]]));
    const [kept] = await store.query("SELECT cart_id FROM collect_holds WHERE sku = 'G' AND cart_id <> 503");
    expect(Number(kept?.['cart_id'])).toBe(501);
  });

  it('ends a basket’s reservations its lifetime after its first, however often it is reserved again', async () => {
    const { store } = test;
    const first = await replaceHolds(store, 601, 'shop', [{ sku: 'H', qty: 1, point: 'shop' }], 30 * MINUTE, {
      lifetimeMs: 60 * MINUTE,
    });
    await store.run('UPDATE collect_hold_baskets SET since = since - ? WHERE cart_id = 601', [50 * MINUTE]);
    await releaseHolds(store, 601);
    const again = await replaceHolds(store, 601, 'shop', [{ sku: 'H', qty: 1, point: 'shop' }], 30 * MINUTE, {
      lifetimeMs: 60 * MINUTE,
    });
    expect(again - (first - 30 * MINUTE)).toBeLessThanOrEqual(10 * MINUTE + 1_000);
    expect(again - (first - 30 * MINUTE)).toBeGreaterThan(9 * MINUTE);
  });
});
