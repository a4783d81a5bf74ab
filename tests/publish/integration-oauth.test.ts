/**
 * The shop against a Magento set as 2.4.4+ is by default, refusing an integration's token sent as a bearer
 * token (the embedded back end with integrationAsBearer false): with the four OAuth values the catalogue
 * sync reads everything and then only what changed, the payment bridge's calls read a shopper's cart by its
 * quote id, place its order, find it and complete it, and a customer's orders are listed; with a bare
 * MAGENTO_TOKEN the sync fails and says to use the OAuth values.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSnapshot } from '../../src/catalogue/snapshot.ts';
import { CatalogueLoadError } from '../../src/catalogue/load.ts';
import { syncCatalogue, syncStatePath } from '../../src/catalogue/sync.ts';
import { loadEnv } from '../../src/config/env.ts';
import { magentoClientConfig } from '../../src/config/magento.ts';
import { customerIdOf, customerOrder, listOrders } from '../../src/features/orders/orders.server.ts';
import { createMagentoCheckout } from '../../src/payments/magento-checkout.ts';
import {
  ADMIN,
  INTEGRATION_TOKEN,
  pickProduct,
  startTestBackend,
  type TestBackend,
} from '../support/backend.ts';
import { ORDER_ADDRESS, placeTestOrder } from '../support/orders.ts';
import { TEST_OAUTH, TEST_OAUTH_ENV } from '../support/oauth.ts';

const CREDENTIALS = TEST_OAUTH;
const FOUR = TEST_OAUTH_ENV;

let backend: TestBackend;
let dir: string;
let adminToken: string;

beforeAll(async () => {
  backend = await startTestBackend({
    catalogue: { seed: 5, productCount: 90, brand: 'Clearwater' },
    integrationOAuth: CREDENTIALS,
    integrationAsBearer: false,
  });
  dir = mkdtempSync(join(tmpdir(), 'integration-oauth-'));
  adminToken = (await backend.call('POST', '/rest/V1/integration/admin/token', { body: ADMIN }))
    .body as string;
});
afterAll(async () => {
  await backend.stop();
  rmSync(dir, { recursive: true, force: true });
});

const oauthEnv = (file: string) => loadEnv({ MAGENTO_URL: backend.url, ...FOUR, CATALOGUE_SNAPSHOT: file });

describe('the catalogue sync', () => {
  it('reads the catalogue signed with OAuth, then only the product saved since', async () => {
    const file = join(dir, 'catalogue.db');
    const env = oauthEnv(file);
    expect(magentoClientConfig(env)).toEqual({ baseUrl: backend.url, oauth: CREDENTIALS });
    const first = await syncCatalogue(env, undefined, { incremental: true });
    expect(first).toMatchObject({ mode: 'full', changed: true });
    expect(first.products).toBeGreaterThan(50);

    const product = readSnapshot(file).products.find((candidate) => candidate.visibility === 4);
    if (!product) throw new Error('no visible product');
    // updated_at counts seconds: save in a later second than the seed.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const saved = await backend.call('PUT', `/rest/V1/products/${encodeURIComponent(product.sku)}`, {
      token: adminToken,
      body: {
        product: { price: 654.32, custom_attributes: [{ attribute_code: 'list_price', value: '654.32' }] },
      },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    // As if this sync ran minutes after the last one (tests/publish/sync.test.ts, settle).
    const stateFile = syncStatePath(file);
    const state = JSON.parse(readFileSync(stateFile, 'utf8')) as { readAt: string };
    writeFileSync(
      stateFile,
      JSON.stringify({ ...state, readAt: new Date(Date.now() + 5 * 60_000).toISOString() }),
    );

    const again = await syncCatalogue(env, undefined, { incremental: true });
    expect(again).toMatchObject({ mode: 'incremental', changed: true, updated: [product.sku] });
    expect(readSnapshot(file).products.find((candidate) => candidate.sku === product.sku)?.priceInclVat).toBe(
      654.32,
    );
  });

  it('with a bare MAGENTO_TOKEN is refused, and the message says to use the four OAuth values', async () => {
    const file = join(dir, 'bearer.db');
    const env = loadEnv({
      MAGENTO_URL: backend.url,
      MAGENTO_TOKEN: INTEGRATION_TOKEN,
      CATALOGUE_SNAPSHOT: file,
    });
    const failing = syncCatalogue(env);
    await expect(failing).rejects.toBeInstanceOf(CatalogueLoadError);
    await expect(failing).rejects.toThrow(/The consumer isn't authorized to access Magento_Catalog::/);
    await expect(failing).rejects.toThrow(
      /Magento refused the token: check MAGENTO_TOKEN .*2\.4\.4\+ refuses it as a bearer token unless allowed: prefer the four OAuth values/,
    );
    await expect(failing).rejects.not.toThrow(INTEGRATION_TOKEN);
  });

  it('with OAuth values Magento does not know says which four to check', async () => {
    const env = loadEnv({
      MAGENTO_URL: backend.url,
      ...FOUR,
      MAGENTO_ACCESS_TOKEN_SECRET: 'ffffffffffffffffffffffffffffffff',
      CATALOGUE_SNAPSHOT: join(dir, 'wrong.db'),
    });
    const failing = syncCatalogue(env);
    await expect(failing).rejects.toThrow(/The signature is invalid\. Verify and try again\./);
    await expect(failing).rejects.toThrow(
      /check MAGENTO_CONSUMER_KEY, MAGENTO_CONSUMER_SECRET, MAGENTO_ACCESS_TOKEN and MAGENTO_ACCESS_TOKEN_SECRET/,
    );
    await expect(failing).rejects.not.toThrow('ffffffffffffffffffffffffffffffff');
  });
});

describe('the payment bridge’s calls', () => {
  it('read a guest’s cart, then by its quote id place, find, read and complete its order', async () => {
    const checkout = createMagentoCheckout(
      magentoClientConfig(loadEnv({ MAGENTO_URL: backend.url, ...FOUR })),
    );
    const product = await pickProductAsAdmin();
    const masked = (await backend.call('POST', '/rest/V1/guest-carts')).body as string;
    const cart = `/rest/V1/guest-carts/${masked}`;
    expect(
      (await backend.call('POST', `${cart}/items`, { body: { cartItem: { sku: product.sku, qty: 2 } } }))
        .status,
    ).toBe(200);
    const shipped = await backend.call('POST', `${cart}/shipping-information`, {
      body: {
        addressInformation: {
          shipping_address: ORDER_ADDRESS,
          billing_address: ORDER_ADDRESS,
          shipping_carrier_code: 'flatrate',
          shipping_method_code: 'flatrate',
        },
      },
    });
    expect(shipped.status, JSON.stringify(shipped.body)).toBe(200);

    // At Pay: the shopper's own cart, read as the shopper (a guest), which proves it is theirs.
    const atPay = await checkout.readCart({ kind: 'guest', guestCart: masked });
    expect(atPay.lines).toEqual([{ sku: product.sku, qty: 2, name: product.name }]);
    // At the notification: the integration, by quote id.
    const byQuote = await checkout.readCart({ kind: 'quote', cartId: atPay.id });
    expect(byQuote).toEqual(atPay);
    expect(await checkout.ordersOfCart(atPay.id)).toEqual([]);

    const orderId = await checkout.placeOrder(atPay.id);
    expect(await checkout.ordersOfCart(atPay.id)).toEqual([
      { orderId, status: 'pending', grandTotal: atPay.amount },
    ]);
    await checkout.setOrderStatus(orderId, 'complete');
    const order = await checkout.readOrder(orderId);
    expect(order).toMatchObject({ status: 'complete', grandTotal: atPay.amount });
    expect(order.number).toMatch(/^\d{9}$/);
  });
});

describe('a customer’s orders', () => {
  it('are listed and opened as the integration', async () => {
    const magento = magentoClientConfig(loadEnv({ MAGENTO_URL: backend.url, ...FOUR }));
    const product = await pickProductAsAdmin();
    const customer = await backend.newCustomer();
    const placed = await placeTestOrder(backend, {
      token: customer.token,
      lines: [{ sku: product.sku, qty: 1 }],
      integrationToken: adminToken,
    });
    const customerId = await customerIdOf(magento, customer.token);
    expect(customerId).toBe(customer.id);
    const page = await listOrders(magento, customerId, 1, 10);
    expect(page.orders.map((order) => order.number)).toEqual([placed.number]);
    expect((await customerOrder(magento, customerId, placed.number))?.lines).toEqual([
      expect.objectContaining({ sku: product.sku, qty: 1 }),
    ]);
  });
});

/** A product to buy: `pickProduct` reads the catalogue as the integration, here with an admin token instead. */
function pickProductAsAdmin() {
  return pickProduct({
    call: (method, path, options) => backend.call(method, path, { ...options, token: adminToken }),
  });
}
