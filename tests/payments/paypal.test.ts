/**
 * PayPal and Pay in 3 through the payment bridge, end to end over HTTP: the storefront's payment routes,
 * a real embedded Magento and the embedded PayPal sandbox (which signs and delivers its webhooks to the
 * shop). Whatever arrives first (the shopper's return, the approval webhook, recovery), each basket ends
 * in one Magento order or none, and the shopper is told where they stand.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPayPalApi } from '../../src/payments/providers/paypal/api.ts';
import { createPayPalProvider } from '../../src/payments/providers/paypal/provider.ts';
import { EMBEDDED_PAYPAL_APP } from '../../src/payments/providers/paypal/settings.ts';
import { pickProduct } from '../support/backend.ts';
import { guestCartOn, ordersOfCartOn } from './carts.ts';
import {
  approve as approveOn,
  arrive as arriveAt,
  forgedWebhook,
  PAYMENT_STEP,
  sandboxOrders as ordersOn,
  SITE,
  start as startOn,
  started as startedOn,
  startPayPalBed,
  statusAnswer,
  webhooks,
  type Basket,
  type PayPalBed,
} from './paypal-testbed.ts';

let bed: PayPalBed;

beforeAll(async () => {
  bed = await startPayPalBed();
});
afterAll(() => bed.close());

/** A guest's basket of `qty` of one product, addresses and delivery chosen, ready to pay. */
async function basket(qty = 1): Promise<Basket> {
  const { masked, cartId } = await guestCartOn(bed.backend, qty);
  return { guestCode: masked, cartId };
}

const start = (shopper: Basket, method: string) => startOn(bed, shopper, method);
const started = (shopper: Basket, method = 'paypal') => startedOn(bed, shopper, method);
const approve = (next: URL, choice: 'pay' | 'pay-in-3' | 'decline' | 'cancel') =>
  approveOn(bed, next, choice);
const arrive = (back: URL) => arriveAt(bed, back);
const sandboxOrders = () => ordersOn(bed);

/** The transaction that placed a Magento order. */
async function paymentOfOrder(orderId: number) {
  const code = await bed.store.codeOfOrder(orderId);
  return code === undefined ? undefined : bed.store.get(code);
}

async function statusOf(code: string): Promise<string> {
  return String((await statusAnswer(bed, code))['status']);
}

async function eventually(code: string, want: string): Promise<void> {
  const until = Date.now() + 10_000;
  while ((await statusOf(code)) !== want && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
  expect(await statusOf(code)).toBe(want);
}

describe('paying with PayPal', () => {
  it('captures on return and places one complete order, paid with PayPal', async () => {
    const shopper = await basket();
    const { code, next } = await started(shopper);
    expect(next.origin).toBe(bed.paypal.url);
    const back = await approve(next, 'pay');
    expect(await arrive(back)).toBe(`${SITE}/paid`);
    await eventually(code, 'paid');
    const orders = await ordersOfCartOn(bed.backend, shopper.cartId);
    expect(orders).toHaveLength(1);
    expect(orders[0]?.status).toBe('complete');
    expect(await paymentOfOrder(orders[0]?.entity_id ?? 0)).toMatchObject({
      method: 'paypal',
      state: 'PAID',
    });
    // The approval webhook arrives too, and changes nothing; a replayed return goes to the same page.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await arrive(back)).toBe(`${SITE}/paid`);
    expect(await ordersOfCartOn(bed.backend, shopper.cartId)).toHaveLength(1);
  });

  it('pays in 3 with Pay Later preferred, and the order says so', async () => {
    const shopper = await basket();
    const { code, next } = await started(shopper, 'paylater');
    expect(next.searchParams.get('fundingSource')).toBe('paylater');
    expect(await arrive(await approve(next, 'pay-in-3'))).toBe(`${SITE}/paid`);
    await eventually(code, 'paid');
    const [order] = await ordersOfCartOn(bed.backend, shopper.cartId);
    expect(await paymentOfOrder(order?.entity_id ?? 0)).toMatchObject({ method: 'paylater' });
    expect((await sandboxOrders()).find((o) => o.id === next.searchParams.get('token'))?.funding).toBe(
      'PAY_LATER',
    );
  });

  it('refuses Pay in 3 above £2,000 before PayPal is asked', async () => {
    const product = await pickProduct(bed.backend);
    const shopper = await basket(Math.ceil(2001 / product.price) + 1);
    const reply = await start(shopper, 'paylater');
    expect(reply.status).toBe(409);
    expect(reply.body['message']).toMatch(/Pay in 3 is for orders from £30 to £2,000/);
  });

  it('sends a declined payer back to choose again, with no order', async () => {
    const shopper = await basket();
    const { code, next } = await started(shopper);
    expect(await arrive(await approve(next, 'decline'))).toBe(`${PAYMENT_STEP}?paypal=declined`);
    expect(await statusOf(code)).toBe('failed');
    expect(await ordersOfCartOn(bed.backend, shopper.cartId)).toEqual([]);
    // The same basket can then be paid another way.
    const again = await started(shopper);
    expect(await arrive(await approve(again.next, 'pay'))).toBe(`${SITE}/paid`);
    expect(await ordersOfCartOn(bed.backend, shopper.cartId)).toHaveLength(1);
  });

  it('ends a cancelled payment, and the basket is kept', async () => {
    const shopper = await basket();
    const { code, next } = await started(shopper);
    expect(await arrive(await approve(next, 'cancel'))).toBe(`${PAYMENT_STEP}?paypal=cancelled`);
    expect(await statusOf(code)).toBe('failed');
    expect(await ordersOfCartOn(bed.backend, shopper.cartId)).toEqual([]);
    expect((await bed.backend.call('GET', `/rest/V1/guest-carts/${shopper.guestCode}`)).status).toBe(200);
  });

  it('places the order from the approval webhook when the shopper closes the tab', async () => {
    const shopper = await basket();
    const { code, next } = await started(shopper);
    await approve(next, 'pay'); // and never comes back
    await eventually(code, 'paid');
    expect(await ordersOfCartOn(bed.backend, shopper.cartId)).toHaveLength(1);
    expect((await sandboxOrders()).find((o) => o.id === next.searchParams.get('token'))?.status).toBe(
      'COMPLETED',
    );
  });

  it('says an approval that expired, and places nothing', async () => {
    const shopper = await basket();
    await webhooks(bed, 'pause');
    try {
      const { code, next, token } = await started(shopper);
      const back = await approve(next, 'pay');
      expect((await fetch(`${bed.paypal.url}/sandbox/orders/${token}/expire`, { method: 'POST' })).ok).toBe(
        true,
      );
      expect(await arrive(back)).toBe(`${PAYMENT_STEP}?paypal=expired`);
      expect(await statusOf(code)).toBe('failed');
      expect(await ordersOfCartOn(bed.backend, shopper.cartId)).toEqual([]);
    } finally {
      await webhooks(bed, 'resume');
    }
  });

  it('changes nothing for a forged return, and refuses an unsigned webhook', async () => {
    const shopper = await basket();
    const { code, next } = await started(shopper);
    const forged = new URL(`${SITE}/payments/paypal/return?code=${code}&token=5O190127TN364715T&PayerID=X`);
    expect(await arrive(forged)).toBe(`${PAYMENT_STEP}?paypal=unknown`);
    expect(await statusOf(code)).toBe('pending');
    const event = {
      id: 'WH-FORGED',
      event_type: 'CHECKOUT.ORDER.APPROVED',
      resource: { id: next.searchParams.get('token'), status: 'APPROVED' },
    };
    const reply = await forgedWebhook(bed, event);
    expect(reply.status).toBe(400);
    expect(await statusOf(code)).toBe('pending');
    expect(await ordersOfCartOn(bed.backend, shopper.cartId)).toEqual([]);
  });

  it('notes a refund made in PayPal on the payment', async () => {
    const shopper = await basket();
    const { code, next, token } = await started(shopper);
    await arrive(await approve(next, 'pay'));
    await eventually(code, 'paid');
    const capture = (await sandboxOrders()).find((o) => o.id === token)?.captures?.[0]?.id ?? '';
    const refund = await fetch(`${bed.paypal.url}/sandbox/captures/${capture}/refund`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ amount: '1.00' }),
    });
    expect(refund.ok).toBe(true);
    const until = Date.now() + 10_000;
    while ((await bed.store.get(code))?.refundedPence !== 100 && Date.now() < until)
      await new Promise((r) => setTimeout(r, 100));
    expect((await bed.store.get(code))?.refundedPence).toBe(100);
  });
});

describe('recovery', () => {
  it('captures and places an approval whose return and webhook were both lost, and ends one that expired', async () => {
    const recovering = bed.bridgeOn(bed.store, { askAfterMs: 0 });
    const approved = await basket();
    const lapsed = await basket();
    await webhooks(bed, 'pause');
    try {
      const paid = await started(approved);
      await approve(paid.next, 'pay');
      const expired = await started(lapsed);
      await fetch(`${bed.paypal.url}/sandbox/orders/${expired.token}/expire`, { method: 'POST' });
      await recovering.recover();
      expect(await statusOf(paid.code)).toBe('paid');
      expect(await ordersOfCartOn(bed.backend, approved.cartId)).toHaveLength(1);
      expect(await statusOf(expired.code)).toBe('failed');
      expect(await ordersOfCartOn(bed.backend, lapsed.cartId)).toEqual([]);
    } finally {
      await webhooks(bed, 'resume');
    }
  });
});

describe('PayPal not answering', () => {
  it('says so, keeps the basket, and leaves no payment behind', async () => {
    const down = createPayPalProvider({
      api: createPayPalApi({ apiUrl: 'http://127.0.0.1:9', ...EMBEDDED_PAYPAL_APP }),
      siteUrl: SITE,
      shopName: 'Clearwater',
    });
    const quiet = bed.bridgeOn(bed.store, { providers: [down] });
    const shopper = await basket();
    await expect(
      quiet.start({ cart: { kind: 'guest', guestCart: shopper.guestCode }, method: 'paypal' }),
    ).rejects.toMatchObject({
      status: 502,
    });
    expect((await bed.backend.call('GET', `/rest/V1/guest-carts/${shopper.guestCode}`)).status).toBe(200);
  });
});
