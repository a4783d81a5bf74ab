/**
 * Payments survive crashes and late notifications (issue 10). The bridge is "killed" between two of its
 * steps (a Magento call that never returns stands for the process dying there, and its store connection
 * closes, so its claim is renewed no more), the embedded Magento is stopped and started again on its
 * SQLite file, and a new bridge opens the same payments file: whether it recovers (as the recovery leader)
 * or on the provider's retried notification, Magento ends with exactly one order for the cart, complete,
 * and the transaction PAID. A notification arriving after the customer's token expired still places the
 * customer's order (integration token, quote id).
 */
import { opayoBridge } from './opayo-bridge.ts';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpayoBridge } from './opayo-bridge.ts';
import { paymentHome } from '../../src/payments/home.ts';
import { createMagentoCheckout, type MagentoCheckout } from '../../src/payments/magento-checkout.ts';
import { ownersInMagento } from '../../src/payments/record-owners.ts';
import { startRecoveryLeader } from '../../src/payments/recovery-leader.ts';
import { openPaymentStore, type PaymentStore } from '../../src/payments/payment-records.ts';
import { openSqliteStore } from '../../src/store/sqlite.ts';
import type { SharedStore } from '../../src/store/shared-store.ts';
import { atStartOfSecond, SHIPPING_INFORMATION, sleep } from '../embedded-magento/helpers.ts';
import { INTEGRATION_TOKEN, pickProduct, startTestBackend, type TestBackend } from '../support/backend.ts';
import { guestCartOn, ordersOfCartOn } from './carts.ts';
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
  readonly bridge: OpayoBridge;
  readonly store: PaymentStore;
  /** The process's connection to the payments file; closing it is the process dying. */
  readonly shared: SharedStore;
}

/** A bridge on `store`, talking to the back end running now; `wrap` replaces some Magento calls. */
function bridgeWith(store: PaymentStore, wrap?: (real: MagentoCheckout) => MagentoCheckout): OpayoBridge {
  const real = createMagentoCheckout({ baseUrl: backend.url, token: INTEGRATION_TOKEN });
  return opayoBridge({
    vendor: VENDOR,
    registrationUrl: opayo.registrationUrl,
    magento: wrap ? wrap(real) : real,
    store,
    siteUrl: SITE,
    notificationUrl: 'http://127.0.0.1:9/payments/opayo/notify',
    shopName: 'Clearwater Cleaning',
    leaseMs: LEASE_MS,
    waitMs: 1_000,
    log: (line) => logs.push(line),
  });
}

/** A bridge on the payments file `file`, as one process has it. */
function bridgeOn(file: string, wrap?: (real: MagentoCheckout) => MagentoCheckout): Running {
  const shared = openSqliteStore(file);
  const store = openPaymentStore(shared);
  return { bridge: bridgeWith(store, wrap), store, shared };
}

const newFile = () => join(dir, `payments-${++files}.sqlite`);

/** A promise that never settles: the process "died" inside this call. */
const dead = <T>(): Promise<T> => new Promise<T>(() => undefined);

// The back end is restarted by some tests: always the one running now.
const guestCart = () => guestCartOn(backend);
const ordersOfCart = (cartId: number) => ordersOfCartOn(backend, cartId);

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
  expect((await first.store.get(code))?.state).toBe('PLACING');
  expect(await ordersOfCart(cartId)).toHaveLength(crash.ordersAtCrash);
  // The process is gone: its store is closed, Magento restarts, the lease runs out.
  await first.shared.close();
  await restartBackend();
  await sleep(LEASE_MS + 50);
  return { code, cartId };
}

async function expectOneCompleteOrder(store: PaymentStore, code: string, cartId: number) {
  const orders = await ordersOfCart(cartId);
  expect(orders.map((order) => order.status)).toEqual(['complete']);
  expect(await store.get(code)).toMatchObject({
    state: 'PAID',
    orderId: orders[0]?.entity_id,
    orderNumber: orders[0]?.increment_id,
  });
}

describe('a crash between the bridge’s steps ends with exactly one complete order', () => {
  for (const crash of CRASHES) {
    it(`${crash.where}: recovered`, async () => {
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
        await next.shared.close();
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
        await next.shared.close();
      }
    });
  }

  it('does not take over a claim its placer keeps renewing, however long it takes', async () => {
    const { masked } = await guestCart();
    const file = newFile();
    const first = bridgeOn(file, (real) => ({ ...real, readOrder: () => dead() }));
    const { code } = await first.bridge.start({ cart: { kind: 'guest', guestCart: masked } });
    void first.bridge.notify(opayo.notificationBody(code, 'OK'));
    await expect.poll(async () => (await first.store.get(code))?.orderId ?? null).not.toBeNull();
    const other = bridgeOn(file);
    try {
      // Three leases later the claim is still held: its placer renewed it.
      await sleep(3 * LEASE_MS);
      expect(await other.bridge.recover()).toBe(0);
      expect((await other.store.get(code))?.state).toBe('PLACING');
    } finally {
      await other.shared.close();
      await first.shared.close();
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
      await running.shared.close();
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
    await first.shared.close();

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
      expect(await next.store.get(one)).toMatchObject({ state: 'FAILED', orderId: null });
    } finally {
      await next.shared.close();
    }
  });
});

describe('recovery by the leader', () => {
  /** Recovery as `createPaymentRoutesFromEnv` runs it, on PAYMENTS_DB = `file`, quickly. */
  function leading(file: string) {
    const home = paymentHome({ PAYMENTS_DB: file }, undefined, (line) => logs.push(line));
    const bridge = bridgeWith(home.store);
    const owners = ownersInMagento({ baseUrl: backend.url, token: INTEGRATION_TOKEN });
    const stop = startRecoveryLeader({
      recover: () => bridge.recover(),
      onLead: async () => void (await home.assignOwners(owners)),
      lead: () => home.lead(),
      everyMs: 50,
      retryMs: 50,
      log: (line) => logs.push(line),
    });
    return { bridge, store: home.store, stop: () => stop().then(() => home.close()) };
  }

  it('never creates a payments file where there is none', async () => {
    const missing = newFile();
    const idle = leading(missing);
    await sleep(200);
    await idle.stop();
    expect(existsSync(missing)).toBe(false);
  });

  it("links an older customer's transaction to their account when it takes the lead", async () => {
    const file = newFile();
    const person = await backend.newCustomer();
    await backend.call('POST', '/rest/V1/carts/mine', { token: person.token });
    const cart = await backend.call('GET', '/rest/V1/carts/mine', { token: person.token });
    const older = openSqliteStore(file);
    // As the bridge wrote it before transactions had an owner.
    await openPaymentStore(older).insert({
      ...{
        code: 'OLDER1',
        provider: 'opayo-server',
        method: 'card',
        providerRef: '{X}',
        providerData: 'KEY',
        amountPence: 500,
      },
      ...{ currency: 'GBP', cartKind: 'customer', guestCart: null, email: person.email, customerId: null },
      ...{ cartId: Number(cart.body.id), cartLines: 'SKU×1' },
    });
    await older.close();
    const next = leading(file);
    try {
      await expect.poll(async () => (await next.store.get('OLDER1'))?.customerId).toBe(person.id);
    } finally {
      await next.stop();
    }
  });

  it('finishes a transaction abandoned by a crash as soon as it leads', async () => {
    const file = newFile();
    const crash = CRASHES[1];
    if (!crash) throw new Error('no crash after placing');
    const { code, cartId } = await crashAt(crash, file);
    const next = leading(file);
    try {
      await expect.poll(async () => (await next.bridge.status(code))?.status).toBe('paid');
      await expectOneCompleteOrder(next.store, code, cartId);
      expect(logs).toContain('Payments: 1 transaction(s) left placing by a replica that died finished');
    } finally {
      await next.stop();
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
      expect(await running.store.get(`C${'x'.repeat(39)}`)).toMatchObject({
        state: 'PLACING',
        authorisedStatus: null,
        orderNumber: null,
      });
    } finally {
      await running.shared.close();
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
    const shared = openSqliteStore(newFile());
    const store = openPaymentStore(shared);
    const bridge = opayoBridge({
      vendor: VENDOR,
      registrationUrl: opayo.registrationUrl,
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
      await shared.close();
    }
  });
});
