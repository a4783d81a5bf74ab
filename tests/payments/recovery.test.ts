/**
 * Payments survive crashes and late notifications (issue 10). The bridge is "killed" between two of its
 * steps (a Magento call that never returns stands for the process dying there), the embedded Magento is
 * stopped and started again on its SQLite file, and a new bridge opens the same payments file: whether it
 * recovers on start or on the provider's retried notification, Magento ends with exactly one order for
 * the cart, complete, and the transaction PAID. A notification arriving after the customer's token
 * expired still places the customer's order (integration token, quote id).
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPaymentBridge, type PaymentBridge } from '../../src/payments/bridge.ts';
import { recoverOnStart } from '../../src/payments/config.ts';
import { createMagentoCheckout, type MagentoCheckout } from '../../src/payments/magento-checkout.ts';
import { createOpayoServerProvider } from '../../src/payments/opayo-server.ts';
import { openPaymentStore, type PaymentStore } from '../../src/payments/store.ts';
import { atStartOfSecond, SHIPPING_INFORMATION, sleep } from '../embedded-magento/helpers.ts';
import { INTEGRATION_TOKEN, pickProduct, startTestBackend, type TestBackend } from '../support/backend.ts';
import { startFakeOpayo, type FakeOpayo } from './payments-fake-opayo.ts';

const SITE = 'http://127.0.0.1:4321';
const PAID_REPLY = `Status=OK\r\nRedirectURL=${SITE}/paid\r\n`;
const VENDOR = 'testvendor';
const LEASE_MS = 150;

let dir: string;
let backend: TestBackend;
let opayo: FakeOpayo;
let files = 0;
const logs: string[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'payments-recovery-'));
  backend = await startTestBackend({}, join(dir, 'magento'));
  opayo = await startFakeOpayo(VENDOR);
});
afterAll(async () => {
  await opayo.close();
  await backend.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** The embedded Magento stopped and started again on the same folder (a new port). */
async function restartBackend(): Promise<void> {
  await backend.stop();
  backend = await startTestBackend({}, join(dir, 'magento'));
}

interface Running {
  readonly bridge: PaymentBridge;
  readonly store: PaymentStore;
}

/** A bridge on `file`, talking to the back end running now; `wrap` replaces some Magento calls. */
function bridgeOn(file: string, wrap?: (real: MagentoCheckout) => MagentoCheckout): Running {
  const real = createMagentoCheckout({ baseUrl: backend.url, token: INTEGRATION_TOKEN });
  const store = openPaymentStore(file);
  const bridge = createPaymentBridge({
    provider: createOpayoServerProvider({ vendor: VENDOR, registrationUrl: opayo.registrationUrl }),
    magento: wrap ? wrap(real) : real,
    store,
    siteUrl: SITE,
    notificationUrl: 'http://127.0.0.1:9/payments/opayo/notify',
    shopName: 'Clearwater Cleaning',
    leaseMs: LEASE_MS,
    waitMs: 1_000,
    log: (line) => logs.push(line),
  });
  return { bridge, store };
}

const newFile = () => join(dir, `payments-${++files}.sqlite`);

/** A promise that never settles: the process "died" inside this call. */
const dead = <T>(): Promise<T> => new Promise<T>(() => undefined);

/** A guest cart with one line and both addresses (billing e-mail included); its masked and quote ids. */
async function guestCart(): Promise<{ masked: string; cartId: number }> {
  const product = await pickProduct(backend);
  const masked = (await backend.call('POST', '/rest/V1/guest-carts')).body as string;
  const cart = `/rest/V1/guest-carts/${masked}`;
  await backend.call('POST', `${cart}/items`, { body: { cartItem: { sku: product.sku, qty: 2 } } });
  const address = {
    firstname: 'Jane',
    lastname: 'Smith',
    street: ['88 Test Street'],
    city: 'London',
    postcode: 'SW1A 1AA',
    country_id: 'GB',
    telephone: '020 7946 0000',
    email: `guest.${Date.now()}@example.com`,
  };
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
  return { masked, cartId: (await backend.call('GET', cart)).body.id as number };
}

/** The orders Magento holds for a quote, asked over HTTP as an admin would. */
async function ordersOfCart(
  cartId: number,
): Promise<{ entity_id: number; increment_id: string; status: string }[]> {
  const reply = await backend.call(
    'GET',
    `/rest/V1/orders?searchCriteria[filterGroups][0][filters][0][field]=quote_id&searchCriteria[filterGroups][0][filters][0][value]=${cartId}`,
    { token: INTEGRATION_TOKEN },
  );
  expect(reply.status).toBe(200);
  return reply.body.items;
}

interface Crash {
  readonly where: string;
  /** Magento's calls, one of them dying at the crash point (signalled through `reached`). */
  readonly wrap: (real: MagentoCheckout, reached: () => void) => MagentoCheckout;
  /** Orders Magento holds when the process dies. */
  readonly ordersAtCrash: number;
}

const CRASHES: Crash[] = [
  {
    where: 'after the claim, before the order was placed',
    wrap: (real, reached) => ({
      ...real,
      readCart: (ref) => (ref.kind === 'quote' ? (reached(), dead()) : real.readCart(ref)),
    }),
    ordersAtCrash: 0,
  },
  {
    where: 'after Magento placed the order, before the bridge recorded it',
    wrap: (real, reached) => ({
      ...real,
      async placeOrder(cartId) {
        await real.placeOrder(cartId);
        reached();
        return dead();
      },
    }),
    ordersAtCrash: 1,
  },
  {
    where: 'after the order was recorded, before its status was set',
    wrap: (real, reached) => ({ ...real, readOrder: () => (reached(), dead()) }),
    ordersAtCrash: 1,
  },
  {
    where: 'after the order was set complete, before the transaction was PAID',
    wrap: (real, reached) => ({
      ...real,
      async setOrderStatus(orderId, status) {
        await real.setOrderStatus(orderId, status);
        reached();
        return dead();
      },
    }),
    ordersAtCrash: 1,
  },
];

/** Starts a payment on a bridge that dies at `crash`, and waits until it has. */
async function crashAt(crash: Crash, file: string) {
  const { masked, cartId } = await guestCart();
  let reached: () => void = () => undefined;
  const died = new Promise<void>((resolve) => (reached = resolve));
  const first = bridgeOn(file, (real) => crash.wrap(real, reached));
  const { code } = await first.bridge.start({ cart: { kind: 'guest', guestCart: masked } });
  void first.bridge.notify(opayo.notificationBody(code, 'OK'));
  await died;
  expect(first.store.get(code)?.state).toBe('PLACING');
  expect(await ordersOfCart(cartId)).toHaveLength(crash.ordersAtCrash);
  // The process is gone: its store is closed, Magento restarts, the lease runs out.
  first.store.close();
  await restartBackend();
  await sleep(LEASE_MS + 50);
  return { code, cartId };
}

async function expectOneCompleteOrder(store: PaymentStore, code: string, cartId: number) {
  const orders = await ordersOfCart(cartId);
  expect(orders.map((order) => order.status)).toEqual(['complete']);
  expect(store.get(code)).toMatchObject({
    state: 'PAID',
    orderId: orders[0]?.entity_id,
    orderNumber: orders[0]?.increment_id,
  });
}

describe('a crash between the bridge’s steps ends with exactly one complete order', () => {
  for (const crash of CRASHES) {
    it(`${crash.where}: recovered on start`, async () => {
      const file = newFile();
      const { code, cartId } = await crashAt(crash, file);
      const next = bridgeOn(file);
      try {
        expect(await next.bridge.recover()).toBe(1);
        expect(await next.bridge.status(code)).toMatchObject({ status: 'paid' });
        await expectOneCompleteOrder(next.store, code, cartId);
        // The provider's retried notification gets the answer the recovery stored, and changes nothing.
        expect((await next.bridge.notify(opayo.notificationBody(code, 'OK'))).body).toBe(PAID_REPLY);
        expect(await next.bridge.recover()).toBe(0);
        await expectOneCompleteOrder(next.store, code, cartId);
      } finally {
        next.store.close();
      }
    });

    it(`${crash.where}: recovered on the provider’s retried notification`, async () => {
      const file = newFile();
      const { code, cartId } = await crashAt(crash, file);
      const next = bridgeOn(file);
      try {
        expect((await next.bridge.notify(opayo.notificationBody(code, 'OK'))).body).toBe(PAID_REPLY);
        await expectOneCompleteOrder(next.store, code, cartId);
      } finally {
        next.store.close();
      }
    });
  }

  it('does not take over a claim whose lease is still running', async () => {
    const { masked } = await guestCart();
    const file = newFile();
    const first = bridgeOn(file, (real) => ({ ...real, readOrder: () => dead() }));
    const { code } = await first.bridge.start({ cart: { kind: 'guest', guestCart: masked } });
    void first.bridge.notify(opayo.notificationBody(code, 'OK'));
    await expect.poll(() => first.store.get(code)?.orderId ?? null).not.toBeNull();
    const other = bridgeOn(file);
    try {
      expect(await other.bridge.recover()).toBe(0);
      expect(other.store.get(code)?.state).toBe('PLACING');
    } finally {
      other.store.close();
      first.store.close();
    }
  });

  it('adopts the order when Magento placed it but its answer was lost', async () => {
    const { masked, cartId } = await guestCart();
    const running = bridgeOn(newFile(), (real) => ({
      ...real,
      async placeOrder(id) {
        await real.placeOrder(id);
        throw new Error('socket hang up');
      },
    }));
    try {
      const { code } = await running.bridge.start({ cart: { kind: 'guest', guestCart: masked } });
      expect((await running.bridge.notify(opayo.notificationBody(code, 'OK'))).body).toBe(PAID_REPLY);
      await expectOneCompleteOrder(running.store, code, cartId);
    } finally {
      running.store.close();
    }
  });

  it('Pay pressed twice, the first dying after placing: one order, one payment kept', async () => {
    const { masked, cartId } = await guestCart();
    const file = newFile();
    let reached: () => void = () => undefined;
    const died = new Promise<void>((resolve) => (reached = resolve));
    const first = bridgeOn(file, (real) => ({
      ...real,
      async placeOrder(id) {
        await real.placeOrder(id);
        reached();
        return dead();
      },
    }));
    const cart = { kind: 'guest', guestCart: masked } as const;
    const one = (await first.bridge.start({ cart })).code;
    const two = (await first.bridge.start({ cart })).code;
    void first.bridge.notify(opayo.notificationBody(one, 'OK'));
    await died;
    first.store.close();

    const next = bridgeOn(file);
    try {
      // The second payment's notification finds the order nobody recorded and takes it.
      expect((await next.bridge.notify(opayo.notificationBody(two, 'OK'))).body).toBe(PAID_REPLY);
      await sleep(LEASE_MS + 50);
      const late = await next.bridge.notify(opayo.notificationBody(one, 'OK'));
      expect(late.body).toMatch(
        /^Status=INVALID\r\nRedirectURL=http:\/\/127\.0\.0\.1:4321\/failed-payment\r\n/,
      );
      await expectOneCompleteOrder(next.store, two, cartId);
      expect(next.store.get(one)).toMatchObject({ state: 'FAILED', orderId: null });
    } finally {
      next.store.close();
    }
  });
});

describe('recovery when the storefront server starts', () => {
  it('finishes an abandoned transaction at once, and never creates a payments file', async () => {
    const missing = newFile();
    const idle = bridgeOn(':memory:');
    recoverOnStart(idle.bridge, missing, (line) => logs.push(line));
    idle.store.close();
    expect(existsSync(missing)).toBe(false);

    const file = newFile();
    const crash = CRASHES[1];
    if (!crash) throw new Error('no crash after placing');
    const { code, cartId } = await crashAt(crash, file);
    const next = bridgeOn(file);
    try {
      recoverOnStart(next.bridge, file, (line) => logs.push(line));
      await expect.poll(async () => (await next.bridge.status(code))?.status).toBe('paid');
      await expectOneCompleteOrder(next.store, code, cartId);
      expect(logs).toContain('Payments: 1 transaction(s) left placing by a crash finished');
    } finally {
      next.store.close();
    }
  });

  it('opens a payments file written before claims remembered their status', async () => {
    const file = newFile();
    const old = new DatabaseSync(file);
    old.exec(`CREATE TABLE payments (
      code TEXT PRIMARY KEY, provider TEXT NOT NULL, provider_ref TEXT NOT NULL, secret TEXT NOT NULL,
      amount_pence INTEGER NOT NULL, currency TEXT NOT NULL, cart_kind TEXT NOT NULL, guest_cart TEXT,
      customer_token TEXT, email TEXT NOT NULL, cart_id INTEGER NOT NULL, cart_lines TEXT NOT NULL,
      state TEXT NOT NULL, provider_status TEXT, order_id INTEGER, failure TEXT, reply TEXT,
      lease_until INTEGER, created_at TEXT NOT NULL, updated_at TEXT NOT NULL)`);
    old.exec(`INSERT INTO payments VALUES ('C${'x'.repeat(39)}', 'opayo-server', '{X}', 'KEY', 1000, 'GBP',
      'customer', NULL, 'old-token', 'a@example.com', 1, 'SKU×1', 'PLACING', NULL, NULL, NULL, NULL, 1,
      '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z')`);
    old.close();
    const running = bridgeOn(file);
    try {
      // Its status is unknown, so it waits for the provider's next notification instead.
      expect(await running.bridge.recover()).toBe(0);
      expect(running.store.get(`C${'x'.repeat(39)}`)).toMatchObject({
        state: 'PLACING',
        authorisedStatus: null,
        orderNumber: null,
      });
    } finally {
      running.store.close();
    }
  });
});

describe('a notification after the customer’s token expired', () => {
  let shortLived: TestBackend;
  beforeAll(async () => {
    shortLived = await startTestBackend({ tokenLifetimes: { customer: 3, admin: 14400 } });
  });
  afterAll(() => shortLived.stop());

  it('still places the customer’s order, complete, as that customer', async () => {
    const product = await pickProduct(shortLived);
    await atStartOfSecond();
    const person = await shortLived.newCustomer();
    const mine = (method: string, path: string, body?: unknown) =>
      shortLived.call(method, `/rest/V1/carts/mine${path}`, {
        token: person.token,
        ...(body === undefined ? {} : { body }),
      });
    const cartId = (await shortLived.call('POST', '/rest/V1/carts/mine', { token: person.token }))
      .body as number;
    await mine('POST', '/items', { cartItem: { sku: product.sku, qty: 1 } });
    await mine('POST', '/shipping-information', SHIPPING_INFORMATION);
    const store = openPaymentStore(newFile());
    const bridge = createPaymentBridge({
      provider: createOpayoServerProvider({ vendor: VENDOR, registrationUrl: opayo.registrationUrl }),
      magento: createMagentoCheckout({ baseUrl: shortLived.url, token: INTEGRATION_TOKEN }),
      store,
      siteUrl: SITE,
      notificationUrl: 'http://127.0.0.1:9/payments/opayo/notify',
      shopName: 'Clearwater Cleaning',
      log: (line) => logs.push(line),
    });
    try {
      const { code } = await bridge.start({ cart: { kind: 'customer', token: person.token } });
      // The token runs out while the shopper is on the card page.
      await expect
        .poll(async () => (await mine('GET', '')).status, { timeout: 6_000, interval: 250 })
        .toBe(401);
      expect((await bridge.notify(opayo.notificationBody(code, 'OK'))).body).toBe(PAID_REPLY);
      const orders = (
        await shortLived.call(
          'GET',
          `/rest/V1/orders?searchCriteria[filterGroups][0][filters][0][field]=quote_id&searchCriteria[filterGroups][0][filters][0][value]=${cartId}`,
          { token: INTEGRATION_TOKEN },
        )
      ).body.items;
      expect(orders).toHaveLength(1);
      expect(orders[0]).toMatchObject({
        status: 'complete',
        customer_id: person.id,
        customer_is_guest: 0,
        customer_email: person.email,
      });
    } finally {
      store.close();
    }
  });
});
