/**
 * PayPal and Pay in 3 through the payment bridge, end to end over HTTP: the storefront's payment routes,
 * a real embedded Magento and the embedded PayPal sandbox (which signs and delivers its webhooks to the
 * shop). Whatever arrives first (the shopper's return, the approval webhook, recovery), each basket ends
 * in one Magento order or none, and the shopper is told where they stand.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { INTEGRATION_TOKEN, pickProduct, startTestBackend, type TestBackend } from '../support/backend.ts';
import { makeFakeSite, raw, startFakeSite, type FakeSite } from '../server/helpers.ts';
import { startTestSandbox, type TestSandbox } from '../embedded-paypal/helpers.ts';
import { guestCartOn, ordersOfCartOn } from './carts.ts';

const SITE = 'http://127.0.0.1:4321';
const PAYMENT_STEP = `${SITE}/basket/shipping/payment`;

let backend: TestBackend;
let paypal: TestSandbox;
let site: FakeSite;
let shop: RunningStorefront;
let dir: string;
let shared: SharedStore;
let store: PaymentStore;
let bridge: PaymentBridge;
const logs: string[] = [];

beforeAll(async () => {
  backend = await startTestBackend();
  site = makeFakeSite();
  dir = mkdtempSync(join(tmpdir(), 'paypal-test-'));
  shared = openSqliteStore(join(dir, 'payments.sqlite'));
  store = openPaymentStore(shared);
  let payments = new Hono();
  shop = await startFakeSite(site, {
    siteUrl: SITE,
    routes: [new Hono().all('/payments/*', (c) => payments.fetch(c.req.raw))],
  });
  paypal = await startTestSandbox({ webhookUrl: `${shop.url}${PAYPAL_WEBHOOK_PATH}` });
  const app = { apiUrl: paypal.url, ...EMBEDDED_PAYPAL_APP };
  const providers = [
    createPayPalProvider({ api: createPayPalApi(app), siteUrl: SITE, shopName: 'Clearwater' }),
  ];
  const log = (line: string) => logs.push(line);
  const magento = createMagentoCheckout({ baseUrl: backend.url, token: INTEGRATION_TOKEN });
  bridge = createPaymentBridge({ providers, magento, store, siteUrl: SITE, shopName: 'Clearwater', log });
  payments = createPaymentRoutes({ bridge, siteUrl: SITE, log });
});
afterAll(async () => {
  await shop.close();
  await paypal.stop();
  await backend.stop();
  await shared.close();
  rmSync(site.root, { recursive: true, force: true });
  rmSync(dir, { recursive: true, force: true });
});

interface Basket {
  readonly guestCode: string;
  readonly cartId: number;
}

/** A guest's basket of `qty` of one product, addresses and delivery chosen, ready to pay. */
async function basket(qty = 1): Promise<Basket> {
  const { masked, cartId } = await guestCartOn(backend, qty);
  return { guestCode: masked, cartId };
}

async function start(shopper: Basket, method: string) {
  const reply = await raw(shop.url, '/payments/start', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: SITE },
    body: JSON.stringify({ guestCode: shopper.guestCode, method }),
  });
  return { status: reply.status, body: JSON.parse(reply.body.toString()) as Record<string, string> };
}

async function started(shopper: Basket, method = 'paypal') {
  const reply = await start(shopper, method);
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  const next = new URL(reply.body['nextUrl'] ?? '');
  return { code: reply.body['code'] ?? '', next, token: next.searchParams.get('token') ?? '' };
}

/** The payer's choice on PayPal's page: where PayPal sends their browser back. */
async function approve(next: URL, choice: 'pay' | 'pay-in-3' | 'decline' | 'cancel'): Promise<URL> {
  const page = await fetch(next);
  expect(page.status).toBe(200);
  const reply = await fetch(`${paypal.url}/checkoutnow?token=${next.searchParams.get('token')}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: `choice=${choice}`,
    redirect: 'manual',
  });
  expect(reply.status).toBe(303);
  return new URL(reply.headers.get('location') ?? '');
}

/** The shopper's browser arriving back at the shop: where the shop sends it next. */
async function arrive(back: URL): Promise<string> {
  expect(back.origin).toBe(SITE);
  const reply = await raw(shop.url, `${back.pathname}${back.search}`);
  expect(reply.status).toBe(303);
  return String(reply.headers['location']);
}

/** The transaction that placed a Magento order. */
async function paymentOfOrder(orderId: number) {
  const code = await store.codeOfOrder(orderId);
  return code === undefined ? undefined : store.get(code);
}

async function statusOf(code: string): Promise<string> {
  const reply = await raw(shop.url, `/payments/status/${code}`);
  return (JSON.parse(reply.body.toString()) as { status: string }).status;
}

async function eventually(code: string, want: string): Promise<void> {
  const until = Date.now() + 10_000;
  while ((await statusOf(code)) !== want && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
  expect(await statusOf(code)).toBe(want);
}

const sandboxOrders = async () =>
  (
    (await (await fetch(`${paypal.url}/sandbox/orders`)).json()) as {
      orders: { id: string; status: string; funding: string | null; captures?: { id: string }[] }[];
    }
  ).orders;

describe('paying with PayPal', () => {
  it('captures on return and places one complete order, paid with PayPal', async () => {
    const shopper = await basket();
    const { code, next } = await started(shopper);
    expect(next.origin).toBe(paypal.url);
    const back = await approve(next, 'pay');
    expect(await arrive(back)).toBe(`${SITE}/paid`);
    await eventually(code, 'paid');
    const orders = await ordersOfCartOn(backend, shopper.cartId);
    expect(orders).toHaveLength(1);
    expect(orders[0]?.status).toBe('complete');
    expect(await paymentOfOrder(orders[0]?.entity_id ?? 0)).toMatchObject({
      method: 'paypal',
      state: 'PAID',
    });
    // The approval webhook arrives too, and changes nothing; a replayed return goes to the same page.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await arrive(back)).toBe(`${SITE}/paid`);
    expect(await ordersOfCartOn(backend, shopper.cartId)).toHaveLength(1);
  });

  it('pays in 3 with Pay Later preferred, and the order says so', async () => {
    const shopper = await basket();
    const { code, next } = await started(shopper, 'paylater');
    expect(next.searchParams.get('fundingSource')).toBe('paylater');
    expect(await arrive(await approve(next, 'pay-in-3'))).toBe(`${SITE}/paid`);
    await eventually(code, 'paid');
    const [order] = await ordersOfCartOn(backend, shopper.cartId);
    expect(await paymentOfOrder(order?.entity_id ?? 0)).toMatchObject({ method: 'paylater' });
    expect((await sandboxOrders()).find((o) => o.id === next.searchParams.get('token'))?.funding).toBe(
      'PAY_LATER',
    );
  });

  it('refuses Pay in 3 above £2,000 before PayPal is asked', async () => {
    const product = await pickProduct(backend);
    const shopper = await basket(Math.ceil(2001 / product.price) + 1);
    const reply = await start(shopper, 'paylater');
    expect(reply.status).toBe(409);
    expect(reply.body['message']).toMatch(/Pay in 3 is for orders from £30 to £2,000/);
  });

  it('sends a declined payer back to choose again, with no order', async () => {
    const shopper = await basket();
    const { code, next } = await started(shopper);
    expect(await arrive(await approve(next, 'decline'))).toBe(`${PAYMENT_STEP}?paypal=declined`);
    expect(await statusOf(code)).toBe('failed');
    expect(await ordersOfCartOn(backend, shopper.cartId)).toEqual([]);
    // The same basket can then be paid another way.
    const again = await started(shopper);
    expect(await arrive(await approve(again.next, 'pay'))).toBe(`${SITE}/paid`);
    expect(await ordersOfCartOn(backend, shopper.cartId)).toHaveLength(1);
  });

  it('ends a cancelled payment, and the basket is kept', async () => {
    const shopper = await basket();
    const { code, next } = await started(shopper);
    expect(await arrive(await approve(next, 'cancel'))).toBe(`${PAYMENT_STEP}?paypal=cancelled`);
    expect(await statusOf(code)).toBe('failed');
    expect(await ordersOfCartOn(backend, shopper.cartId)).toEqual([]);
    expect((await backend.call('GET', `/rest/V1/guest-carts/${shopper.guestCode}`)).status).toBe(200);
  });

  it('places the order from the approval webhook when the shopper closes the tab', async () => {
    const shopper = await basket();
    const { code, next } = await started(shopper);
    await approve(next, 'pay'); // and never comes back
    await eventually(code, 'paid');
    expect(await ordersOfCartOn(backend, shopper.cartId)).toHaveLength(1);
    expect((await sandboxOrders()).find((o) => o.id === next.searchParams.get('token'))?.status).toBe(
      'COMPLETED',
    );
  });

  it('says an approval that expired, and places nothing', async () => {
    const shopper = await basket();
    await fetch(`${paypal.url}/sandbox/webhooks/pause`, { method: 'POST' });
    try {
      const { code, next, token } = await started(shopper);
      const back = await approve(next, 'pay');
      expect((await fetch(`${paypal.url}/sandbox/orders/${token}/expire`, { method: 'POST' })).ok).toBe(true);
      expect(await arrive(back)).toBe(`${PAYMENT_STEP}?paypal=expired`);
      expect(await statusOf(code)).toBe('failed');
      expect(await ordersOfCartOn(backend, shopper.cartId)).toEqual([]);
    } finally {
      await fetch(`${paypal.url}/sandbox/webhooks/resume`, { method: 'POST' });
    }
  });

  it('changes nothing for a forged return, and refuses an unsigned webhook', async () => {
    const shopper = await basket();
    const { code, next } = await started(shopper);
    const forged = new URL(`${SITE}/payments/paypal/return?code=${code}&token=5O190127TN364715T&PayerID=X`);
    expect(await arrive(forged)).toBe(`${PAYMENT_STEP}?paypal=unknown`);
    expect(await statusOf(code)).toBe('pending');
    const event = {
      id: 'WH-FORGED',
      event_type: 'CHECKOUT.ORDER.APPROVED',
      resource: { id: next.searchParams.get('token'), status: 'APPROVED' },
    };
    const reply = await raw(shop.url, PAYPAL_WEBHOOK_PATH, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'PAYPAL-TRANSMISSION-ID': 'x',
        'PAYPAL-TRANSMISSION-TIME': new Date().toISOString(),
        'PAYPAL-TRANSMISSION-SIG': 'Zm9yZ2Vk',
        'PAYPAL-CERT-URL': `${paypal.url}/v1/notifications/certs/CERT`,
        'PAYPAL-AUTH-ALGO': 'SHA256withRSA',
      },
      body: JSON.stringify(event),
    });
    expect(reply.status).toBe(400);
    expect(await statusOf(code)).toBe('pending');
    expect(await ordersOfCartOn(backend, shopper.cartId)).toEqual([]);
  });

  it('notes a refund made in PayPal on the payment', async () => {
    const shopper = await basket();
    const { code, next, token } = await started(shopper);
    await arrive(await approve(next, 'pay'));
    await eventually(code, 'paid');
    const capture = (await sandboxOrders()).find((o) => o.id === token)?.captures?.[0]?.id ?? '';
    const refund = await fetch(`${paypal.url}/sandbox/captures/${capture}/refund`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ amount: '1.00' }),
    });
    expect(refund.ok).toBe(true);
    const until = Date.now() + 10_000;
    while ((await store.get(code))?.refundedPence !== 100 && Date.now() < until)
      await new Promise((r) => setTimeout(r, 100));
    expect((await store.get(code))?.refundedPence).toBe(100);
  });
});

describe('recovery', () => {
  it('captures and places an approval whose return and webhook were both lost, and ends one that expired', async () => {
    const magento = createMagentoCheckout({ baseUrl: backend.url, token: INTEGRATION_TOKEN });
    const providers = [
      createPayPalProvider({
        api: createPayPalApi({ apiUrl: paypal.url, ...EMBEDDED_PAYPAL_APP }),
        siteUrl: SITE,
        shopName: 'Clearwater',
      }),
    ];
    const recovering = createPaymentBridge({
      ...{ providers, magento, store, siteUrl: SITE, shopName: 'C', askAfterMs: 0, log: () => undefined },
    });
    const approved = await basket();
    const lapsed = await basket();
    await fetch(`${paypal.url}/sandbox/webhooks/pause`, { method: 'POST' });
    try {
      const paid = await started(approved);
      await approve(paid.next, 'pay');
      const expired = await started(lapsed);
      await fetch(`${paypal.url}/sandbox/orders/${expired.token}/expire`, { method: 'POST' });
      await recovering.recover();
      expect(await statusOf(paid.code)).toBe('paid');
      expect(await ordersOfCartOn(backend, approved.cartId)).toHaveLength(1);
      expect(await statusOf(expired.code)).toBe('failed');
      expect(await ordersOfCartOn(backend, lapsed.cartId)).toEqual([]);
    } finally {
      await fetch(`${paypal.url}/sandbox/webhooks/resume`, { method: 'POST' });
    }
  });
});

describe('PayPal not answering', () => {
  it('says so, keeps the basket, and leaves no payment behind', async () => {
    const down = createPayPalProvider({
      api: createPayPalApi({ apiUrl: 'http://127.0.0.1:9', ...EMBEDDED_PAYPAL_APP }),
      siteUrl: SITE,
      shopName: 'Clearwater',
    });
    const magento = createMagentoCheckout({ baseUrl: backend.url, token: INTEGRATION_TOKEN });
    const quiet = createPaymentBridge({
      providers: [down],
      magento,
      store,
      siteUrl: SITE,
      shopName: 'C',
      log: () => undefined,
    });
    const shopper = await basket();
    await expect(
      quiet.start({ cart: { kind: 'guest', guestCart: shopper.guestCode }, method: 'paypal' }),
    ).rejects.toMatchObject({
      status: 502,
    });
    expect((await backend.call('GET', `/rest/V1/guest-carts/${shopper.guestCode}`)).status).toBe(200);
  });
});
