/**
 * Plumbing for the discount-code and delivery tests: products of a known price and weight made through the
 * admin API (so the sums are the test's own, not the demo catalogue's), carts filled with them, delivery
 * chosen, orders placed, sales rules made, each answer checked against Magento's own schema.
 */
import { expect } from 'vitest';
import { ADDRESS } from './helpers.ts';
import { INTEGRATION_TOKEN, type Reply, type TestBackend } from '../support/backend.ts';
import { validateOpenSourceResponse, validateResponse } from '../support/openapi.ts';

let made = 0;

/**
 * A new sellable product at `price` (GBP) weighing `weight` kg, with plenty in stock, and any further
 * `attributes` (e.g. `tax_class_id`); its sku.
 */
export async function makeProduct(
  backend: TestBackend,
  price: number,
  weight: number,
  attributes: Readonly<Record<string, string>> = {},
): Promise<string> {
  const sku = `TEST-${++made}-${Date.now().toString(36)}`.toUpperCase();
  const reply = await backend.call('POST', '/rest/V1/products', {
    token: INTEGRATION_TOKEN,
    body: {
      product: {
        sku,
        name: `Test product ${made}`,
        price,
        weight,
        status: 1,
        visibility: 4,
        type_id: 'simple',
        extension_attributes: { stock_item: { qty: 500, is_in_stock: true } },
        custom_attributes: [
          { attribute_code: 'url_key', value: sku.toLowerCase() },
          ...Object.entries(attributes).map(([attribute_code, value]) => ({ attribute_code, value })),
        ],
      },
    },
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return sku;
}

/** A cart of one audience: where its routes are, and who may call them. */
export interface TestCart {
  /** e.g. `/rest/V1/guest-carts/<masked id>` or `/rest/V1/carts/mine`. */
  readonly path: string;
  readonly token: string | undefined;
  /** The quote id Magento's messages name (a string for a guest's cart). */
  readonly quoteId: string | number;
  call(method: string, path: string, body?: unknown): Promise<Reply>;
}

function cartAt(backend: TestBackend, path: string, token: string | undefined, quoteId: string | number) {
  return {
    path,
    token,
    quoteId,
    call: (method: string, sub: string, body?: unknown) =>
      backend.call(method, `${path}${sub}`, { token, ...(body === undefined ? {} : { body }) }),
  };
}

/** A new guest cart holding `lines` ([sku, qty]). */
export async function guestCart(backend: TestBackend, lines: readonly (readonly [string, number])[]) {
  const masked = (await backend.call('POST', '/rest/V1/guest-carts')).body as string;
  const path = `/rest/V1/guest-carts/${masked}`;
  const id = (await backend.call('GET', path)).body.id as number;
  const cart: TestCart = cartAt(backend, path, undefined, String(id));
  for (const [sku, qty] of lines) await addLine(cart, sku, qty);
  return cart;
}

/** The signed-in customer's cart (created if needed) holding `lines`. */
export async function customerCart(
  backend: TestBackend,
  token: string,
  lines: readonly (readonly [string, number])[],
): Promise<TestCart> {
  const id = (await backend.call('POST', '/rest/V1/carts/mine', { token })).body as number;
  const cart: TestCart = cartAt(backend, '/rest/V1/carts/mine', token, id);
  for (const [sku, qty] of lines) await addLine(cart, sku, qty);
  return cart;
}

export async function addLine(cart: TestCart, sku: string, qty: number): Promise<number> {
  const reply = await cart.call('POST', '/items', { cartItem: { sku, qty } });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body.item_id as number;
}

/** Magento's `/V1/...` form of a cart path, for the schema lookup. */
const v1 = (path: string) => path.replace(/^\/rest/, '');

/** The cart's totals, checked against the storefront subset's schema. */
export async function totalsOf(cart: TestCart) {
  const reply = await cart.call('GET', '/totals');
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  const result = validateResponse('GET', v1(`${cart.path}/totals`), 200, reply.body);
  expect(result.ok ? [] : result.errors).toEqual([]);
  return reply.body;
}

/** A segment of the totals by code (Magento's advice: find segments by code, not position). */
export const segment = (
  totals: { total_segments: { code: string; title: string; value: number }[] },
  code: string,
) => totals.total_segments.find((candidate) => candidate.code === code);

/** `PUT …/coupons/:code`, checked against Magento Open Source's schema when it succeeds. */
export async function applyCode(cart: TestCart, code: string): Promise<Reply> {
  const reply = await cart.call('PUT', `/coupons/${encodeURIComponent(code)}`);
  if (reply.status === 200) {
    const result = validateOpenSourceResponse('PUT', v1(`${cart.path}/coupons/${code}`), 200, reply.body);
    expect(result.ok ? [] : result.errors).toEqual([]);
  }
  return reply;
}

/** The methods the carriers offer the cart for a UK address, checked against Magento's schema. */
export async function estimate(cart: TestCart, address: Record<string, unknown> = { country_id: 'GB' }) {
  const reply = await cart.call('POST', '/estimate-shipping-methods', { address });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  const result = validateOpenSourceResponse(
    'POST',
    v1(`${cart.path}/estimate-shipping-methods`),
    200,
    reply.body,
  );
  expect(result.ok ? [] : result.errors).toEqual([]);
  return reply.body as {
    carrier_code: string;
    method_code: string;
    amount: number;
    carrier_title: string;
    method_title: string;
  }[];
}

/** `carrier_method: amount` of each method offered, e.g. `{ flatrate_flatrate: 4.95 }`. */
export const priced = (methods: readonly { carrier_code: string; method_code: string; amount: number }[]) =>
  Object.fromEntries(
    methods.map((method) => [`${method.carrier_code}_${method.method_code}`, method.amount]),
  );

/** `POST …/shipping-information` with `address` both ways and `carrier`/`method`. */
export function ship(
  cart: TestCart,
  carrier: string,
  method: string,
  address: Record<string, unknown> = ADDRESS,
): Promise<Reply> {
  return cart.call('POST', '/shipping-information', {
    addressInformation: {
      shipping_address: address,
      billing_address: ADDRESS,
      shipping_carrier_code: carrier,
      shipping_method_code: method,
    },
  });
}

/** Places the cart's order (a guest gives the address's e-mail); the reply. */
export function place(cart: TestCart): Promise<Reply> {
  return cart.call('POST', '/payment-information', {
    ...(cart.token === undefined ? { email: ADDRESS.email } : {}),
    paymentMethod: { method: 'checkmo' },
  });
}

/** Places the order and reads it back with the integration token. */
export async function placeAndRead(backend: TestBackend, cart: TestCart) {
  const placed = await place(cart);
  expect(placed.status, JSON.stringify(placed.body)).toBe(200);
  const order = await backend.call('GET', `/rest/V1/orders/${placed.body}`, { token: INTEGRATION_TOKEN });
  expect(order.status).toBe(200);
  const result = validateResponse('GET', `/V1/orders/${placed.body}`, 200, order.body);
  expect(result.ok ? [] : result.errors).toEqual([]);
  return order.body;
}

/** A rule made through `POST /V1/salesRules` with its coupon `code`; the rule's id. */
export async function makeRule(
  backend: TestBackend,
  code: string,
  rule: Record<string, unknown>,
): Promise<number> {
  const saved = await backend.call('POST', '/rest/V1/salesRules', {
    token: INTEGRATION_TOKEN,
    body: {
      rule: {
        name: code,
        website_ids: [1],
        customer_group_ids: [0, 1, 2, 3],
        is_active: true,
        coupon_type: 'SPECIFIC_COUPON',
        stop_rules_processing: false,
        ...rule,
      },
    },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  const coupon = await backend.call('POST', '/rest/V1/coupons', {
    token: INTEGRATION_TOKEN,
    body: { coupon: { rule_id: saved.body.rule_id, code, is_primary: true } },
  });
  expect(coupon.status, JSON.stringify(coupon.body)).toBe(200);
  return saved.body.rule_id as number;
}

/** An address condition for a rule: `attribute operator value`. */
export const when = (attribute: string, operator: string, value: string) => ({
  condition_type: 'Magento\\SalesRule\\Model\\Rule\\Condition\\Combine',
  aggregator_type: 'all',
  operator: null,
  value: '1',
  conditions: [
    {
      condition_type: 'Magento\\SalesRule\\Model\\Rule\\Condition\\Address',
      attribute_name: attribute,
      operator,
      value,
    },
  ],
});

export const INVALID_COUPON = "The coupon code isn't valid. Verify the code and try again.";
