/**
 * The payment bridge on the storefront server, against a real embedded Magento and a fake Opayo Server
 * 4.00 that speaks the protocol over HTTP: what registration sends, how registration errors reach the
 * shopper, and that notifications place exactly one complete order per authorised payment, whatever is
 * tampered with, replayed or sent twice at once.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkBasketXml } from '@cleaning-shop/opayo-sandbox/basket.ts';
import { opayoBridge } from './opayo-bridge.ts';
import { createMagentoCheckout, type MagentoCheckout } from '../../src/payments/magento-checkout.ts';
import { createPaymentRoutes } from '../../src/payments/routes.ts';
import { NOTIFY_PATH } from './opayo-bridge.ts';
import { openPaymentStore, type PaymentStore } from '../../src/payments/payment-records.ts';
import { openSqliteStore } from '../../src/store/sqlite.ts';
import type { SharedStore } from '../../src/store/shared-store.ts';
import type { RunningStorefront } from '../../src/server/server.ts';
import { createRestProxy } from '../../src/server/shopper/proxy.ts';
import { createSessionRoutes } from '../../src/server/shopper/session.ts';
import { INTEGRATION_TOKEN, pickProduct, startTestBackend, type TestBackend } from '../support/backend.ts';
import { makeFakeSite, raw, startFakeSite, type FakeSite } from '../server/helpers.ts';
import { startFakeOpayo, type FakeOpayo } from './payments-fake-opayo.ts';
import { PAYMENTS_BEFORE_ORDER_NUMBERS } from './old-files.ts';

const SITE = 'http://127.0.0.1:4321';
const VENDOR = 'testvendor';
const PAID = `${SITE}/paid`;
const FAILED = `${SITE}/failed-payment`;

let backend: TestBackend;
let opayo: FakeOpayo;
let site: FakeSite;
let shop: RunningStorefront;
let dir: string;
let shared: SharedStore;
let store: PaymentStore;
const logs: string[] = [];

beforeAll(async () => {
  backend = await startTestBackend();
  opayo = await startFakeOpayo(VENDOR);
  site = makeFakeSite();
  dir = mkdtempSync(join(tmpdir(), 'payments-test-'));
  shared = openSqliteStore(join(dir, 'payments.sqlite'));
  store = openPaymentStore(shared);
  // The notification URL names the shop's own port, known once it listens.
  let payments = new Hono();
  shop = await startFakeSite(site, {
    siteUrl: SITE,
    routes: [
      createSessionRoutes({ magento: { baseUrl: backend.url }, siteUrl: SITE, tokenLifetime: 3600 }),
      createRestProxy({ magentoBaseUrl: backend.url, siteUrl: SITE }),
      new Hono().all('/payments/*', (c) => payments.fetch(c.req.raw)),
    ],
  });
  const bridge = opayoBridge({
    vendor: VENDOR,
    registrationUrl: opayo.registrationUrl,
    magento: createMagentoCheckout({ baseUrl: backend.url, token: INTEGRATION_TOKEN }),
    store,
    siteUrl: SITE,
    notificationUrl: `${shop.url}${NOTIFY_PATH}`,
    shopName: 'Clearwater Cleaning',
    waitMs: 5_000,
    log: (line) => logs.push(line),
  });
  payments = createPaymentRoutes({
    bridge,
    siteUrl: SITE,
    log: (line) => logs.push(line),
  });
});
afterAll(async () => {
  await shop.close();
  await opayo.close();
  await backend.stop();
  await shared.close();
  rmSync(site.root, { recursive: true, force: true });
  rmSync(dir, { recursive: true, force: true });
});

// ---- Helpers ------------------------------------------------------------------------------------------

const ADDRESS = {
  firstname: 'Jane',
  lastname: 'Smith',
  street: ['88 Test Street', 'Flat 2'],
  city: 'London',
  region: 'Greater London',
  postcode: 'SW1A 1AA',
  country_id: 'GB',
  telephone: '020 7946 0000',
};
const BILLING = { ...ADDRESS, firstname: 'Bill', lastname: 'Payer', street: ['1 Bill Road'], city: 'York' };

interface Shopper {
  /** For `/payments/start`: the guest code or the session cookie. */
  body: Record<string, string>;
  cookie: string;
  /** Calls the shopper's own cart on the back end. */
  cart: (method: string, path: string, body?: unknown) => ReturnType<TestBackend['call']>;
  email: string;
  /** The customer's Magento id; null for a guest. */
  id: number | null;
  sku: string;
  price: number;
}

async function guest(qty = 2, withAddresses = true): Promise<Shopper> {
  const product = await pickProduct(backend);
  const masked = (await backend.call('POST', '/rest/V1/guest-carts')).body as string;
  const email = `guest.${Date.now()}.${Math.random().toString(36).slice(2)}@example.com`;
  const cart: Shopper['cart'] = (method, path, body) =>
    backend.call(method, `/rest/V1/guest-carts/${masked}${path}`, body === undefined ? {} : { body });
  await cart('POST', '/items', { cartItem: { sku: product.sku, qty, quote_id: masked } });
  if (withAddresses) await shipTo(cart, email);
  return {
    body: { guestCode: masked, email },
    cookie: '',
    cart,
    email,
    id: null,
    sku: product.sku,
    price: product.price,
  };
}

async function customer(qty = 1): Promise<Shopper> {
  const product = await pickProduct(backend);
  const person = await backend.newCustomer();
  const signIn = await raw(shop.url, '/session', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: SITE },
    body: JSON.stringify({ email: person.email, password: person.password }),
  });
  const cookie = String(signIn.headers['set-cookie'] ?? '').split(';')[0] ?? '';
  const cart: Shopper['cart'] = (method, path, body) =>
    backend.call(method, `/rest/V1/carts/mine${path}`, {
      token: person.token,
      ...(body === undefined ? {} : { body }),
    });
  await backend.call('POST', '/rest/V1/carts/mine', { token: person.token });
  await cart('POST', '/items', { cartItem: { sku: product.sku, qty } });
  await shipTo(cart, person.email);
  return {
    body: {},
    cookie,
    cart,
    email: person.email,
    id: person.id,
    sku: product.sku,
    price: product.price,
  };
}

async function shipTo(cart: Shopper['cart'], email: string) {
  const reply = await cart('POST', '/shipping-information', {
    addressInformation: {
      shipping_address: { ...ADDRESS, email },
      billing_address: { ...BILLING, email },
      shipping_carrier_code: 'flatrate',
      shipping_method_code: 'flatrate',
    },
  });
  expect(reply.status).toBe(200);
}

async function start(
  shopper: Shopper,
  extra: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) {
  const reply = await raw(shop.url, '/payments/start', {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Origin: SITE,
      ...(shopper.cookie ? { Cookie: shopper.cookie } : {}),
      ...headers,
    },
    body: JSON.stringify({ ...shopper.body, ...extra }),
  });
  return { status: reply.status, body: JSON.parse(reply.body.toString()) as Record<string, string> };
}

async function started(shopper: Shopper): Promise<string> {
  const reply = await start(shopper);
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body['code'] ?? '';
}

async function paymentStatus(code: string) {
  const reply = await raw(shop.url, `/payments/status/${code}`);
  return { status: reply.status, body: JSON.parse(reply.body.toString()) as Record<string, unknown> };
}

/** Orders Magento holds for a cart id, read straight from the back end's database. */
function ordersOfCart(cartId: number): { entity_id: number; status: string }[] {
  const db = new DatabaseSync(join(backend.dir, 'magento.sqlite'), { readOnly: true });
  try {
    return db.prepare('SELECT entity_id, status FROM orders WHERE quote_id = ?').all(cartId) as {
      entity_id: number;
      status: string;
    }[];
  } finally {
    db.close();
  }
}

async function cartId(shopper: Shopper): Promise<number> {
  return (await shopper.cart('GET', '')).body.id as number;
}

const order = async (id: number) =>
  (await backend.call('GET', `/rest/V1/orders/${id}`, { token: INTEGRATION_TOKEN })).body;

/** The number Magento gave the one order of a cart (its `increment_id`, e.g. "000000123"). */
async function orderNumberOf(cartId: number): Promise<string> {
  const orders = ordersOfCart(cartId);
  expect(orders).toHaveLength(1);
  const number = (await order(orders[0]?.entity_id ?? 0)).increment_id as string;
  expect(number).toMatch(/^\d{9}$/);
  return number;
}

// ---- Registration -------------------------------------------------------------------------------------

describe('starting a payment', () => {
  it('registers PAYMENT 4.00 with Magento’s amount, the cart’s addresses and a basket that adds up', async () => {
    const shopper = await guest(2);
    const totals = (await shopper.cart('GET', '/totals')).body;
    const segment = (code: string) =>
      totals.total_segments.find((s: { code: string }) => s.code === code).value as number;
    const grand = segment('grand_total');
    // Delivery incl VAT: the `shipping` segment, like `shipping_amount`, is excl VAT (Shipping::fetch).
    const delivery = totals.shipping_incl_tax as number;
    const reply = await start(shopper, { amount: 0.01 });
    expect(reply.status).toBe(200);
    expect(Object.keys(reply.body).sort()).toEqual(['code', 'nextUrl']);
    const code = reply.body['code'] ?? '';
    expect(code).toMatch(/^[A-Za-z0-9-]{40}$/);
    const sent = opayo.registered.get(code);
    expect(reply.body['nextUrl']).toBe(
      `${opayo.registrationUrl.replace('/vspserver-register.vsp', '')}/cardselection?vpstxid=${sent?.vpsTxId}`,
    );
    const fields = sent?.fields ?? {};
    expect(fields).toMatchObject({
      VPSProtocol: '4.00',
      TxType: 'PAYMENT',
      Vendor: VENDOR,
      VendorTxCode: code,
      Amount: grand.toFixed(2),
      Currency: 'GBP',
      Description: 'Order from Clearwater Cleaning online shop',
      NotificationURL: `${shop.url}${NOTIFY_PATH}`,
      BillingFirstnames: 'Bill',
      BillingSurname: 'Payer',
      BillingAddress1: '1 Bill Road',
      BillingCity: 'York',
      BillingPostCode: 'SW1A 1AA',
      BillingCountry: 'GB',
      BillingPhone: '020 7946 0000',
      DeliveryFirstnames: 'Jane',
      DeliverySurname: 'Smith',
      DeliveryAddress1: '88 Test Street',
      DeliveryAddress2: 'Flat 2',
      DeliveryCity: 'London',
      DeliveryCountry: 'GB',
      CustomerEMail: shopper.email,
    });
    // The flat rate's delivery line makes the basket add up.
    expect(delivery).toBeGreaterThan(0);
    expect(grand).toBeCloseTo(shopper.price * 2 + delivery, 2);
    expect(fields['Basket']).toBeUndefined();
    const basket = fields['BasketXML'] ?? '';
    expect(basket.match(/<item>/g)).toHaveLength(1);
    expect(basket).toContain(`<quantity>2</quantity>`);
    expect(basket).toContain(`<totalGrossAmount>${(shopper.price * 2).toFixed(2)}</totalGrossAmount>`);
    expect(basket).toMatch(
      new RegExp(`<deliveryGrossAmount>${delivery.toFixed(2)}</deliveryGrossAmount></basket>$`),
    );
    expect(fields['BillingState']).toBeUndefined();
    expect((await paymentStatus(code)).body).toEqual({ status: 'pending' });
  });

  it('refuses to register a payment for a fractional line, even one Magento accepts (is_qty_decimal)', async () => {
    const product = await pickProduct(backend);
    const setDecimal = (on: boolean) =>
      backend.call('PUT', `/rest/V1/products/${encodeURIComponent(product.sku)}`, {
        token: INTEGRATION_TOKEN,
        body: { product: { sku: product.sku, extension_attributes: { stock_item: { is_qty_decimal: on } } } },
      });
    expect((await setDecimal(true)).status).toBe(200);
    try {
      const shopper = await guest(1, false);
      const line = (await shopper.cart('GET', '')).body.items[0] as { item_id: number };
      const changed = await shopper.cart('PUT', `/items/${line.item_id}`, { cartItem: { qty: 1.5 } });
      expect(changed.status).toBe(200);
      await shipTo(shopper.cart, shopper.email);
      const before = opayo.registered.size;
      const reply = await start(shopper);
      expect(reply).toEqual({
        status: 409,
        body: {
          message:
            'Your basket cannot be paid for as it stands. Please check the quantities in your basket and try again.',
        },
      });
      expect(opayo.registered.size).toBe(before);
      expect(logs.some((line) => line.includes('a line has quantity 1.5'))).toBe(true);
    } finally {
      await setDecimal(false);
    }
  });

  it('keeps the provider’s secret on the server', async () => {
    const shopper = await guest();
    const reply = await start(shopper);
    const secret = opayo.registered.get(reply.body['code'] ?? '')?.securityKey ?? 'none';
    expect(JSON.stringify(reply.body)).not.toContain(secret);
    expect(JSON.stringify((await paymentStatus(reply.body['code'] ?? '')).body)).not.toContain(secret);
  });

  it('takes a customer’s cart from the session cookie and the customer’s e-mail', async () => {
    const shopper = await customer();
    const code = await started(shopper);
    expect(opayo.registered.get(code)?.fields['CustomerEMail']).toBe(shopper.email);
    // The record is the account's by its id (their data export finds it so), a guest's nobody's.
    expect((await store.get(code))?.customerId).toBe(shopper.id);
    expect((await store.get(await started(await guest())))?.customerId).toBeNull();
  });

  it('turns every reply but OK into a clear message for the shopper, and stores nothing', async () => {
    const shopper = await guest();
    const replies = [
      'VPSProtocol=4.00\r\nStatus=INVALID\r\nStatusDetail=3082 : The Description value is too long.\r\n',
      'VPSProtocol=4.00\r\nStatus=MALFORMED\r\nStatusDetail=3009 : The VendorTxCode is missing.\r\n',
      'VPSProtocol=4.00\r\nStatus=ERROR\r\nStatusDetail=5000 : Opayo is down.\r\n',
      'VPSProtocol=4.00\r\nStatus=OK\r\nStatusDetail=2014 : Registered.\r\n',
      '<html>Bad gateway</html>',
    ];
    try {
      for (const text of replies) {
        let sentCode = '';
        opayo.replyWith((fields) => {
          sentCode = fields['VendorTxCode'] ?? '';
          return text;
        });
        const reply = await start(shopper);
        expect(reply.status, text).toBe(502);
        expect(reply.body).toEqual({
          message: 'Your payment could not be started. Please try again in a moment; your basket is kept.',
        });
        expect((await paymentStatus(sentCode)).status).toBe(404);
      }
    } finally {
      opayo.replyWith(undefined);
    }
    expect(logs.some((line) => line.includes('INVALID 3082 : The Description value is too long.'))).toBe(
      true,
    );
  });

  it('accepts OK REPEATED like OK', async () => {
    const shopper = await guest();
    opayo.replyWith(
      () =>
        'Status=OK REPEATED\r\nVPSTxId={6F1C2A7E-3B9D-4E52-8A10-C4D7E9F0B123}\r\nSecurityKey=7LDN3RGAEZ\r\nNextURL=https://pay.example/card?x=1=2\r\n',
    );
    try {
      const reply = await start(shopper);
      expect(reply.status).toBe(200);
      expect(reply.body['nextUrl']).toBe('https://pay.example/card?x=1=2');
    } finally {
      opayo.replyWith(undefined);
    }
  });

  it('says so when the provider cannot be reached', async () => {
    const shopper = await guest();
    const bridge = opayoBridge({
      vendor: VENDOR,
      registrationUrl: 'http://127.0.0.1:9/register',
      magento: createMagentoCheckout({ baseUrl: backend.url, token: INTEGRATION_TOKEN }),
      store,
      siteUrl: SITE,
      notificationUrl: `${shop.url}${NOTIFY_PATH}`,
      shopName: 'Clearwater Cleaning',
      log: () => undefined,
    });
    await expect(
      bridge.start({ cart: { kind: 'guest', guestCart: shopper.body['guestCode'] ?? '' } }),
    ).rejects.toMatchObject({
      status: 502,
    });
  });

  it('refuses other sites, missing carts, empty carts and carts without addresses', async () => {
    const shopper = await guest();
    expect((await start(shopper, {}, { Origin: 'https://evil.example' })).status).toBe(403);
    expect((await start({ ...shopper, body: {} })).body).toEqual({ message: 'Your cart is empty' });
    expect((await start({ ...shopper, body: { guestCode: 'A'.repeat(32) } })).status).toBe(409);

    const bare = await guest(1, false);
    const reply = await start(bare);
    expect(reply.status).toBe(409);
    expect(reply.body['message']).toBe('Please confirm your shipping and billing addresses first.');

    const empty = await guest(1);
    const items = (await empty.cart('GET', '')).body.items as { item_id: number }[];
    for (const item of items) await empty.cart('DELETE', `/items/${item.item_id}`);
    expect((await start(empty)).status).toBe(409);
  });

  it('refuses a cart whose delivery address has no telephone, set straight through Magento’s API', async () => {
    // What the checkout form never sends but a probe can: Magento saves the shipping address without
    // one, and would place the order the payment is for with no way to call the recipient.
    const addresses = [
      Object.fromEntries(Object.entries(ADDRESS).filter(([field]) => field !== 'telephone')),
      { ...ADDRESS, telephone: '' },
      { ...ADDRESS, telephone: '12345678' },
    ];
    for (const address of addresses) {
      const probe = await guest(1, false);
      const saved = await probe.cart('POST', '/shipping-information', {
        addressInformation: {
          shipping_address: { ...address, email: probe.email },
          billing_address: { ...BILLING, email: probe.email },
          shipping_carrier_code: 'flatrate',
          shipping_method_code: 'flatrate',
        },
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      const before = opayo.registered.size;
      expect(await start(probe), JSON.stringify(address)).toEqual({
        status: 409,
        body: { message: 'Please confirm your shipping and billing addresses first.' },
      });
      expect(opayo.registered.size).toBe(before);
      expect(ordersOfCart(await cartId(probe))).toEqual([]);
    }
  });

  it('answers 401 and ends the session when the customer’s token is no longer valid', async () => {
    const shopper = await customer();
    const reply = await raw(shop.url, '/payments/start', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: SITE, Cookie: 'shop_session=not-a-token' },
      body: '{}',
    });
    expect(reply.status).toBe(401);
    expect(String(reply.headers['set-cookie'])).toContain('Max-Age=0');
    expect(shopper.cookie).not.toBe('');
  });
});

// ---- Notifications ------------------------------------------------------------------------------------

describe('an authorised payment', () => {
  it('places one complete guest order with the right items, amount and addresses', async () => {
    const shopper = await guest(2);
    const id = await cartId(shopper);
    const code = await started(shopper);
    const amount = opayo.registered.get(code)?.fields['Amount'];

    const reply = await opayo.notify(code, 'OK');
    expect(reply.status).toBe(200);
    expect(reply.text).toBe(`Status=OK\r\nRedirectURL=${PAID}\r\n`);
    // The paid page learns the order's number, kept with the transaction, and nothing else of the order.
    const number = await orderNumberOf(id);
    expect((await paymentStatus(code)).body).toEqual({ status: 'paid', order: number });
    expect((await store.get(code))?.orderNumber).toBe(number);

    const orders = ordersOfCart(id);
    expect(orders).toHaveLength(1);
    const placed = await order(orders[0]?.entity_id ?? 0);
    expect(placed).toMatchObject({
      status: 'complete',
      state: 'complete',
      customer_is_guest: 1,
      customer_email: shopper.email,
      grand_total: Number(amount),
      payment: { method: 'checkmo' },
      billing_address: { firstname: 'Bill', lastname: 'Payer', street: ['1 Bill Road'], city: 'York' },
    });
    expect(
      placed.items.map((item: { sku: string; qty_ordered: number }) => [item.sku, item.qty_ordered]),
    ).toEqual([[shopper.sku, 2]]);
    // Paid by card, so invoiced (captured) in full before it was set complete: its VAT invoice's source.
    expect(placed.total_invoiced).toBe(Number(amount));
    const invoices = await backend.call(
      'GET',
      `/rest/V1/invoices?searchCriteria[filterGroups][0][filters][0][field]=order_id&searchCriteria[filterGroups][0][filters][0][value]=${String(placed.entity_id)}`,
      { token: INTEGRATION_TOKEN },
    );
    expect(invoices.body.items).toHaveLength(1);
    expect(invoices.body.items[0].grand_total).toBe(Number(amount));
    expect(placed.extension_attributes.shipping_assignments[0].shipping.address).toMatchObject({
      firstname: 'Jane',
      street: ['88 Test Street', 'Flat 2'],
      postcode: 'SW1A 1AA',
    });
  });

  it('places one complete customer order without ever keeping the customer’s token', async () => {
    const shopper = await customer(3);
    const id = await cartId(shopper);
    const code = await started(shopper);
    expect(await store.get(code)).toMatchObject({ customerToken: null, cartId: id });

    const reply = await opayo.notify(code, 'OK');
    expect(reply.fields).toEqual({ Status: 'OK', RedirectURL: PAID });
    const orders = ordersOfCart(id);
    expect(orders).toHaveLength(1);
    expect(await order(orders[0]?.entity_id ?? 0)).toMatchObject({
      status: 'complete',
      customer_is_guest: 0,
      customer_email: shopper.email,
      total_qty_ordered: 3,
    });
    expect(await store.get(code)).toMatchObject({
      state: 'PAID',
      customerToken: null,
      orderId: orders[0]?.entity_id,
      orderNumber: await orderNumberOf(id),
    });
  });

  it('answers a replayed notification the same, byte for byte, and places nothing more', async () => {
    const shopper = await guest();
    const id = await cartId(shopper);
    const code = await started(shopper);
    const first = await opayo.notify(code, 'OK');
    const again = await opayo.notify(code, 'OK');
    expect(again.text).toBe(first.text);
    expect(ordersOfCart(id)).toHaveLength(1);
  });

  it('places one order when the same notification arrives several times at once', async () => {
    const shopper = await guest();
    const id = await cartId(shopper);
    const code = await started(shopper);
    const replies = await Promise.all(Array.from({ length: 5 }, () => opayo.notify(code, 'OK')));
    expect(new Set(replies.map((reply) => reply.text))).toEqual(
      new Set([`Status=OK\r\nRedirectURL=${PAID}\r\n`]),
    );
    expect(ordersOfCart(id)).toHaveLength(1);
    expect(ordersOfCart(id)[0]?.status).toBe('complete');
  });

  it('refuses a second payment for a cart that is already ordered (Pay pressed twice)', async () => {
    const shopper = await guest();
    const id = await cartId(shopper);
    const first = await started(shopper);
    const second = await started(shopper);
    expect((await opayo.notify(first, 'OK')).fields['Status']).toBe('OK');
    const reply = await opayo.notify(second, 'OK');
    expect(reply.fields).toMatchObject({ Status: 'INVALID', RedirectURL: FAILED });
    expect((await paymentStatus(second)).body).toEqual({ status: 'failed' });
    expect((await paymentStatus(first)).body).toEqual({ status: 'paid', order: await orderNumberOf(id) });
    expect(ordersOfCart(id)).toHaveLength(1);
  });

  it('takes Magento’s grand total after a discount code, tells Opayo the discount, and places the order at that total', async () => {
    const shopper = await guest(2);
    const id = await cartId(shopper);
    expect((await shopper.cart('PUT', '/coupons/WELCOME10')).status).toBe(200);
    const totals = (await shopper.cart('GET', '/totals')).body as {
      shipping_incl_tax: number;
      total_segments: { code: string; title: string; value: number }[];
    };
    const segment = (code: string) => totals.total_segments.find((s) => s.code === code);
    const grand = segment('grand_total')?.value ?? 0;
    const discount = segment('discount');
    // 10 % off the lines; delivery as charged, incl VAT.
    expect(discount?.value).toBeCloseTo(-Math.round(shopper.price * 2 * 10) / 100, 2);
    expect(grand).toBeCloseTo(shopper.price * 2 + totals.shipping_incl_tax + (discount?.value ?? 0), 2);

    const code = await started(shopper);
    const fields = opayo.registered.get(code)?.fields ?? {};
    expect(fields['Amount']).toBe(grand.toFixed(2));
    const basket = fields['BasketXML'] ?? '';
    expect(basket).toMatch(
      new RegExp(
        `<discounts><discount><fixed>${(-(discount?.value ?? 0)).toFixed(2)}</fixed>` +
          `<description>Discount \\(Welcome 10% off\\)</description></discount></discounts></basket>$`,
      ),
    );
    // What the real gateway checks of it (the embedded sandbox's check): it adds up to the Amount.
    expect(checkBasketXml(basket, Math.round(grand * 100))).toBeUndefined();

    expect((await opayo.notify(code, 'OK')).fields).toEqual({ Status: 'OK', RedirectURL: PAID });
    const orders = ordersOfCart(id);
    expect(orders).toHaveLength(1);
    expect(await order(orders[0]?.entity_id ?? 0)).toMatchObject({
      status: 'complete',
      grand_total: grand,
      discount_amount: discount?.value,
    });
  });

  it('places nothing when the discount code goes after Pay (the amount differs)', async () => {
    const shopper = await guest(2);
    const id = await cartId(shopper);
    expect((await shopper.cart('PUT', '/coupons/WELCOME10')).status).toBe(200);
    const code = await started(shopper);
    expect((await shopper.cart('DELETE', '/coupons')).status).toBe(200);
    const reply = await opayo.notify(code, 'OK');
    expect(reply.fields).toMatchObject({ Status: 'INVALID', RedirectURL: FAILED });
    expect(ordersOfCart(id)).toHaveLength(0);
    expect((await store.get(code))?.failure).toMatch(/the amount changed/);
  });

  it('places nothing when the cart changed after Pay (the amount differs)', async () => {
    const shopper = await guest(1);
    const id = await cartId(shopper);
    const code = await started(shopper);
    const items = (await shopper.cart('GET', '')).body.items as { item_id: number }[];
    await shopper.cart('PUT', `/items/${items[0]?.item_id}`, {
      cartItem: { qty: 4, quote_id: shopper.body['guestCode'] },
    });
    const reply = await opayo.notify(code, 'OK');
    expect(reply.fields).toMatchObject({ Status: 'INVALID', RedirectURL: FAILED });
    expect((await paymentStatus(code)).body).toEqual({ status: 'failed' });
    expect(ordersOfCart(id)).toHaveLength(0);
    expect((await store.get(code))?.failure).toMatch(/changed/);
    // The basket is still there to pay again.
    expect((await shopper.cart('GET', '')).body.is_active).toBe(true);
  });
});

describe('tampered and unknown notifications', () => {
  it('refuses a wrong signature and changes nothing; the genuine one still works', async () => {
    const shopper = await guest();
    const id = await cartId(shopper);
    const code = await started(shopper);

    const forged = await opayo.notify(code, 'OK', { key: 'GUESSEDKEY' });
    expect(forged.fields).toMatchObject({ Status: 'INVALID', RedirectURL: FAILED });
    expect(forged.fields['StatusDetail']).toMatch(/MD5/);
    const flipped = await opayo.notify(code, 'NOTAUTHED', { tamper: { Status: 'OK' } });
    expect(flipped.fields['Status']).toBe('INVALID');
    const unsigned = await opayo.notify(code, 'OK', { tamper: { VPSSignature: '' } });
    expect(unsigned.fields['Status']).toBe('INVALID');
    expect((await paymentStatus(code)).body).toEqual({ status: 'pending' });
    expect(ordersOfCart(id)).toHaveLength(0);

    expect((await opayo.notify(code, 'OK')).fields['Status']).toBe('OK');
    expect(ordersOfCart(id)).toHaveLength(1);
  });

  it('refuses a notification naming another provider transaction', async () => {
    const shopper = await guest();
    const code = await started(shopper);
    const reply = await opayo.notify(code, 'OK', {
      fields: { VPSTxId: '{00000000-0000-0000-0000-000000000000}' },
    });
    expect(reply.fields['Status']).toBe('INVALID');
    expect((await paymentStatus(code)).body).toEqual({ status: 'pending' });
  });

  it('refuses an unknown transaction code and a body that is no notification', async () => {
    const post = (body: string) =>
      raw(shop.url, NOTIFY_PATH, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body,
      });
    const unknown = await post(
      'VPSProtocol=4.00&TxType=PAYMENT&VendorTxCode=NoSuchCode&VPSTxId=%7BX%7D&Status=OK&VPSSignature=00',
    );
    expect(unknown.status).toBe(200);
    expect(unknown.headers['content-type']).toMatch(/^text\/plain/);
    expect(unknown.body.toString()).toBe(
      `Status=INVALID\r\nRedirectURL=${FAILED}\r\nStatusDetail=Unknown transaction.\r\n`,
    );
    expect((await post('hello')).body.toString()).toMatch(/^Status=INVALID\r\n/);
    expect((await raw(shop.url, NOTIFY_PATH)).status).toBe(405);
  });
});

describe('payments that do not go through', () => {
  for (const status of ['NOTAUTHED', 'REJECTED', 'ABORT', 'ERROR']) {
    it(`${status}: answers OK with the failure page, places nothing, and a later OK is refused`, async () => {
      const shopper = await guest();
      const id = await cartId(shopper);
      const code = await started(shopper);
      const reply = await opayo.notify(code, status);
      expect(reply.text).toBe(`Status=OK\r\nRedirectURL=${FAILED}\r\n`);
      expect((await paymentStatus(code)).body).toEqual({ status: 'failed' });
      expect((await opayo.notify(code, status)).text).toBe(reply.text);

      const late = await opayo.notify(code, 'OK');
      expect(late.fields).toMatchObject({ Status: 'INVALID', RedirectURL: FAILED });
      expect((await paymentStatus(code)).body).toEqual({ status: 'failed' });
      expect(ordersOfCart(id)).toHaveLength(0);
    });
  }

  it('a paid transaction stays paid whatever status arrives later', async () => {
    const shopper = await guest();
    const id = await cartId(shopper);
    const code = await started(shopper);
    await opayo.notify(code, 'OK');
    const late = await opayo.notify(code, 'ABORT');
    expect(late.fields).toMatchObject({ Status: 'INVALID', RedirectURL: PAID });
    expect((await paymentStatus(code)).body).toEqual({ status: 'paid', order: await orderNumberOf(id) });
    expect(ordersOfCart(id)).toEqual([{ entity_id: expect.any(Number), status: 'complete' }]);
  });
});

describe('the status route', () => {
  it('tells only pending, paid or failed, and nothing about other codes', async () => {
    expect((await paymentStatus('x'.repeat(40))).status).toBe(404);
    expect((await raw(shop.url, '/payments/status/%2e%2e%2fsecret.txt')).status).toBe(404);
    const shopper = await guest();
    const code = await started(shopper);
    const reply = await raw(shop.url, `/payments/status/${code}`);
    expect(reply.headers['cache-control']).toBe('no-store');
    expect(JSON.parse(reply.body.toString())).toEqual({ status: 'pending' });
    expect((await raw(shop.url, `/payments/status/${code}`, { method: 'POST' })).status).toBe(405);
  });
});

describe('placing the order survives races and crashes', () => {
  const magento = () => createMagentoCheckout({ baseUrl: backend.url, token: INTEGRATION_TOKEN });
  const bridgeWith = (checkout: MagentoCheckout, leaseMs = 120_000, on: PaymentStore = store) =>
    opayoBridge({
      vendor: VENDOR,
      registrationUrl: opayo.registrationUrl,
      magento: checkout,
      store: on,
      siteUrl: SITE,
      notificationUrl: `${shop.url}${NOTIFY_PATH}`,
      shopName: 'Clearwater Cleaning',
      leaseMs,
      waitMs: 2_000,
      log: () => undefined,
    });

  it('holds the order, and refuses the payment, when the cart changes between the check and the order', async () => {
    const shopper = await guest(1);
    const id = await cartId(shopper);
    const real = magento();
    const racing: MagentoCheckout = {
      ...real,
      async placeOrder(quoteId) {
        await shopper.cart('POST', '/items', {
          cartItem: { sku: shopper.sku, qty: 1, quote_id: shopper.body['guestCode'] },
        });
        return real.placeOrder(quoteId);
      },
    };
    const bridge = bridgeWith(racing);
    const { code } = await bridge.start({
      cart: { kind: 'guest', guestCart: shopper.body['guestCode'] ?? '' },
    });
    const reply = await bridge.notify(opayo.notificationBody(code, 'OK'));
    expect(reply.body).toMatch(
      /^Status=INVALID\r\nRedirectURL=http:\/\/127\.0\.0\.1:4321\/failed-payment\r\n/,
    );
    // A held order's number is not the shopper's to see: the payment failed.
    expect(await bridge.status(code)).toEqual({ status: 'failed' });
    expect((await store.get(code))?.orderNumber).toBeNull();
    const orders = ordersOfCart(id);
    expect(orders).toHaveLength(1);
    expect(orders[0]?.status).toBe('holded');
  });

  it('finishes an order placed by a notification that never returned, without placing it again', async () => {
    const shopper = await guest(1);
    const id = await cartId(shopper);
    const real = magento();
    // The first notification places the order, then its process "dies" before setting it complete: it
    // renews its claim no more.
    const dying: MagentoCheckout = { ...real, readOrder: () => new Promise(() => undefined) };
    const first = bridgeWith(dying, 100, { ...store, renew: () => Promise.resolve(false) });
    const { code } = await first.start({
      cart: { kind: 'guest', guestCart: shopper.body['guestCode'] ?? '' },
    });
    void first.notify(opayo.notificationBody(code, 'OK'));
    await expect.poll(async () => (await store.get(code))?.orderId ?? null).not.toBeNull();
    expect((await store.get(code))?.state).toBe('PLACING');

    await new Promise((resolve) => setTimeout(resolve, 150));
    const second = bridgeWith(real);
    const reply = await second.notify(opayo.notificationBody(code, 'OK'));
    expect(reply.body).toBe(`Status=OK\r\nRedirectURL=${PAID}\r\n`);
    expect(await second.status(code)).toEqual({ status: 'paid', order: await orderNumberOf(id) });
    expect(ordersOfCart(id)).toEqual([{ entity_id: (await store.get(code))?.orderId, status: 'complete' }]);
  });

  it('a repeated notification waits for the one placing the order and answers the same', async () => {
    const shopper = await guest(1);
    const id = await cartId(shopper);
    const real = magento();
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slow: MagentoCheckout = {
      ...real,
      async placeOrder(quoteId) {
        await gate;
        return real.placeOrder(quoteId);
      },
    };
    const bridge = bridgeWith(slow);
    const { code } = await bridge.start({
      cart: { kind: 'guest', guestCart: shopper.body['guestCode'] ?? '' },
    });
    const firstReply = bridge.notify(opayo.notificationBody(code, 'OK'));
    await expect.poll(async () => (await store.get(code))?.state).toBe('PLACING');
    const secondReply = bridge.notify(opayo.notificationBody(code, 'OK'));
    const declined = bridge.notify(opayo.notificationBody(code, 'NOTAUTHED'));
    release();
    const [a, b, c] = await Promise.all([firstReply, secondReply, declined]);
    expect(a.body).toBe(`Status=OK\r\nRedirectURL=${PAID}\r\n`);
    expect(b.body).toBe(a.body);
    expect(c.body).toMatch(/^Status=INVALID\r\nRedirectURL=http:\/\/127\.0\.0\.1:4321\/paid\r\n/);
    expect(ordersOfCart(id)).toHaveLength(1);
  });
});

describe('the paid order’s number', () => {
  const bridgeWith = (checkout: MagentoCheckout, on: PaymentStore = store) =>
    opayoBridge({
      vendor: VENDOR,
      registrationUrl: opayo.registrationUrl,
      magento: checkout,
      store: on,
      siteUrl: SITE,
      notificationUrl: `${shop.url}${NOTIFY_PATH}`,
      shopName: 'Clearwater Cleaning',
      waitMs: 2_000,
      log: (line) => logs.push(line),
    });
  const down = () => Promise.reject(new Error('Magento is down'));

  /** A guest payment made PAID by a bridge whose read-back of the order fails: its code and cart id. */
  async function paidUnread(): Promise<{ code: string; id: number }> {
    const shopper = await guest(1);
    const id = await cartId(shopper);
    const unread = bridgeWith({
      ...createMagentoCheckout({ baseUrl: backend.url, token: INTEGRATION_TOKEN }),
      readOrder: down,
    });
    const { code } = await unread.start({
      cart: { kind: 'guest', guestCart: shopper.body['guestCode'] ?? '' },
    });
    expect((await unread.notify(opayo.notificationBody(code, 'OK'))).body).toBe(
      `Status=OK\r\nRedirectURL=${PAID}\r\n`,
    );
    expect(await store.get(code)).toMatchObject({ state: 'PAID', orderNumber: null });
    return { code, id };
  }

  it('when placing could not read it back, the status answer reads it once by the order id and keeps it', async () => {
    const { code, id } = await paidUnread();
    const real = createMagentoCheckout({ baseUrl: backend.url, token: INTEGRATION_TOKEN });
    const reads: number[] = [];
    const counting = bridgeWith({
      ...real,
      readOrder: (orderId) => (reads.push(orderId), real.readOrder(orderId)),
    });
    const number = await orderNumberOf(id);
    expect(await counting.status(code)).toEqual({ status: 'paid', order: number });
    expect(reads).toEqual([(await store.get(code))?.orderId]);
    expect((await store.get(code))?.orderNumber).toBe(number);
    // Kept: the next answers need no read.
    expect(await counting.status(code)).toEqual({ status: 'paid', order: number });
    expect(reads).toHaveLength(1);
  });

  it('when Magento still does not answer, the status is paid without a number, never an error', async () => {
    const { code } = await paidUnread();
    const real = createMagentoCheckout({ baseUrl: backend.url, token: INTEGRATION_TOKEN });
    expect(await bridgeWith({ ...real, readOrder: down }).status(code)).toEqual({ status: 'paid' });
    expect(logs.some((line) => line.includes(code) && line.includes('Magento is down'))).toBe(true);
    // A read that hangs holds the answer only briefly.
    const hanging = bridgeWith({ ...real, readOrder: () => new Promise(() => undefined) });
    const asked = Date.now();
    expect(await hanging.status(code)).toEqual({ status: 'paid' });
    expect(Date.now() - asked).toBeLessThan(5_000);
    expect((await store.get(code))?.orderNumber).toBeNull();
    // Later, with Magento back, the page learns it.
    expect(await bridgeWith(real).status(code)).toMatchObject({ status: 'paid', order: expect.any(String) });
  });

  it('a number Magento gives in an odd shape is never shown', async () => {
    const { code } = await paidUnread();
    const real = createMagentoCheckout({ baseUrl: backend.url, token: INTEGRATION_TOKEN });
    const odd = bridgeWith({
      ...real,
      readOrder: async (orderId) => ({ ...(await real.readOrder(orderId)), number: '<b>1</b>\n 2' }),
    });
    expect(await odd.status(code)).toEqual({ status: 'paid' });
    expect((await store.get(code))?.orderNumber).toBeNull();
  });

  it('a payments file from before order numbers opens, and its paid transactions get their number', async () => {
    const { code, id } = await paidUnread();
    const paid = await store.get(code);
    if (!paid) throw new Error('no payment');
    const file = join(dir, 'before-order-numbers.sqlite');
    const old = new DatabaseSync(file);
    old.exec(PAYMENTS_BEFORE_ORDER_NUMBERS);
    old
      .prepare(
        `INSERT INTO payments VALUES (?, 'opayo-server', '{X}', 'KEY', ?, 'GBP', 'guest', NULL, NULL,
          'a@example.com', ?, 'SKU×1', 'PAID', 'OK', ?, NULL, NULL, NULL, 'OK', ?, ?)`,
      )
      .run(code, paid.amountPence, id, paid.orderId, paid.createdAt, paid.updatedAt);
    old.close();

    const opened = openSqliteStore(file);
    const reopened = openPaymentStore(opened);
    try {
      expect(await reopened.get(code)).toMatchObject({
        state: 'PAID',
        orderId: paid.orderId,
        orderNumber: null,
      });
      const number = await orderNumberOf(id);
      const bridge = bridgeWith(
        createMagentoCheckout({ baseUrl: backend.url, token: INTEGRATION_TOKEN }),
        reopened,
      );
      expect(await bridge.status(code)).toEqual({ status: 'paid', order: number });
      expect((await reopened.get(code))?.orderNumber).toBe(number);
    } finally {
      await opened.close();
    }
  });
});
