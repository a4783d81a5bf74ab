/**
 * The catalogue's one owner (src/catalogue/catalogue-owner.ts), against a real embedded back end: a sync's
 * catalogue is what the owner hands out at once, the snapshot's rows are written only on `flush` (syncs in
 * between are carried in memory, each from the last, and the flush writes every product they changed),
 * and rows another writer changed are read again unless the owner holds a newer sync it has not written.
 * Its first sync, with nothing held, can run in a child process that writes the rows (sync-child.ts).
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueOwner, type SyncElsewhere } from '../../src/catalogue/catalogue-owner.ts';
import { CatalogueLoadError, isTransientLoadFailure } from '../../src/catalogue/load.ts';
import { syncInChild } from '../../src/catalogue/sync-child.ts';
import { readWrittenSnapshot } from '../../src/catalogue/snapshot.ts';
import { syncCatalogue } from '../../src/catalogue/sync.ts';
import type { Catalogue } from '../../src/catalogue/types.ts';
import { loadEnv } from '../../src/config/env.ts';
import { INTEGRATION_TOKEN, startTestBackend, type TestBackend } from '../support/backend.ts';

let backend: TestBackend;
let dir: string;

beforeAll(async () => {
  backend = await startTestBackend({ catalogue: { seed: 7, productCount: 40, brand: 'Clearwater' } });
  dir = mkdtempSync(join(tmpdir(), 'catalogue-owner-'));
});
afterAll(async () => {
  await backend.stop();
  rmSync(dir, { recursive: true, force: true });
});

const settingsFor = (file: string) =>
  loadEnv({ MAGENTO_URL: backend.url, MAGENTO_TOKEN: INTEGRATION_TOKEN, CATALOGUE_SNAPSHOT: file });

const savePrice = async (sku: string, price: number) => {
  const reply = await backend.call('PUT', `/rest/V1/products/${encodeURIComponent(sku)}`, {
    token: INTEGRATION_TOKEN,
    body: {
      product: { sku, price, custom_attributes: [{ attribute_code: 'list_price', value: String(price) }] },
    },
  });
  if (reply.status !== 200) throw new Error(`save failed: ${JSON.stringify(reply.body)}`);
};

const priceIn = (catalogue: Catalogue, sku: string) =>
  catalogue.products.find((product) => product.sku === sku)?.priceInclVat;
const stored = (file: string) => readWrittenSnapshot(file).catalogue;

describe('the catalogue owner', () => {
  it('hands out what it synced at once and writes the snapshot only when flushed', async () => {
    const file = join(dir, 'held.db');
    const owner = catalogueOwner(settingsFor(file), () => undefined);
    expect(() => owner.current()).toThrow();

    await owner.sync({ incremental: true });
    const sku = owner.current().products.find((product) => product.typeId === 'simple')?.sku ?? '';
    expect(existsSync(file)).toBe(false);
    owner.flush();
    const before = priceIn(stored(file), sku);
    expect(priceIn(owner.current(), sku)).toBe(before);

    await savePrice(sku, 777.77);
    await owner.sync({ incremental: true, recheck: [sku], targeted: true });
    expect(priceIn(owner.current(), sku)).toBe(777.77);
    // Not written yet: the file still has the price a build from it would show.
    expect(priceIn(stored(file), sku)).toBe(before);
    owner.flush();
    expect(priceIn(stored(file), sku)).toBe(777.77);
  });

  it('carries syncs one after the other unwritten, each from the last one held; a flush writes the last', async () => {
    const file = join(dir, 'burst.db');
    const owner = catalogueOwner(settingsFor(file), () => undefined);
    const first = await owner.sync({ incremental: true });
    expect(first.mode).toBe('full');
    // No file yet, and no sync state in it: the next sync starts from the held sync's state, a sweep.
    const second = await owner.sync({ incremental: true });
    expect(second).toMatchObject({ mode: 'incremental', changed: false });
    const [sku = '', other = ''] = owner
      .current()
      .products.filter((product) => product.typeId === 'simple')
      .map((product) => product.sku);
    await savePrice(sku, 733.33);
    await owner.sync({ incremental: true, recheck: [sku], targeted: true });
    expect(existsSync(file)).toBe(false);
    owner.flush();
    expect(priceIn(stored(file), sku)).toBe(733.33);
    expect(stored(file).products).toHaveLength(first.products);
    // Two syncs held unwritten: the flush writes the products both changed, not only the last one's.
    await savePrice(sku, 744.44);
    await owner.sync({ incremental: true, recheck: [sku], targeted: true });
    await savePrice(other, 755.55);
    await owner.sync({ incremental: true, recheck: [other], targeted: true });
    owner.flush();
    expect([priceIn(stored(file), sku), priceIn(stored(file), other)]).toEqual([744.44, 755.55]);
  });

  it('reads the file again when another writer changed it, not while it holds an unwritten sync', async () => {
    const file = join(dir, 'shared.db');
    const settings = settingsFor(file);
    const owner = catalogueOwner(settings, () => undefined);
    await owner.sync({ incremental: true });
    owner.flush();
    const sku = owner.current().products.find((product) => product.typeId === 'simple')?.sku ?? '';

    // `npm run sync` from another process: the owner sees its file.
    await savePrice(sku, 611.11);
    await syncCatalogue(settings, undefined, { incremental: true, recheck: [sku], targeted: true });
    expect(priceIn(owner.current(), sku)).toBe(611.11);

    // The owner's own newer sync, not written yet, wins over the file.
    await savePrice(sku, 622.22);
    await owner.sync({ incremental: true, recheck: [sku], targeted: true });
    expect(priceIn(owner.current(), sku)).toBe(622.22);
    owner.flush();
    expect(priceIn(stored(file), sku)).toBe(622.22);
  });

  /** The first sync in a child configured as `npm start` configures it: from its environment. */
  const inChild =
    (magentoUrl: string, file: string): SyncElsewhere =>
    (options, log) =>
      syncInChild(options, log, {
        MAGENTO_URL: magentoUrl,
        MAGENTO_TOKEN: INTEGRATION_TOKEN,
        CATALOGUE_SNAPSHOT: file,
      });

  it('runs its first sync, with nothing held, in a child that writes the rows; then holds what they say', async () => {
    const file = join(dir, 'child.db');
    const lines: string[] = [];
    const owner = catalogueOwner(settingsFor(file), (line) => lines.push(line), inChild(backend.url, file));
    const first = await owner.sync({ incremental: true });
    expect(first).toMatchObject({ mode: 'full', fullBecause: 'there is no snapshot to start from' });
    // Written by the child before it answered, with no flush: the same catalogue a sync here reads.
    expect(existsSync(file)).toBe(true);
    const here = await syncCatalogue(settingsFor(join(dir, 'here.db')));
    expect(first.snapshot.hash).toBe(here.snapshot.hash);
    expect(owner.current().products).toHaveLength(here.products);
    // What the child logged is in the owner's log.
    expect(lines.some((line) => /Reading \d+ products/.test(line))).toBe(true);

    // The next sync is the owner's own, from what it holds.
    const sku = owner.current().products.find((product) => product.typeId === 'simple')?.sku ?? '';
    await savePrice(sku, 788.88);
    const next = await owner.sync({ incremental: true, recheck: [sku], targeted: true });
    expect(next).toMatchObject({ mode: 'incremental', updated: [sku] });
    expect(priceIn(owner.current(), sku)).toBe(788.88);
  });

  it('fails its first sync in a child as it fails here: Magento unreachable is a load failure worth a retry', async () => {
    const file = join(dir, 'down.db');
    const down = 'http://127.0.0.1:9';
    const owner = catalogueOwner(settingsFor(file), () => undefined, inChild(down, file));
    const failure = await owner.sync({ incremental: true }).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(CatalogueLoadError);
    expect((failure as Error).message).toContain(down);
    expect(isTransientLoadFailure(failure)).toBe(true);
    expect(() => owner.current()).toThrow();
  });
});
