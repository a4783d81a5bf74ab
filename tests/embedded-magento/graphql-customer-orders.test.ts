/**
 * The customer's invoices through GraphQL (`customer { orders { items { invoices } } }`, SalesGraphQl):
 * the owner sees each order's invoices with the figures REST gives, another customer sees none of them,
 * and a guest gets Magento's authorization error.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTEGRATION_TOKEN, startTestBackend, type TestBackend } from '../support/backend.ts';
import { placeTestOrder } from '../support/orders.ts';
import { makeProduct } from './checkout-helpers.ts';
import { expectData, gql } from './graphql-helpers.ts';

const ORDERS = `query Orders($pageSize: Int, $number: String) {
  customer {
    orders(pageSize: $pageSize, filter: { number: { eq: $number } }) {
      total_count
      page_info { current_page page_size total_pages }
      items {
        id number status order_date
        total { grand_total { value currency } }
        invoices {
          id number
          total {
            subtotal { value currency } grand_total { value currency } total_tax { value currency }
            total_shipping { value currency } discounts { label amount { value } } taxes { title }
            shipping_handling { total_amount { value } amount_including_tax { value } }
          }
          items {
            __typename id product_name product_sku quantity_invoiced
            product_sale_price { value currency } discounts { label }
          }
          comments { message timestamp }
        }
      }
    }
  }
}`;

interface RestInvoice {
  entity_id: number;
  increment_id: string;
  subtotal: number;
  grand_total: number;
  tax_amount: number;
  shipping_amount: number;
  /** Set on the invoice that charges the delivery. */
  shipping_incl_tax?: number;
  items: { entity_id: number; sku: string; qty: number; price: number }[];
}

let backend: TestBackend;
let owner: { token: string; id: number };
let stranger: { token: string };
let orderId: number;
let orderNumber: string;
let invoices: RestInvoice[];

const admin = { token: INTEGRATION_TOKEN };
const uid = (id: number) => Buffer.from(String(id)).toString('base64');

beforeAll(async () => {
  backend = await startTestBackend();
  owner = await backend.newCustomer();
  stranger = await backend.newCustomer();
  const skus = [await makeProduct(backend, 12.5, 1), await makeProduct(backend, 4.2, 1)];
  const placed = await placeTestOrder(backend, {
    token: owner.token,
    lines: [
      { sku: skus[0] ?? '', qty: 2 },
      { sku: skus[1] ?? '', qty: 1 },
    ],
  });
  orderId = placed.id;
  orderNumber = placed.number;
  const order = (await backend.call('GET', `/rest/V1/orders/${orderId}`, admin)).body;
  const first = await backend.call('POST', `/rest/V1/order/${orderId}/invoice`, {
    ...admin,
    body: {
      items: [{ order_item_id: order.items[0].item_id, qty: 1 }],
      comment: { comment: 'First of two deliveries', is_visible_on_front: 1 },
    },
  });
  expect(first.status, JSON.stringify(first.body)).toBe(200);
  const second = await backend.call('POST', `/rest/V1/order/${orderId}/invoice`, {
    ...admin,
    body: { comment: { comment: 'For the accounts team only', is_visible_on_front: 0 } },
  });
  expect(second.status, JSON.stringify(second.body)).toBe(200);
  invoices = await Promise.all(
    [first.body, second.body].map(
      async (id) => (await backend.call('GET', `/rest/V1/invoices/${id}`, admin)).body as RestInvoice,
    ),
  );
});
afterAll(() => backend.stop());

describe('Customer.orders with invoices', () => {
  it('gives the owner the order and its invoices, with REST’s figures and the comments shown in store', async () => {
    const data = expectData(await gql(backend, ORDERS, { token: owner.token }));
    const orders = data.customer.orders;
    expect(orders.total_count).toBe(1);
    expect(orders.page_info).toEqual({ current_page: 1, page_size: 20, total_pages: 1 });
    const [order] = orders.items;
    expect(order).toMatchObject({ id: uid(orderId), number: orderNumber, status: 'Processing' });
    const money = (value: number) => ({ value, currency: 'GBP' });
    expect(order.invoices).toEqual(
      invoices.map((invoice) => ({
        id: uid(invoice.entity_id),
        number: invoice.increment_id,
        total: {
          subtotal: money(invoice.subtotal),
          grand_total: money(invoice.grand_total),
          total_tax: money(invoice.tax_amount),
          total_shipping: money(invoice.shipping_amount),
          discounts: [],
          taxes: [],
          shipping_handling: {
            total_amount: { value: invoice.shipping_amount },
            amount_including_tax: { value: invoice.shipping_incl_tax ?? 0 },
          },
        },
        items: invoice.items.map((item) => ({
          __typename: 'InvoiceItem',
          id: uid(item.entity_id),
          product_name: expect.any(String),
          product_sku: item.sku,
          quantity_invoiced: item.qty,
          product_sale_price: money(item.price),
          discounts: [],
        })),
        comments: expect.any(Array),
      })),
    );
    expect(order.invoices.map((invoice: { comments: { message: string }[] }) => invoice.comments)).toEqual([
      [{ message: 'First of two deliveries', timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\d /) }],
      [],
    ]);
    const paid = invoices.reduce((sum, invoice) => sum + Math.round(invoice.grand_total * 100), 0);
    expect(paid).toBe(Math.round(order.total.grand_total.value * 100));
  });

  it('finds an order by its number, and nothing for another number', async () => {
    const found = expectData(
      await gql(backend, ORDERS, { token: owner.token, variables: { number: orderNumber } }),
    );
    expect(found.customer.orders.items.map((order: { number: string }) => order.number)).toEqual([
      orderNumber,
    ]);
    const none = expectData(
      await gql(backend, ORDERS, { token: owner.token, variables: { number: '999999999' } }),
    );
    expect(none.customer.orders).toMatchObject({ total_count: 0, items: [] });
  });

  it('filters by status, date and grand total as Magento’s OrderFilter does', async () => {
    const query = `query Filtered($filter: CustomerOrdersFilterInput) {
      customer { orders(filter: $filter) { total_count items { number } } }
    }`;
    const count = async (filter: unknown) =>
      expectData(await gql(backend, query, { token: owner.token, variables: { filter } })).customer.orders
        .total_count;
    expect(await count({ status: { eq: 'processing' } })).toBe(1);
    expect(await count({ status: { in: ['pending', 'complete'] } })).toBe(0);
    expect(await count({ order_date: { from: '2000-01-01 00:00:00' } })).toBe(1);
    expect(await count({ grand_total: { from: '100000' } })).toBe(0);
    expect(await count({ number: { match: orderNumber.slice(-3) } })).toBe(1);
  });

  it('shows another customer none of them', async () => {
    const data = expectData(await gql(backend, ORDERS, { token: stranger.token }));
    expect(data.customer.orders).toEqual({
      total_count: 0,
      page_info: { current_page: 1, page_size: 20, total_pages: 0 },
      items: [],
    });
  });

  it('refuses a guest as Magento does, and a page size below 1', async () => {
    const guest = await gql(backend, ORDERS);
    // `GraphQlAuthorizationException` decides the status (`GraphQl\ExceptionFormatter`): 403.
    expect(guest.status).toBe(403);
    expect(guest.body.data).toEqual({ customer: null });
    expect(guest.body.errors).toMatchObject([
      {
        message: "The current customer isn't authorized.",
        extensions: { category: 'graphql-authorization' },
        path: ['customer'],
      },
    ]);
    const zero = await gql(backend, ORDERS, { token: owner.token, variables: { pageSize: 0 } });
    expect(zero.body.errors).toMatchObject([
      { message: 'pageSize value must be greater than 0.', extensions: { category: 'graphql-input' } },
    ]);
  });
});
