/**
 * The payment bridge on several replicas behind a load balancer (topology F1–F3), each "replica" a bridge
 * and its routes on a connection of its own to one shared store (an SQLite file, and PostgreSQL): the
 * provider's notification reaching another replica than the one that registered the payment gets the
 * right answer; while the outcome is not known (the placing replica is still at it, the store failed) the
 * answer is a 503 the provider retries, never a final ERROR; a claim kept renewed is not taken over; and the
 * recovery leader finishes a claim whose replica died, while the others stay up.
 */
import type { Hono } from 'hono';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { OpayoBridge } from './opayo-bridge.ts';
import { createMagentoCheckout, type MagentoCheckout } from '../../src/payments/magento-checkout.ts';
import { startRecoveryLeader } from '../../src/payments/recovery-leader.ts';
import { createPaymentRoutes } from '../../src/payments/routes.ts';
import { NOTIFY_PATH, opayoBridge } from './opayo-bridge.ts';
import { openPaymentStore, type PaymentStore } from '../../src/payments/payment-records.ts';
import { openPostgresStore } from '../../src/store/postgres.ts';
import { StoreUnavailableError, type SharedStore } from '../../src/store/shared-store.ts';
import { INTEGRATION_TOKEN, startTestBackend, type TestBackend } from '../support/backend.ts';
import { BOTH_STORES, type TestStore } from '../support/stores.ts';
import { guestCartOn, ordersOfCartOn } from './carts.ts';
import { startFakeOpayo, type FakeOpayo } from './payments-fake-opayo.ts';

const SITE = 'http://127.0.0.1:4321';
const VENDOR = 'testvendor';
const PAID_REPLY = `Status=OK\r\nRedirectURL=${SITE}/paid\r\n`;
const LEASE_MS = 300;

let backend: TestBackend;
let opayo: FakeOpayo;

beforeAll(async () => {
  backend = await startTestBackend();
  opayo = await startFakeOpayo(VENDOR);
});
afterAll(async () => {
  await opayo.close();
  await backend.stop();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** A promise that never settles: the replica "died" inside this call. */
const dead = <T>(): Promise<T> => new Promise<T>(() => undefined);

interface Replica {
  readonly store: PaymentStore;
  readonly bridge: OpayoBridge;
  readonly routes: Hono;
  readonly logs: string[];
  /** Posts a notification body to this replica's route, as the provider does. */
  notify(body: string): Promise<{ status: number; text: string }>;
}

interface ReplicaOptions {
  /** Replaces some Magento calls. */
  readonly wrap?: (real: MagentoCheckout) => MagentoCheckout;
  /** Replaces some store calls. */
  readonly breakStore?: (real: PaymentStore) => PaymentStore;
  readonly waitMs?: number;
}

/** A replica on `shared`, its own connection to the store. */
function replicaOn(shared: SharedStore, options: ReplicaOptions = {}): Replica {
  const real = createMagentoCheckout({ baseUrl: backend.url, token: INTEGRATION_TOKEN });
  const payments = openPaymentStore(shared);
  const store = options.breakStore ? options.breakStore(payments) : payments;
  const logs: string[] = [];
  const bridge = opayoBridge({
    vendor: VENDOR,
    registrationUrl: opayo.registrationUrl,
    magento: options.wrap ? options.wrap(real) : real,
    store,
    siteUrl: SITE,
    notificationUrl: `${SITE}${NOTIFY_PATH}`,
    shopName: 'Clearwater Cleaning',
    leaseMs: LEASE_MS,
    waitMs: options.waitMs ?? 2_000,
    log: (line) => logs.push(line),
  });
  const routes = createPaymentRoutes({
    bridge,
    siteUrl: SITE,
    log: (line) => logs.push(line),
  });
  return {
    store: payments,
    bridge,
    routes,
    logs,
    async notify(body) {
      const response = await routes.request(NOTIFY_PATH, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body,
      });
      return { status: response.status, text: await response.text() };
    },
  };
}

/** A payment registered on `replica` for a fresh guest cart: its code and quote id. */
async function registeredOn(replica: Replica): Promise<{ code: string; cartId: number }> {
  const { masked, cartId } = await guestCartOn(backend);
  const { code } = await replica.bridge.start({ cart: { kind: 'guest', guestCart: masked } });
  return { code, cartId };
}

/** Magento holds one complete order for the cart, and the transaction is PAID with it. */
async function expectOneCompleteOrder(store: PaymentStore, code: string, cartId: number) {
  const orders = await ordersOfCartOn(backend, cartId);
  expect(orders.map((order) => order.status)).toEqual(['complete']);
  expect(await store.get(code)).toMatchObject({ state: 'PAID', orderId: orders[0]?.entity_id });
}

/** An answer the provider takes as final: HTTP 200 with a Status line. */
const isFinalAnswer = (reply: { status: number; text: string }) =>
  reply.status === 200 && /^Status=/m.test(reply.text);

describe.each(BOTH_STORES)('payments on two replicas sharing %s', (_name, make) => {
  let test: TestStore;
  beforeEach(() => {
    test = make();
  });
  afterEach(() => test.dispose());

  it('a notification reaching the other replica is answered as the registering one would', async () => {
    const a = replicaOn(test.store);
    const b = replicaOn(test.open());
    const paid = await registeredOn(a);
    expect(await b.notify(opayo.notificationBody(paid.code, 'OK'))).toEqual({
      status: 200,
      text: PAID_REPLY,
    });
    await expectOneCompleteOrder(a.store, paid.code, paid.cartId);
    expect(await a.bridge.status(paid.code)).toMatchObject({ status: 'paid' });
    // The provider's repeat reaches the first replica: the same answer, nothing placed again.
    expect(await a.notify(opayo.notificationBody(paid.code, 'OK'))).toEqual({
      status: 200,
      text: PAID_REPLY,
    });
    await expectOneCompleteOrder(a.store, paid.code, paid.cartId);

    const declined = await registeredOn(b);
    expect(await a.notify(opayo.notificationBody(declined.code, 'NOTAUTHED'))).toEqual({
      status: 200,
      text: `Status=OK\r\nRedirectURL=${SITE}/failed-payment\r\n`,
    });
    expect(await b.bridge.status(declined.code)).toEqual({ status: 'failed' });
  });

  it('answers 503 while another replica places the order, whose renewed claim is not taken over; then the same answer', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const a = replicaOn(test.store, {
      wrap: (real) => ({
        ...real,
        async placeOrder(cartId) {
          await gate;
          return real.placeOrder(cartId);
        },
      }),
    });
    const b = replicaOn(test.open(), { waitMs: 400 });
    const { code, cartId } = await registeredOn(a);
    const first = a.notify(opayo.notificationBody(code, 'OK'));
    await expect.poll(async () => (await b.store.get(code))?.state).toBe('PLACING');

    const waited = await b.notify(opayo.notificationBody(code, 'OK'));
    expect(waited.status).toBe(503);
    expect(waited.text).not.toMatch(/Status=/);
    // Three leases on, the placing replica still holds its claim: neither recovery nor a retry takes it.
    await sleep(3 * LEASE_MS);
    expect(await b.bridge.recover()).toBe(0);
    expect((await b.notify(opayo.notificationBody(code, 'OK'))).status).toBe(503);

    release();
    expect(await first).toEqual({ status: 200, text: PAID_REPLY });
    expect(await b.notify(opayo.notificationBody(code, 'OK'))).toEqual({ status: 200, text: PAID_REPLY });
    await expectOneCompleteOrder(b.store, code, cartId);
  });

  it('answers 503, never a final ERROR, when the store fails while placing; a retry completes the order', async () => {
    const unavailable = () => Promise.reject(new StoreUnavailableError('The shared store is unavailable'));
    const a = replicaOn(test.store, { breakStore: (real) => ({ ...real, recordOrder: unavailable }) });
    const b = replicaOn(test.open());
    const { code, cartId } = await registeredOn(a);
    const replies = [await a.notify(opayo.notificationBody(code, 'OK'))];
    expect(replies[0]?.status).toBe(503);
    expect(a.logs.some((line) => line.includes('The shared store is unavailable'))).toBe(true);
    // The provider tries again: the claim runs out and the other replica finishes the order Magento placed.
    await sleep(LEASE_MS + 100);
    replies.push(await b.notify(opayo.notificationBody(code, 'OK')));
    expect(replies.filter(isFinalAnswer).map((reply) => reply.text)).toEqual([PAID_REPLY]);
    await expectOneCompleteOrder(b.store, code, cartId);
  });

  it('the recovery leader finishes a claim whose replica died, while the others stay up; another leads when it stops', async () => {
    const a = replicaOn(test.store);
    const b = replicaOn(test.open());
    const recoveries = [0, 0];
    const leaders = [a, b].map((replica, index) => {
      const shared = index === 0 ? test.store : test.open();
      return startRecoveryLeader({
        recover: () => {
          recoveries[index] = (recoveries[index] ?? 0) + 1;
          return replica.bridge.recover();
        },
        lead: () => shared.tryLock('payments-recovery'),
        everyMs: 100,
        retryMs: 100,
        log: (line) => replica.logs.push(line),
      });
    });
    const finished = (replica: Replica) =>
      replica.logs.filter((line) => line.includes('left placing by a replica that died finished')).length;

    /** A third replica claims the payment, then dies before placing the order: its connection closes. */
    async function abandoned(): Promise<{ code: string; cartId: number }> {
      const connection = test.open();
      const dying = replicaOn(connection, {
        wrap: (real) => ({
          ...real,
          readCart: (ref) => (ref.kind === 'quote' ? dead() : real.readCart(ref)),
        }),
      });
      const payment = await registeredOn(dying);
      void dying.notify(opayo.notificationBody(payment.code, 'OK'));
      await expect.poll(async () => (await a.store.get(payment.code))?.state).toBe('PLACING');
      await connection.close();
      return payment;
    }

    try {
      const one = await abandoned();
      await expect
        .poll(async () => (await a.bridge.status(one.code))?.status, { timeout: 5_000 })
        .toBe('paid');
      await expectOneCompleteOrder(a.store, one.code, one.cartId);
      // Only the leader runs recovery, and it recovered it.
      const leader = recoveries[0] ? 0 : 1;
      expect(recoveries[1 - leader]).toBe(0);
      expect(finished([a, b][leader] as Replica)).toBe(1);

      await leaders[leader]?.();
      const two = await abandoned();
      await expect
        .poll(async () => (await b.bridge.status(two.code))?.status, { timeout: 5_000 })
        .toBe('paid');
      await expectOneCompleteOrder(b.store, two.code, two.cartId);
      expect(finished([a, b][1 - leader] as Replica)).toBe(1);
    } finally {
      await Promise.all(leaders.map((stop) => stop()));
    }
  });
});

describe('a notification while PostgreSQL is down', () => {
  it('is answered 503 with no acknowledgement, so the provider sends it again', async () => {
    const down = openPostgresStore({ url: 'postgres://postgres@127.0.0.1:1/none', log: () => undefined });
    try {
      const replica = replicaOn(down);
      const reply = await replica.notify(
        `VPSProtocol=4.00&TxType=PAYMENT&VendorTxCode=C${'0'.repeat(39)}&VPSTxId=%7BX%7D&Status=OK&VPSSignature=00`,
      );
      expect(reply.status).toBe(503);
      expect(reply.text).not.toMatch(/Status=/);
      expect(replica.logs.some((line) => /not answered.*unavailable/.test(line))).toBe(true);
    } finally {
      await down.close();
    }
  });
});
