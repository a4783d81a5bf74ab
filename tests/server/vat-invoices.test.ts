/**
 * VAT invoices through the storefront server, against a real embedded back end over HTTP: an invoiced
 * order's page lists its invoices and its PO number; the customer downloads each as a PDF whose totals are
 * Magento's invoice's to the penny; another customer, a made-up invoice number and an order not invoiced
 * get Not Found; a guest gets theirs through the order lookup's details, and wrong details get nothing.
 */
import { rmSync } from 'node:fs';
import { extractText } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trustedProxies } from '../../src/http/index.ts';
import type { RunningStorefront } from '../../src/server/server.ts';
import { createOrdersRoutes, ORDERS_TEXTS } from '../../src/server/shopper/orders.ts';
import { createSessionRoutes } from '../../src/server/shopper/session.ts';
import { invoiceTexts } from '../../src/features/trade/texts.ts';
import { guestInvoice } from '../../src/features/orders/api.ts';
import { createShopApi, useShopApi } from '../../src/shop-api/shop-api.ts';
import { INTEGRATION_TOKEN, pickProduct, startTestBackend, type TestBackend } from '../support/backend.ts';
import { ORDER_ADDRESS, placeTestOrder } from '../support/orders.ts';
import { TEST_SELLER } from '../support/seller.ts';
import { makeFakeSite, raw, sessionCookie, startFakeSite, type FakeSite } from './helpers.ts';

const SITE = 'http://127.0.0.1:4321';
let backend: TestBackend;
let site: FakeSite;
let shop: RunningStorefront;
let sku: string;

beforeAll(async () => {
  backend = await startTestBackend();
  site = makeFakeSite();
  shop = await startFakeSite(site, {
    siteUrl: SITE,
    routes: [
      createSessionRoutes({ magento: { baseUrl: backend.url }, siteUrl: SITE, tokenLifetime: 3600 }),
      createOrdersRoutes({
        magento: { baseUrl: backend.url, token: INTEGRATION_TOKEN },
        seller: TEST_SELLER,
        siteUrl: SITE,
        trustedProxies: trustedProxies([]),
      }),
    ],
  });
  sku = (await pickProduct(backend)).sku;
});
afterAll(async () => {
  await shop.close();
  await backend.stop();
  rmSync(site.root, { recursive: true, force: true });
});

const signIn = (email: string, password: string) => sessionCookie(shop.url, SITE, email, password);

/** Invoices the whole order through the admin API, as the merchant does; Magento's invoice as read back. */
async function invoice(orderId: number) {
  const made = await backend.call('POST', `/rest/V1/order/${orderId}/invoice`, {
    token: INTEGRATION_TOKEN,
    body: { capture: true },
  });
  expect(made.status).toBe(200);
  const read = await backend.call('GET', `/rest/V1/invoices/${String(made.body)}`, {
    token: INTEGRATION_TOKEN,
  });
  return read.body as { increment_id: string; grand_total: number };
}

const GBP = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });

async function pdfText(body: Buffer): Promise<string> {
  expect(body.subarray(0, 5).toString()).toBe('%PDF-');
  const { text } = await extractText(new Uint8Array(body), { mergePages: true });
  return text;
}

describe('a customer’s invoiced order', () => {
  let customer: { email: string; password: string; token: string };
  let session: string;
  let order: { id: number; number: string };
  let magentoInvoice: { increment_id: string; grand_total: number };

  beforeAll(async () => {
    customer = await backend.newCustomer();
    order = await placeTestOrder(backend, { token: customer.token, lines: [{ sku, qty: 3 }] });
    magentoInvoice = await invoice(order.id);
    session = await signIn(customer.email, customer.password);
  });

  it('lists its invoice on the order page', async () => {
    const reply = await raw(shop.url, `/orders/mine/${order.number}`, { headers: { Cookie: session } });
    expect(reply.status).toBe(200);
    const detail = JSON.parse(reply.body.toString()) as { invoices: { number: string }[]; poNumber: unknown };
    expect(detail.invoices.map((entry) => entry.number)).toEqual([magentoInvoice.increment_id]);
    expect(detail.poNumber).toBeNull();
  });

  it('downloads it as a VAT invoice whose total is Magento’s to the penny', async () => {
    const reply = await raw(
      shop.url,
      `/orders/mine/${order.number}/invoices/${magentoInvoice.increment_id}`,
      {
        headers: { Cookie: session },
      },
    );
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toBe('application/pdf');
    expect(reply.headers['content-disposition']).toContain(`VAT-invoice-${magentoInvoice.increment_id}.pdf`);
    expect(reply.headers['cache-control']).toContain('no-store');
    const text = await pdfText(reply.body);
    expect(text).toContain(magentoInvoice.increment_id);
    expect(text).toContain(order.number);
    expect(text).toContain(invoiceTexts.sellerVatNumber('GB 123 4567 82'));
    expect(text).toMatch(
      new RegExp(
        `${invoiceTexts.grossTotal}\\s+${GBP.format(magentoInvoice.grand_total).replace('.', '\\.')}`,
      ),
    );
  });

  it('is Not Found for another customer, a made-up invoice and an order with no invoice', async () => {
    const other = await backend.newCustomer();
    const otherSession = await signIn(other.email, other.password);
    const path = `/orders/mine/${order.number}/invoices/${magentoInvoice.increment_id}`;
    const refused = await raw(shop.url, path, { headers: { Cookie: otherSession } });
    expect(refused.status).toBe(404);
    expect(refused.body.subarray(0, 5).toString()).not.toBe('%PDF-');
    expect(JSON.parse(refused.body.toString())).toEqual({ message: ORDERS_TEXTS.invoiceNotFound });
    const madeUp = await raw(shop.url, `/orders/mine/${order.number}/invoices/999999999`, {
      headers: { Cookie: session },
    });
    expect(madeUp.status).toBe(404);
    const notInvoiced = await placeTestOrder(backend, { token: customer.token, lines: [{ sku, qty: 1 }] });
    const detail = await raw(shop.url, `/orders/mine/${notInvoiced.number}`, {
      headers: { Cookie: session },
    });
    expect((JSON.parse(detail.body.toString()) as { invoices: unknown[] }).invoices).toEqual([]);
    // Without a session: sign in first.
    expect((await raw(shop.url, path)).status).toBe(401);
  });
});

describe('a guest’s invoiced order', () => {
  it('downloads its VAT invoice with the lookup’s details, and wrong details get nothing', async () => {
    const order = await placeTestOrder(backend, { lines: [{ sku, qty: 2 }] });
    const magentoInvoice = await invoice(order.id);
    const ask = (details: Record<string, string>) =>
      raw(shop.url, '/orders/lookup/invoice', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: SITE },
        body: JSON.stringify({
          number: order.number,
          email: ORDER_ADDRESS.email,
          postcode: ORDER_ADDRESS.postcode,
          invoice: magentoInvoice.increment_id,
          ...details,
        }),
      });
    const found = await raw(shop.url, '/orders/lookup', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: SITE },
      body: JSON.stringify({
        number: order.number,
        email: ORDER_ADDRESS.email,
        postcode: ORDER_ADDRESS.postcode,
      }),
    });
    expect((JSON.parse(found.body.toString()) as { invoices: { number: string }[] }).invoices).toHaveLength(
      1,
    );
    const reply = await ask({});
    expect(reply.status).toBe(200);
    expect(await pdfText(reply.body)).toContain(magentoInvoice.increment_id);
    const wrong = await ask({ postcode: 'ZZ1 1ZZ' });
    expect(wrong.status).toBe(404);
    expect(JSON.parse(wrong.body.toString())).toEqual({ message: ORDERS_TEXTS.lookupFailed });
  });

  it('comes to the order lookup page as a file to save, and wrong details say why', async () => {
    const order = await placeTestOrder(backend, { lines: [{ sku, qty: 1 }] });
    const magentoInvoice = await invoice(order.id);
    // The page's own client (shopFile), from the site's origin as a browser on it sends.
    const fromSite: typeof fetch = (input, init) =>
      fetch(input, { ...init, headers: { ...Object.fromEntries(new Headers(init?.headers)), Origin: SITE } });
    const putBack = useShopApi(createShopApi(fromSite, shop.url));
    try {
      const details = { number: order.number, email: ORDER_ADDRESS.email, postcode: ORDER_ADDRESS.postcode };
      const file = await guestInvoice(details, magentoInvoice.increment_id);
      expect(file.name).toContain(magentoInvoice.increment_id);
      expect(await pdfText(Buffer.from(await file.blob.arrayBuffer()))).toContain(
        magentoInvoice.increment_id,
      );
      await expect(
        guestInvoice({ ...details, postcode: 'ZZ1 1ZZ' }, magentoInvoice.increment_id),
      ).rejects.toThrow(ORDERS_TEXTS.lookupFailed);
    } finally {
      putBack();
    }
  });
});
