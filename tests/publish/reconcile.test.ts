/**
 * Price reconciliation against a real embedded back end (src/publish/rebuild/reconcile.ts): prices changed behind
 * the shop's back (straight in Magento's database, as an import that skips save events does: no hook, no new
 * updated_at) are found by comparing the published prices with Magento's final prices
 * (`products-render-info`); the sync reads those products again, and what a fresh read still does not
 * explain is published at Magento's price, as a catalogue price rule would be.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexCatalogue, readSnapshot } from '../../src/catalogue/snapshot.ts';
import { syncCatalogue } from '../../src/catalogue/sync.ts';
import type { Product } from '../../src/catalogue/types.ts';
import { loadEnv } from '../../src/config/env.ts';
import { magentoClientConfig } from '../../src/config/magento.ts';
import { checkPrices, driftWarning, reconcileSummary } from '../../src/publish/rebuild/reconcile.ts';
import { INTEGRATION_TOKEN, startTestBackend, type TestBackend } from '../support/backend.ts';

let backend: TestBackend;
let dir: string;
beforeAll(async () => {
  backend = await startTestBackend({ catalogue: { seed: 5, productCount: 90, brand: 'Clearwater' } });
  dir = mkdtempSync(join(tmpdir(), 'reconcile-'));
});
afterAll(async () => {
  await backend.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('price reconciliation', () => {
  it('finds prices changed behind the shop’s back, reads them again and publishes what Magento charges', async () => {
    const file = join(dir, 'catalogue.db');
    const env = loadEnv({
      MAGENTO_URL: backend.url,
      MAGENTO_TOKEN: INTEGRATION_TOKEN,
      CATALOGUE_SNAPSHOT: file,
    });
    const config = magentoClientConfig(env);
    await syncCatalogue(env, undefined, { incremental: true });
    const simple = (product: Product) =>
      product.typeId === 'simple' && product.visibility === 4 && product.priceInclVat !== null;
    const products = readSnapshot(file).products.filter(simple);
    const imported = products.find((product) => product.listPrice === null);
    // Its list_price is what the shop shows: a lower Magento price a fresh read does not explain.
    const ruled = products.find((product) => product.listPrice !== null);
    if (!imported || !ruled) throw new Error('the demo catalogue changed');
    const now = Date.now();

    const unchanged = await checkPrices(config, file, now);
    expect(unchanged.drift).toEqual([]);
    expect(unchanged.finals.size).toBeGreaterThan(50);

    backend.db.run('UPDATE products SET price = 12.34 WHERE sku = ?', imported.sku);
    backend.db.run('UPDATE products SET price = ? WHERE sku = ?', (ruled.listPrice ?? 0) - 10, ruled.sku);
    const check = await checkPrices(config, file, now);
    expect(check.drift).toEqual(
      expect.arrayContaining([
        { sku: imported.sku, published: imported.priceInclVat, magento: 12.34 },
        { sku: ruled.sku, published: ruled.listPrice, magento: (ruled.listPrice ?? 0) - 10 },
      ]),
    );
    expect(check.drift).toHaveLength(2);

    const synced = await syncCatalogue(env, undefined, {
      incremental: true,
      recheck: check.recheck,
      finalPrices: check.finals,
      at: now,
    });
    expect(synced.updated).toEqual([imported.sku]);
    const summary = reconcileSummary(check, file, now);
    expect(summary).toMatchObject({ differed: 2, rulePrices: 1, unexplained: [] });
    expect(driftWarning(summary)).toMatch(/^2 published prices differed from what Magento charges \(/);

    const index = indexCatalogue(readSnapshot(file), { at: now });
    expect(index.bySku.get(imported.sku)).toMatchObject({ priceInclVat: 12.34, wasInclVat: null });
    expect(index.bySku.get(ruled.sku)).toMatchObject({
      priceInclVat: (ruled.listPrice ?? 0) - 10,
      wasInclVat: ruled.listPrice,
    });
    expect((await checkPrices(config, file, now)).drift).toEqual([]);

    // A later check with the rule gone (Magento charges the list price again) drops its rule price.
    backend.db.run('UPDATE products SET price = ? WHERE sku = ?', ruled.listPrice, ruled.sku);
    const again = await checkPrices(config, file, now);
    expect(again.drift.map((drift) => drift.sku)).toEqual([ruled.sku]);
    await syncCatalogue(env, undefined, {
      incremental: true,
      recheck: again.recheck,
      finalPrices: again.finals,
      at: now,
    });
    expect(readSnapshot(file).rulePrices).toBeUndefined();
    expect(indexCatalogue(readSnapshot(file), { at: now }).bySku.get(ruled.sku)?.priceInclVat).toBe(
      ruled.listPrice,
    );
  });
});
