/**
 * A click & collect order on the order pages (issue 55), through the storefront server's guest lookup
 * against a real embedded back end with MSI's in-store pickup: the order placed over HTTP as checkout
 * places it (the instore rate, the shop's address with its pickup location), then notified ready and
 * marked collected by staff as Magento's admin calls do. The shopper reads where to collect it, its
 * hours, what to bring and how long it is kept, and where it stands: never "Complete" while it waits.
 */
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderCollections } from '../../src/features/collect/order-facts.server.ts';
import { collectMagento } from '../../src/features/collect/magento.server.ts';
import { collectSettings } from '../../src/features/collect/settings.ts';
import type { OrderDetail } from '../../src/features/orders/order.ts';
import { trustedProxies } from '../../src/http/index.ts';
import type { RunningStorefront } from '../../src/server/server.ts';
import { createOrdersRoutes } from '../../src/server/shopper/orders.ts';
import { INTEGRATION_TOKEN, pickProduct, startTestBackend, type TestBackend } from '../support/backend.ts';
import { ORDER_ADDRESS, placeTestOrder } from '../support/orders.ts';
import { TEST_SELLER } from '../support/seller.ts';
import { makeFakeSite, raw, startFakeSite, type FakeSite } from './helpers.ts';

const SITE = 'http://127.0.0.1:4321';
let backend: TestBackend;
let site: FakeSite;
let shop: RunningStorefront;

beforeAll(async () => {
  backend = await startTestBackend();
  site = makeFakeSite();
  const magento = { baseUrl: backend.url, token: INTEGRATION_TOKEN };
  const settings = collectSettings();
  shop = await startFakeSite(site, {
    siteUrl: SITE,
    routes: [
      createOrdersRoutes({
        seller: TEST_SELLER,
        magento,
        siteUrl: SITE,
        trustedProxies: trustedProxies(['loopback']),
        collections: orderCollections({
          magento: collectMagento(magento, settings.website),
          settings,
          log: () => undefined,
        }),
      }),
    ],
  });
});
afterAll(async () => {
  await shop.close();
  await backend.stop();
  rmSync(site.root, { recursive: true, force: true });
});

const admin = (method: string, path: string, body?: unknown) =>
  backend.call(method, `/rest/V1${path}`, {
    token: INTEGRATION_TOKEN,
    ...(body === undefined ? {} : { body }),
  });

/** The shop's own address, as an in-store pickup quote's shipping address must be. */
const SHOP_ADDRESS = {
  ...ORDER_ADDRESS,
  region: 'West Yorkshire',
  region_id: 0,
  street: ['Unit 4, Riverside Park'],
  city: 'Leeds',
  postcode: 'LS10 1AB',
  extension_attributes: { pickup_location_code: 'shop' },
};

/** A guest's order collected from the shop, placed over HTTP as checkout places it: its id and number. */
async function placePickupOrder(): Promise<{ id: number; number: string }> {
  const { sku } = await pickProduct(backend, 5);
  const stocked = await admin('POST', '/inventory/source-items', {
    sourceItems: [{ sku, source_code: 'shop', quantity: 5, status: 1 }],
  });
  expect(stocked.status, JSON.stringify(stocked.body)).toBe(200);
  return placeTestOrder(backend, { lines: [{ sku, qty: 1 }], pickup: SHOP_ADDRESS });
}

async function lookUp(number: string): Promise<OrderDetail> {
  const reply = await raw(shop.url, '/orders/lookup', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: SITE },
    body: JSON.stringify({ number, email: ORDER_ADDRESS.email, postcode: ORDER_ADDRESS.postcode }),
  });
  expect(reply.status, reply.body.toString()).toBe(200);
  return JSON.parse(reply.body.toString()) as OrderDetail;
}

describe('a click & collect order on its page', () => {
  it('says where to collect it, what to bring and where it stands, from placed to collected', async () => {
    const placed = await placePickupOrder();
    const settings = collectSettings();

    const waiting = await lookUp(placed.number);
    expect(waiting.status).toBe('Being got ready for collection');
    expect(waiting.collection).toMatchObject({
      point: 'shop',
      state: 'awaiting',
      keptForDays: settings.collectWithinDays,
      bring: settings.bring,
      place: { name: 'Clearwater Cleaning Leeds', lines: ['Unit 4, Riverside Park', 'Leeds', 'LS10 1AB'] },
    });
    expect(waiting.collection?.place?.hours[0]).toBe('Monday 8.30 am – 5.30 pm');

    // Paid: the payment bridge invoices a collection order, which then stays processing until shipped.
    expect((await admin('POST', `/order/${placed.id}/invoice`, { capture: true })).status).toBe(200);
    expect((await lookUp(placed.number)).status).toBe('Being got ready for collection');
    const notified = await admin('POST', '/order/notify-orders-are-ready-for-pickup', {
      orderIds: [placed.id],
    });
    expect(notified.body).toEqual({ successful: true, errors: [] });
    const ready = await lookUp(placed.number);
    expect(ready.status).toBe('Ready to collect');
    expect(ready.collection?.state).toBe('ready');

    const handedOver = await admin('POST', `/orders/${placed.id}/comments`, {
      statusHistory: { comment: 'Collected at the counter', status: 'collected', is_customer_notified: 0 },
    });
    expect(handedOver.status, JSON.stringify(handedOver.body)).toBe(200);
    const collected = await lookUp(placed.number);
    expect(collected.status).toBe('Collected');
    expect(collected.collection?.state).toBe('collected');
  });

  it('shows a delivered order with its delivery address and no collection', async () => {
    const { sku } = await pickProduct(backend, 5);
    const placed = await placeTestOrder(backend, { lines: [{ sku, qty: 1 }] });
    const order = await lookUp(placed.number);
    expect(order.collection).toBeNull();
    expect(order.shippingAddress?.lines).toContain('12 Mill Lane');
  });
});
