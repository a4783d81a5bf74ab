/**
 * Invoices as Magento 2.4 makes them (`POST /V1/order/:orderId/invoice`, Sales/Model/InvoiceOrder.php)
 * and answers them (`/V1/invoices…`): a whole order or some of its items, the order moved on and its
 * invoiced figures filled, Magento's refusals word for word, the figures adding up to the order's to the
 * penny, the search by order, the comments, the ACL, and the seed's invoices of its past orders. Each
 * answer is checked against Magento Open Source 2.4's own schema.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoChild, demoFamily } from '@cleaning-shop/embedded-magento/seed/configurables.ts';
import { DEMO_CUSTOMER } from '@cleaning-shop/embedded-magento/seed/seed-database.ts';
import { INTEGRATION_TOKEN, startTestBackend, type TestBackend } from '../support/backend.ts';
import { validateOpenSourceResponse } from '../support/openapi.ts';
import {
  addLine,
  applyCode,
  guestCart,
  makeProduct,
  makeRule,
  placeAndRead,
  ship,
} from './checkout-helpers.ts';
import { expectError } from './helpers.ts';

interface WireInvoiceItem {
  order_item_id: number;
  sku: string;
  qty: number;
  price: number;
  price_incl_tax?: number;
  row_total?: number;
  tax_amount?: number;
  discount_amount?: number;
}

interface WireInvoice {
  entity_id: number;
  increment_id: string;
  order_id: number;
  state: number;
  created_at: string;
  billing_address_id?: number;
  subtotal: number;
  shipping_amount: number;
  shipping_incl_tax?: number;
  shipping_tax_amount?: number;
  discount_amount: number;
  tax_amount: number;
  discount_tax_compensation_amount: number;
  grand_total: number;
  total_qty: number;
  items: WireInvoiceItem[];
  comments: { comment: string; is_customer_notified: number; is_visible_on_front: number }[];
}

interface WireOrder {
  entity_id: number;
  state: string;
  status: string;
  created_at: string;
  billing_address_id?: number;
  subtotal: number;
  shipping_amount: number;
  shipping_incl_tax: number;
  discount_amount: number;
  tax_amount: number;
  grand_total: number;
  total_invoiced?: number;
  total_paid?: number;
  total_due: number;
  customer_id?: number;
  items: {
    item_id: number;
    parent_item_id?: number;
    sku: string;
    qty_ordered: number;
    qty_invoiced: number;
    row_invoiced: number;
  }[];
  status_histories: { status: string; created_at: string }[];
}

let backend: TestBackend;
let cheap: string;
let dear: string;

const admin = { token: INTEGRATION_TOKEN };

async function read<T>(path: string, schemaPath: string): Promise<T> {
  const reply = await backend.call('GET', `/rest/V1${path}`, admin);
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  const result = validateOpenSourceResponse('GET', `/V1${schemaPath}`, 200, reply.body);
  expect(result.ok ? [] : result.errors).toEqual([]);
  return reply.body as T;
}

const order = (id: number) => read<WireOrder>(`/orders/${id}`, `/orders/${id}`);
const invoice = (id: number) => read<WireInvoice>(`/invoices/${id}`, `/invoices/${id}`);
const invoicesOf = (orderId: number) =>
  read<{ items: WireInvoice[]; total_count: number }>(
    `/invoices?searchCriteria[filterGroups][0][filters][0][field]=order_id` +
      `&searchCriteria[filterGroups][0][filters][0][value]=${orderId}`,
    '/invoices',
  );

/** `POST /V1/order/:orderId/invoice` with the integration token, or `as` a customer (`{}`: a guest). */
const invoiceOrder = (orderId: number, body: unknown = {}, as: { token?: string } = admin) =>
  backend.call('POST', `/rest/V1/order/${orderId}/invoice`, { ...as, body });

/** Invoices and answers the new invoice's id, as the service's `int` return is answered. */
async function invoiceOk(orderId: number, body: unknown = {}): Promise<number> {
  const reply = await invoiceOrder(orderId, body);
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  expect(typeof reply.body).toBe('number');
  return reply.body as number;
}

/** A guest's order of `lines`, by standard delivery, with the discount code if given. */
async function placeOrder(
  lines: readonly (readonly [string, number])[],
  code?: string,
  configurable?: { sku: string; qty: number; product_option: unknown },
): Promise<WireOrder> {
  const cart = await guestCart(backend, []);
  for (const [sku, qty] of lines) await addLine(cart, sku, qty);
  if (configurable) expect((await cart.call('POST', '/items', { cartItem: configurable })).status).toBe(200);
  if (code) expect((await applyCode(cart, code)).status).toBe(200);
  expect((await ship(cart, 'flatrate', 'flatrate')).status).toBe(200);
  return (await placeAndRead(backend, cart)) as WireOrder;
}

const refusal = (...messages: string[]) => `Invoice Document Validation Error(s):\n${messages.join('\n')}`;
const NO_PRODUCTS = "You can't create an invoice without products.";
const cents = (value: number) => Math.round(value * 100);
const sum = (values: readonly number[]) => values.reduce((total, value) => total + cents(value), 0);

/**
 * The invoice's own figures add up: lines to subtotal, taxes to tax, parts to the grand total (the VAT
 * a discount took off prices incl VAT, its tax compensation, included).
 */
function expectAddsUp(bill: WireInvoice): void {
  expect(sum(bill.items.map((item) => item.row_total ?? 0))).toBe(cents(bill.subtotal));
  expect(sum([...bill.items.map((item) => item.tax_amount ?? 0), bill.shipping_tax_amount ?? 0])).toBe(
    cents(bill.tax_amount),
  );
  expect(
    sum([
      bill.subtotal,
      bill.shipping_amount,
      bill.discount_amount,
      bill.tax_amount,
      bill.discount_tax_compensation_amount,
    ]),
  ).toBe(cents(bill.grand_total));
}

beforeAll(async () => {
  backend = await startTestBackend();
  cheap = await makeProduct(backend, 3.33, 1);
  dear = await makeProduct(backend, 149.99, 2);
});
afterAll(() => backend.stop());

describe('invoicing a whole order', () => {
  it('answers the invoice, equal to the order to the penny, and moves the order to processing', async () => {
    const placed = await placeOrder([
      [cheap, 3],
      [dear, 1],
    ]);
    expect(placed.state).toBe('new');
    const id = await invoiceOk(placed.entity_id);
    const bill = await invoice(id);
    expect(bill).toMatchObject({
      entity_id: id,
      order_id: placed.entity_id,
      state: 2,
      billing_address_id: placed.billing_address_id,
      subtotal: placed.subtotal,
      shipping_amount: placed.shipping_amount,
      shipping_incl_tax: placed.shipping_incl_tax,
      discount_amount: placed.discount_amount,
      tax_amount: placed.tax_amount,
      grand_total: placed.grand_total,
      total_qty: 4,
      comments: [],
    });
    expect(bill.increment_id).toMatch(/^\d{9}$/);
    // Rows excl VAT: £9.99 holds £1.67 VAT (a sixth, rounded), £149.99 holds £25.00.
    expect(bill.items.map((item) => [item.sku, item.qty, item.row_total, item.tax_amount])).toEqual([
      [cheap, 3, 8.32, 1.67],
      [dear, 1, 124.99, 25],
    ]);
    // Standard delivery's £4.95 holds £0.83 VAT.
    expect(bill.shipping_tax_amount).toBe(0.83);
    expect(bill.tax_amount).toBe(27.5);
    expectAddsUp(bill);
    const after = await order(placed.entity_id);
    expect(after).toMatchObject({
      state: 'processing',
      status: 'processing',
      total_invoiced: placed.grand_total,
      total_paid: placed.grand_total,
      total_due: 0,
    });
    expect(after.items.map((item) => [item.qty_invoiced, item.row_invoiced])).toEqual([
      [3, 8.32],
      [1, 124.99],
    ]);
  });

  it('refuses a second invoice of an order invoiced in full, with Magento’s message', async () => {
    const placed = await placeOrder([[cheap, 1]]);
    await invoiceOk(placed.entity_id);
    expectError(
      await invoiceOrder(placed.entity_id),
      400,
      refusal(NO_PRODUCTS, 'An invoice cannot be created when an order has a status of processing.'),
    );
    expect((await invoicesOf(placed.entity_id)).total_count).toBe(1);
  });

  it('refuses a canceled order, and an order that does not exist', async () => {
    const placed = await placeOrder([[cheap, 2]]);
    const canceled = await backend.call('POST', '/rest/V1/orders/', {
      ...admin,
      body: { entity: { entity_id: placed.entity_id, status: 'canceled' } },
    });
    expect(canceled.status, JSON.stringify(canceled.body)).toBe(200);
    expectError(
      await invoiceOrder(placed.entity_id),
      400,
      refusal(NO_PRODUCTS, 'An invoice cannot be created when an order has a status of canceled.'),
    );
    expect((await invoicesOf(placed.entity_id)).total_count).toBe(0);
    expectError(
      await invoiceOrder(999_999),
      404,
      "The entity that was requested doesn't exist. Verify the entity and try again.",
    );
  });
});

describe('invoicing part of an order', () => {
  it('invoices the items asked for, shipping on the first invoice, the rest adding up to the order', async () => {
    const placed = await placeOrder([
      [cheap, 3],
      [dear, 2],
    ]);
    const [cheapItem, dearItem] = placed.items;
    const first = await invoice(
      await invoiceOk(placed.entity_id, { items: [{ order_item_id: cheapItem?.item_id, qty: 1 }] }),
    );
    // A third of the row's £8.32 excl VAT (£9.99 less its £1.67 VAT).
    expect(first.items.map((item) => [item.sku, item.qty, item.row_total])).toEqual([[cheap, 1, 2.77]]);
    expect(first).toMatchObject({ subtotal: 2.77, shipping_amount: placed.shipping_amount, total_qty: 1 });
    expectAddsUp(first);
    const between = await order(placed.entity_id);
    expect(between).toMatchObject({ state: 'processing', total_invoiced: first.grand_total });
    expect(between.items.map((item) => item.qty_invoiced)).toEqual([1, 0]);

    const rest = await invoice(await invoiceOk(placed.entity_id));
    expect(rest.items.map((item) => [item.order_item_id, item.qty])).toEqual([
      [cheapItem?.item_id, 2],
      [dearItem?.item_id, 2],
    ]);
    expect(rest.shipping_amount).toBe(0);
    expect(rest).not.toHaveProperty('shipping_incl_tax');
    expectAddsUp(rest);
    expect(sum([first.subtotal, rest.subtotal])).toBe(cents(placed.subtotal));
    expect(sum([first.grand_total, rest.grand_total])).toBe(cents(placed.grand_total));
    const done = await order(placed.entity_id);
    expect(done.total_paid).toBe(placed.grand_total);
    expect(done.total_due).toBe(0);
  });

  it('shares a discount out by quantity, the last invoice taking what is left', async () => {
    await makeRule(backend, 'INVOICE10', { simple_action: 'by_percent', discount_amount: 10 });
    const placed = await placeOrder([[cheap, 3]], 'INVOICE10');
    expect(placed.discount_amount).toBe(-1);
    const item = placed.items[0];
    const first = await invoice(
      await invoiceOk(placed.entity_id, { items: [{ order_item_id: item?.item_id, qty: 1 }] }),
    );
    const rest = await invoice(await invoiceOk(placed.entity_id));
    expect([first.items[0]?.discount_amount, rest.items[0]?.discount_amount]).toEqual([0.33, 0.67]);
    expect([first.discount_amount, rest.discount_amount]).toEqual([-0.33, -0.67]);
    expectAddsUp(first);
    expectAddsUp(rest);
    expect(sum([first.grand_total, rest.grand_total])).toBe(cents(placed.grand_total));
  });

  it('invoices a configurable’s pair of items: the child follows its parent, priced on it', async () => {
    const shampoo = demoFamily('HG-DT-CARSHAMPOO');
    const fiveLitres = demoChild(shampoo, '5 l');
    const product_option = {
      extension_attributes: {
        configurable_item_options: [
          { option_id: String(shampoo.attributeId), option_value: fiveLitres.valueId },
        ],
      },
    };
    const placed = await placeOrder([], undefined, { sku: shampoo.parentSku, qty: 3, product_option });
    const [parent, child] = placed.items;
    expect(child?.parent_item_id).toBe(parent?.item_id);
    const first = await invoice(
      await invoiceOk(placed.entity_id, { items: [{ order_item_id: parent?.item_id, qty: 1 }] }),
    );
    // `prepareInvoice()` counts the child's quantity in `total_qty` too.
    expect(first.total_qty).toBe(2);
    // Excl VAT: the row of 3 at £24.99, £74.97, holds £12.50 VAT (a sixth, rounded): £62.47, £20.82 each.
    expect(fiveLitres.price).toBe(24.99);
    expect(first.items.map((item) => [item.order_item_id, item.qty, item.price, item.row_total])).toEqual([
      [parent?.item_id, 1, 20.82, 20.82],
      [child?.item_id, 1, 0, undefined],
    ]);
    expectAddsUp(first);
    const rest = await invoice(await invoiceOk(placed.entity_id));
    // Nothing asked for: `prepareInvoice()` gives a dummy item its ordered quantity whatever was invoiced
    // of it, so the child's count runs past its parent's, as on Magento; the money is the parent's alone.
    expect(rest.items.map((item) => item.qty)).toEqual([2, 3]);
    expectAddsUp(rest);
    const done = await order(placed.entity_id);
    expect(done.items.map((item) => item.qty_invoiced)).toEqual([3, 4]);
    expect(done.total_invoiced).toBe(placed.grand_total);
  });

  it('refuses more than is left of an item, naming it as Magento does', async () => {
    const placed = await placeOrder([[dear, 2]]);
    const item = placed.items[0];
    const reply = await invoiceOrder(placed.entity_id, { items: [{ order_item_id: item?.item_id, qty: 3 }] });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({
      message: 'We found an invalid quantity to invoice item "%1".',
      parameters: [(await backend.call('GET', `/rest/V1/products/${dear}`, admin)).body.name],
    });
    expect((await order(placed.entity_id)).state).toBe('new');
  });
});

describe('reading invoices', () => {
  it('finds an order’s invoices by order_id, and an invoice’s comments', async () => {
    const placed = await placeOrder([[cheap, 2]]);
    const item = placed.items[0];
    const first = await invoiceOk(placed.entity_id, {
      items: [{ order_item_id: item?.item_id, qty: 1 }],
      notify: true,
      appendComment: true,
      comment: { comment: 'Paid by bank transfer', is_visible_on_front: 1 },
    });
    const second = await invoiceOk(placed.entity_id);
    const found = await invoicesOf(placed.entity_id);
    expect(found.total_count).toBe(2);
    expect(found.items.map((bill) => [bill.entity_id, bill.order_id])).toEqual([
      [first, placed.entity_id],
      [second, placed.entity_id],
    ]);
    const comments = await read<{ items: unknown[]; total_count: number }>(
      `/invoices/${first}/comments`,
      `/invoices/${first}/comments`,
    );
    expect(comments.items).toEqual([
      {
        is_customer_notified: 1,
        parent_id: first,
        comment: 'Paid by bank transfer',
        is_visible_on_front: 1,
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
        entity_id: expect.any(Number),
      },
    ]);
    expect((await invoice(first)).comments).toEqual(comments.items);
    expect((await invoice(second)).comments).toEqual([]);
  });

  it('answers Magento’s refusals for an invoice that does not exist', async () => {
    expectError(
      await backend.call('GET', '/rest/V1/invoices/999999', admin),
      404,
      "The entity that was requested doesn't exist. Verify the entity and try again.",
    );
    expectError(
      await backend.call('GET', '/rest/V1/invoices/0', admin),
      400,
      'An ID is needed. Set the ID and try again.',
    );
  });
});

describe('who may invoice', () => {
  it('refuses guests and customers: Magento_Sales::sales_invoice', async () => {
    const customer = await backend.newCustomer();
    const placed = await placeOrder([[cheap, 1]]);
    const refused = { resources: 'Magento_Sales::sales_invoice' };
    for (const token of [customer.token, undefined]) {
      expectError(
        await invoiceOrder(placed.entity_id, {}, token === undefined ? {} : { token }),
        401,
        "The consumer isn't authorized to access %resources.",
        refused,
      );
      for (const path of ['/invoices/1', '/invoices/1/comments', '/invoices?searchCriteria[pageSize]=1'])
        expectError(
          await backend.call('GET', `/rest/V1${path}`, { token }),
          401,
          "The consumer isn't authorized to access %resources.",
          refused,
        );
    }
    expect((await order(placed.entity_id)).state).toBe('new');
  });
});

describe('the seed', () => {
  it('invoiced each past order that is processing or complete, when it became processing', async () => {
    const orders = await read<{ items: WireOrder[] }>(
      `/orders?searchCriteria[filterGroups][0][filters][0][field]=customer_email` +
        `&searchCriteria[filterGroups][0][filters][0][value]=${DEMO_CUSTOMER.email}`,
      '/orders',
    );
    expect(orders.items.length).toBeGreaterThan(0);
    for (const past of orders.items) {
      const bills = (await invoicesOf(past.entity_id)).items;
      if (past.state === 'canceled') {
        expect(bills).toEqual([]);
        continue;
      }
      expect(bills).toHaveLength(1);
      const [bill] = bills;
      if (!bill) continue;
      const processing = past.status_histories.find((entry) => entry.status === 'processing');
      expect(bill.created_at).toBe(processing?.created_at ?? past.created_at);
      expect([bill.grand_total, bill.subtotal]).toEqual([past.grand_total, past.subtotal]);
      expectAddsUp(bill);
      expect(past).toMatchObject({ total_invoiced: past.grand_total, total_paid: past.grand_total });
      expect(['processing', 'complete']).toContain(past.state);
    }
  });
});
