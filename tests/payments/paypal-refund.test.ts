/**
 * No PayPal capture without an order (issue 65). Over HTTP: the storefront's payment routes, a real
 * embedded Magento and the embedded PayPal sandbox, each behind an interposer that lets a test act at the
 * moment a request arrives. What can refuse the order is checked before PayPal captures (the basket as
 * paid, stock), and when Magento still refuses it after the capture, the capture is refunded once, the
 * shopper is told, and a refund PayPal could not make at once is made by recovery on any replica.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createPaymentBridge, type PaymentBridge } from '../../src/payments/bridge.ts';
import { createMagentoCheckout } from '../../src/payments/magento-checkout.ts';
import { openPaymentStore, type PaymentStore } from '../../src/payments/payment-records.ts';
import { createPayPalApi } from '../../src/payments/providers/paypal/api.ts';
import { createPayPalProvider } from '../../src/payments/providers/paypal/provider.ts';
import { EMBEDDED_PAYPAL_APP, PAYPAL_WEBHOOK_PATH } from '../../src/payments/providers/paypal/settings.ts';
import { createPaymentRoutes } from '../../src/payments/routes.ts';
import type { RunningStorefront } from '../../src/server/server.ts';
import { openSqliteStore } from '../../src/store/sqlite.ts';
import type { SharedStore } from '../../src/store/shared-store.ts';
import { INTEGRATION_TOKEN, startTestBackend, type TestBackend } from '../support/backend.ts';
import { startInterposer, type Decision, type Interposer } from '../support/interposer.ts';
import { ORDER_ADDRESS } from '../support/orders.ts';
import { makeProduct } from '../embedded-magento/checkout-helpers.ts';
import { makeFakeSite, raw, startFakeSite, type FakeSite } from '../server/helpers.ts';
import { startTestSandbox, type TestSandbox } from '../embedded-paypal/helpers.ts';
import { ordersOfCartOn } from './carts.ts';

const SITE = 'http://127.0.0.1:4321';
const PAYMENT_STEP = `${SITE}/basket/shipping/payment`;
const PASS: Decision = { pass: true };
const DOWN: Decision = { status: 503, body: '{"name":"INTERNAL_SERVER_ERROR"}' };

let backend: TestBackend;
let paypal: TestSandbox;
let magentoHop: Interposer;
let paypalHop: Interposer;
let site: FakeSite;
let shop: RunningStorefront;
let dir: string;
let shared: SharedStore;
let store: PaymentStore;
let bridge: PaymentBridge;
/** What the interposers do with the next requests; each test sets its own and they are reset after. */
let atMagento: (method: string, path: string) => Promise<Decision> = async () => PASS;
let atPayPal: (method: string, path: string) => Promise<Decision> = async () => PASS;

/** A bridge as a replica builds it, over the interposers (a second call: another replica, or a restart). */
function bridgeOn(paymentStore: PaymentStore): PaymentBridge {
  const app = { apiUrl: paypalHop.url, ...EMBEDDED_PAYPAL_APP };
  const providers = [
    createPayPalProvider({ api: createPayPalApi(app), siteUrl: SITE, shopName: 'Clearwater' }),
  ];
  const magento = createMagentoCheckout({ baseUrl: magentoHop.url, token: INTEGRATION_TOKEN });
  return createPaymentBridge({ providers, magento, store: paymentStore, siteUrl: SITE, shopName: 'C' });
}

beforeAll(async () => {
  backend = await startTestBackend();
  magentoHop = await startInterposer(backend.url, (method, path) => atMagento(method, path));
  site = makeFakeSite();
  dir = mkdtempSync(join(tmpdir(), 'paypal-refund-'));
  shared = openSqliteStore(join(dir, 'payments.sqlite'));
  store = openPaymentStore(shared);
  let payments = new Hono();
  shop = await startFakeSite(site, {
    siteUrl: SITE,
    routes: [new Hono().all('/payments/*', (c) => payments.fetch(c.req.raw))],
  });
  paypal = await startTestSandbox({ webhookUrl: `${shop.url}${PAYPAL_WEBHOOK_PATH}` });
  paypalHop = await startInterposer(paypal.url, (method, path) => atPayPal(method, path));
  bridge = bridgeOn(store);
  payments = createPaymentRoutes({ bridge, siteUrl: SITE, log: () => undefined });
});
afterEach(async () => {
  atMagento = async () => PASS;
  atPayPal = async () => PASS;
  await fetch(`${paypal.url}/sandbox/webhooks/resume`, { method: 'POST' });
});
afterAll(async () => {
  await shop.close();
  await paypalHop.close();
  await magentoHop.close();
  await paypal.stop();
  await backend.stop();
  await shared.close();
  rmSync(site.root, { recursive: true, force: true });
  rmSync(dir, { recursive: true, force: true });
});

interface Basket {
  readonly guestCode: string;
  readonly cartId: number;
  readonly sku: string;
}

/** A guest's basket of one machine of its own (so its stock is this test's), delivered, ready to pay. */
async function basket(): Promise<Basket> {
  const sku = await makeProduct(backend, 649.99, 4);
  const guestCode = (await backend.call('POST', '/rest/V1/guest-carts')).body as string;
  const cart = `/rest/V1/guest-carts/${guestCode}`;
  await backend.call('POST', `${cart}/items`, { body: { cartItem: { sku, qty: 1 } } });
  const address = { ...ORDER_ADDRESS, email: `guest.${Date.now()}@example.com` };
  const shipped = await backend.call('POST', `${cart}/shipping-information`, {
    body: {
      addressInformation: {
        shipping_address: address,
        billing_address: address,
        shipping_carrier_code: 'flatrate',
        shipping_method_code: 'flatrate',
      },
    },
  });
  expect(shipped.status).toBe(200);
  return { guestCode, sku, cartId: (await backend.call('GET', cart)).body.id as number };
}

/** Another shopper buys the last one: the product is out of stock in Magento. */
async function soldOut(sku: string): Promise<void> {
  const reply = await backend.call('PUT', `/rest/V1/products/${sku}`, {
    token: INTEGRATION_TOKEN,
    body: { product: { sku, extension_attributes: { stock_item: { qty: 0, is_in_stock: false } } } },
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
}

async function start(shopper: Basket) {
  const reply = await raw(shop.url, '/payments/start', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: SITE },
    body: JSON.stringify({ guestCode: shopper.guestCode, method: 'paypal' }),
  });
  return { status: reply.status, body: JSON.parse(reply.body.toString()) as Record<string, string> };
}

async function started(shopper: Basket) {
  const reply = await start(shopper);
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  const next = new URL(reply.body['nextUrl'] ?? '');
  return { code: reply.body['code'] ?? '', next, token: next.searchParams.get('token') ?? '' };
}

/** The payer approves on PayPal's page; where PayPal sends their browser back. */
async function approve(next: URL): Promise<URL> {
  const reply = await fetch(`${paypal.url}/checkoutnow?token=${next.searchParams.get('token')}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: 'choice=pay',
    redirect: 'manual',
  });
  expect(reply.status).toBe(303);
  return new URL(reply.headers.get('location') ?? '');
}

async function arrive(back: URL): Promise<string> {
  const reply = await raw(shop.url, `${back.pathname}${back.search}`);
  expect(reply.status).toBe(303);
  return String(reply.headers['location']);
}

async function statusOf(code: string): Promise<Record<string, unknown>> {
  return JSON.parse((await raw(shop.url, `/payments/status/${code}`)).body.toString());
}

interface SandboxCapture {
  readonly status: string;
  readonly amount: string;
  readonly refunds: unknown[];
}

/** What PayPal holds of an order: its status and its captures with their refunds. */
async function onPayPal(token: string): Promise<{ status: string; captures: SandboxCapture[] }> {
  const { orders } = (await (await fetch(`${paypal.url}/sandbox/orders`)).json()) as {
    orders: { id: string; status: string; captures: SandboxCapture[] }[];
  };
  const order = orders.find((each) => each.id === token);
  if (!order) throw new Error(`PayPal has no order ${token}`);
  return order;
}

const settle = (ms = 400) => new Promise((resolve) => setTimeout(resolve, ms));

/** Webhooks held back, so the test decides when the approval reaches the shop. */
const pauseWebhooks = () => fetch(`${paypal.url}/sandbox/webhooks/pause`, { method: 'POST' });
const resumeWebhooks = () => fetch(`${paypal.url}/sandbox/webhooks/resume`, { method: 'POST' });

describe('before PayPal captures', () => {
  it('takes nothing when a line was added in another tab after Pay, and says why', async () => {
    const shopper = await basket();
    const other = await makeProduct(backend, 19.99, 1);
    await pauseWebhooks();
    const { code, next, token } = await started(shopper);
    const back = await approve(next);
    const items = `/rest/V1/guest-carts/${shopper.guestCode}/items`;
    await backend.call('POST', items, { body: { cartItem: { sku: other, qty: 1 } } });
    expect(await arrive(back)).toBe(`${PAYMENT_STEP}?paypal=changed`);
    await resumeWebhooks(); // the approval webhook arrives late and changes nothing
    await settle();
    expect(await statusOf(code)).toEqual({ status: 'failed' });
    expect(await onPayPal(token)).toMatchObject({ status: 'APPROVED', captures: [] });
    expect(await ordersOfCartOn(backend, shopper.cartId)).toEqual([]);
  });

  it('takes nothing when what is delivered sold out while the shopper was on PayPal', async () => {
    const shopper = await basket();
    await pauseWebhooks();
    const { code, next, token } = await started(shopper);
    const back = await approve(next);
    await soldOut(shopper.sku);
    expect(await arrive(back)).toBe(`${PAYMENT_STEP}?paypal=stock`);
    expect(await statusOf(code)).toEqual({ status: 'failed' });
    expect((await onPayPal(token)).captures).toEqual([]);
  });

  it('does not send the shopper to PayPal for a basket that has sold out', async () => {
    const shopper = await basket();
    await soldOut(shopper.sku);
    const reply = await start(shopper);
    expect(reply.status).toBe(409);
    expect(reply.body['message']).toMatch(/sold out.*not started the payment/);
  });
});

describe('when Magento refuses the order after the capture', () => {
  /** Another shopper buys the last one just as the order is placed: Magento's own refusal. */
  const sellOutAtPlacing = (shopper: Basket) => async (method: string, path: string) => {
    if (method === 'PUT' && path === `/rest/V1/carts/${shopper.cartId}/order`) await soldOut(shopper.sku);
    return PASS;
  };

  it('refunds the capture once, and the shopper is told', async () => {
    const shopper = await basket();
    atMagento = sellOutAtPlacing(shopper);
    await pauseWebhooks();
    const { code, next, token } = await started(shopper);
    const back = await approve(next);
    expect(await arrive(back)).toBe(`${SITE}/failed-payment`);
    const paid = (await store.get(code))?.amountPence ?? 0;
    expect(await statusOf(code)).toEqual({
      status: 'failed',
      refund: { state: 'refunded', amount: paid, way: 'paypal' },
    });
    expect(await ordersOfCartOn(backend, shopper.cartId)).toEqual([]);
    // The approval webhook, a replayed return and recovery give nothing back a second time.
    await resumeWebhooks();
    expect(await arrive(back)).toBe(`${SITE}/failed-payment`);
    await bridge.recover();
    await settle();
    const [capture] = (await onPayPal(token)).captures;
    expect(capture).toMatchObject({ status: 'REFUNDED', amount: (paid / 100).toFixed(2) });
    expect(capture?.refunds).toHaveLength(1);
  });

  it('refunds it by recovery on another replica when PayPal could not refund at once', async () => {
    const shopper = await basket();
    atMagento = sellOutAtPlacing(shopper);
    atPayPal = async (method, path) => (method === 'POST' && path.endsWith('/refund') ? DOWN : PASS);
    await pauseWebhooks();
    const { code, next, token } = await started(shopper);
    expect(await arrive(await approve(next))).toBe(`${SITE}/failed-payment`);
    const paid = (await store.get(code))?.amountPence ?? 0;
    expect(await statusOf(code)).toMatchObject({ refund: { state: 'refunding', amount: paid } });
    expect((await onPayPal(token)).captures[0]).toMatchObject({ status: 'COMPLETED', refunds: [] });

    atPayPal = async () => PASS;
    const restarted = bridgeOn(openPaymentStore(shared));
    expect(await restarted.recover()).toBeGreaterThanOrEqual(1);
    await Promise.all([restarted.recover(), bridge.recover()]);
    expect(await statusOf(code)).toMatchObject({ refund: { state: 'refunded', amount: paid } });
    const [capture] = (await onPayPal(token)).captures;
    expect(capture).toMatchObject({ status: 'REFUNDED' });
    expect(capture?.refunds).toHaveLength(1);
  });
});
