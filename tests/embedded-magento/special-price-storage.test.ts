/**
 * Magento's price storage for special prices (COMMERCE-BASICS.md §5.1; `SpecialPriceStorage`): read many
 * skus' special prices, add or update them, delete them, with Magento's ACL (`Magento_Catalog::catalog`).
 * A bad row never fails the call: it comes back as a result item with Magento's message, its values filled
 * in, and the good rows are written (`[]` when all were). What is written is what the cart then charges, and
 * each write tells the storefront a product was saved.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { savedProductSku } from '@cleaning-shop/embedded-magento/app.ts';
import { manualClock } from '@cleaning-shop/kit/clock.ts';
import { demoFamily } from '@cleaning-shop/embedded-magento/seed/configurables.ts';
import { INTEGRATION_TOKEN, startTestBackend, type Reply, type TestBackend } from '../support/backend.ts';
import { validateOpenSourceResponse } from '../support/openapi.ts';
import { guestCart, makeProduct, totalsOf } from './checkout-helpers.ts';
import { expectError } from './helpers.ts';

const clock = manualClock('2026-06-15T12:00:00.000Z');
const saved: string[] = [];
let backend: TestBackend;
beforeAll(async () => {
  backend = await startTestBackend({
    clock,
    onSaved: (entity) => {
      if (entity.entity === 'product') saved.push(entity.sku);
    },
  });
});
afterAll(() => backend.stop());

interface Row {
  price?: unknown;
  store_id?: unknown;
  sku?: unknown;
  price_from?: unknown;
  price_to?: unknown;
}

/**
 * `POST /V1/products/<path>` with the integration token, its answer checked against Magento's schema; but
 * not refused rows', whose `parameters` (typed `string[]`) carry null for a value left out, as Magento's
 * own answers do (`TypeCaster` keeps null).
 */
async function storage(path: string, body: unknown): Promise<Reply> {
  const reply = await backend.call('POST', `/rest/V1/products/${path}`, { token: INTEGRATION_TOKEN, body });
  const refusals = path !== 'special-price-information' && Array.isArray(reply.body) && reply.body.length > 0;
  if (reply.status === 200 && !refusals) {
    const result = validateOpenSourceResponse('POST', `/V1/products/${path}`, 200, reply.body);
    expect(result.ok ? [] : result.errors).toEqual([]);
  }
  return reply;
}

const update = (prices: Row[]) => storage('special-price', { prices });
const remove = (prices: Row[]) => storage('special-price-delete', { prices });
const information = async (skus: unknown[]) => (await storage('special-price-information', { skus })).body;

const ROW = (row: Row) =>
  `Row ID: SKU = ${String(row.sku ?? '')}, Store ID: ${String(row.store_id ?? '')}, ` +
  `Price From: ${String(row.price_from ?? '')}, Price To: ${String(row.price_to ?? '')}.`;
const parameters = (row: Row) =>
  [row.sku, row.store_id, row.price_from, row.price_to].map((v) => (v === undefined ? null : String(v)));

describe('writing and reading special prices', () => {
  it('saves a special price with its dates, answers [] and reads it back', async () => {
    const sku = await makeProduct(backend, 40, 1);
    const row = {
      price: 32.5,
      store_id: 0,
      sku,
      price_from: '2026-06-01 00:00:00',
      price_to: '2026-06-30 00:00:00',
    };
    const reply = await update([row]);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual([]);
    expect(await information([sku])).toEqual([row]);
    const product = await backend.call('GET', `/rest/V1/products/${sku}`, { token: INTEGRATION_TOKEN });
    expect(product.body.custom_attributes).toEqual(
      expect.arrayContaining([
        { attribute_code: 'special_price', value: '32.500000' },
        { attribute_code: 'special_from_date', value: '2026-06-01 00:00:00' },
        { attribute_code: 'special_to_date', value: '2026-06-30 00:00:00' },
      ]),
    );
    expect((await totalsOf(await guestCart(backend, [[sku, 2]]))).subtotal_incl_tax).toBe(65);
  });

  it('takes a row without dates (`price_to: false` is none) and keeps the dates already stored', async () => {
    const sku = await makeProduct(backend, 40, 1);
    await update([
      { price: 30, store_id: 0, sku, price_from: '2026-06-10 00:00:00', price_to: '2026-06-20 00:00:00' },
    ]);
    expect((await update([{ price: 28, store_id: 0, sku, price_to: false }])).body).toEqual([]);
    expect(await information([sku])).toEqual([
      { price: 28, store_id: 0, sku, price_from: '2026-06-10 00:00:00', price_to: '2026-06-20 00:00:00' },
    ]);
    const open = await makeProduct(backend, 40, 1);
    expect((await update([{ price: 35, store_id: 0, sku: open }])).body).toEqual([]);
    expect(await information([open])).toEqual([
      { price: 35, store_id: 0, sku: open, price_from: null, price_to: null },
    ]);
  });

  it('reads only products with a special price, dropping unknown skus and configurables silently', async () => {
    const plain = await makeProduct(backend, 10, 1);
    const parent = demoFamily('HG-DT-CARSHAMPOO').parentSku;
    expect(await information([plain, 'NO-SUCH-SKU', parent])).toEqual([]);
  });

  it('deletes the special price and both its dates', async () => {
    const sku = await makeProduct(backend, 40, 1);
    const row = {
      price: 30,
      store_id: 0,
      sku,
      price_from: '2026-06-01 00:00:00',
      price_to: '2026-06-30 00:00:00',
    };
    await update([row]);
    expect((await totalsOf(await guestCart(backend, [[sku, 1]]))).subtotal_incl_tax).toBe(30);
    const reply = await remove([{ price: 1, store_id: 0, sku }]);
    expect(reply.body).toEqual([]);
    expect(await information([sku])).toEqual([]);
    const product = await backend.call('GET', `/rest/V1/products/${sku}`, { token: INTEGRATION_TOKEN });
    const codes = (product.body.custom_attributes as { attribute_code: string }[]).map(
      (a) => a.attribute_code,
    );
    expect(codes).not.toContain('special_price');
    expect(codes).not.toContain('special_from_date');
    expect(codes).not.toContain('special_to_date');
    expect((await totalsOf(await guestCart(backend, [[sku, 1]]))).subtotal_incl_tax).toBe(40);
  });

  it('tells the storefront a product was saved after each write, not after a read', async () => {
    const sku = await makeProduct(backend, 40, 1);
    saved.length = 0;
    await update([{ price: 20, store_id: 0, sku }]);
    await remove([{ price: 20, store_id: 0, sku }]);
    await information([sku]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(saved).toEqual(['', '']);
    expect(savedProductSku('POST', '/rest/V1/products/special-price')).toBe('');
    expect(savedProductSku('POST', '/rest/all/V1/products/special-price-delete')).toBe('');
    expect(savedProductSku('POST', '/rest/V1/products/special-price-information')).toBeUndefined();
  });
});

describe('refused rows, with Magento’s messages', () => {
  let sku: string;
  beforeAll(async () => {
    sku = await makeProduct(backend, 40, 1);
  });

  it('an unknown sku and a configurable are products that do not exist for the storage', async () => {
    const configurable = demoFamily('HG-DT-CARSHAMPOO').parentSku;
    const rows = [
      { price: 5, store_id: 0, sku: 'NO-SUCH-SKU', price_from: '2026-06-01 00:00:00' },
      { price: 5, store_id: 0, sku: configurable },
    ];
    const reply = await update(rows);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual(
      rows.map((row) => ({
        message: `The product that was requested doesn't exist. Verify the product and try again. ${ROW(row)}`,
        parameters: parameters(row),
      })),
    );
  });

  it('a store other than 0 is not global, and one that does not exist is not found either', async () => {
    const storeOne = { price: 5, store_id: 1, sku };
    const storeNine = { price: 5, store_id: 9, sku };
    const reply = await update([storeOne, storeNine]);
    expect(reply.body).toEqual([
      {
        message: `Could not change non global Price when price scope is global. ${ROW(storeOne)}`,
        parameters: parameters(storeOne),
      },
      {
        message: `Could not change non global Price when price scope is global. ${ROW(storeNine)}`,
        parameters: parameters(storeNine),
      },
      { message: `Requested store is not found. ${ROW(storeNine)}`, parameters: parameters(storeNine) },
    ]);
  });

  it('a negative or missing price', async () => {
    const negative = { price: -5, store_id: 0, sku };
    const missing = { store_id: 0, sku };
    expect((await update([negative, missing])).body).toEqual([
      {
        message: `Invalid attribute Price = -5. ${ROW(negative)}`,
        parameters: ['-5', ...parameters(negative)],
      },
      { message: `Invalid attribute Price = . ${ROW(missing)}`, parameters: [null, ...parameters(missing)] },
    ]);
  });

  it('a date not exactly Y-m-d H:i:s (Magento’s phrase names the to-date’s value for both)', async () => {
    const dayOnly = { price: 5, store_id: 0, sku, price_from: '2026-06-01', price_to: '2026-06-30 00:00:00' };
    const noSuchDay = {
      price: 5,
      store_id: 0,
      sku,
      price_from: '2026-06-01 00:00:00',
      price_to: '2026-02-30 00:00:00',
    };
    expect((await update([dayOnly, noSuchDay])).body).toEqual([
      {
        message: `Invalid attribute Price From = 2026-06-30 00:00:00. ${ROW(dayOnly)}`,
        parameters: ['Price From', ...parameters(dayOnly)],
      },
      {
        message: `Invalid attribute Price To = 2026-02-30 00:00:00. ${ROW(noSuchDay)}`,
        parameters: ['Price To', ...parameters(noSuchDay)],
      },
    ]);
  });

  it('writes the good rows of a call that refuses others', async () => {
    const good = await makeProduct(backend, 40, 1);
    const reply = await update([
      { price: 31, store_id: 0, sku: good },
      { price: 5, store_id: 0, sku: 'NO-SUCH-SKU' },
    ]);
    expect(reply.body).toHaveLength(1);
    expect(await information([good])).toEqual([
      { price: 31, store_id: 0, sku: good, price_from: null, price_to: null },
    ]);
  });

  it('checks a deletion’s rows the same way, and deletes nothing it refuses', async () => {
    await update([{ price: 33, store_id: 0, sku }]);
    const row = { price: 33, store_id: 1, sku };
    expect((await remove([row])).body).toEqual([
      {
        message: `Could not change non global Price when price scope is global. ${ROW(row)}`,
        parameters: parameters(row),
      },
    ]);
    expect(await information([sku])).toHaveLength(1);
  });

  it('needs its body parameter, as every service method does', async () => {
    expectError(await storage('special-price', {}), 400, '"%fieldName" is required. Enter and try again.', {
      fieldName: 'prices',
    });
    expectError(
      await storage('special-price-information', {}),
      400,
      '"%fieldName" is required. Enter and try again.',
      { fieldName: 'skus' },
    );
  });
});

describe('who may use the storage', () => {
  it('needs the catalog resource: a guest and a customer are refused', async () => {
    const { token } = await backend.newCustomer();
    for (const path of ['special-price', 'special-price-information', 'special-price-delete']) {
      for (const caller of [undefined, token]) {
        const reply = await backend.call('POST', `/rest/V1/products/${path}`, {
          token: caller,
          body: path.endsWith('information') ? { skus: [] } : { prices: [] },
        });
        expectError(reply, 401, "The consumer isn't authorized to access %resources.", {
          resources: 'Magento_Catalog::catalog',
        });
      }
    }
  });
});
