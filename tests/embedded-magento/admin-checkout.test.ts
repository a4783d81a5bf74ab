/**
 * The admin's checkout by quote id (COVERAGE.md rows 28–32), which the payment bridge uses with its
 * integration token: read the cart and its totals, select the payment method, place the order, find it
 * again with `GET /V1/orders`. Each answer is checked against Magento's schema, each refusal against
 * Magento's message (Quote/etc/webapi.xml for the ACL, PaymentMethodManagement::set,
 * QuoteManagement::placeOrder, OrderRepository::getList).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTEGRATION_TOKEN, pickProduct, startTestBackend, type TestBackend } from '../support/backend.ts';
import { validateResponse } from '../support/openapi.ts';
import { ADDRESS, expectError, SHIPPING_INFORMATION } from './helpers.ts';

let backend: TestBackend;

beforeAll(async () => {
  backend = await startTestBackend();
});
afterAll(() => backend.stop());

const admin = (method: string, path: string, body?: unknown) =>
  backend.call(method, `/rest/V1${path}`, { token: INTEGRATION_TOKEN, ...(body ? { body } : {}) });

function expectSchema(method: string, path: string, reply: { status: number; body: unknown }) {
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  const result = validateResponse(method, `/V1${path}`, 200, reply.body);
  expect(result.ok ? [] : result.errors).toEqual([]);
}

/** A guest cart with one line (and its addresses, unless `ship` is false); its numeric quote id. */
async function guestQuote(ship = true, email: string = ADDRESS.email): Promise<number> {
  const product = await pickProduct(backend);
  const masked = (await backend.call('POST', '/rest/V1/guest-carts')).body as string;
  const cart = `/rest/V1/guest-carts/${masked}`;
  await backend.call('POST', `${cart}/items`, { body: { cartItem: { sku: product.sku, qty: 1 } } });
  if (ship) {
    const info = SHIPPING_INFORMATION.addressInformation;
    const withEmail = { ...ADDRESS, email };
    const reply = await backend.call('POST', `${cart}/shipping-information`, {
      body: { addressInformation: { ...info, shipping_address: withEmail, billing_address: withEmail } },
    });
    expect(reply.status).toBe(200);
  }
  return (await backend.call('GET', cart)).body.id as number;
}

const ordersWhere = (field: string, value: string | number, extra = '') =>
  admin(
    'GET',
    `/orders?searchCriteria[filterGroups][0][filters][0][field]=${field}` +
      `&searchCriteria[filterGroups][0][filters][0][value]=${encodeURIComponent(String(value))}${extra}`,
  );

describe('who may use the admin cart routes', () => {
  it('refuses guests and customers with Magento_Cart::manage, and orders with Magento_Sales::actions_view', async () => {
    const id = await guestQuote();
    const { token } = await backend.newCustomer();
    const calls: [string, string, unknown?][] = [
      ['GET', `/carts/${id}`],
      ['GET', `/carts/${id}/totals`],
      ['PUT', `/carts/${id}/selected-payment-method`, { method: { method: 'checkmo' } }],
      ['PUT', `/carts/${id}/order`, { paymentMethod: { method: 'checkmo' } }],
    ];
    for (const caller of [undefined, token]) {
      for (const [method, path, body] of calls) {
        const reply = await backend.call(method, `/rest/V1${path}`, { token: caller, body });
        expectError(reply, 401, "The consumer isn't authorized to access %resources.", {
          resources: 'Magento_Cart::manage',
        });
      }
      const orders = await backend.call('GET', '/rest/V1/orders?searchCriteria[pageSize]=1', {
        token: caller,
      });
      expectError(orders, 401, "The consumer isn't authorized to access %resources.", {
        resources: 'Magento_Sales::actions_view',
      });
    }
    // Nothing was placed by the refused calls.
    expect((await ordersWhere('quote_id', id)).body.total_count).toBe(0);
  });
});

describe('selecting the payment method and placing the order by quote id', () => {
  it('reads the cart and totals, records checkmo, places one order, then refuses to place it again', async () => {
    const id = await guestQuote(true, 'Pat.Guest@Example.com');
    const cart = await admin('GET', `/carts/${id}`);
    expectSchema('GET', `/carts/${id}`, cart);
    expect(cart.body).toMatchObject({ id, is_active: true, items_count: 1 });
    const totals = await admin('GET', `/carts/${id}/totals`);
    expectSchema('GET', `/carts/${id}/totals`, totals);

    const selected = await admin('PUT', `/carts/${id}/selected-payment-method`, {
      method: { method: 'checkmo' },
    });
    expectSchema('PUT', `/carts/${id}/selected-payment-method`, selected);
    expect(selected.body).toMatch(/^\d+$/);
    // Selecting again keeps the quote's one payment row.
    expect(
      (await admin('PUT', `/carts/${id}/selected-payment-method`, { method: { method: 'checkmo' } })).body,
    ).toBe(selected.body);

    const placed = await admin('PUT', `/carts/${id}/order`);
    expectSchema('PUT', `/carts/${id}/order`, placed);
    expect(typeof placed.body).toBe('number');
    const order = (await admin('GET', `/orders/${placed.body}`)).body;
    expect(order).toMatchObject({
      quote_id: id,
      customer_is_guest: 1,
      // QuoteManagement::placeOrder: a guest's order takes the billing address's e-mail.
      customer_email: 'Pat.Guest@Example.com',
      grand_total: totals.body.base_grand_total,
      tax_amount: totals.body.tax_amount,
      payment: { method: 'checkmo' },
      status: 'pending',
    });

    expectError(
      await admin('PUT', `/carts/${id}/order`),
      404,
      'No such entity with %fieldName = %fieldValue',
      {
        fieldName: 'cartId',
        fieldValue: id,
      },
    );
    expectError(
      await admin('GET', `/carts/${id}/totals`),
      404,
      'No such entity with %fieldName = %fieldValue',
      {
        fieldName: 'cartId',
        fieldValue: id,
      },
    );
    const inactive = await admin('GET', `/carts/${id}`);
    expectSchema('GET', `/carts/${id}`, inactive);
    expect(inactive.body.is_active).toBe(false);
    expect(inactive.body).not.toHaveProperty('items');
    expect((await ordersWhere('quote_id', id)).body.total_count).toBe(1);
  });

  it('places a quote once when several placements arrive together', async () => {
    // Each placement is one SQLite transaction, so they never overlap: the later ones find the quote
    // inactive (404). On 2.4.7+ a call overlapping another gets CartMutex's 400 "The cart is locked for
    // processing. Please try again later." instead; either way there is one order.
    const id = await guestQuote();
    const replies = await Promise.all(
      Array.from({ length: 4 }, () =>
        admin('PUT', `/carts/${id}/order`, { paymentMethod: { method: 'checkmo' } }),
      ),
    );
    expect(replies.map((reply) => reply.status).sort()).toEqual([200, 404, 404, 404]);
    expect((await ordersWhere('quote_id', id)).body.total_count).toBe(1);
  });

  it('places a customer’s quote as that customer, with the method given in the body', async () => {
    const product = await pickProduct(backend);
    const person = await backend.newCustomer();
    const id = (await backend.call('POST', '/rest/V1/carts/mine', { token: person.token })).body as number;
    const mine = (method: string, path: string, body: unknown) =>
      backend.call(method, `/rest/V1/carts/mine${path}`, { token: person.token, body });
    await mine('POST', '/items', { cartItem: { sku: product.sku, qty: 2 } });
    expect((await mine('POST', '/shipping-information', SHIPPING_INFORMATION)).status).toBe(200);

    const placed = await admin('PUT', `/carts/${id}/order`, { paymentMethod: { method: 'checkmo' } });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect((await admin('GET', `/orders/${placed.body}`)).body).toMatchObject({
      customer_id: person.id,
      customer_is_guest: 0,
      customer_email: person.email,
      total_qty_ordered: 2,
    });
  });

  it('refuses what Magento refuses, placing nothing', async () => {
    const unknown = { fieldName: 'cartId', fieldValue: 999999 };
    const noSuch = 'No such entity with %fieldName = %fieldValue';
    expectError(await admin('GET', '/carts/999999'), 404, noSuch, unknown);
    expectError(
      await admin('PUT', '/carts/999999/selected-payment-method', { method: { method: 'checkmo' } }),
      404,
      noSuch,
      unknown,
    );
    expectError(await admin('PUT', '/carts/999999/order'), 404, noSuch, unknown);

    const bare = await guestQuote(false);
    expectError(
      await admin('PUT', `/carts/${bare}/selected-payment-method`, { method: { method: 'checkmo' } }),
      400,
      'The shipping address is missing. Set the address and try again.',
    );
    expectError(
      await admin('PUT', `/carts/${bare}/selected-payment-method`, {}),
      400,
      '"%fieldName" is required. Enter and try again.',
      { fieldName: 'method' },
    );

    const id = await guestQuote();
    for (const method of ['free', 'banktransfer', '']) {
      expectError(
        await admin('PUT', `/carts/${id}/selected-payment-method`, { method: { method } }),
        400,
        'The requested Payment Method is not available.',
      );
      expectError(
        await admin('PUT', `/carts/${id}/order`, { paymentMethod: { method } }),
        400,
        'The requested Payment Method is not available.',
      );
    }
    // No method selected and none given: QuoteValidator's message.
    expectError(await admin('PUT', `/carts/${id}/order`), 400, 'Enter a valid payment method and try again.');
    expect((await ordersWhere('quote_id', id)).body.total_count).toBe(0);
    expect((await admin('GET', `/carts/${id}`)).body.is_active).toBe(true);
  });
});

describe('searching orders', () => {
  it('filters on quote_id, customer_email (any case) and increment_id, sorts and pages', async () => {
    const email = `search.${Date.now()}@example.com`;
    const ids: number[] = [];
    for (let n = 0; n < 3; n++) {
      const quote = await guestQuote(true, email);
      const placed = await admin('PUT', `/carts/${quote}/order`, { paymentMethod: { method: 'checkmo' } });
      expect(placed.status).toBe(200);
      ids.push(placed.body as number);
    }
    const byEmail = await ordersWhere(
      'customer_email',
      email.toUpperCase(),
      '&searchCriteria[sortOrders][0][field]=created_at&searchCriteria[sortOrders][0][direction]=DESC' +
        '&searchCriteria[pageSize]=2&searchCriteria[currentPage]=1',
    );
    expectSchema('GET', '/orders', byEmail);
    expect(byEmail.body.total_count).toBe(3);
    // Equal created_at seconds keep entity order; the first page holds two of the three.
    expect(byEmail.body.items).toHaveLength(2);
    expect(byEmail.body.search_criteria).toMatchObject({ page_size: 2, current_page: 1 });
    const page2 = await ordersWhere(
      'customer_email',
      email,
      '&searchCriteria[pageSize]=2&searchCriteria[currentPage]=2',
    );
    expect(page2.body.items.map((o: { entity_id: number }) => o.entity_id)).toEqual([ids[2]]);

    const one = (await admin('GET', `/orders/${ids[1]}`)).body;
    const byNumber = await ordersWhere('increment_id', one.increment_id);
    expect(byNumber.body.total_count).toBe(1);
    // Each item has the full shape of GET /V1/orders/:id.
    expect(byNumber.body.items[0]).toEqual(one);
    const byQuote = await ordersWhere('quote_id', one.quote_id);
    expect(byQuote.body.items.map((o: { entity_id: number }) => o.entity_id)).toEqual([ids[1]]);
  });

  it('needs searchCriteria', async () => {
    expectError(await admin('GET', '/orders'), 400, '"%fieldName" is required. Enter and try again.', {
      fieldName: 'searchCriteria',
    });
  });
});
