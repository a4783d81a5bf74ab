/**
 * Incremental catalogue sync against a real embedded back end: only changed products are read, deleted
 * and disabled ones are dropped, nothing changed means no change, and the result is what a full read
 * would have given.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sameSecondSkus, staleSkus } from '../../src/catalogue/changes.ts';
import { readSnapshot } from '../../src/catalogue/snapshot.ts';
import { syncCatalogue, syncStatePath } from '../../src/catalogue/sync.ts';
import type { Product } from '../../src/catalogue/types.ts';
import { loadEnv, type Env } from '../../src/config/env.ts';
import { snapshotHash } from '../../src/publish/releases/build-info.ts';
import { INTEGRATION_TOKEN, startTestBackend, type TestBackend } from '../support/backend.ts';

let backend: TestBackend;
let dir: string;

beforeAll(async () => {
  backend = await startTestBackend({ catalogue: { seed: 5, productCount: 90, brand: 'Clearwater' } });
  dir = mkdtempSync(join(tmpdir(), 'incremental-sync-'));
});
afterAll(async () => {
  await backend.stop();
  rmSync(dir, { recursive: true, force: true });
});

const envFor = (file: string): Env =>
  loadEnv({ MAGENTO_URL: backend.url, MAGENTO_TOKEN: INTEGRATION_TOKEN, CATALOGUE_SNAPSHOT: file });

const adminPut = async (sku: string, product: object) => {
  const reply = await backend.call('PUT', `/rest/V1/products/${encodeURIComponent(sku)}`, {
    token: INTEGRATION_TOKEN,
    body: { product },
  });
  if (reply.status !== 200) throw new Error(`save failed: ${JSON.stringify(reply.body)}`);
};

/**
 * Moves the last sync's read time well past the products' updated_at, as when a sync ran minutes after
 * the last save: then no product counts as saved in the second the last read saw.
 */
const settle = (file: string) => {
  const stateFile = syncStatePath(file);
  const state = JSON.parse(readFileSync(stateFile, 'utf8')) as { readAt: string };
  state.readAt = new Date(Date.now() + 5 * 60_000).toISOString();
  writeFileSync(stateFile, JSON.stringify(state));
};

describe('incremental sync', () => {
  it('reads everything the first time, then only what changed; deleted and disabled products go', async () => {
    const file = join(dir, 'catalogue.db');
    const env = envFor(file);
    const first = await syncCatalogue(env, undefined, { incremental: true });
    expect(first).toMatchObject({
      mode: 'full',
      fullBecause: 'there is no snapshot to start from',
      changed: true,
    });
    settle(file);

    const again = await syncCatalogue(env, undefined, { incremental: true });
    expect(again).toMatchObject({ mode: 'incremental', changed: false, updated: [], removed: [] });

    const [priced, disabled, deleted] = readSnapshot(file).products.filter(
      (product) => product.visibility === 4,
    );
    if (!priced || !disabled || !deleted) throw new Error('not enough products');
    // updated_at counts seconds: save in a later second than the seed (the same second is another test).
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await adminPut(priced.sku, {
      price: 777.77,
      custom_attributes: [{ attribute_code: 'list_price', value: '777.77' }],
    });
    await adminPut(disabled.sku, { status: 2 });
    backend.db.run('DELETE FROM products WHERE sku = ?', deleted.sku);
    settle(file);
    const messages: string[] = [];
    const changed = await syncCatalogue(env, (line) => messages.push(line), { incremental: true });
    expect(changed).toMatchObject({ mode: 'incremental', changed: true, updated: [priced.sku] });
    expect(changed.removed.sort()).toEqual([disabled.sku, deleted.sku].sort());
    expect(messages).toContain('Reading 1 changed products; 2 no longer enabled');
    const products = readSnapshot(file).products;
    expect(products.find((product) => product.sku === priced.sku)?.priceInclVat).toBe(777.77);
    expect(products.map((product) => product.sku)).not.toContain(deleted.sku);
    expect(products.map((product) => product.sku)).not.toContain(disabled.sku);

    // The same catalogue a full read gives.
    const fullFile = join(dir, 'full.db');
    await syncCatalogue(envFor(fullFile));
    expect(snapshotHash(file)).toBe(snapshotHash(fullFile));
  });

  it('brings a re-enabled product back', async () => {
    const file = join(dir, 'reenabled.db');
    const env = envFor(file);
    await syncCatalogue(env, undefined, { incremental: true });
    const product = readSnapshot(file).products[3];
    if (!product) throw new Error('no product');
    await adminPut(product.sku, { status: 2 });
    expect((await syncCatalogue(env, undefined, { incremental: true })).removed).toEqual([product.sku]);
    settle(file);
    await adminPut(product.sku, { status: 1 });
    expect((await syncCatalogue(env, undefined, { incremental: true })).updated).toEqual([product.sku]);
  });
});

describe('what an incremental sync reads again', () => {
  const product = (sku: string, updatedAt: string, visibility = 4) =>
    ({ sku, updatedAt, visibility }) as Product;
  const previous = [
    product('A', '2026-01-01 10:00:00'),
    product('B', '2026-01-01 10:00:05'),
    product('C', '2026-01-01 09:00:00'),
  ];

  it('reads changed, new, re-shown and same-second products; drops what is gone or disabled', () => {
    const stamps = [
      { sku: 'A', status: 1, visibility: 4, updated_at: '2026-01-01 10:00:00' },
      { sku: 'B', status: 1, visibility: 2, updated_at: '2026-01-01 10:00:05' },
      { sku: 'D', status: 1, visibility: 4, updated_at: '2026-01-01 11:00:00' },
      { sku: 'C', status: 2, visibility: 4, updated_at: '2026-01-01 09:00:00' },
    ];
    expect(staleSkus(previous, stamps)).toEqual({ fetch: ['B', 'D'], removed: ['C'] });
    expect(staleSkus(previous, stamps, new Set(['A'])).fetch).toEqual(['A', 'B', 'D']);
  });

  it('rechecks the newest second only when the previous read happened within it (give or take a minute)', () => {
    expect(sameSecondSkus(previous, '2026-01-01T10:00:05.400Z')).toEqual(new Set(['B']));
    expect(sameSecondSkus(previous, '2026-01-01T10:00:50.000Z')).toEqual(new Set(['B']));
    expect(sameSecondSkus(previous, '2026-01-01T10:10:00.000Z')).toEqual(new Set());
  });
});
