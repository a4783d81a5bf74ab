/**
 * What a client gets for bad input (CONTRACT.md §1 and §3): body decoding and headers, parameter binding,
 * cart and checkout errors with Magento's exact messages, routing misses, oversize bodies, and a masked
 * 500. No error body ever carries a trace.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTEGRATION_TOKEN, pickProduct, startTestBackend, type TestBackend } from '../support/backend.ts';
import {
  ADDRESS,
  allProducts,
  asReply,
  expectError,
  expectFixtureError,
  expectNoTrace,
  rawRequest,
  SHIPPING_INFORMATION,
} from './helpers.ts';

let backend: TestBackend;

beforeAll(async () => {
  backend = await startTestBackend();
});
afterAll(() => backend.stop());

const newGuestCart = async (): Promise<string> => {
  const reply = await backend.call('POST', '/rest/V1/guest-carts');
  expect(reply.status).toBe(200);
  return reply.body as string;
};

/** A guest cart holding one unit of an in-stock product; returns the masked id and the internal quote id. */
async function filledGuestCart(): Promise<{ cartId: string; quoteId: number; itemId: number; sku: string }> {
  const product = await pickProduct(backend);
  const cartId = await newGuestCart();
  const added = await backend.call('POST', `/rest/V1/guest-carts/${cartId}/items`, {
    body: { cartItem: { sku: product.sku, qty: 1 } },
  });
  expect(added.status).toBe(200);
  return {
    cartId,
    quoteId: Number(added.body.quote_id),
    itemId: added.body.item_id as number,
    sku: product.sku,
  };
}

const itemsOf = async (cartId: string) =>
  (await backend.call('GET', `/rest/V1/guest-carts/${cartId}`)).body.items as {
    sku: string;
    qty: number;
  }[];

describe('request body and headers', () => {
  it('malformed JSON is 400 "Decoding error."', async () => {
    const cartId = await newGuestCart();
    for (const raw of ['{"cartItem":', '{cartItem: {}}', "{'a':1}", '[1,2', 'nul']) {
      const reply = await backend.call('POST', `/rest/V1/guest-carts/${cartId}/items`, { raw });
      expectError(reply, 400, 'Decoding error.');
    }
    expect(await itemsOf(cartId)).toEqual([]);
  });

  it('a body without a Content-Type header is 400 "Content-Type header is empty."', async () => {
    const cartId = await newGuestCart();
    const { sku } = await pickProduct(backend);
    const reply = await rawRequest(backend.url, `/rest/V1/guest-carts/${cartId}/items`, {
      method: 'POST',
      body: JSON.stringify({ cartItem: { sku, qty: 1 } }),
    });
    expectError(asReply(reply), 400, 'Content-Type header is empty.');
    expect(await itemsOf(cartId)).toEqual([]);
    // A body-less POST needs no Content-Type.
    const created = await rawRequest(backend.url, '/rest/V1/guest-carts', { method: 'POST' });
    expect(created.status).toBe(200);
    expect(created.json).toMatch(/^[A-Za-z0-9]{32}$/);
  });

  it('a text/plain body is refused with 400', async () => {
    const cartId = await newGuestCart();
    const { sku } = await pickProduct(backend);
    const reply = await backend.call('POST', `/rest/V1/guest-carts/${cartId}/items`, {
      raw: JSON.stringify({ cartItem: { sku, qty: 1 } }),
      contentType: 'text/plain',
    });
    expect(reply.status).toBe(400);
    expect(reply.body.message).toMatch(/Content-Type/);
    expectNoTrace(reply);
    expect(await itemsOf(cartId)).toEqual([]);
  });

  it('a malformed Content-Type is 400 "Content-Type header is invalid."', async () => {
    const cartId = await newGuestCart();
    const reply = await backend.call('POST', `/rest/V1/guest-carts/${cartId}/items`, {
      raw: '{}',
      contentType: 'json',
    });
    expectError(reply, 400, 'Content-Type header is invalid.');
  });

  it('a charset other than UTF-8 is 400; utf-8 in any case is accepted', async () => {
    const cartId = await newGuestCart();
    const { sku } = await pickProduct(backend);
    const body = JSON.stringify({ cartItem: { sku, qty: 1 } });
    for (const contentType of ['application/json; charset=latin1', 'application/json;charset=ISO-8859-1']) {
      const reply = await backend.call('POST', `/rest/V1/guest-carts/${cartId}/items`, {
        raw: body,
        contentType,
      });
      expectError(reply, 400, 'UTF-8 is the only supported charset.');
    }
    expect(await itemsOf(cartId)).toEqual([]);
    const ok = await backend.call('POST', `/rest/V1/guest-carts/${cartId}/items`, {
      raw: body,
      contentType: 'application/json; charset=UTF-8',
    });
    expect(ok.status).toBe(200);
  });

  it('a body larger than the limit is 413 with a JSON message, and the server keeps answering', async () => {
    const cartId = await newGuestCart();
    const huge = JSON.stringify({ cartItem: { sku: 'x'.repeat(2 * 1024 * 1024), qty: 1 } });
    const declared = await rawRequest(backend.url, `/rest/V1/guest-carts/${cartId}/items`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: huge,
    });
    expect(declared.status).toBe(413);
    expect(declared.headers['content-type']).toMatch(/^application\/json/);
    expect(declared.json).toEqual({ message: expect.any(String) });
    expectNoTrace(asReply(declared));

    const viaFetch = await backend.call('POST', `/rest/V1/guest-carts/${cartId}/items`, { raw: huge });
    expect(viaFetch.status).toBe(413);
    expect(typeof viaFetch.body.message).toBe('string');

    const countries = await backend.call('GET', '/rest/V1/directory/countries/GB');
    expect(countries.status).toBe(200);
    expect(countries.body.id).toBe('GB');
    expect(await itemsOf(cartId)).toEqual([]);
  });

  it('a chunked body larger than the limit is 413 too, and the server keeps answering', async () => {
    const cartId = await newGuestCart();
    const huge = JSON.stringify({ cartItem: { sku: 'y'.repeat(2 * 1024 * 1024), qty: 1 } });
    const chunked = await rawRequest(backend.url, `/rest/V1/guest-carts/${cartId}/items`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' },
      body: huge,
      chunked: true,
    });
    expect(chunked.status).toBe(413);
    expect(chunked.json).toEqual({ message: expect.any(String) });
    expect((await backend.call('GET', '/rest/V1/directory/countries/GB')).status).toBe(200);
  });
});

describe('binding the body to the service parameters', () => {
  it('a missing required top-level parameter is 400 "%fieldName" is required', async () => {
    const cartId = await newGuestCart();
    const reply = await backend.call('POST', `/rest/V1/guest-carts/${cartId}/items`, { body: {} });
    expectError(reply, 400, '"%fieldName" is required. Enter and try again.', { fieldName: 'cartItem' });
    const nullItem = await backend.call('POST', `/rest/V1/guest-carts/${cartId}/items`, {
      body: { cartItem: null },
    });
    expectError(nullItem, 400, '"%fieldName" is required. Enter and try again.', { fieldName: 'cartItem' });
  });

  it('two missing parameters give the aggregate form', async () => {
    const { cartId } = await filledGuestCart();
    const reply = await backend.call('POST', `/rest/V1/guest-carts/${cartId}/payment-information`, {
      body: {},
    });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({
      message: 'One or more input exceptions have occurred.',
      errors: [
        { message: '"%fieldName" is required. Enter and try again.', parameters: { fieldName: 'email' } },
        {
          message: '"%fieldName" is required. Enter and try again.',
          parameters: { fieldName: 'paymentMethod' },
        },
      ],
    });
    expectNoTrace(reply);
  });

  it('an unknown field, top-level or nested, is 400 "%fieldName" is not supported', async () => {
    const { sku } = await pickProduct(backend);
    const cartId = await newGuestCart();
    const message = '"%fieldName" is not supported. Correct the field name and try again.';
    const nested = await backend.call('POST', `/rest/V1/guest-carts/${cartId}/items`, {
      body: { cartItem: { sku, qty: 1, colour: 'red' } },
    });
    expectError(nested, 400, message, { fieldName: 'colour' });
    const top = await backend.call('POST', `/rest/V1/guest-carts/${cartId}/items`, {
      body: { cartItem: { sku, qty: 1 }, giftWrap: true },
    });
    expectError(top, 400, message, { fieldName: 'giftWrap' });
    expect(await itemsOf(cartId)).toEqual([]);
  });

  it('accepts the snake_case spelling of the top-level parameter', async () => {
    const { sku } = await pickProduct(backend);
    const cartId = await newGuestCart();
    const reply = await backend.call('POST', `/rest/V1/guest-carts/${cartId}/items`, {
      body: { cart_item: { sku, qty: 2 } },
    });
    expect(reply.status).toBe(200);
    expect(await itemsOf(cartId)).toEqual([expect.objectContaining({ sku, qty: 2 })]);
  });

  it('a wrong scalar type is 400 with the already-substituted message and no parameters', async () => {
    const { sku } = await pickProduct(backend);
    const cartId = await newGuestCart();
    const reply = await backend.call('POST', `/rest/V1/guest-carts/${cartId}/items`, {
      body: { cartItem: { sku, qty: 'abc' } },
    });
    expectError(
      reply,
      400,
      'Error occurred during "qty" processing. The "abc" value\'s type is invalid. The "float" type was expected. Verify and try again.',
    );
    expect(await itemsOf(cartId)).toEqual([]);
  });

  it('qty 0 and -1 are the qty-invalid error with the value given', async () => {
    const { sku } = await pickProduct(backend);
    const cartId = await newGuestCart();
    for (const qty of [0, -1]) {
      const reply = await backend.call('POST', `/rest/V1/guest-carts/${cartId}/items`, {
        body: { cartItem: { sku, qty } },
      });
      expectFixtureError(reply, 'error-400-qty-invalid.json', { fieldName: 'qty', value: qty });
    }
    expect(await itemsOf(cartId)).toEqual([]);
  });

  it('updating a line to qty 0 is the qty-invalid error and leaves the line alone', async () => {
    const { cartId, itemId, sku } = await filledGuestCart();
    const reply = await backend.call('PUT', `/rest/V1/guest-carts/${cartId}/items/${itemId}`, {
      body: { cartItem: { qty: 0 } },
    });
    expectFixtureError(reply, 'error-400-qty-invalid.json', { fieldName: 'qty', value: 0 });
    expect(await itemsOf(cartId)).toEqual([expect.objectContaining({ sku, qty: 1 })]);
  });
});

describe('quantities Magento refuses (the fractional-quantity money leak)', () => {
  const add = (cartId: string, qty: unknown, sku: string) =>
    backend.call('POST', `/rest/V1/guest-carts/${cartId}/items`, { body: { cartItem: { sku, qty } } });
  const typeError = (value: string) =>
    `Error occurred during "qty" processing. The "${value}" value's type is invalid. The "float" type was expected. Verify and try again.`;

  it('a fraction of a whole-unit product is refused: below 1 by the minimum sale qty, above 1 as decimal', async () => {
    const { sku } = await pickProduct(backend);
    const cartId = await newGuestCart();
    // Magento_InventorySales IsCorrectQtyCondition: the minimum sale quantity (1) is checked first...
    for (const qty of [0.01, 1e-9, '0.5'])
      expectError(await add(cartId, qty, sku), 400, 'The fewest you may purchase is 1');
    // ...then whole units: 'You cannot use decimal quantity for this product.' (isDecimalQtyCheckFailed).
    for (const qty of [1.5, 2.01, '3.25'])
      expectError(await add(cartId, qty, sku), 400, 'You cannot use decimal quantity for this product.');
    expect(await itemsOf(cartId)).toEqual([]);
  });

  it('a line whose total would become fractional, or an update to a fraction, is refused and left alone', async () => {
    const { cartId, itemId, sku } = await filledGuestCart();
    expectError(await add(cartId, 0.5, sku), 400, 'You cannot use decimal quantity for this product.');
    const update = await backend.call('PUT', `/rest/V1/guest-carts/${cartId}/items/${itemId}`, {
      body: { cartItem: { qty: 0.01 } },
    });
    expectError(update, 400, 'The fewest you may purchase is 1');
    expect(await itemsOf(cartId)).toEqual([expect.objectContaining({ sku, qty: 1 })]);
  });

  it('a quantity above the maximum sale qty is refused before stock is looked at', async () => {
    const { sku } = await pickProduct(backend);
    const cartId = await newGuestCart();
    expectError(
      await add(cartId, 10001, sku),
      400,
      'The requested qty exceeds the maximum qty allowed in shopping cart',
    );
  });

  it('booleans, hex and other non-numbers are type errors of the input processor, as PHP is_numeric() decides', async () => {
    const { sku } = await pickProduct(backend);
    const cartId = await newGuestCart();
    const cases: [unknown, string][] = [
      [true, '1'],
      [false, ''],
      ['0x1A', '0x1A'],
      ['1e', '1e'],
      ['', ''],
      ['Infinity', 'Infinity'],
    ];
    for (const [qty, shown] of cases) expectError(await add(cartId, qty, sku), 400, typeError(shown));
    // Numeric strings are numbers to PHP: ' 2' adds two.
    expect((await add(cartId, ' 2', sku)).status).toBe(200);
    expect(await itemsOf(cartId)).toEqual([expect.objectContaining({ sku, qty: 2 })]);
  });

  it('a product marked is_qty_decimal takes a fractional quantity', async () => {
    const { sku } = await pickProduct(backend, 3);
    const saved = await backend.call('PUT', `/rest/V1/products/${encodeURIComponent(sku)}`, {
      token: INTEGRATION_TOKEN,
      body: { product: { sku, extension_attributes: { stock_item: { is_qty_decimal: true } } } },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.extension_attributes.stock_item.is_qty_decimal).toBe(true);
    try {
      const cartId = await newGuestCart();
      expect((await add(cartId, 1.5, sku)).status).toBe(200);
      expect(await itemsOf(cartId)).toEqual([expect.objectContaining({ sku, qty: 1.5 })]);
    } finally {
      await backend.call('PUT', `/rest/V1/products/${encodeURIComponent(sku)}`, {
        token: INTEGRATION_TOKEN,
        body: { product: { sku, extension_attributes: { stock_item: { is_qty_decimal: false } } } },
      });
    }
  });
});

describe('cart errors', () => {
  it('qty above stock is "The requested qty is not available", also when the line would exceed it', async () => {
    const product = await pickProduct(backend, 2);
    const cartId = await newGuestCart();
    const tooMany = await backend.call('POST', `/rest/V1/guest-carts/${cartId}/items`, {
      body: { cartItem: { sku: product.sku, qty: product.qty + 1 } },
    });
    expectFixtureError(tooMany, 'error-400-qty-not-available.json');
    expect(await itemsOf(cartId)).toEqual([]);

    const all = await backend.call('POST', `/rest/V1/guest-carts/${cartId}/items`, {
      body: { cartItem: { sku: product.sku, qty: product.qty } },
    });
    expect(all.status).toBe(200);
    const oneMore = await backend.call('POST', `/rest/V1/guest-carts/${cartId}/items`, {
      body: { cartItem: { sku: product.sku, qty: 1 } },
    });
    expectFixtureError(oneMore, 'error-400-qty-not-available.json');
    const update = await backend.call('PUT', `/rest/V1/guest-carts/${cartId}/items/${all.body.item_id}`, {
      body: { cartItem: { qty: product.qty + 1 } },
    });
    expectFixtureError(update, 'error-400-qty-not-available.json');
    expect(await itemsOf(cartId)).toEqual([expect.objectContaining({ sku: product.sku, qty: product.qty })]);
  });

  it('an unknown sku is the 404 product-not-found error', async () => {
    const cartId = await newGuestCart();
    const reply = await backend.call('POST', `/rest/V1/guest-carts/${cartId}/items`, {
      body: { cartItem: { sku: 'NO-SUCH-SKU-42', qty: 1 } },
    });
    expectFixtureError(reply, 'error-404-product-not-found.json');
    expectFixtureError(
      await backend.call('GET', '/rest/V1/products/NO-SUCH-SKU-42', { token: INTEGRATION_TOKEN }),
      'error-404-product-not-found.json',
    );
  });

  it('a disabled product is the 400 product-not-available error', async () => {
    const products = await allProducts(backend);
    let disabled = products.find((p) => p.status === 2);
    if (!disabled) {
      // The seeded catalogue has none; an editor disables one (the last, which no other test picks).
      const last = products[products.length - 1];
      if (!last) throw new Error('empty catalogue');
      const saved = await backend.call('PUT', `/rest/V1/products/${encodeURIComponent(last.sku)}`, {
        token: INTEGRATION_TOKEN,
        body: { product: { sku: last.sku, status: 2 } },
      });
      expect(saved.body.status).toBe(2);
      disabled = { ...last, status: 2 };
    }
    const search = await backend.call(
      'GET',
      '/rest/V1/products?searchCriteria[filterGroups][0][filters][0][field]=status&searchCriteria[filterGroups][0][filters][0][value]=2',
      { token: INTEGRATION_TOKEN },
    );
    expect((search.body.items as { sku: string }[]).map((p) => p.sku)).toContain(disabled.sku);
    const cartId = await newGuestCart();
    const reply = await backend.call('POST', `/rest/V1/guest-carts/${cartId}/items`, {
      body: { cartItem: { sku: disabled.sku, qty: 1 } },
    });
    expectFixtureError(reply, 'error-400-product-not-available.json');
    expect(await itemsOf(cartId)).toEqual([]);
  });

  it('an unknown guest cart is the 404 with fieldValue null, on every guest route', async () => {
    const { sku } = await pickProduct(backend);
    const unknown = 'ThisCartDoesNotExist0123456789ab';
    const calls: [string, string, unknown?][] = [
      ['GET', ''],
      ['GET', '/items'],
      ['GET', '/totals'],
      ['POST', '/items', { cartItem: { sku, qty: 1 } }],
      ['PUT', '/items/1', { cartItem: { qty: 1 } }],
      ['DELETE', '/items/1'],
      ['POST', '/shipping-information', SHIPPING_INFORMATION],
      ['GET', '/payment-information'],
      ['POST', '/payment-information', { email: 'a@example.com', paymentMethod: { method: 'checkmo' } }],
    ];
    for (const [method, suffix, body] of calls) {
      const reply = await backend.call(method, `/rest/V1/guest-carts/${unknown}${suffix}`, { body });
      expectFixtureError(reply, 'error-404-guest-cart-not-found.json');
    }
  });

  it('updating or deleting an item that is not in the cart is 404 with the internal quote id', async () => {
    const { cartId, quoteId, itemId, sku } = await filledGuestCart();
    const other = await filledGuestCart();
    for (const missing of [999999, other.itemId]) {
      const update = await backend.call('PUT', `/rest/V1/guest-carts/${cartId}/items/${missing}`, {
        body: { cartItem: { qty: 2 } },
      });
      expectFixtureError(update, 'error-404-cart-item-not-found.json', [String(quoteId), missing]);
      const remove = await backend.call('DELETE', `/rest/V1/guest-carts/${cartId}/items/${missing}`);
      expectFixtureError(remove, 'error-404-cart-item-not-found.json', [String(quoteId), missing]);
    }
    expect(await itemsOf(cartId)).toEqual([expect.objectContaining({ item_id: itemId, sku, qty: 1 })]);
    expect(await itemsOf(other.cartId)).toEqual([expect.objectContaining({ item_id: other.itemId, qty: 1 })]);
  });
});

describe('checkout errors', () => {
  it('shipping-information on an empty cart is the empty-cart error', async () => {
    const cartId = await newGuestCart();
    const reply = await backend.call('POST', `/rest/V1/guest-carts/${cartId}/shipping-information`, {
      body: SHIPPING_INFORMATION,
    });
    expectFixtureError(reply, 'error-400-shipping-information-empty-cart.json');
  });

  it('shipping-information without country_id is the address-missing error', async () => {
    const { cartId } = await filledGuestCart();
    const withoutCountry: Record<string, unknown> = { ...ADDRESS };
    delete withoutCountry['country_id'];
    const reply = await backend.call('POST', `/rest/V1/guest-carts/${cartId}/shipping-information`, {
      body: {
        addressInformation: { ...SHIPPING_INFORMATION.addressInformation, shipping_address: withoutCountry },
      },
    });
    expectFixtureError(reply, 'error-400-shipping-address-missing.json');
    const totals = await backend.call('GET', `/rest/V1/guest-carts/${cartId}/totals`);
    expect(totals.body.shipping_amount).toBe(0);
  });

  it('an unknown carrier method is the 404 carrier error with both codes', async () => {
    const { cartId } = await filledGuestCart();
    const reply = await backend.call('POST', `/rest/V1/guest-carts/${cartId}/shipping-information`, {
      body: {
        addressInformation: {
          ...SHIPPING_INFORMATION.addressInformation,
          shipping_carrier_code: 'flatrate',
          shipping_method_code: 'express',
        },
      },
    });
    expectFixtureError(reply, 'error-404-shipping-carrier-method-not-found.json', ['flatrate', 'express']);
  });

  it('payment-information without a shipping method is the shipping-method-missing error; no order', async () => {
    const { cartId, sku } = await filledGuestCart();
    const reply = await backend.call('POST', `/rest/V1/guest-carts/${cartId}/payment-information`, {
      body: { email: 'sam.patel@example.com', paymentMethod: { method: 'checkmo' }, billingAddress: ADDRESS },
    });
    expectFixtureError(reply, 'error-400-place-order-shipping-method-missing.json');
    // The cart is still active and intact.
    expect(await itemsOf(cartId)).toEqual([expect.objectContaining({ sku, qty: 1 })]);
  });
});

describe('searchCriteria errors', () => {
  it('GET products without searchCriteria is the required-parameter error', async () => {
    expectFixtureError(
      await backend.call('GET', '/rest/V1/products', { token: INTEGRATION_TOKEN }),
      'error-400-required-parameter.json',
    );
    expectFixtureError(
      await backend.call('GET', '/rest/V1/products?pageSize=5', { token: INTEGRATION_TOKEN }),
      'error-400-required-parameter.json',
    );
  });

  it('a bad sort direction or sort field is 400', async () => {
    const direction = await backend.call(
      'GET',
      '/rest/V1/products?searchCriteria[sortOrders][0][field]=name&searchCriteria[sortOrders][0][direction]=UP',
      { token: INTEGRATION_TOKEN },
    );
    expectError(
      direction,
      400,
      'The sort order has to be specified as %1 for ascending order or %2 for descending order.',
      ['ASC', 'DESC'],
    );
    const field = await backend.call(
      'GET',
      `/rest/V1/products?searchCriteria[sortOrders][0][field]=${encodeURIComponent('name;DROP TABLE products')}&searchCriteria[sortOrders][0][direction]=ASC`,
      { token: INTEGRATION_TOKEN },
    );
    expectError(field, 400, 'Sort order field %1 contains restricted symbols', ['name;DROP TABLE products']);
    const stillThere = await backend.call('GET', '/rest/V1/products?searchCriteria[pageSize]=1', {
      token: INTEGRATION_TOKEN,
    });
    expect(stillThere.body.total_count).toBeGreaterThan(0);
  });

  it('a non-numeric pageSize is 400', async () => {
    const reply = await backend.call('GET', '/rest/V1/products?searchCriteria[pageSize]=ten', {
      token: INTEGRATION_TOKEN,
    });
    expect(reply.status).toBe(400);
    expect(reply.body.message).toContain('"ten"');
    expectNoTrace(reply);
  });
});

describe('routing', () => {
  it('an unknown route, a wrong method and an unknown store code are the route 404', async () => {
    const misses: [string, string][] = [
      ['GET', '/rest/V1/no-such-thing'],
      ['GET', '/rest/V2/directory/countries'],
      ['DELETE', '/rest/V1/directory/countries'],
      ['POST', '/rest/V1/directory/countries'],
      ['GET', '/rest/V1/guest-carts'],
      ['GET', '/rest/xx/V1/directory/countries'],
      ['GET', '/rest/english/V1/directory/countries'],
      ['GET', '/rest'],
      ['GET', '/rest/'],
    ];
    for (const [method, path] of misses) {
      expectFixtureError(await backend.call(method, path), 'error-404-route-not-found.json');
    }
    expect((await backend.call('GET', '/nothing-here')).status).toBe(404);
  });

  it('the route 404 wins over authorization and body errors', async () => {
    expectFixtureError(
      await backend.call('POST', '/rest/xx/V1/carts/mine', { raw: '{not json' }),
      'error-404-route-not-found.json',
    );
  });

  it('no store segment, default and all all reach the same route', async () => {
    for (const prefix of ['/rest/V1', '/rest/default/V1', '/rest/all/V1']) {
      const reply = await backend.call('GET', `${prefix}/directory/countries/GB`);
      expect(reply.status, prefix).toBe(200);
      expect(reply.body.id).toBe('GB');
    }
    const created = await backend.call('POST', '/rest/default/V1/guest-carts');
    expect(created.status).toBe(200);
    const read = await backend.call('GET', `/rest/all/V1/guest-carts/${String(created.body)}`);
    expect(read.status).toBe(200);
  });
});

describe('an unexpected failure', () => {
  let broken: TestBackend;
  const logs: string[] = [];

  beforeAll(async () => {
    broken = await startTestBackend({ log: (message) => logs.push(message) });
  });
  afterAll(() => broken.stop());

  it("is a 500 with Magento's masked message; the detail goes to the log only", async () => {
    const cartId = (await broken.call('POST', '/rest/V1/guest-carts')).body as string;
    // Simulate a storage failure: the cart items table disappears under the running server.
    broken.db.exec('ALTER TABLE quote_items RENAME TO quote_items_gone');
    const reply = await broken.call('GET', `/rest/V1/guest-carts/${cartId}`);
    expect(reply.status).toBe(500);
    expect(Object.keys(reply.body)).toEqual(['message']);
    expect(reply.body.message).toMatch(
      /^Internal Error\. Details are available in Magento log file\. Report ID: webapi-[0-9a-z]+$/,
    );
    expect(JSON.stringify(reply.body)).not.toMatch(/quote_items|sqlite|SELECT/i);
    expectNoTrace(reply);
    expect(logs.some((line) => line.includes('quote_items'))).toBe(true);
    broken.db.exec('ALTER TABLE quote_items_gone RENAME TO quote_items');
    expect((await broken.call('GET', `/rest/V1/guest-carts/${cartId}`)).status).toBe(200);
  });
});
