/**
 * What the shop's log says of a PayPal webhook it refused, over HTTP: the storefront's payment routes, a
 * real embedded Magento and the embedded PayPal sandbox, which verifies (here: refuses) the delivery's
 * signature. A forged event's id carrying a line break must not add a line to the log, and what the
 * unverified event claims is not written down as fact.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPaymentBridge } from '../../src/payments/bridge.ts';
import { createMagentoCheckout } from '../../src/payments/magento-checkout.ts';
import { openPaymentStore } from '../../src/payments/payment-records.ts';
import { createPayPalApi } from '../../src/payments/providers/paypal/api.ts';
import { createPayPalProvider } from '../../src/payments/providers/paypal/provider.ts';
import { EMBEDDED_PAYPAL_APP, PAYPAL_WEBHOOK_PATH } from '../../src/payments/providers/paypal/settings.ts';
import { createPaymentRoutes } from '../../src/payments/routes.ts';
import type { RunningStorefront } from '../../src/server/server.ts';
import { openSqliteStore } from '../../src/store/sqlite.ts';
import type { SharedStore } from '../../src/store/shared-store.ts';
import { INTEGRATION_TOKEN, startTestBackend, type TestBackend } from '../support/backend.ts';
import { makeFakeSite, raw, startFakeSite, type FakeSite } from '../server/helpers.ts';
import { startTestSandbox, type TestSandbox } from '../embedded-paypal/helpers.ts';

const SITE = 'http://127.0.0.1:4321';
const FORGED = 'Payment PP-7Q2M4K: 99900 pence refunded in all';

let backend: TestBackend;
let paypal: TestSandbox;
let site: FakeSite;
let shop: RunningStorefront;
let dir: string;
let shared: SharedStore;
/** Everything the shop logged, as its log file would hold it. */
let logged = '';

beforeAll(async () => {
  backend = await startTestBackend();
  site = makeFakeSite();
  dir = mkdtempSync(join(tmpdir(), 'paypal-log-test-'));
  shared = openSqliteStore(join(dir, 'payments.sqlite'));
  let payments = new Hono();
  shop = await startFakeSite(site, {
    siteUrl: SITE,
    routes: [new Hono().all('/payments/*', (c) => payments.fetch(c.req.raw))],
  });
  paypal = await startTestSandbox({ webhookUrl: `${shop.url}${PAYPAL_WEBHOOK_PATH}` });
  const api = createPayPalApi({ apiUrl: paypal.url, ...EMBEDDED_PAYPAL_APP });
  const providers = [createPayPalProvider({ api, siteUrl: SITE, shopName: 'Clearwater' })];
  const log = (message: string) => void (logged += `${message}\n`);
  const magento = createMagentoCheckout({ baseUrl: backend.url, token: INTEGRATION_TOKEN });
  const store = openPaymentStore(shared);
  const bridge = createPaymentBridge({
    providers,
    magento,
    store,
    siteUrl: SITE,
    shopName: 'Clearwater',
    log,
  });
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

/** An event PayPal never sent, with headers shaped like a delivery's and a signature that does not verify. */
const forgedDelivery = (id: string) =>
  raw(shop.url, PAYPAL_WEBHOOK_PATH, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'PAYPAL-TRANSMISSION-ID': 'x',
      'PAYPAL-TRANSMISSION-TIME': new Date().toISOString(),
      'PAYPAL-TRANSMISSION-SIG': 'Zm9yZ2Vk',
      'PAYPAL-CERT-URL': `${paypal.url}/v1/notifications/certs/CERT`,
      'PAYPAL-AUTH-ALGO': 'SHA256withRSA',
    },
    body: JSON.stringify({
      id,
      event_type: 'PAYMENT.CAPTURE.REFUNDED',
      resource: { id: '1AB23456CD789012E' },
    }),
  });

/** The log's lines as a terminal or a log viewer splits them. */
const lines = () => logged.split(/\r\n|[\n\r\v\f\u0085\u2028\u2029]/);

describe('a forged PayPal webhook in the log', () => {
  it('adds no line of its own, whatever line break its id carries', async () => {
    for (const id of [`WH-1\n${FORGED}`, `WH-2\r\n${FORGED}`, `WH-3\u2028${FORGED}`, `WH-4\u0085${FORGED}`]) {
      expect((await forgedDelivery(id)).status).toBe(400);
    }
    expect(lines().filter((line) => line.trimStart().startsWith('Payment '))).toEqual([]);
    expect(lines().filter((line) => line.includes('refused'))).toHaveLength(4);
  });

  it('says the signature did not verify, and gives the id only as a short quoted claim', async () => {
    logged = '';
    expect((await forgedDelivery(`WH-5\n${FORGED} and more besides, to be cut short`)).status).toBe(400);
    const [line] = lines();
    expect(line).toMatch(/^PayPal webhook refused: its signature does not verify \(claimed id "WH-5\\n/);
    expect(line).not.toContain('to be cut short');
  });
});
