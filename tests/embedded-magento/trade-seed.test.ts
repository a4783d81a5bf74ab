/**
 * The demo trade account as seeded (seed/trade.ts): the customer signs in with the exported credentials,
 * is in the Trade group with the company's VAT number, is charged the Trade group's prices in the cart
 * (Magento's pricing, where a guest pays the list price), and has two complete orders priced for the
 * group, one paid on account with its PO number.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO_TRADE_CUSTOMER,
  DEMO_TRADE_PO_NUMBER,
  tradeTiersOf,
} from '@cleaning-shop/embedded-magento/seed/trade.ts';
import { INTEGRATION_TOKEN, startTestBackend, type TestBackend } from '../support/backend.ts';
import { customerCart, guestCart, type TestCart } from './checkout-helpers.ts';
import { sellableProducts, type ProductSummary } from './helpers.ts';

let backend: TestBackend;
let token: string;

beforeAll(async () => {
  backend = await startTestBackend();
  const signedIn = await backend.call('POST', '/rest/V1/integration/customer/token', {
    body: { username: DEMO_TRADE_CUSTOMER.email, password: DEMO_TRADE_CUSTOMER.password },
  });
  expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
  token = signedIn.body as string;
});
afterAll(() => backend.stop());

/** The Trade group's price of one unit in a line of `qty`: the best of its tiers the line reaches. */
const tradePrice = (product: { sku: string; price: number }, qty: number) =>
  Math.min(
    ...tradeTiersOf(product)
      .filter((tier) => tier.qty <= qty)
      .map((tier) => tier.value),
  );

/** Professional simple products on sale today at their list price (no special price to undercut a tier). */
async function professionalProducts(minQty: number): Promise<ProductSummary[]> {
  return (await sellableProducts(backend, minQty)).filter(
    (product) => product.sku.startsWith('PRO-') && product.attributes['special_price'] === undefined,
  );
}

const linePrice = async (cart: TestCart, sku: string) =>
  ((await cart.call('GET', '/items')).body as { sku: string; price: number }[]).find(
    (item) => item.sku === sku,
  )?.price;

describe('the demo trade customer', () => {
  it('is in the Trade group with the VAT number on the account and on the company address', async () => {
    const me = await backend.call('GET', '/rest/V1/customers/me', { token });
    expect(me.body).toMatchObject({
      email: DEMO_TRADE_CUSTOMER.email,
      group_id: 5,
      taxvat: DEMO_TRADE_CUSTOMER.vatNumber,
      default_billing: String(me.body.addresses[0].id),
    });
    expect(me.body.addresses).toEqual([
      expect.objectContaining({
        company: DEMO_TRADE_CUSTOMER.company,
        vat_id: DEMO_TRADE_CUSTOMER.vatNumber,
        country_id: 'GB',
        default_billing: true,
        default_shipping: true,
      }),
    ]);
  });

  it('pays the Trade group price in the cart, where a guest pays the list price', async () => {
    const [product] = await professionalProducts(1);
    if (!product) throw new Error('the demo catalogue has no Professional product on sale');
    const trade = await customerCart(backend, token, [[product.sku, 1]]);
    const guest = await guestCart(backend, [[product.sku, 1]]);
    const price = await linePrice(trade, product.sku);
    expect(price).toBe(tradePrice(product, 1));
    expect(price).toBeLessThanOrEqual(Math.round(product.price * 90) / 100);
    expect(price).toBeGreaterThanOrEqual(Math.round(product.price * 85) / 100);
    expect(await linePrice(guest, product.sku)).toBe(product.price);
    await trade.call('DELETE', `/items/${String((await trade.call('GET', '/items')).body[0].item_id)}`);
  });

  it('pays the trade tier from 5 where a product has one', async () => {
    const product = (await professionalProducts(5)).find((candidate) => tradeTiersOf(candidate).length > 1);
    if (!product) throw new Error('the demo catalogue has no Professional product with a trade tier');
    const cart = await customerCart(backend, token, [[product.sku, 4]]);
    expect(await linePrice(cart, product.sku)).toBe(tradePrice(product, 1));
    const itemId = ((await cart.call('GET', '/items')).body as { item_id: number }[])[0]?.item_id;
    await cart.call('PUT', `/items/${String(itemId)}`, { cartItem: { sku: product.sku, qty: 5 } });
    expect(await linePrice(cart, product.sku)).toBe(tradePrice(product, 5));
    expect(tradePrice(product, 5)).toBeLessThan(tradePrice(product, 1));
  });

  it('has two complete orders priced for the Trade group, one on account with its PO number', async () => {
    const reply = await backend.call(
      'GET',
      `/rest/V1/orders?searchCriteria[filterGroups][0][filters][0][field]=customer_email&searchCriteria[filterGroups][0][filters][0][value]=${DEMO_TRADE_CUSTOMER.email}&searchCriteria[sortOrders][0][field]=created_at&searchCriteria[sortOrders][0][direction]=ASC`,
      { token: INTEGRATION_TOKEN },
    );
    const orders = reply.body.items as {
      status: string;
      customer_group_id: number;
      customer_taxvat: string;
      payment: { method: string; po_number?: string };
      billing_address: { company: string; vat_id: string };
      items: { sku: string; price_incl_tax: number; qty_ordered: number }[];
    }[];
    expect(orders.map((order) => [order.status, order.payment.method, order.payment.po_number])).toEqual([
      ['complete', 'purchaseorder', DEMO_TRADE_PO_NUMBER],
      ['complete', 'checkmo', undefined],
    ]);
    for (const order of orders) {
      expect(order).toMatchObject({ customer_group_id: 5, customer_taxvat: DEMO_TRADE_CUSTOMER.vatNumber });
      expect(order.billing_address).toMatchObject({
        company: DEMO_TRADE_CUSTOMER.company,
        vat_id: DEMO_TRADE_CUSTOMER.vatNumber,
      });
      for (const item of order.items) {
        const product = await backend.call('GET', `/rest/V1/products/${item.sku}`, {
          token: INTEGRATION_TOKEN,
        });
        // The catalogue's prices, and so the Trade group's, include VAT.
        expect(item.price_incl_tax).toBe(
          tradePrice({ sku: item.sku, price: product.body.price }, item.qty_ordered),
        );
      }
    }
  });
});
