/**
 * Past orders in the seed: the demo customer has four on a fresh start, in Magento's order shape, paid
 * and shipped as checkout would have done them, numbered in checkout's sequence, without touching stock;
 * and `seedCustomerOrders` writes a thousand for one customer that list a page at a time.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateCatalogue } from '@cleaning-shop/embedded-magento/seed/catalogue.ts';
import { seedCustomerOrders } from '@cleaning-shop/embedded-magento/seed/orders.ts';
import { DEMO_CUSTOMER } from '@cleaning-shop/embedded-magento/seed/seed-database.ts';
import { INTEGRATION_TOKEN, pickProduct, startTestBackend, type TestBackend } from '../support/backend.ts';
import { validateResponse } from '../support/openapi.ts';
import { ADDRESS, allProducts, SHIPPING_INFORMATION } from './helpers.ts';

interface WireAddress {
  street: string[];
  city: string;
  postcode: string;
  country_id: string;
  firstname: string;
  lastname: string;
  email: string;
}

interface WireOrder {
  entity_id: number;
  increment_id: string;
  quote_id: number;
  created_at: string;
  updated_at: string;
  status: string;
  state: string;
  customer_id: number;
  customer_email: string;
  subtotal: number;
  subtotal_incl_tax: number;
  shipping_amount: number;
  shipping_incl_tax: number;
  shipping_tax_amount: number;
  shipping_description: string;
  discount_amount: number;
  tax_amount: number;
  base_tax_amount: number;
  grand_total: number;
  total_qty_ordered: number;
  items: {
    sku: string;
    name: string;
    price: number;
    price_incl_tax: number;
    qty_ordered: number;
    row_total: number;
    row_total_incl_tax: number;
    tax_amount: number;
    tax_percent: number;
  }[];
  billing_address: WireAddress;
  payment: { method: string };
  status_histories: { status: string; created_at: string }[];
  extension_attributes: { shipping_assignments: { shipping: { address: WireAddress; method: string } }[] };
}

/** The VAT in an amount incl 20 % VAT, in pence: a sixth of it, to the nearest penny. */
const vatIn = (amountInclVat: number): number => Math.round(pence(amountInclVat) / 6);

/** A line priced incl VAT (as the catalogue is): its VAT taken out of the row, as Magento's row tax does. */
function expectVatIncluded(item: WireOrder['items'][number]): void {
  expect(pence(item.row_total_incl_tax)).toBe(pence(item.price_incl_tax * item.qty_ordered));
  expect(item.tax_percent).toBe(20);
  expect(pence(item.tax_amount)).toBe(vatIn(item.row_total_incl_tax));
  expect(pence(item.row_total)).toBe(pence(item.row_total_incl_tax) - pence(item.tax_amount));
  expect(pence(item.price)).toBe(Math.round(pence(item.row_total) / item.qty_ordered));
}

/** The order's VAT is its rows' and its delivery's; the rest excl VAT; the grand total all of it. */
function expectOrderVat(order: WireOrder): void {
  const sum = (amount: (item: WireOrder['items'][number]) => number) =>
    order.items.reduce((total, item) => total + pence(amount(item)), 0);
  expect(pence(order.subtotal)).toBe(sum((item) => item.row_total));
  expect(pence(order.subtotal_incl_tax)).toBe(sum((item) => item.row_total_incl_tax));
  expect(pence(order.shipping_tax_amount)).toBe(vatIn(order.shipping_incl_tax));
  expect(pence(order.shipping_amount)).toBe(
    pence(order.shipping_incl_tax) - pence(order.shipping_tax_amount),
  );
  expect(pence(order.tax_amount)).toBe(sum((item) => item.tax_amount) + pence(order.shipping_tax_amount));
  expect(order.base_tax_amount).toBe(order.tax_amount);
  expect(pence(order.grand_total)).toBe(
    pence(order.subtotal) + pence(order.shipping_amount) + pence(order.tax_amount),
  );
  expect(pence(order.grand_total)).toBe(pence(order.subtotal_incl_tax) + pence(order.shipping_incl_tax));
}

let backend: TestBackend;
let demo: { id: number; token: string; address: Record<string, unknown> };

const admin = (path: string) => backend.call('GET', `/rest/V1${path}`, { token: INTEGRATION_TOKEN });

/** "My orders": the customer's orders, newest first, `size` a page. */
async function ordersOf(customerId: number, page = 1, size = 10) {
  const reply = await admin(
    `/orders?searchCriteria[filterGroups][0][filters][0][field]=customer_id` +
      `&searchCriteria[filterGroups][0][filters][0][value]=${customerId}` +
      '&searchCriteria[sortOrders][0][field]=created_at&searchCriteria[sortOrders][0][direction]=DESC' +
      '&searchCriteria[sortOrders][1][field]=entity_id&searchCriteria[sortOrders][1][direction]=DESC' +
      `&searchCriteria[pageSize]=${size}&searchCriteria[currentPage]=${page}`,
  );
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  const result = validateResponse('GET', '/V1/orders', 200, reply.body);
  expect(result.ok ? [] : result.errors).toEqual([]);
  return reply.body as { items: WireOrder[]; total_count: number };
}

const pence = (value: number) => Math.round(value * 100);

/** The demo customer signed in: id, token and default address, as `customers/me` gives them. */
async function signInDemo(on: TestBackend) {
  const token = (
    await on.call('POST', '/rest/V1/integration/customer/token', {
      body: { username: DEMO_CUSTOMER.email, password: DEMO_CUSTOMER.password },
    })
  ).body as string;
  const me = (await on.call('GET', '/rest/V1/customers/me', { token })).body;
  return { id: me.id as number, token, address: me.addresses[0] as Record<string, unknown> };
}

beforeAll(async () => {
  backend = await startTestBackend();
  demo = await signInDemo(backend);
});
afterAll(() => backend.stop());

describe("the demo customer's past orders", () => {
  it('are four, numbered first, newest first: processing, cancelled, two complete, all in the past', async () => {
    const { items, total_count } = await ordersOf(demo.id);
    expect(total_count).toBe(4);
    expect(items.map((order) => order.status)).toEqual(['processing', 'canceled', 'complete', 'complete']);
    expect(items.map((order) => order.state)).toEqual(['processing', 'canceled', 'complete', 'complete']);
    expect(items.map((order) => order.increment_id).sort()).toEqual([
      '000000001',
      '000000002',
      '000000003',
      '000000004',
    ]);
    const now = new Date().toISOString().replace('T', ' ').slice(0, 19);
    const dates = items.map((order) => order.created_at);
    expect(dates.toSorted().toReversed()).toEqual(dates);
    expect(new Set(dates).size).toBe(4);
    for (const order of items) {
      expect(order.created_at < now).toBe(true);
      expect(order.updated_at <= now).toBe(true);
      expect(order.customer_email).toBe(DEMO_CUSTOMER.email);
    }
    // Spread over the past months: the oldest well over a month before the newest.
    const span = Date.parse(`${dates[0]}Z`) - Date.parse(`${dates[3]}Z`);
    expect(span).toBeGreaterThan(60 * 86_400_000);
  });

  it('add up: rows and delivery incl 20 % VAT, their VAT and the rest excl VAT, total = both', async () => {
    // The cheapest the demo carriers deliver it for: standard, free from £50, a pallet over 30 kg.
    const delivery: Record<string, [string, number[]]> = {
      flatrate_flatrate: ['Standard delivery - Standard', [4.95]],
      freeshipping_freeshipping: ['Standard delivery - Free', [0]],
      tablerate_bestway: ['Pallet delivery - Pallet', [49]],
    };
    for (const order of (await ordersOf(demo.id)).items) {
      expect(order.items.length).toBeGreaterThanOrEqual(1);
      expect(order.items.length).toBeLessThanOrEqual(3);
      for (const item of order.items) expectVatIncluded(item);
      const qty = order.items.reduce((sum, item) => sum + item.qty_ordered, 0);
      expect(order.total_qty_ordered).toBe(qty);
      const method = order.extension_attributes.shipping_assignments[0]?.shipping.method ?? '';
      const [description, amounts] = delivery[method] ?? ['', []];
      expect(order.shipping_description).toBe(description);
      expect(amounts).toContain(order.shipping_incl_tax);
      if (method === 'flatrate_flatrate') expect(order.subtotal_incl_tax).toBeLessThan(50);
      expect(order.discount_amount).toBe(0);
      expectOrderVat(order);
      expect(order.payment.method).toBe('checkmo');
      // Newest first, as `Order::getStatusHistoryCollection()` sorts them.
      expect(order.status_histories.at(-1)?.status).toBe('pending');
      expect(order.status_histories[0]?.status).toBe(order.status);
      expect(order.status_histories[0]?.created_at).toBe(order.updated_at);
    }
  });

  it('ship to and bill the customer’s default address, with the e-mail', async () => {
    const expected = {
      street: demo.address['street'],
      city: demo.address['city'],
      postcode: demo.address['postcode'],
      country_id: demo.address['country_id'],
      firstname: DEMO_CUSTOMER.firstname,
      lastname: DEMO_CUSTOMER.lastname,
      email: DEMO_CUSTOMER.email,
    };
    for (const order of (await ordersOf(demo.id)).items) {
      expect(order.billing_address).toMatchObject({ ...expected, region: 'Greater London' });
      expect(order.extension_attributes.shipping_assignments[0]?.shipping.address).toMatchObject(expected);
    }
  });

  it('are of products sold today: a machine, and a detergent bought again and again', async () => {
    const { items } = await ordersOf(demo.id);
    const products = new Map((await allProducts(backend)).map((product) => [product.sku, product]));
    const lines = items.flatMap((order) => order.items);
    for (const line of lines) {
      const product = products.get(line.sku);
      expect(product, line.sku).toMatchObject({ name: line.name, status: 1, visibility: 4, inStock: true });
    }
    const ordersWith = (sku: string) =>
      items.filter((order) => order.items.some((i) => i.sku === sku)).length;
    const detergents = lines.filter((line) => line.name.endsWith('Detergent'));
    expect(Math.max(...detergents.map((line) => ordersWith(line.sku)))).toBeGreaterThanOrEqual(2);
    expect(lines.some((line) => line.name.endsWith('Pressure Washer'))).toBe(true);
  });

  it('hold a machine with its model in a completed order, for "machines from your past orders"', async () => {
    const models = new Map(
      (
        (await admin('/products/attributes/machine_model/options')).body as { label: string; value: string }[]
      ).map((option) => [option.value, option.label]),
    );
    const products = new Map((await allProducts(backend)).map((product) => [product.sku, product]));
    const owned = (await ordersOf(demo.id)).items
      .filter((order) => order.status === 'complete')
      .flatMap((order) => order.items)
      .flatMap((line) => models.get(String(products.get(line.sku)?.attributes['machine_model'])) ?? []);
    expect(owned).toHaveLength(1);
    expect(owned[0]).toMatch(/^HDS? \d+\/\d+$/);
  });

  it('leave every product’s stock as the catalogue says', async () => {
    const catalogue = generateCatalogue(backend.config.catalogue);
    const stock = new Map((await allProducts(backend)).map((product) => [product.sku, product.qty]));
    expect(stock.size).toBe(catalogue.products.length);
    for (const product of catalogue.products) expect(stock.get(product.sku), product.sku).toBe(product.qty);
  });

  it('came from placed quotes: each its own inactive cart', async () => {
    for (const order of (await ordersOf(demo.id)).items) {
      const quote = await admin(`/carts/${order.quote_id}`);
      expect(quote.status).toBe(200);
      expect(quote.body).toMatchObject({ is_active: false, customer: { id: demo.id } });
    }
  });

  it('are followed by checkout’s next number, and a new cart finds none of them by quote id', async () => {
    // A back end of its own: this order takes stock and comes after the demo customer's four, the
    // demo trade customer's two (seed/trade.ts) and the demo guest's one (returns/demo-orders.ts).
    const own = await startTestBackend();
    try {
      const customer = await signInDemo(own);
      const product = await pickProduct(own);
      const mine = (path: string, body?: unknown) =>
        own.call('POST', `/rest/V1/carts/mine${path}`, { token: customer.token, body });
      const cartId = (await mine('')).body as number;
      const byQuote = await own.call(
        'GET',
        `/rest/V1/orders?searchCriteria[filterGroups][0][filters][0][field]=quote_id&searchCriteria[filterGroups][0][filters][0][value]=${cartId}`,
        { token: INTEGRATION_TOKEN },
      );
      expect(byQuote.body.total_count).toBe(0);
      await mine('/items', { cartItem: { sku: product.sku, qty: 1 } });
      expect((await mine('/shipping-information', SHIPPING_INFORMATION)).status).toBe(200);
      const placed = await mine('/payment-information', { paymentMethod: { method: 'checkmo' } });
      expect(placed.status).toBe(200);
      const order = (
        await own.call('GET', `/rest/V1/orders/${String(placed.body)}`, { token: INTEGRATION_TOKEN })
      ).body as WireOrder;
      expect(order).toMatchObject({
        increment_id: '000000008',
        quote_id: cartId,
        customer_id: customer.id,
        status: 'pending',
      });
      expect(order.billing_address.email).toBe(ADDRESS.email);
    } finally {
      await own.stop();
    }
  });
});

describe('seedCustomerOrders', () => {
  it('writes a thousand orders for one customer that list ten a page, newest first', async () => {
    const { id } = await backend.newCustomer();
    const stockBefore = (await allProducts(backend)).map((product) => product.qty);
    const written = seedCustomerOrders(backend.db, id, 1000);
    expect(written).toHaveLength(1000);
    const newestFirst = written.map((order) => order.incrementId).toReversed();

    const first = await ordersOf(id);
    expect(first.total_count).toBe(1000);
    expect(first.items.map((order) => order.increment_id)).toEqual(newestFirst.slice(0, 10));
    const middle = await ordersOf(id, 37);
    expect(middle.items.map((order) => order.increment_id)).toEqual(newestFirst.slice(360, 370));
    const last = await ordersOf(id, 100);
    expect(last.items.map((order) => order.increment_id)).toEqual(newestFirst.slice(990));

    for (const order of [...first.items, ...last.items]) {
      expect(order.customer_id).toBe(id);
      expect(order.items.length).toBeGreaterThanOrEqual(1);
      expect(order.items.length).toBeLessThanOrEqual(3);
      for (const item of order.items) expectVatIncluded(item);
      expectOrderVat(order);
    }
    expect(first.items[0]?.status).toBe('pending');
    expect(new Set(written.map((order) => order.createdAt)).size).toBe(1000);
    expect((await allProducts(backend)).map((product) => product.qty)).toEqual(stockBefore);
  });
});
