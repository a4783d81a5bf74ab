/**
 * Webhooks as the shop receives them: signed as PayPal signs, checked through verify-webhook-signature
 * (and offline with the served key), retried until the shop answers 2xx, held back and resent by the
 * test controls, and still delivered after a restart.
 */
import { createPublicKey, verify } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMBEDDED_PAYPAL_APP } from '../../src/payments/providers/paypal/settings.ts';
import {
  call,
  captureIdOf,
  choose,
  createOrder,
  eventually,
  startListener,
  startTestSandbox,
  token,
  type Listener,
  type Received,
  type TestSandbox,
} from './helpers.ts';

let listener: Listener;
let sandbox: TestSandbox;
let bearer: string;

beforeAll(async () => {
  listener = await startListener();
  sandbox = await startTestSandbox({ webhookUrl: listener.url });
  bearer = await token(sandbox);
});

afterAll(async () => {
  await sandbox.stop();
  await listener.close();
});

const header = (received: Received, name: string): string => {
  const value = received.headers[name.toLowerCase()];
  return typeof value === 'string' ? value : '';
};

const verification = (received: Received, event: unknown = JSON.parse(received.raw)) => ({
  auth_algo: header(received, 'PAYPAL-AUTH-ALGO'),
  cert_url: header(received, 'PAYPAL-CERT-URL'),
  transmission_id: header(received, 'PAYPAL-TRANSMISSION-ID'),
  transmission_sig: header(received, 'PAYPAL-TRANSMISSION-SIG'),
  transmission_time: header(received, 'PAYPAL-TRANSMISSION-TIME'),
  webhook_id: EMBEDDED_PAYPAL_APP.webhookId,
  webhook_event: event,
});

const eventsFor = (type: string, resourceId: string) =>
  listener.received.filter(
    (received) => received.event.event_type === type && received.event.resource['id'] === resourceId,
  );

async function paidOrder(): Promise<{ orderId: string; captureId: string }> {
  const order = await createOrder(sandbox, bearer);
  await choose(sandbox, order.id, 'pay');
  const captured = await call(sandbox, bearer, 'POST', `/v2/checkout/orders/${order.id}/capture`);
  return { orderId: order.id, captureId: captureIdOf(captured.body) };
}

describe('signed events', () => {
  it('posts CHECKOUT.ORDER.APPROVED and PAYMENT.CAPTURE.COMPLETED that verify, and a tampered one fails', async () => {
    const { orderId, captureId } = await paidOrder();
    const [approved] = await eventually(() => {
      const found = eventsFor('CHECKOUT.ORDER.APPROVED', orderId);
      expect(found).toHaveLength(1);
      return found;
    });
    if (!approved) throw new Error('no event');
    expect(approved.event).toMatchObject({
      id: expect.stringMatching(/^WH-/),
      resource: { status: 'APPROVED' },
    });
    expect(JSON.parse(approved.raw)).toMatchObject({
      event_version: '1.0',
      resource_type: 'checkout-order',
      resource_version: '2.0',
      summary: expect.any(String),
      create_time: expect.any(String),
      links: expect.any(Array),
    });
    expect(header(approved, 'PAYPAL-AUTH-ALGO')).toBe('SHA256withRSA');
    const checked = await call(
      sandbox,
      bearer,
      'POST',
      '/v1/notifications/verify-webhook-signature',
      verification(approved),
    );
    expect(checked).toEqual({ status: 200, body: { verification_status: 'SUCCESS' } });

    const tampered = { ...approved.event, summary: 'A payment of £1,000,000' };
    expect(
      (
        await call(
          sandbox,
          bearer,
          'POST',
          '/v1/notifications/verify-webhook-signature',
          verification(approved, tampered),
        )
      ).body,
    ).toEqual({ verification_status: 'FAILURE' });
    const otherHook = { ...verification(approved), webhook_id: 'WH-SOMEONE-ELSE' };
    expect(
      (await call(sandbox, bearer, 'POST', '/v1/notifications/verify-webhook-signature', otherHook)).body,
    ).toEqual({ verification_status: 'FAILURE' });

    const [completed] = await eventually(() => {
      const found = eventsFor('PAYMENT.CAPTURE.COMPLETED', captureId);
      expect(found).toHaveLength(1);
      return found;
    });
    if (!completed) throw new Error('no event');
    expect(completed.event.resource).toMatchObject({
      status: 'COMPLETED',
      supplementary_data: { related_ids: { order_id: orderId } },
    });
    // Offline, as a shop may check it: the served key over <id>|<time>|<webhook id>|<crc32>.
    const pem = await (await fetch(header(completed, 'PAYPAL-CERT-URL'))).text();
    const message = `${header(completed, 'PAYPAL-TRANSMISSION-ID')}|${header(completed, 'PAYPAL-TRANSMISSION-TIME')}|${EMBEDDED_PAYPAL_APP.webhookId}|${crc32(Buffer.from(completed.raw))}`;
    expect(
      verify(
        'sha256',
        Buffer.from(message),
        createPublicKey(pem),
        Buffer.from(header(completed, 'PAYPAL-TRANSMISSION-SIG'), 'base64'),
      ),
    ).toBe(true);
  });

  it('posts PAYMENT.CAPTURE.REFUNDED whose resource links up to the capture', async () => {
    const { captureId } = await paidOrder();
    await call(sandbox, bearer, 'POST', `/v2/payments/captures/${captureId}/refund`, {
      amount: { currency_code: 'GBP', value: '5.00' },
    });
    const [refunded] = await eventually(() => {
      const found = listener.received.filter(
        (received) =>
          received.event.event_type === 'PAYMENT.CAPTURE.REFUNDED' &&
          JSON.stringify(received.event.resource).includes(captureId),
      );
      expect(found).toHaveLength(1);
      return found;
    });
    expect(refunded?.event.resource).toMatchObject({
      status: 'COMPLETED',
      amount: { value: '5.00' },
      links: expect.arrayContaining([
        { href: `${sandbox.url}/v2/payments/captures/${captureId}`, rel: 'up', method: 'GET' },
      ]),
    });
  });
});

describe('a declined capture', () => {
  it('completes the order with a DECLINED capture, posts PAYMENT.CAPTURE.DENIED and cannot be refunded', async () => {
    const order = await createOrder(sandbox, bearer);
    await choose(sandbox, order.id, 'pay');
    expect(
      (await fetch(`${sandbox.url}/sandbox/orders/${order.id}/deny-capture`, { method: 'POST' })).status,
    ).toBe(200);
    const captured = await call(sandbox, bearer, 'POST', `/v2/checkout/orders/${order.id}/capture`);
    expect(captured).toMatchObject({
      status: 201,
      body: { status: 'COMPLETED', purchase_units: [{ payments: { captures: [{ status: 'DECLINED' }] } }] },
    });
    const captureId = captureIdOf(captured.body);
    await eventually(() => expect(eventsFor('PAYMENT.CAPTURE.DENIED', captureId)).toHaveLength(1));
    const refund = await call(sandbox, bearer, 'POST', `/v2/payments/captures/${captureId}/refund`, {});
    expect(refund).toMatchObject({ status: 422, body: { details: [{ issue: 'REFUND_NOT_ALLOWED' }] } });
  });
});

describe('delivery', () => {
  it('holds events back while paused, so the shop learns of an approval only from the webhook', async () => {
    await fetch(`${sandbox.url}/sandbox/webhooks/pause`, { method: 'POST' });
    const order = await createOrder(sandbox, bearer);
    await choose(sandbox, order.id, 'pay');
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(eventsFor('CHECKOUT.ORDER.APPROVED', order.id)).toHaveLength(0);
    await fetch(`${sandbox.url}/sandbox/webhooks/resume`, { method: 'POST' });
    await eventually(() => expect(eventsFor('CHECKOUT.ORDER.APPROVED', order.id)).toHaveLength(1));
  });

  it('retries on a non-2xx answer until the shop takes it, and keeps pending deliveries across a restart', async () => {
    listener.status = 500;
    const order = await createOrder(sandbox, bearer);
    await choose(sandbox, order.id, 'pay');
    await eventually(() =>
      expect(eventsFor('CHECKOUT.ORDER.APPROVED', order.id).length).toBeGreaterThanOrEqual(2),
    );
    await sandbox.close();
    listener.status = 200;
    const restarted = await startTestSandbox({ webhookUrl: listener.url }, sandbox.dir);
    sandbox = restarted;
    await eventually(async () => {
      const inspection = (await (await fetch(`${sandbox.url}/sandbox/webhooks`)).json()) as {
        events: { resourceId: string; state: string }[];
      };
      expect(inspection.events.find((event) => event.resourceId === order.id)?.state).toBe('delivered');
    });
    bearer = await token(sandbox);
  });
});
