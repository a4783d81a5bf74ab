/**
 * The PayPal sandbox's token and create-order endpoints as the shop uses them, over HTTP: what PayPal
 * grants and what it refuses, in its own error shapes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basic, call, orderRequest, startTestSandbox, token, type TestSandbox } from './helpers.ts';

let sandbox: TestSandbox;
let bearer: string;

beforeAll(async () => {
  sandbox = await startTestSandbox({ tokenTtlS: 1 });
  bearer = await token(sandbox);
});

afterAll(async () => {
  await sandbox.stop();
});

describe('the token', () => {
  it('is granted for the app credentials and expires', async () => {
    const response = await fetch(`${sandbox.url}/v1/oauth2/token`, {
      method: 'POST',
      headers: { Authorization: basic(), 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { access_token: string };
    expect(body).toMatchObject({
      token_type: 'Bearer',
      expires_in: 1,
      app_id: expect.any(String),
      nonce: expect.any(String),
      scope: expect.any(String),
    });
    expect((await call(sandbox, body.access_token, 'GET', '/v2/checkout/orders/NOPE')).status).toBe(404);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const expired = await call(sandbox, body.access_token, 'GET', '/v2/checkout/orders/NOPE');
    expect(expired).toMatchObject({
      status: 401,
      body: { name: 'AUTHENTICATION_FAILURE', debug_id: expect.any(String), links: expect.any(Array) },
    });
    bearer = await token(sandbox);
  });

  it('is refused for wrong credentials or another grant', async () => {
    const post = (authorization: string, body: string) =>
      fetch(`${sandbox.url}/v1/oauth2/token`, {
        method: 'POST',
        headers: { Authorization: authorization },
        body,
      });
    const wrong = await post(basic('someone', 'else'), 'grant_type=client_credentials');
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({
      error: 'invalid_client',
      error_description: 'Client Authentication failed',
    });
    const grant = await post(basic(), 'grant_type=password');
    expect(grant.status).toBe(400);
    expect(await grant.json()).toMatchObject({ error: 'unsupported_grant_type' });
    expect((await call(sandbox, 'made-up', 'POST', '/v2/checkout/orders', orderRequest())).status).toBe(401);
  });
});

describe('creating an order', () => {
  it('answers PAYER_ACTION_REQUIRED with a payer-action link, the same again for the same PayPal-Request-Id', async () => {
    const headers = { 'PayPal-Request-Id': `create-${Date.now()}` };
    const first = await call(sandbox, bearer, 'POST', '/v2/checkout/orders', orderRequest(), headers);
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ status: 'PAYER_ACTION_REQUIRED', payment_source: { paypal: {} } });
    const { id, links } = first.body as { id: string; links: { rel: string; href: string }[] };
    expect(links.find((link) => link.rel === 'payer-action')?.href).toBe(
      `${sandbox.url}/checkoutnow?token=${id}`,
    );
    const again = await call(sandbox, bearer, 'POST', '/v2/checkout/orders', orderRequest(), headers);
    expect(again.body).toEqual(first.body);
    const full = await call(sandbox, bearer, 'POST', '/v2/checkout/orders', orderRequest(), {
      Prefer: 'return=representation',
    });
    expect(full.body).toMatchObject({
      intent: 'CAPTURE',
      purchase_units: [
        {
          reference_id: 'default',
          amount: { value: '54.97' },
          items: [{ name: 'Pressure washer', sku: 'PW-1' }, { name: 'Detergent' }],
        },
      ],
    });
  });

  it.each([
    [
      'a missing intent',
      { intent: undefined },
      {},
      400,
      'INVALID_REQUEST',
      'MISSING_REQUIRED_PARAMETER',
      '/intent',
    ],
    [
      'a bad quantity',
      {},
      { items: [{ name: 'X', quantity: '0', unit_amount: { currency_code: 'GBP', value: '1.00' } }] },
      400,
      'INVALID_REQUEST',
      'INVALID_PARAMETER_SYNTAX',
      "/purchase_units/@reference_id=='default'/items/0/quantity",
    ],
    [
      'a bad user_action',
      { payment_source: { paypal: { experience_context: { user_action: 'NOW' } } } },
      {},
      400,
      'INVALID_REQUEST',
      'INVALID_PARAMETER_VALUE',
      '/payment_source/paypal/experience_context/user_action',
    ],
    [
      'euros',
      {},
      { amount: { currency_code: 'EUR', value: '10.00' }, items: undefined },
      422,
      'UNPROCESSABLE_ENTITY',
      'CURRENCY_NOT_SUPPORTED',
      "/purchase_units/@reference_id=='default'/amount/currency_code",
    ],
    [
      'three decimals',
      {},
      { amount: { currency_code: 'GBP', value: '10.001' }, items: undefined },
      422,
      'UNPROCESSABLE_ENTITY',
      'DECIMAL_PRECISION',
      "/purchase_units/@reference_id=='default'/amount/value",
    ],
    [
      'a total that does not add up',
      {},
      {
        amount: {
          currency_code: 'GBP',
          value: '50.00',
          breakdown: { item_total: { currency_code: 'GBP', value: '49.98' } },
        },
      },
      422,
      'UNPROCESSABLE_ENTITY',
      'AMOUNT_MISMATCH',
      "/purchase_units/@reference_id=='default'/amount/value",
    ],
    [
      'items that do not add up',
      {},
      {
        amount: {
          currency_code: 'GBP',
          value: '40.00',
          breakdown: { item_total: { currency_code: 'GBP', value: '40.00' } },
        },
      },
      422,
      'UNPROCESSABLE_ENTITY',
      'ITEM_TOTAL_MISMATCH',
      "/purchase_units/@reference_id=='default'/amount/breakdown/item_total/value",
    ],
    [
      'item tax without tax_total',
      {},
      {
        amount: {
          currency_code: 'GBP',
          value: '10.00',
          breakdown: { item_total: { currency_code: 'GBP', value: '10.00' } },
        },
        items: [
          {
            name: 'X',
            quantity: '1',
            unit_amount: { currency_code: 'GBP', value: '10.00' },
            tax: { currency_code: 'GBP', value: '2.00' },
          },
        ],
      },
      422,
      'UNPROCESSABLE_ENTITY',
      'TAX_TOTAL_REQUIRED',
      "/purchase_units/@reference_id=='default'/amount/breakdown/tax_total",
    ],
    [
      'intent AUTHORIZE',
      { intent: 'AUTHORIZE' },
      {},
      422,
      'UNPROCESSABLE_ENTITY',
      'AUTH_CAPTURE_NOT_ENABLED',
      '/intent',
    ],
  ])('refuses %s as PayPal does', async (_, overrides, unit, status, name, issue, field) => {
    const reply = await call(sandbox, bearer, 'POST', '/v2/checkout/orders', orderRequest(overrides, unit));
    expect(reply.status).toBe(status);
    expect(reply.body).toMatchObject({
      name,
      message: expect.any(String),
      debug_id: expect.any(String),
      details: [{ issue, field, description: expect.any(String) }],
      links: [{ rel: 'information_link' }],
    });
  });

  it('refuses a body that is not JSON', async () => {
    const reply = await call(sandbox, bearer, 'POST', '/v2/checkout/orders', '{"intent":');
    expect(reply).toMatchObject({
      status: 400,
      body: { name: 'INVALID_REQUEST', details: [{ issue: 'MALFORMED_REQUEST_JSON' }] },
    });
  });

  it('does not know an unknown order', async () => {
    const reply = await call(sandbox, bearer, 'GET', '/v2/checkout/orders/5O190127TN364715T');
    expect(reply).toMatchObject({
      status: 404,
      body: {
        name: 'RESOURCE_NOT_FOUND',
        details: [{ issue: 'INVALID_RESOURCE_ID', value: '5O190127TN364715T' }],
      },
    });
  });
});
