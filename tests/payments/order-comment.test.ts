/**
 * The provider's reference on the order (issue 53): a paid payment's order carries one comment naming the
 * provider, the way the shopper paid and the provider's reference, for staff only, however the order was
 * reached (placed now, or adopted by a recovery after a crash) and however often the notification comes.
 * Writing it is best effort: a Magento refusing it never fails the payment. Against a real embedded
 * Magento and the fake Opayo Server.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paidComment } from '../../src/payments/bridge/paid-comment.ts';
import { createOpayoServerProvider } from '../../src/payments/providers/opayo/provider.ts';
import { createPayPalApi } from '../../src/payments/providers/paypal/api.ts';
import { createPayPalProvider } from '../../src/payments/providers/paypal/provider.ts';
import { EMBEDDED_PAYPAL_APP } from '../../src/payments/providers/paypal/settings.ts';
import { createMagentoCheckout, type MagentoCheckout } from '../../src/payments/magento-checkout.ts';
import { openPaymentStore, type PaymentStore } from '../../src/payments/payment-records.ts';
import { openSqliteStore } from '../../src/store/sqlite.ts';
import type { SharedStore } from '../../src/store/shared-store.ts';
import { sleep } from '../embedded-magento/helpers.ts';
import { INTEGRATION_TOKEN, startTestBackend, type TestBackend } from '../support/backend.ts';
import { guestCartOn, ordersOfCartOn } from './carts.ts';
import { opayoBridge, type OpayoBridge } from './opayo-bridge.ts';
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
  dir = mkdtempSync(join(tmpdir(), 'payments-comment-'));
  backend = await startTestBackend({}, join(dir, 'magento'));
  opayo = await startFakeOpayo(VENDOR);
});
afterAll(async () => {
  await opayo.close();
  await backend.stop();
  rmSync(dir, { recursive: true, force: true });
});

interface Running {
  readonly bridge: OpayoBridge;
  readonly store: PaymentStore;
  readonly shared: SharedStore;
}

/** A bridge on a payments file (a new one unless given); `wrap` replaces some of its Magento calls. */
function bridgeOn(file: string, wrap?: (real: MagentoCheckout) => MagentoCheckout): Running {
  const shared = openSqliteStore(file);
  const store = openPaymentStore(shared);
  const real = createMagentoCheckout({ baseUrl: backend.url, token: INTEGRATION_TOKEN });
  const bridge = opayoBridge({
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
  return { bridge, store, shared };
}

const newFile = () => join(dir, `payments-${++files}.sqlite`);

interface History {
  comment: string | null;
  is_customer_notified: number | null;
  is_visible_on_front: number;
  status: string;
}

/** The one order Magento holds for the cart, complete, and its status history. */
async function theOrder(cartId: number): Promise<History[]> {
  const orders = await ordersOfCartOn(backend, cartId);
  expect(orders.map((order) => order.status)).toEqual(['complete']);
  const read = await backend.call('GET', `/rest/V1/orders/${orders[0]?.entity_id}`, {
    token: INTEGRATION_TOKEN,
  });
  return read.body.status_histories as History[];
}

/** Starts a card payment for a new guest cart; its code, the cart's quote id and Opayo's VPSTxId. */
async function cardPayment(running: Running) {
  const { masked, cartId } = await guestCartOn(backend);
  const { code } = await running.bridge.start({ cart: { kind: 'guest', guestCart: masked } });
  return { code, cartId, reference: opayo.registered.get(code)?.vpsTxId ?? '' };
}

describe('the comment’s words', () => {
  it('name the provider, the way the shopper paid and the provider’s reference', () => {
    const providers = [
      createOpayoServerProvider({ vendor: 'v', registrationUrl: 'http://x/', notificationUrl: 'http://x/' }),
      createPayPalProvider({
        api: createPayPalApi({ apiUrl: 'http://x', ...EMBEDDED_PAYPAL_APP }),
        siteUrl: 'http://x',
        shopName: 'C',
      }),
    ];
    const ref = (provider: string, method: 'card' | 'paypal' | 'paylater', providerRef: string) =>
      paidComment(providers, { provider, method, providerRef });
    expect(ref('opayo-server', 'card', '{2D8E1F4A-95D3-4C3B-B1E0-8E8D8E8D8E8D}')).toBe(
      'Paid by card through Opayo: VPSTxId {2D8E1F4A-95D3-4C3B-B1E0-8E8D8E8D8E8D}',
    );
    expect(ref('paypal', 'paypal', '5O190127TN364715T')).toBe(
      'Paid with PayPal: PayPal order 5O190127TN364715T',
    );
    expect(ref('paypal', 'paylater', '5O190127TN364715T')).toBe(
      'Paid with Pay in 3 with PayPal: PayPal order 5O190127TN364715T',
    );
    expect(ref('acme', 'card', 'X-1')).toBe('Paid with acme (card): X-1');
  });
});

describe('a paid order carries the provider’s reference once', () => {
  it('written when the order is placed, for staff only, and not again on a repeated notification', async () => {
    const running = bridgeOn(newFile());
    try {
      const { code, cartId, reference } = await cardPayment(running);
      expect(reference).not.toBe('');
      expect((await running.bridge.notify(opayo.notificationBody(code, 'OK'))).body).toBe(PAID_REPLY);
      expect((await running.bridge.notify(opayo.notificationBody(code, 'OK'))).body).toBe(PAID_REPLY);
      const histories = await theOrder(cartId);
      const paid = histories.filter((entry) => entry.comment?.startsWith('Paid'));
      expect(paid).toEqual([
        {
          comment: `Paid by card through Opayo: VPSTxId ${reference}`,
          created_at: expect.any(String),
          entity_id: expect.any(Number),
          is_customer_notified: 0,
          is_visible_on_front: 0,
          parent_id: expect.any(Number),
          status: 'complete',
        },
      ]);
      expect(histories[0]).toEqual(paid[0]);
    } finally {
      await running.shared.close();
    }
  });

  it('not written twice when the answer to writing it was lost', async () => {
    let lost = 0;
    const running = bridgeOn(newFile(), (real) => ({
      ...real,
      async commentOrder(orderId, comment) {
        await real.commentOrder(orderId, comment);
        if (++lost === 1) throw new Error('socket hang up');
      },
    }));
    try {
      const { code, cartId, reference } = await cardPayment(running);
      expect((await running.bridge.notify(opayo.notificationBody(code, 'OK'))).body).toBe(PAID_REPLY);
      const comments = (await theOrder(cartId)).map((entry) => entry.comment);
      expect(comments.filter((comment) => comment?.includes(reference))).toHaveLength(1);
      expect(lost).toBe(1);
    } finally {
      await running.shared.close();
    }
  });

  it('not written again by the recovery that finishes a payment whose process died after writing it', async () => {
    const file = newFile();
    let reached: () => void = () => undefined;
    const died = new Promise<void>((resolve) => (reached = resolve));
    const first = bridgeOn(file, (real) => ({
      ...real,
      async commentOrder(orderId, comment) {
        await real.commentOrder(orderId, comment);
        reached();
        return new Promise<void>(() => undefined);
      },
    }));
    const { code, cartId, reference } = await cardPayment(first);
    void first.bridge.notify(opayo.notificationBody(code, 'OK'));
    await died;
    expect((await first.store.get(code))?.state).toBe('PLACING');
    await first.shared.close();
    await sleep(LEASE_MS + 50);
    const next = bridgeOn(file);
    try {
      expect(await next.bridge.recover()).toBe(1);
      expect((await next.store.get(code))?.state).toBe('PAID');
      const comments = (await theOrder(cartId)).map((entry) => entry.comment);
      expect(comments.filter((comment) => comment?.includes(reference))).toHaveLength(1);
    } finally {
      await next.shared.close();
    }
  });

  it('is best effort: a Magento refusing it leaves the payment paid and the order complete', async () => {
    const running = bridgeOn(newFile(), (real) => ({
      ...real,
      commentOrder: () => Promise.reject(new Error('Magento refused the comment')),
    }));
    try {
      const { code, cartId, reference } = await cardPayment(running);
      expect((await running.bridge.notify(opayo.notificationBody(code, 'OK'))).body).toBe(PAID_REPLY);
      expect(await running.store.get(code)).toMatchObject({ state: 'PAID', failure: null });
      expect((await theOrder(cartId)).some((entry) => entry.comment?.includes(reference))).toBe(false);
      expect(logs.filter((line) => line.includes(code) && line.includes('no comment written'))).toHaveLength(
        3,
      );
    } finally {
      await running.shared.close();
    }
  });
});
