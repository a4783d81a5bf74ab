/**
 * After the order is created: approval through the approval page's buttons, capture with its
 * PayPal-Request-Id idempotency and refusals, expiry, and refunds, over HTTP as the shop and browser do.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  captureIdOf,
  CANCEL_URL,
  choose,
  createOrder,
  RETURN_URL,
  startTestSandbox,
  token,
  type TestSandbox,
} from './helpers.ts';

let sandbox: TestSandbox;
let bearer: string;

beforeAll(async () => {
  sandbox = await startTestSandbox();
  bearer = await token(sandbox);
});

afterAll(async () => {
  await sandbox.stop();
});

describe('approving and capturing', () => {
  it('shows the shop, the amount and the four choices, and returns the shopper with token and PayerID', async () => {
    const order = await createOrder(sandbox, bearer);
    const page = await fetch(`${sandbox.url}/checkoutnow?token=${order.id}`);
    const html = await page.text();
    expect(html).toContain('lang="en-GB"');
    expect(html).toContain('Clearwater');
    expect(html).toContain('£54.97');
    for (const label of ['>Pay<', '>Pay in 3<', '>Decline<', '>Cancel<']) expect(html).toContain(label);
    expect(
      (await call(sandbox, bearer, 'POST', `/v2/checkout/orders/${order.id}/capture`)).body,
    ).toMatchObject({ details: [{ issue: 'ORDER_NOT_APPROVED' }] });
    const back = await choose(sandbox, order.id, 'pay-in-3');
    expect(back.status).toBe(303);
    const location = new URL(back.location ?? '');
    expect(`${location.origin}${location.pathname}`).toBe(RETURN_URL.split('?')[0]);
    expect(location.searchParams.get('ref')).toBe('abc');
    expect(location.searchParams.get('token')).toBe(order.id);
    expect(location.searchParams.get('PayerID')).toMatch(/^[A-Z0-9]{13}$/);
    const approved = await call(sandbox, bearer, 'GET', `/v2/checkout/orders/${order.id}`);
    expect(approved.body).toMatchObject({
      status: 'APPROVED',
      payer: { payer_id: location.searchParams.get('PayerID') },
      payment_source: { paypal: { email_address: expect.any(String), account_id: expect.any(String) } },
    });
    const listed = await (await fetch(`${sandbox.url}/sandbox/orders`)).json();
    expect(listed).toMatchObject({
      orders: expect.arrayContaining([expect.objectContaining({ id: order.id, funding: 'PAY_LATER' })]),
    });
  });

  it('captures once: the same PayPal-Request-Id replays the capture, another is ORDER_ALREADY_CAPTURED', async () => {
    const order = await createOrder(sandbox, bearer);
    await choose(sandbox, order.id, 'pay');
    const headers = { 'PayPal-Request-Id': `capture-${order.id}` };
    const first = await call(
      sandbox,
      bearer,
      'POST',
      `/v2/checkout/orders/${order.id}/capture`,
      undefined,
      headers,
    );
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      status: 'COMPLETED',
      payer: expect.any(Object),
      purchase_units: [
        {
          payments: {
            captures: [
              {
                status: 'COMPLETED',
                amount: { currency_code: 'GBP', value: '54.97' },
                final_capture: true,
                seller_protection: { status: 'ELIGIBLE' },
                links: [{ rel: 'self' }, { rel: 'refund' }, { rel: 'up' }],
                create_time: expect.any(String),
              },
            ],
          },
        },
      ],
    });
    const replayed = await call(
      sandbox,
      bearer,
      'POST',
      `/v2/checkout/orders/${order.id}/capture`,
      undefined,
      headers,
    );
    expect(replayed.body).toEqual(first.body);
    const other = await call(
      sandbox,
      bearer,
      'POST',
      `/v2/checkout/orders/${order.id}/capture`,
      {},
      { 'PayPal-Request-Id': 'another' },
    );
    expect(other).toMatchObject({
      status: 422,
      body: { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'ORDER_ALREADY_CAPTURED' }] },
    });
    const captured = await call(sandbox, bearer, 'GET', `/v2/payments/captures/${captureIdOf(first.body)}`);
    expect(captured.body).toMatchObject({
      status: 'COMPLETED',
      supplementary_data: { related_ids: { order_id: order.id } },
    });
  });

  it('refuses the capture after Decline with INSTRUMENT_DECLINED and a redirect back to PayPal', async () => {
    const order = await createOrder(sandbox, bearer);
    expect((await choose(sandbox, order.id, 'decline')).status).toBe(303);
    const refused = await call(sandbox, bearer, 'POST', `/v2/checkout/orders/${order.id}/capture`);
    expect(refused).toMatchObject({ status: 422, body: { details: [{ issue: 'INSTRUMENT_DECLINED' }] } });
    expect((refused.body as { links: unknown[] }).links).toContainEqual({
      href: `${sandbox.url}/checkoutnow?token=${order.id}`,
      rel: 'redirect',
      method: 'GET',
    });
    await choose(sandbox, order.id, 'pay');
    expect((await call(sandbox, bearer, 'POST', `/v2/checkout/orders/${order.id}/capture`)).status).toBe(201);
  });

  it('sends Cancel to cancel_url with the token, leaving the order unapproved', async () => {
    const order = await createOrder(sandbox, bearer);
    const back = await choose(sandbox, order.id, 'cancel');
    expect(back.location).toBe(`${CANCEL_URL}&token=${order.id}`);
    expect((await call(sandbox, bearer, 'GET', `/v2/checkout/orders/${order.id}`)).body).toMatchObject({
      status: 'PAYER_ACTION_REQUIRED',
    });
  });

  it('forgets an expired order: 404 to the shop, a clear page to the shopper', async () => {
    const order = await createOrder(sandbox, bearer);
    await choose(sandbox, order.id, 'pay');
    expect((await fetch(`${sandbox.url}/sandbox/orders/${order.id}/expire`, { method: 'POST' })).status).toBe(
      200,
    );
    expect(
      (await call(sandbox, bearer, 'POST', `/v2/checkout/orders/${order.id}/capture`)).body,
    ).toMatchObject({ name: 'RESOURCE_NOT_FOUND' });
    const page = await fetch(`${sandbox.url}/checkoutnow?token=${order.id}`);
    expect(page.status).toBe(410);
    expect(await page.text()).toContain('expired');
  });
});

describe('refunds', () => {
  it('refunds in part, then the rest, then refuses', async () => {
    const order = await createOrder(sandbox, bearer);
    await choose(sandbox, order.id, 'pay');
    const captureId = captureIdOf(
      (await call(sandbox, bearer, 'POST', `/v2/checkout/orders/${order.id}/capture`)).body,
    );
    const path = `/v2/payments/captures/${captureId}/refund`;
    const tooMuch = await call(sandbox, bearer, 'POST', path, {
      amount: { currency_code: 'GBP', value: '60.00' },
    });
    expect(tooMuch).toMatchObject({ status: 422, body: { details: [{ issue: 'REFUND_AMOUNT_EXCEEDED' }] } });
    const part = await call(
      sandbox,
      bearer,
      'POST',
      path,
      { amount: { currency_code: 'GBP', value: '10.00' } },
      { Prefer: 'return=representation' },
    );
    expect(part).toMatchObject({
      status: 201,
      body: {
        status: 'COMPLETED',
        amount: { value: '10.00' },
        links: [{ rel: 'self' }, { rel: 'up', href: `${sandbox.url}/v2/payments/captures/${captureId}` }],
      },
    });
    expect((await call(sandbox, bearer, 'GET', `/v2/payments/captures/${captureId}`)).body).toMatchObject({
      status: 'PARTIALLY_REFUNDED',
    });
    const rest = await fetch(`${sandbox.url}/sandbox/captures/${captureId}/refund`, { method: 'POST' });
    expect(await rest.json()).toMatchObject({ amount: { value: '44.97' } });
    expect((await call(sandbox, bearer, 'POST', path, {})).body).toMatchObject({
      details: [{ issue: 'CAPTURE_FULLY_REFUNDED' }],
    });
    expect((await call(sandbox, bearer, 'GET', `/v2/checkout/orders/${order.id}`)).body).toMatchObject({
      purchase_units: [{ payments: { captures: [{ status: 'REFUNDED' }], refunds: [{}, {}] } }],
    });
  });
});
