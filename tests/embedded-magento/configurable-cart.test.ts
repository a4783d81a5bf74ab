/**
 * Configurable products in the cart and the order, as Magento 2.4 answers them (COMMERCE-BASICS.md §3.3):
 * the parent's sku with `configurable_item_options` chooses a child; the line carries the child's sku, the
 * parent's name, type `configurable` and the choice; every way of not choosing is "You need to choose
 * options for your item."; the same choice adds up, another makes a line; an update keeps or switches the
 * choice; the totals name the option; the order holds Magento's pair of items. The products are the demo
 * catalogue's families (DEMO_CONFIGURABLES), which the test back end seeds.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  demoChild,
  demoFamily,
  type DemoConfigurable,
} from '@cleaning-shop/embedded-magento/seed/configurables.ts';
import { INTEGRATION_TOKEN, startTestBackend, type TestBackend } from '../support/backend.ts';
import { validateOpenSourceResponse, validateResponse } from '../support/openapi.ts';
import {
  customerCart,
  guestCart,
  makeProduct,
  placeAndRead,
  ship,
  totalsOf,
  type TestCart,
} from './checkout-helpers.ts';
import { expectError } from './helpers.ts';

const CHOOSE = 'You need to choose options for your item.';

let backend: TestBackend;
beforeAll(async () => {
  backend = await startTestBackend();
});
afterAll(() => backend.stop());

/** Car Shampoo: 1 l (7.99), 2.5 l (14.99, sold out), 5 l (24.99); no tiers. */
const shampoo = demoFamily('HG-DT-CARSHAMPOO');

/** Magento's `product_option` choosing `label` of the family's attribute. */
const choosing = (label: string, of: DemoConfigurable = shampoo) => ({
  extension_attributes: {
    configurable_item_options: [
      { option_id: String(of.attributeId), option_value: demoChild(of, label).valueId },
    ],
  },
});

const addChoice = (cart: TestCart, label: string, qty = 1, of: DemoConfigurable = shampoo) =>
  cart.call('POST', '/items', {
    cartItem: { sku: of.parentSku, qty, product_option: choosing(label, of) },
  });

/**
 * An item answer, checked against Magento's schema for that call (the storefront subset's, or Open
 * Source's for the item list the subset leaves out).
 */
function expectItem(cart: TestCart, method: string, sub: string, reply: { status: number; body: unknown }) {
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  const validate = method === 'GET' ? validateOpenSourceResponse : validateResponse;
  const checked = validate(method, `${cart.path.replace(/^\/rest/, '')}${sub}`, 200, reply.body);
  expect(checked.ok ? [] : checked.errors).toEqual([]);
}

describe('adding a configurable with its options', () => {
  it("puts the chosen child in a guest's cart under the parent's name", async () => {
    const cart = await guestCart(backend, []);
    const added = await addChoice(cart, '5 l', 2);
    expectItem(cart, 'POST', '/items', added);
    expect(added.body).toEqual({
      item_id: expect.any(Number),
      sku: demoChild(shampoo, '5 l').sku,
      qty: 2,
      name: shampoo.name,
      price: 24.99,
      product_type: 'configurable',
      quote_id: expect.any(String),
      product_option: choosing('5 l'),
    });
    expect(Object.keys(added.body as object)).toEqual([
      'item_id',
      'sku',
      'qty',
      'name',
      'price',
      'product_type',
      'quote_id',
      'product_option',
    ]);

    const listed = await cart.call('GET', '/items');
    expectItem(cart, 'GET', '/items', listed);
    expect(listed.body).toEqual([{ ...added.body, quote_id: cart.path.split('/').pop() }]);
    const read = await cart.call('GET', '');
    expect(read.body.items).toEqual([added.body]);
  });

  it("does the same for a customer's cart, and echoes an option value sent as a numeric string as an int", async () => {
    const customer = await backend.newCustomer();
    const cart = await customerCart(backend, customer.token, []);
    const added = await cart.call('POST', '/items', {
      cartItem: {
        sku: shampoo.parentSku,
        qty: 1,
        product_option: {
          extension_attributes: {
            configurable_item_options: [
              { option_id: shampoo.attributeId, option_value: String(demoChild(shampoo, '1 l').valueId) },
            ],
          },
        },
      },
    });
    expectItem(cart, 'POST', '/items', added);
    expect(added.body).toMatchObject({
      sku: demoChild(shampoo, '1 l').sku,
      name: shampoo.name,
      price: 7.99,
      product_type: 'configurable',
      product_option: choosing('1 l'),
    });
    const mine = await backend.call('GET', '/rest/V1/carts/mine', { token: customer.token });
    expect(mine.body.items).toEqual([added.body]);
  });

  it("refuses every way of not choosing with Magento's message", async () => {
    const cart = await guestCart(backend, []);
    const attribute = String(shampoo.attributeId);
    const refusals: unknown[] = [
      undefined,
      { extension_attributes: {} },
      { extension_attributes: { configurable_item_options: [] } },
      // The attribute and option Magento's own test sends (testAddProductWithIncorrectOptions).
      { extension_attributes: { configurable_item_options: [{ option_id: '1000', option_value: 2000 }] } },
      // An option of another family's attribute: no child has it.
      {
        extension_attributes: { configurable_item_options: [{ option_id: attribute, option_value: 999999 }] },
      },
      // The 2.5 l child is sold out, and out-of-stock children are hidden.
      choosing('2.5 l'),
    ];
    for (const productOption of refusals) {
      const reply = await cart.call('POST', '/items', {
        cartItem: {
          sku: shampoo.parentSku,
          qty: 1,
          ...(productOption === undefined ? {} : { product_option: productOption }),
        },
      });
      expectError(reply, 400, CHOOSE);
    }
    expect((await cart.call('GET', '/items')).body).toEqual([]);
  });

  it('refuses an option value that is not an integer as the web API does', async () => {
    const cart = await guestCart(backend, []);
    const reply = await cart.call('POST', '/items', {
      cartItem: {
        sku: shampoo.parentSku,
        qty: 1,
        product_option: {
          extension_attributes: {
            configurable_item_options: [{ option_id: String(shampoo.attributeId), option_value: 'abc' }],
          },
        },
      },
    });
    expectError(
      reply,
      400,
      'Error occurred during "option_value" processing. The "abc" value\'s type is invalid. The "int" type was expected. Verify and try again.',
    );
  });

  it("checks the quantity against the child's stock", async () => {
    const cart = await guestCart(backend, []);
    expectError(await addChoice(cart, '5 l', 5000), 400, 'The requested qty is not available');
  });

  it('adds the same choice onto its line and another choice as a new line', async () => {
    const cart = await guestCart(backend, []);
    const first = await addChoice(cart, '5 l');
    const again = await addChoice(cart, '5 l', 2);
    expect(again.body).toMatchObject({
      item_id: first.body.item_id,
      qty: 3,
      sku: demoChild(shampoo, '5 l').sku,
    });
    const other = await addChoice(cart, '1 l');
    expect(other.body.item_id).not.toBe(first.body.item_id);
    const lines = (await cart.call('GET', '/items')).body as { sku: string; qty: number }[];
    expect(lines.map((line) => [line.sku, line.qty])).toEqual([
      [demoChild(shampoo, '5 l').sku, 3],
      [demoChild(shampoo, '1 l').sku, 1],
    ]);
  });

  it('sells a configurable none of whose children is in stock as not available', async () => {
    const kit = demoFamily('HG-SC-SC3KIT');
    for (const each of kit.children) {
      const saved = await backend.call('PUT', `/rest/V1/products/${each.sku}`, {
        token: INTEGRATION_TOKEN,
        body: {
          product: { sku: each.sku, extension_attributes: { stock_item: { qty: 0, is_in_stock: false } } },
        },
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    }
    const cart = await guestCart(backend, []);
    expectError(
      await addChoice(cart, 'Standard', 1, kit),
      400,
      'Product that you are trying to add is not available.',
    );
  });
});

describe('changing a configurable line', () => {
  it('keeps the choice when only the quantity changes', async () => {
    const cart = await guestCart(backend, []);
    const added = await addChoice(cart, '5 l');
    const itemId = added.body.item_id as number;
    const qtyOnly = await cart.call('PUT', `/items/${itemId}`, { cartItem: { qty: 3 } });
    expectItem(cart, 'PUT', `/items/${itemId}`, qtyOnly);
    expect(qtyOnly.body).toMatchObject({
      item_id: itemId,
      qty: 3,
      sku: demoChild(shampoo, '5 l').sku,
      product_option: choosing('5 l'),
    });
    const withNull = await cart.call('PUT', `/items/${itemId}`, {
      cartItem: { qty: 2, product_option: null },
    });
    expect(withNull.body).toMatchObject({ item_id: itemId, qty: 2, product_option: choosing('5 l') });
  });

  it('switches the variant when new options come, the line taking its new price', async () => {
    const cart = await guestCart(backend, []);
    const added = await addChoice(cart, '5 l', 2);
    const itemId = added.body.item_id as number;
    const switched = await cart.call('PUT', `/items/${itemId}`, {
      cartItem: { qty: 2, product_option: choosing('1 l') },
    });
    expectItem(cart, 'PUT', `/items/${itemId}`, switched);
    expect(switched.body).toMatchObject({
      sku: demoChild(shampoo, '1 l').sku,
      qty: 2,
      name: shampoo.name,
      price: 7.99,
      product_type: 'configurable',
      product_option: choosing('1 l'),
    });
    const lines = (await cart.call('GET', '/items')).body as { item_id: number; sku: string }[];
    expect(lines).toHaveLength(1);
    expect(lines[0]?.sku).toBe(demoChild(shampoo, '1 l').sku);
    expect(lines[0]?.item_id).toBe(switched.body.item_id);
  });

  it('moves onto the line that already holds the new choice', async () => {
    const cart = await guestCart(backend, []);
    const five = await addChoice(cart, '5 l', 2);
    const one = await addChoice(cart, '1 l', 1);
    const moved = await cart.call('PUT', `/items/${five.body.item_id as number}`, {
      cartItem: { qty: 2, product_option: choosing('1 l') },
    });
    expect(moved.body).toMatchObject({
      item_id: one.body.item_id,
      qty: 3,
      sku: demoChild(shampoo, '1 l').sku,
    });
    expect((await cart.call('GET', '/items')).body).toHaveLength(1);
  });

  it('refuses a switch to a sold-out child and leaves the line as it was', async () => {
    const cart = await guestCart(backend, []);
    const added = await addChoice(cart, '5 l');
    const reply = await cart.call('PUT', `/items/${added.body.item_id as number}`, {
      cartItem: { qty: 1, product_option: choosing('2.5 l') },
    });
    expectError(reply, 400, CHOOSE);
    expect((await cart.call('GET', '/items')).body).toEqual([
      { ...added.body, quote_id: cart.path.split('/').pop() },
    ]);
  });
});

describe('totals and the order', () => {
  it("names the chosen option in the totals item's options, a simple product's staying []", async () => {
    const simple = await makeProduct(backend, 10, 1);
    const cart = await guestCart(backend, [[simple, 1]]);
    await addChoice(cart, '5 l');
    const totals = await totalsOf(cart);
    const items = totals.items as { name: string; options: string; price_incl_tax: number }[];
    expect(items.map((item) => item.options)).toEqual([
      '[]',
      JSON.stringify([{ value: '5 l', label: shampoo.attributeLabel }]),
    ]);
    expect(JSON.parse(items[1]?.options ?? '')).toEqual([{ value: '5 l', label: 'Volume' }]);
    expect(items[1]).toMatchObject({ name: shampoo.name, price_incl_tax: 24.99 });
    expect(totals.subtotal_incl_tax).toBe(34.99);
  });

  it("orders the pair Magento keeps: the configurable's item and its child's under it", async () => {
    const sold = demoChild(shampoo, '5 l');
    const before = await backend.call('GET', `/rest/V1/products/${sold.sku}`, { token: INTEGRATION_TOKEN });
    const stock = before.body.extension_attributes.stock_item.qty as number;
    const cart = await guestCart(backend, []);
    await addChoice(cart, '5 l', 2);
    expect((await ship(cart, 'flatrate', 'flatrate')).status).toBe(200);
    const order = await placeAndRead(backend, cart);

    const [parent, hidden] = order.items as Record<string, unknown>[];
    expect(order.items).toHaveLength(2);
    expect(parent).toMatchObject({
      name: shampoo.name,
      sku: sold.sku,
      product_type: 'configurable',
      // £49.98 incl VAT holds £8.33 VAT: £41.65 excl.
      price_incl_tax: 24.99,
      qty_ordered: 2,
      row_total_incl_tax: 49.98,
      row_total: 41.65,
      tax_amount: 8.33,
      tax_percent: 20,
      product_option: choosing('5 l'),
    });
    expect(parent).not.toHaveProperty('parent_item_id');
    expect(parent).not.toHaveProperty('parent_item');
    expect(hidden).toMatchObject({
      name: sold.name,
      sku: sold.sku,
      product_type: 'simple',
      price: 0,
      row_total: 0,
      qty_ordered: 2,
      parent_item_id: parent?.['item_id'],
      parent_item: { ...parent },
    });
    expect(hidden).not.toHaveProperty('product_option');
    expect(order).toMatchObject({
      subtotal: 41.65,
      subtotal_incl_tax: 49.98,
      total_qty_ordered: 2,
      total_item_count: 1,
    });

    const after = await backend.call('GET', `/rest/V1/products/${sold.sku}`, { token: INTEGRATION_TOKEN });
    expect(after.body.extension_attributes.stock_item.qty).toBe(stock - 2);

    const listed = await backend.call(
      'GET',
      `/rest/V1/orders?searchCriteria[filterGroups][0][filters][0][field]=entity_id&searchCriteria[filterGroups][0][filters][0][value]=${String(order.entity_id)}`,
      { token: INTEGRATION_TOKEN },
    );
    expect(listed.body.items[0].items).toEqual(order.items);
  });
});
