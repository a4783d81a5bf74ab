/**
 * Paying on account through the storefront server, against a real embedded back end over HTTP: a Trade
 * customer's cart is placed with Magento's `purchaseorder` and their purchase-order number, which the order
 * keeps; two Confirms at once place one order; a retail customer (whom Magento does not offer the method)
 * is refused and keeps their basket; a missing number, an empty basket, no delivery chosen and no session
 * are each answered plainly; Magento down says so.
 */
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createMagentoCheckout } from '../../src/payments/magento-checkout.ts';
import { processLock } from '../../src/store/locks.ts';
import type { RunningStorefront } from '../../src/server/server.ts';
import { createOnAccountRoutes } from '../../src/server/shopper/on-account.ts';
import { createSessionRoutes } from '../../src/server/shopper/session.ts';
import { tradeAccountTexts } from '../../src/features/trade/account-texts.ts';
import { INTEGRATION_TOKEN, PARCEL_ITEM_KG, startTestBackend, type TestBackend } from '../support/backend.ts';
import { ORDER_ADDRESS } from '../support/orders.ts';
import { productsInStock } from '../support/shop.ts';
import { makeFakeSite, raw, sessionCookie, startFakeSite, type FakeSite } from './helpers.ts';

const SITE = 'http://127.0.0.1:4321';
const DOWN = 'http://127.0.0.1:9';
const TRADE_GROUP = 5;
let backend: TestBackend;
let site: FakeSite;
let shop: RunningStorefront;
let down: RunningStorefront;
let skus: string[];

beforeAll(async () => {
  backend = await startTestBackend();
  site = makeFakeSite();
  const routes = (baseUrl: string) => {
    const magento = { baseUrl, token: INTEGRATION_TOKEN, attempts: 1 };
    return [
      createSessionRoutes({ magento: { baseUrl }, siteUrl: SITE, tokenLifetime: 3600 }),
      createOnAccountRoutes({
        magento,
        checkout: createMagentoCheckout(magento),
        lock: processLock(),
        siteUrl: SITE,
      }),
    ];
  };
  shop = await startFakeSite(site, { siteUrl: SITE, routes: routes(backend.url) });
  down = await startFakeSite(site, { siteUrl: SITE, routes: routes(DOWN) });
  skus = (await productsInStock(backend))
    .filter((product) => product.weight <= PARCEL_ITEM_KG)
    .slice(0, 2)
    .map((product) => product.sku);
});
afterAll(async () => {
  await shop.close();
  await down.close();
  await backend.stop();
  rmSync(site.root, { recursive: true, force: true });
});

const signIn = (email: string, password: string) => sessionCookie(shop.url, SITE, email, password);

/** A customer (moved to the Trade group when `trade`), signed in, with a cart ready to pay. */
async function customerWithCart(options: { trade: boolean; delivery?: boolean }) {
  const customer = await backend.newCustomer();
  if (options.trade) {
    const me = (await backend.call('GET', '/rest/V1/customers/me', { token: customer.token })).body;
    const moved = await backend.call('PUT', `/rest/V1/customers/${customer.id}`, {
      token: INTEGRATION_TOKEN,
      body: { customer: { ...me, group_id: TRADE_GROUP } },
    });
    expect(moved.status).toBe(200);
  }
  const { token } = customer;
  await backend.call('POST', '/rest/V1/carts/mine', { token });
  for (const sku of skus)
    expect(
      (
        await backend.call('POST', '/rest/V1/carts/mine/items', {
          token,
          body: { cartItem: { sku, qty: 1 } },
        })
      ).status,
    ).toBe(200);
  if (options.delivery !== false) {
    const delivery = await backend.call('POST', '/rest/V1/carts/mine/shipping-information', {
      token,
      body: {
        addressInformation: {
          shipping_address: ORDER_ADDRESS,
          billing_address: ORDER_ADDRESS,
          shipping_carrier_code: 'flatrate',
          shipping_method_code: 'flatrate',
        },
      },
    });
    expect(delivery.status).toBe(200);
  }
  return { ...customer, session: await signIn(customer.email, customer.password) };
}

const confirm = (session: string, poNumber: unknown, base = shop.url) =>
  raw(base, '/checkout/on-account', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: SITE, ...(session ? { Cookie: session } : {}) },
    body: JSON.stringify({ poNumber }),
  });
const answer = (reply: { body: Buffer }) =>
  JSON.parse(reply.body.toString()) as { order?: string; message?: string };

async function ordersOf(customerId: number) {
  const query = new URLSearchParams({
    'searchCriteria[filterGroups][0][filters][0][field]': 'customer_id',
    'searchCriteria[filterGroups][0][filters][0][value]': String(customerId),
  });
  return (await backend.call('GET', `/rest/V1/orders?${query.toString()}`, { token: INTEGRATION_TOKEN })).body
    .items as { increment_id: string; payment: { method: string; po_number?: string } }[];
}

describe('a Trade customer', () => {
  it('places the order on account with their PO number, once for two Confirms at the same time', async () => {
    const customer = await customerWithCart({ trade: true });
    const [first, second] = await Promise.all([
      confirm(customer.session, 'PO-4471'),
      confirm(customer.session, 'PO-4471'),
    ]);
    const placed = [first, second].filter((reply) => reply.status === 201);
    expect(placed).toHaveLength(1);
    const [winner] = placed;
    const other = [first, second].find((reply) => reply.status !== 201);
    expect(other?.status).toBe(409);
    const orders = await ordersOf(customer.id);
    expect(orders).toHaveLength(1);
    expect(orders[0]?.increment_id).toBe(winner && answer(winner).order);
    expect(orders[0]?.payment).toMatchObject({ method: 'purchaseorder', po_number: 'PO-4471' });
    // A third Confirm after it was placed finds no basket, and places nothing more.
    const again = await confirm(customer.session, 'PO-4471');
    expect(again.status).toBe(409);
    expect(await ordersOf(customer.id)).toHaveLength(1);
  });

  it('is asked for the PO number, and for one Magento can keep', async () => {
    const customer = await customerWithCart({ trade: true });
    expect(answer(await confirm(customer.session, '  '))).toEqual({ message: tradeAccountTexts.poRequired });
    const long = await confirm(customer.session, 'P'.repeat(33));
    expect(long.status).toBe(400);
    expect(answer(long).message).toBe(tradeAccountTexts.poTooLong(32, 33));
    expect(await ordersOf(customer.id)).toHaveLength(0);
  });

  it('chooses delivery first', async () => {
    const customer = await customerWithCart({ trade: true, delivery: false });
    const reply = await confirm(customer.session, 'PO-1');
    expect(reply.status).toBe(409);
    expect(answer(reply).message).toBe(tradeAccountTexts.noDelivery);
  });
});

describe('anyone else', () => {
  it('a retail customer is refused, places nothing and keeps the basket', async () => {
    const customer = await customerWithCart({ trade: false });
    const reply = await confirm(customer.session, 'PO-9');
    expect(reply.status).toBe(403);
    expect(answer(reply).message).toBe(tradeAccountTexts.notAllowed);
    expect(await ordersOf(customer.id)).toHaveLength(0);
    const cart = await backend.call('GET', '/rest/V1/carts/mine', { token: customer.token });
    expect(cart.body.items).toHaveLength(skus.length);
  });

  it('a guest is asked to sign in', async () => {
    const reply = await confirm('', 'PO-9');
    expect(reply.status).toBe(401);
    expect(answer(reply).message).toBe(tradeAccountTexts.signIn);
  });
});

it('says plainly when Magento is down', async () => {
  const customer = await customerWithCart({ trade: true });
  const reply = await confirm(customer.session, 'PO-2', down.url);
  expect(reply.status).toBe(503);
  expect(answer(reply).message).toBe(tradeAccountTexts.cannotPlace);
});
