/**
 * The PayPal suites' bed, all over HTTP: a real embedded Magento, the embedded PayPal sandbox delivering
 * its signed webhooks to a shop's payment routes, and the payments store, with the bridge a replica
 * builds. Asked for, an interposer stands in front of Magento or PayPal, so a test can act at the moment
 * a request arrives. The shopper's steps (start, approve on PayPal's page, come back) are here too.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import { expect } from 'vitest';
import {
  createPaymentBridge,
  type PaymentBridge,
  type PaymentBridgeConfig,
} from '../../src/payments/bridge.ts';
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
import { startInterposer, type Decision } from '../support/interposer.ts';
import { makeFakeSite, raw, startFakeSite } from '../server/helpers.ts';
import { startTestSandbox, type TestSandbox } from '../embedded-paypal/helpers.ts';

export const SITE = 'http://127.0.0.1:4321';
export const PAYMENT_STEP = `${SITE}/basket/shipping/payment`;

type Decide = (method: string, path: string) => Promise<Decision>;

export interface PayPalBedOptions {
  /** An interposer in front of Magento, asking this of each request. */
  readonly atMagento?: Decide;
  /** An interposer in front of PayPal's REST API, asking this of each request. */
  readonly atPayPal?: Decide;
  /** The shop's log (the bridge's and the routes'). */
  readonly log?: (message: string) => void;
}

export interface PayPalBed {
  readonly backend: TestBackend;
  readonly paypal: TestSandbox;
  readonly shop: RunningStorefront;
  readonly shared: SharedStore;
  readonly store: PaymentStore;
  /** The bridge behind the shop's routes. */
  readonly bridge: PaymentBridge;
  /** A bridge as another replica (or a restart) builds it, on `store`, with any settings of its own. */
  bridgeOn(store: PaymentStore, settings?: Partial<PaymentBridgeConfig>): PaymentBridge;
  close(): Promise<void>;
}

export async function startPayPalBed(options: PayPalBedOptions = {}): Promise<PayPalBed> {
  const backend = await startTestBackend();
  const magentoHop = options.atMagento && (await startInterposer(backend.url, options.atMagento));
  const site = makeFakeSite();
  const dir = mkdtempSync(join(tmpdir(), 'paypal-bed-'));
  const shared = openSqliteStore(join(dir, 'payments.sqlite'));
  const store = openPaymentStore(shared);
  let payments = new Hono();
  const shop = await startFakeSite(site, {
    siteUrl: SITE,
    routes: [new Hono().all('/payments/*', (c) => payments.fetch(c.req.raw))],
  });
  const paypal = await startTestSandbox({ webhookUrl: `${shop.url}${PAYPAL_WEBHOOK_PATH}` });
  const paypalHop = options.atPayPal && (await startInterposer(paypal.url, options.atPayPal));
  const log = options.log ?? (() => undefined);
  const bridgeOn = (on: PaymentStore, settings: Partial<PaymentBridgeConfig> = {}) => {
    const api = createPayPalApi({ apiUrl: paypalHop?.url ?? paypal.url, ...EMBEDDED_PAYPAL_APP });
    const providers = [createPayPalProvider({ api, siteUrl: SITE, shopName: 'Clearwater' })];
    const magento = createMagentoCheckout({
      baseUrl: magentoHop?.url ?? backend.url,
      token: INTEGRATION_TOKEN,
    });
    return createPaymentBridge({
      providers,
      magento,
      store: on,
      siteUrl: SITE,
      shopName: 'Clearwater',
      log,
      ...settings,
    });
  };
  const bridge = bridgeOn(store);
  payments = createPaymentRoutes({ bridge, siteUrl: SITE, log });
  return {
    ...{ backend, paypal, shop, shared, store, bridge, bridgeOn },
    async close() {
      await shop.close();
      await paypalHop?.close();
      await magentoHop?.close();
      await paypal.stop();
      await backend.stop();
      await shared.close();
      rmSync(site.root, { recursive: true, force: true });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A guest's basket: its masked id and Magento's quote id. */
export interface Basket {
  readonly guestCode: string;
  readonly cartId: number;
}

/** The shopper presses Pay with `method`: the shop's answer. */
export async function start(bed: PayPalBed, shopper: Basket, method: string) {
  const reply = await raw(bed.shop.url, '/payments/start', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: SITE },
    body: JSON.stringify({ guestCode: shopper.guestCode, method }),
  });
  return { status: reply.status, body: JSON.parse(reply.body.toString()) as Record<string, string> };
}

/** Pay, answered: the transaction's code, PayPal's page and its order's token. */
export async function started(bed: PayPalBed, shopper: Basket, method = 'paypal') {
  const reply = await start(bed, shopper, method);
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  const next = new URL(reply.body['nextUrl'] ?? '');
  return { code: reply.body['code'] ?? '', next, token: next.searchParams.get('token') ?? '' };
}

/** The payer's choice on PayPal's page: where PayPal sends their browser back. */
export async function approve(
  bed: PayPalBed,
  next: URL,
  choice: 'pay' | 'pay-in-3' | 'decline' | 'cancel' = 'pay',
): Promise<URL> {
  const page = await fetch(next);
  expect(page.status).toBe(200);
  const reply = await fetch(`${bed.paypal.url}/checkoutnow?token=${next.searchParams.get('token')}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: `choice=${choice}`,
    redirect: 'manual',
  });
  expect(reply.status).toBe(303);
  return new URL(reply.headers.get('location') ?? '');
}

/** The shopper's browser arriving back at the shop: where the shop sends it next. */
export async function arrive(bed: PayPalBed, back: URL): Promise<string> {
  expect(back.origin).toBe(SITE);
  const reply = await raw(bed.shop.url, `${back.pathname}${back.search}`);
  expect(reply.status).toBe(303);
  return String(reply.headers['location']);
}

/** What `/payments/status/{code}` tells the paid and failed pages. */
export async function statusAnswer(bed: PayPalBed, code: string): Promise<Record<string, unknown>> {
  return JSON.parse((await raw(bed.shop.url, `/payments/status/${code}`)).body.toString());
}

export interface SandboxOrder {
  readonly id: string;
  readonly status: string;
  readonly funding: string | null;
  readonly captures: { id: string; status: string; amount: string; refunds: unknown[] }[];
}

/** Every order PayPal holds, with its captures and their refunds (the sandbox's test controls). */
export const sandboxOrders = async (bed: PayPalBed): Promise<SandboxOrder[]> =>
  ((await (await fetch(`${bed.paypal.url}/sandbox/orders`)).json()) as { orders: SandboxOrder[] }).orders;

/** Webhooks held back (or let go), so a test decides when PayPal's events reach the shop. */
export const webhooks = (bed: PayPalBed, what: 'pause' | 'resume') =>
  fetch(`${bed.paypal.url}/sandbox/webhooks/${what}`, { method: 'POST' });

/** An event PayPal never sent, posted with headers shaped like a delivery's and a signature that does not verify. */
export const forgedWebhook = (bed: PayPalBed, event: unknown) =>
  raw(bed.shop.url, PAYPAL_WEBHOOK_PATH, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'PAYPAL-TRANSMISSION-ID': 'x',
      'PAYPAL-TRANSMISSION-TIME': new Date().toISOString(),
      'PAYPAL-TRANSMISSION-SIG': 'Zm9yZ2Vk',
      'PAYPAL-CERT-URL': `${bed.paypal.url}/v1/notifications/certs/CERT`,
      'PAYPAL-AUTH-ALGO': 'SHA256withRSA',
    },
    body: JSON.stringify(event),
  });
