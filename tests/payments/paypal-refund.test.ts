/**
 * No PayPal capture without an order (issue 65). Over HTTP: the storefront's payment routes, a real
 * embedded Magento and the embedded PayPal sandbox, each behind an interposer that lets a test act at the
 * moment a request arrives. What can refuse the order is checked before PayPal captures (the basket as
 * paid, stock), and when Magento still refuses it after the capture, the capture is refunded once, the
 * shopper is told, and a refund PayPal could not make at once is made by recovery on any replica.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { INTEGRATION_TOKEN } from '../support/backend.ts';
import { openPaymentStore } from '../../src/payments/payment-records.ts';
import type { Decision } from '../support/interposer.ts';
import { makeProduct } from '../embedded-magento/checkout-helpers.ts';
import { guestCartOn, ordersOfCartOn } from './carts.ts';
import {
  approve,
  arrive,
  PAYMENT_STEP,
  sandboxOrders,
  SITE,
  start,
  started,
  startPayPalBed,
  statusAnswer,
  webhooks,
  type Basket,
  type PayPalBed,
} from './paypal-testbed.ts';

const PASS: Decision = { pass: true };
const DOWN: Decision = { status: 503, body: '{"name":"INTERNAL_SERVER_ERROR"}' };

let bed: PayPalBed;
/** What the interposers do with the next requests; each test sets its own and they are reset after. */
let atMagento: (method: string, path: string) => Promise<Decision> = async () => PASS;
let atPayPal: (method: string, path: string) => Promise<Decision> = async () => PASS;

beforeAll(async () => {
  bed = await startPayPalBed({
    atMagento: (method, path) => atMagento(method, path),
    atPayPal: (method, path) => atPayPal(method, path),
  });
});
afterEach(async () => {
  atMagento = async () => PASS;
  atPayPal = async () => PASS;
  await webhooks(bed, 'resume');
});
afterAll(() => bed.close());

interface Machine extends Basket {
  readonly sku: string;
}

/** A guest's basket of one machine of its own (so its stock is this test's), delivered, ready to pay. */
async function basket(): Promise<Machine> {
  const sku = await makeProduct(bed.backend, 649.99, 4);
  const { masked, cartId } = await guestCartOn(bed.backend, 1, sku);
  return { guestCode: masked, cartId, sku };
}

/** Another shopper buys the last one: the product is out of stock in Magento. */
async function soldOut(sku: string): Promise<void> {
  const reply = await bed.backend.call('PUT', `/rest/V1/products/${sku}`, {
    token: INTEGRATION_TOKEN,
    body: { product: { sku, extension_attributes: { stock_item: { qty: 0, is_in_stock: false } } } },
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
}

/** What PayPal holds of an order: its status and its captures with their refunds. */
async function onPayPal(token: string) {
  const order = (await sandboxOrders(bed)).find((each) => each.id === token);
  if (!order) throw new Error(`PayPal has no order ${token}`);
  return order;
}

const settle = (ms = 400) => new Promise((resolve) => setTimeout(resolve, ms));

describe('before PayPal captures', () => {
  it('takes nothing when a line was added in another tab after Pay, and says why', async () => {
    const shopper = await basket();
    const other = await makeProduct(bed.backend, 19.99, 1);
    await webhooks(bed, 'pause');
    const { code, next, token } = await started(bed, shopper);
    const back = await approve(bed, next);
    const items = `/rest/V1/guest-carts/${shopper.guestCode}/items`;
    await bed.backend.call('POST', items, { body: { cartItem: { sku: other, qty: 1 } } });
    expect(await arrive(bed, back)).toBe(`${PAYMENT_STEP}?paypal=changed`);
    await webhooks(bed, 'resume'); // the approval webhook arrives late and changes nothing
    await settle();
    expect(await statusAnswer(bed, code)).toEqual({ status: 'failed' });
    expect(await onPayPal(token)).toMatchObject({ status: 'APPROVED', captures: [] });
    expect(await ordersOfCartOn(bed.backend, shopper.cartId)).toEqual([]);
  });

  it('takes nothing when what is delivered sold out while the shopper was on PayPal', async () => {
    const shopper = await basket();
    await webhooks(bed, 'pause');
    const { code, next, token } = await started(bed, shopper);
    const back = await approve(bed, next);
    await soldOut(shopper.sku);
    expect(await arrive(bed, back)).toBe(`${PAYMENT_STEP}?paypal=stock`);
    expect(await statusAnswer(bed, code)).toEqual({ status: 'failed' });
    expect((await onPayPal(token)).captures).toEqual([]);
  });

  it('does not send the shopper to PayPal for a basket that has sold out', async () => {
    const shopper = await basket();
    await soldOut(shopper.sku);
    const reply = await start(bed, shopper, 'paypal');
    expect(reply.status).toBe(409);
    expect(reply.body['message']).toMatch(/sold out.*not started the payment/);
  });
});

describe('when the approval webhook places the order while the shopper comes back', () => {
  it('sends the shopper to the paid page, not back to the payment step told the basket changed', async () => {
    const shopper = await basket();
    await webhooks(bed, 'pause');
    const { code, next, token } = await started(bed, shopper);
    const back = await approve(bed, next);
    // The return reads the basket from Magento only once the webhook has captured and placed the order:
    // it then finds the basket ordered.
    let held = false;
    atMagento = async (method, path) => {
      if (held || method !== 'GET' || !path.startsWith(`/rest/V1/carts/${String(shopper.cartId)}`))
        return PASS;
      held = true;
      await webhooks(bed, 'resume');
      const until = Date.now() + 10_000;
      while ((await statusAnswer(bed, code))['status'] !== 'paid' && Date.now() < until) await settle(100);
      return PASS;
    };
    expect(await arrive(bed, back)).toBe(`${SITE}/paid`);
    expect(held).toBe(true);
    expect(await statusAnswer(bed, code)).toMatchObject({ status: 'paid' });
    expect(await ordersOfCartOn(bed.backend, shopper.cartId)).toHaveLength(1);
    expect((await onPayPal(token)).captures).toHaveLength(1);
  });
});

describe('when Magento refuses the order after the capture', () => {
  /** Another shopper buys the last one just as the order is placed: Magento's own refusal. */
  const sellOutAtPlacing = (shopper: Machine) => async (method: string, path: string) => {
    if (method === 'PUT' && path === `/rest/V1/carts/${shopper.cartId}/order`) await soldOut(shopper.sku);
    return PASS;
  };

  it('refunds the capture once, and the shopper is told', async () => {
    const shopper = await basket();
    atMagento = sellOutAtPlacing(shopper);
    await webhooks(bed, 'pause');
    const { code, next, token } = await started(bed, shopper);
    const back = await approve(bed, next);
    expect(await arrive(bed, back)).toBe(`${SITE}/failed-payment`);
    const paid = (await bed.store.get(code))?.amountPence ?? 0;
    expect(await statusAnswer(bed, code)).toEqual({
      status: 'failed',
      refund: { state: 'refunded', amount: paid, way: 'paypal' },
    });
    expect(await ordersOfCartOn(bed.backend, shopper.cartId)).toEqual([]);
    // The approval webhook, a replayed return and recovery give nothing back a second time.
    await webhooks(bed, 'resume');
    expect(await arrive(bed, back)).toBe(`${SITE}/failed-payment`);
    await bed.bridge.recover();
    await settle();
    const [capture] = (await onPayPal(token)).captures;
    expect(capture).toMatchObject({ status: 'REFUNDED', amount: (paid / 100).toFixed(2) });
    expect(capture?.refunds).toHaveLength(1);
  });

  it('refunds it by recovery on another replica when PayPal could not refund at once', async () => {
    const shopper = await basket();
    atMagento = sellOutAtPlacing(shopper);
    atPayPal = async (method, path) => (method === 'POST' && path.endsWith('/refund') ? DOWN : PASS);
    await webhooks(bed, 'pause');
    const { code, next, token } = await started(bed, shopper);
    expect(await arrive(bed, await approve(bed, next))).toBe(`${SITE}/failed-payment`);
    const paid = (await bed.store.get(code))?.amountPence ?? 0;
    expect(await statusAnswer(bed, code)).toMatchObject({ refund: { state: 'refunding', amount: paid } });
    expect((await onPayPal(token)).captures[0]).toMatchObject({ status: 'COMPLETED', refunds: [] });

    atPayPal = async () => PASS;
    const restarted = bed.bridgeOn(openPaymentStore(bed.shared));
    expect(await restarted.recover()).toBeGreaterThanOrEqual(1);
    await Promise.all([restarted.recover(), bed.bridge.recover()]);
    expect(await statusAnswer(bed, code)).toMatchObject({ refund: { state: 'refunded', amount: paid } });
    const [capture] = (await onPayPal(token)).captures;
    expect(capture).toMatchObject({ status: 'REFUNDED' });
    expect(capture?.refunds).toHaveLength(1);
  });
});
