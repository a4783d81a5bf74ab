/**
 * Pay on account: Magento's `purchaseorder` method with its PO number (OfflinePayments\Model\Purchaseorder),
 * offered only to the quotes of the customer groups the `payments.purchaseorder.customerGroups` setting
 * names (the Trade group in the demo): listed by …/payment-methods and payment-information, chosen by
 * …/selected-payment-method or payment-information, refused with Magento's messages, placed once, and
 * kept on the order as `payment.method` and `payment.po_number`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CARRIERS } from '@cleaning-shop/embedded-magento/checkout/carrier-config.ts';
import { checkoutSettings } from '@cleaning-shop/embedded-magento/server.ts';
import { INTEGRATION_TOKEN, startTestBackend, testConfig, type TestBackend } from '../support/backend.ts';
import { validateOpenSourceResponse, validateResponse } from '../support/openapi.ts';
import { customerCart, guestCart, makeProduct, ship, type TestCart } from './checkout-helpers.ts';
import { ADDRESS, expectError } from './helpers.ts';

let backend: TestBackend;
let sku: string;

beforeAll(async () => {
  backend = await startTestBackend();
  sku = await makeProduct(backend, 25, 1);
});
afterAll(() => backend.stop());

const CHECKMO = { code: 'checkmo', title: 'Check / Money order' };
const PURCHASE_ORDER = { code: 'purchaseorder', title: 'Purchase Order' };
const NOT_AVAILABLE = 'The requested Payment Method is not available.';
const PO_REQUIRED = 'Purchase order number is a required field.';

/** A customer moved to `groupId` by the admin, signed in, with a cart holding the product and delivery. */
async function shopperIn(groupId: number, on: TestBackend = backend, product = sku) {
  const customer = await on.newCustomer();
  const current = await on.call('GET', `/rest/V1/customers/${customer.id}`, { token: INTEGRATION_TOKEN });
  const moved = await on.call('PUT', `/rest/V1/customers/${customer.id}`, {
    token: INTEGRATION_TOKEN,
    body: { customer: { ...current.body, group_id: groupId } },
  });
  expect(moved.body.group_id).toBe(groupId);
  const cart = await customerCart(on, customer.token, [[product, 2]]);
  const shipped = await ship(cart, 'flatrate', 'flatrate');
  expect(shipped.status, JSON.stringify(shipped.body)).toBe(200);
  return { customer, cart, shipped };
}

const payOnAccount = (cart: TestCart, po_number?: unknown) =>
  cart.call('POST', '/payment-information', {
    ...(cart.token === undefined ? { email: ADDRESS.email } : {}),
    paymentMethod: { method: 'purchaseorder', ...(po_number === undefined ? {} : { po_number }) },
  });

const ordersOf = async (email: string) =>
  (
    await backend.call(
      'GET',
      `/rest/V1/orders?searchCriteria[filterGroups][0][filters][0][field]=customer_email&searchCriteria[filterGroups][0][filters][0][value]=${encodeURIComponent(email)}`,
      { token: INTEGRATION_TOKEN },
    )
  ).body.items as Record<string, unknown>[];

describe('the methods a quote is offered', () => {
  it('offers a Trade customer Purchase Order beside Check / Money order, everywhere methods are listed', async () => {
    const { cart, shipped } = await shopperIn(5);
    expect(shipped.body.payment_methods).toEqual([CHECKMO, PURCHASE_ORDER]);
    const listed = await cart.call('GET', '/payment-methods');
    expect(listed.body).toEqual([CHECKMO, PURCHASE_ORDER]);
    const result = validateOpenSourceResponse('GET', '/V1/carts/mine/payment-methods', 200, listed.body);
    expect(result.ok ? [] : result.errors).toEqual([]);
    expect((await cart.call('GET', '/payment-information')).body.payment_methods).toEqual([
      CHECKMO,
      PURCHASE_ORDER,
    ]);
    const admin = await backend.call('GET', `/rest/V1/carts/${String(cart.quoteId)}/payment-methods`, {
      token: INTEGRATION_TOKEN,
    });
    expect(admin.body).toEqual([CHECKMO, PURCHASE_ORDER]);
  });

  it('offers a General customer, a Trade applicant and a guest Check / Money order only', async () => {
    for (const group of [1, 4]) {
      const { cart, shipped } = await shopperIn(group);
      expect(shipped.body.payment_methods).toEqual([CHECKMO]);
      expect((await cart.call('GET', '/payment-methods')).body).toEqual([CHECKMO]);
    }
    const guest = await guestCart(backend, [[sku, 1]]);
    expect((await guest.call('GET', '/payment-methods')).body).toEqual([CHECKMO]);
  });
});

describe('choosing pay on account', () => {
  it('refuses a quote outside the allowed groups with Magento’s message, placing nothing', async () => {
    const { customer, cart } = await shopperIn(1);
    expectError(
      await cart.call('PUT', '/selected-payment-method', {
        method: { method: 'purchaseorder', po_number: 'PO-1' },
      }),
      400,
      NOT_AVAILABLE,
    );
    expectError(await payOnAccount(cart, 'PO-1'), 400, NOT_AVAILABLE);
    const guest = await guestCart(backend, [[sku, 1]]);
    expect((await ship(guest, 'flatrate', 'flatrate')).status).toBe(200);
    expectError(await payOnAccount(guest, 'PO-1'), 400, NOT_AVAILABLE);
    expect(await ordersOf(customer.email)).toEqual([]);
    expect((await cart.call('GET', '')).status).toBe(200);
  });

  it('needs the PO number (PHP’s empty(): none, "" and "0" are refused)', async () => {
    const { customer, cart } = await shopperIn(5);
    for (const po of [undefined, '', '0', null]) expectError(await payOnAccount(cart, po), 400, PO_REQUIRED);
    expectError(
      await cart.call('PUT', '/selected-payment-method', { method: { method: 'purchaseorder' } }),
      400,
      PO_REQUIRED,
    );
    expect(await ordersOf(customer.email)).toEqual([]);
  });

  it('keeps the choice and its PO number on the quote (…/selected-payment-method)', async () => {
    const { cart } = await shopperIn(5);
    expect((await cart.call('GET', '/selected-payment-method')).body).toBeNull();
    const chosen = await cart.call('PUT', '/selected-payment-method', {
      method: { method: 'purchaseorder', po_number: 'PO-77' },
    });
    expect(chosen.status, JSON.stringify(chosen.body)).toBe(200);
    expect(chosen.body).toMatch(/^\d+$/);
    expect((await cart.call('GET', '/selected-payment-method')).body).toEqual({
      po_number: 'PO-77',
      method: 'purchaseorder',
    });
    await cart.call('PUT', '/selected-payment-method', { method: { method: 'checkmo', po_number: 'PO-77' } });
    expect((await cart.call('GET', '/selected-payment-method')).body).toEqual({ method: 'checkmo' });
  });
});

describe('an order paid on account', () => {
  it('is placed once and keeps purchaseorder, its PO number, the Trade group and state new / pending', async () => {
    const { customer, cart } = await shopperIn(5);
    const placed = await payOnAccount(cart, 'BWF-PO-1001');
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expectError(
      await payOnAccount(cart, 'BWF-PO-1001'),
      404,
      'Current customer does not have an active cart.',
    );
    const orders = await ordersOf(customer.email);
    expect(orders).toHaveLength(1);
    const order = await backend.call('GET', `/rest/V1/orders/${String(placed.body)}`, {
      token: INTEGRATION_TOKEN,
    });
    expect(order.body).toMatchObject({
      state: 'new',
      status: 'pending',
      customer_group_id: 5,
      payment: {
        method: 'purchaseorder',
        po_number: 'BWF-PO-1001',
        additional_information: ['Purchase Order'],
      },
      extension_attributes: { payment_additional_info: [{ key: 'method_title', value: 'Purchase Order' }] },
    });
    const payment = Object.keys(order.body.payment as object);
    expect(payment.slice(payment.indexOf('parent_id'))).toEqual([
      'parent_id',
      'po_number',
      'shipping_amount',
    ]);
    const result = validateResponse('GET', `/V1/orders/${String(placed.body)}`, 200, order.body);
    expect(result.ok ? [] : result.errors).toEqual([]);
  });

  it('is placed by quote id with the method chosen before (the payment bridge)', async () => {
    const { cart } = await shopperIn(5);
    const path = `/rest/V1/carts/${String(cart.quoteId)}`;
    const chosen = await backend.call('PUT', `${path}/selected-payment-method`, {
      token: INTEGRATION_TOKEN,
      body: { method: { method: 'purchaseorder', po_number: 'PO-BRIDGE' } },
    });
    expect(chosen.status, JSON.stringify(chosen.body)).toBe(200);
    const placed = await backend.call('PUT', `${path}/order`, { token: INTEGRATION_TOKEN, body: {} });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const order = await backend.call('GET', `/rest/V1/orders/${String(placed.body)}`, {
      token: INTEGRATION_TOKEN,
    });
    expect(order.body.payment).toMatchObject({ method: 'purchaseorder', po_number: 'PO-BRIDGE' });
  });

  it('by cheque keeps no PO number (checkmo’s assignData keeps none)', async () => {
    const { cart } = await shopperIn(5);
    const placed = await cart.call('POST', '/payment-information', {
      paymentMethod: { method: 'checkmo', po_number: 'PO-IGNORED' },
    });
    expect(placed.status).toBe(200);
    const order = await backend.call('GET', `/rest/V1/orders/${String(placed.body)}`, {
      token: INTEGRATION_TOKEN,
    });
    expect(order.body.payment.method).toBe('checkmo');
    expect(order.body.payment).not.toHaveProperty('po_number');
    expect(order.body.customer_group_id).toBe(5);
  });
});

describe('the payments setting', () => {
  it('offers pay on account to the groups it names, and to no other', async () => {
    const other = await startTestBackend({
      payments: { purchaseorder: { active: true, title: 'On account', customerGroups: [1] } },
    });
    try {
      const product = await makeProduct(other, 10, 1);
      const general = await shopperIn(1, other, product);
      expect(general.shipped.body.payment_methods).toEqual([
        CHECKMO,
        { code: 'purchaseorder', title: 'On account' },
      ]);
      const trade = await shopperIn(5, other, product);
      expect(trade.shipped.body.payment_methods).toEqual([CHECKMO]);
    } finally {
      await other.stop();
    }
  });

  it('stops the back end at start-up naming each wrong field', () => {
    const config = {
      ...testConfig('/tmp/unused'),
      carriers: DEMO_CARRIERS,
      payments: { purchaseorder: { active: true, title: '', customerGroups: [] } },
    };
    expect(() => checkoutSettings(config)).toThrow(
      "The embedded back end's payment configuration is not valid:\n" +
        'payments.purchaseorder.title: must name the method for the shopper\n' +
        'payments.purchaseorder.customerGroups: must name at least one customer group (turn the method off with active: false)',
    );
  });
});
