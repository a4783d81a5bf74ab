/**
 * The stock and price alerts of the embedded back end against Adobe's documented answers (the
 * `subscribeProductAlertStock` family, Storefront Compatibility Package 2.4.9): the messages of success and
 * of each refusal, one row per customer and product, the customer's list, and the mailing as
 * Magento_ProductAlert's AlertProcessor sends it: a stock alert once, when the product sells again; a price
 * alert when the final price falls below the one it keeps, then only on a further drop.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { INTEGRATION_TOKEN, startTestBackend, type TestBackend } from '../support/backend.ts';
import { DEMO_CONFIGURABLES } from '@cleaning-shop/embedded-magento/seed/configurables.ts';
import { makeProduct } from './checkout-helpers.ts';
import { expectData, gql } from './graphql-helpers.ts';
import { setStock, sleep } from './helpers.ts';
import { startMailCatcher, type MailCatcher } from './returns-helpers.ts';

let backend: TestBackend;
let mail: MailCatcher;

beforeAll(async () => {
  mail = await startMailCatcher();
  backend = await startTestBackend({ smtpUrl: mail.url, storeUrl: 'https://shop.example.com' });
});
afterAll(async () => {
  await backend.stop();
  await mail.close();
});

const SUBSCRIBE = (kind: 'Stock' | 'Price') => `mutation ($sku: String!) {
  subscribeProductAlert${kind}(input: { sku: $sku }) { success message } }`;
const UNSUBSCRIBE = (kind: 'Stock' | 'Price') => `mutation ($sku: String!) {
  unsubscribeProductAlert${kind}(input: { sku: $sku }) { success message } }`;
const IS_SUBSCRIBED = (kind: 'Stock' | 'Price') => `query ($sku: String!) {
  isSubscribedProductAlert${kind}(input: { sku: $sku }) { isSubscribed message } }`;
const ALERTS = `{ customer { product_alerts {
  price_alerts { id alert_type product { sku name } price current_price price_diff status }
  stock_alerts { id alert_type product { sku name } status status_changed_at } } } }`;

const setPrice = async (sku: string, price: number) => {
  const reply = await backend.call('PUT', `/rest/V1/products/${encodeURIComponent(sku)}`, {
    token: INTEGRATION_TOKEN,
    body: { product: { sku, price } },
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
};

describe("Adobe's answers", () => {
  it('subscribes, says so, lists and unsubscribes a signed-in customer', async () => {
    const customer = await backend.newCustomer();
    const sku = await makeProduct(backend, 120, 2);
    const token = customer.token;
    const subscribed = expectData(await gql(backend, SUBSCRIBE('Price'), { token, variables: { sku } }));
    expect(subscribed.subscribeProductAlertPrice).toEqual({
      success: true,
      message: 'You saved the alert subscription.',
    });
    // Twice is one alert (`loadByParam` before the save).
    expectData(await gql(backend, SUBSCRIBE('Price'), { token, variables: { sku } }));
    expect(expectData(await gql(backend, IS_SUBSCRIBED('Price'), { token, variables: { sku } }))).toEqual({
      isSubscribedProductAlertPrice: {
        isSubscribed: true,
        message: 'You are already subscribed to this product.',
      },
    });
    expect(expectData(await gql(backend, IS_SUBSCRIBED('Stock'), { token, variables: { sku } }))).toEqual({
      isSubscribedProductAlertStock: {
        isSubscribed: false,
        message: 'You are not subscribed to this product.',
      },
    });
    const { customer: listed } = expectData(await gql(backend, ALERTS, { token }));
    expect(listed.product_alerts.stock_alerts).toEqual([]);
    expect(listed.product_alerts.price_alerts).toEqual([
      expect.objectContaining({
        alert_type: 'PRICE',
        product: { sku, name: expect.any(String) },
        price: 120,
        current_price: 120,
        price_diff: 0,
        status: 'ACTIVE',
      }),
    ]);
    const removed = expectData(await gql(backend, UNSUBSCRIBE('Price'), { token, variables: { sku } }));
    expect(removed.unsubscribeProductAlertPrice).toEqual({
      success: true,
      message: 'You saved the alert subscription.',
    });
    expect(expectData(await gql(backend, ALERTS, { token })).customer.product_alerts.price_alerts).toEqual(
      [],
    );
  });

  it('removes every alert of a kind, and only that kind', async () => {
    const { token } = await backend.newCustomer();
    const [a, b] = [await makeProduct(backend, 10, 1), await makeProduct(backend, 11, 1)];
    for (const sku of [a, b]) {
      expectData(await gql(backend, SUBSCRIBE('Stock'), { token, variables: { sku } }));
      expectData(await gql(backend, SUBSCRIBE('Price'), { token, variables: { sku } }));
    }
    const all = expectData(
      await gql(backend, 'mutation { unsubscribeProductAlertStockAll { success message } }', { token }),
    );
    expect(all.unsubscribeProductAlertStockAll).toEqual({
      success: true,
      message: 'You will no longer receive stock alerts.',
    });
    const { product_alerts: alerts } = expectData(await gql(backend, ALERTS, { token })).customer;
    expect(alerts.stock_alerts).toEqual([]);
    expect(alerts.price_alerts).toHaveLength(2);
    const prices = expectData(
      await gql(backend, 'mutation { unsubscribeProductAlertPriceAll { success message } }', { token }),
    );
    expect(prices.unsubscribeProductAlertPriceAll.message).toBe('You will no longer receive price alerts.');
  });

  it("refuses a guest, a blank sku and an unknown one in Adobe's words", async () => {
    const sku = await makeProduct(backend, 10, 1);
    const guest = await gql(backend, SUBSCRIBE('Stock'), { variables: { sku } });
    expect(guest.body.errors[0]).toMatchObject({
      message: 'Customer is not logged in.',
      extensions: { category: 'graphql-authorization' },
    });
    expect(guest.body.data).toEqual({ subscribeProductAlertStock: null });
    const guestAll = await gql(backend, 'mutation { unsubscribeProductAlertPriceAll { success } }');
    expect(guestAll.body.errors[0].message).toBe('Customer is not logged in.');
    const { token } = await backend.newCustomer();
    const blank = await gql(backend, SUBSCRIBE('Stock'), { token, variables: { sku: ' ' } });
    expect(blank.body.errors[0]).toMatchObject({
      message: 'Required parameter "sku" is missing.',
      extensions: { category: 'graphql-input' },
    });
    const unknown = await gql(backend, IS_SUBSCRIBED('Stock'), { token, variables: { sku: 'NO-SUCH-SKU' } });
    expect(unknown.body.errors[0]).toMatchObject({
      message: 'Product with SKU "NO-SUCH-SKU" does not exist.',
      extensions: { category: 'graphql-no-such-entity' },
    });
    // The input's sku is String!: leaving it out is refused by validation before any resolver.
    const missing = await gql(backend, 'mutation { subscribeProductAlertStock(input: {}) { success } }', {
      token,
    });
    expect(missing.status).toBe(200);
    expect(missing.body.errors[0].message).toMatch(/sku/);
  });
});

describe('the mailing', () => {
  it('sends a stock alert once, when the product sells again, with its links', async () => {
    const customer = await backend.newCustomer();
    const sku = await makeProduct(backend, 49.99, 1);
    await setStock(backend, sku, 0);
    expectData(await gql(backend, SUBSCRIBE('Stock'), { token: customer.token, variables: { sku } }));
    await setStock(backend, sku, 5);
    await expect.poll(() => mail.to(customer.email).length).toBe(1);
    const [sent] = mail.to(customer.email);
    expect(sent?.subject).toBe('Products back in stock alert');
    expect(sent?.text).toContain(`https://shop.example.com/${sku.toLowerCase()}`);
    expect(sent?.text).toContain('Price: £49.99');
    expect(sent?.text).toMatch(
      /Click here not to receive alerts for this product\. https:\/\/shop\.example\.com\/productalert\/unsubscribe\/stock\/product\/\d+\//,
    );
    expect(sent?.text).toContain(
      'Unsubscribe from all stock alerts: https://shop.example.com/productalert/unsubscribe/stockAll/',
    );
    // Sold out and back again: the alert was sent, so no second e-mail.
    await setStock(backend, sku, 0);
    await setStock(backend, sku, 3);
    await sleep(300);
    expect(mail.to(customer.email)).toHaveLength(1);
    const listed = expectData(await gql(backend, ALERTS, { token: customer.token })).customer.product_alerts;
    expect(listed.stock_alerts[0]).toMatchObject({ status: 'SENT', status_changed_at: expect.any(String) });
  });

  it("links a configurable's size, which has no page, to its parent's page", async () => {
    const customer = await backend.newCustomer();
    const family = DEMO_CONFIGURABLES[0];
    const child = family?.children[0];
    if (!family || !child) throw new Error('the demo has no configurable');
    await setStock(backend, child.sku, 0);
    expectData(
      await gql(backend, SUBSCRIBE('Stock'), { token: customer.token, variables: { sku: child.sku } }),
    );
    await setStock(backend, child.sku, 4);
    await expect.poll(() => mail.to(customer.email).length).toBe(1);
    expect(mail.to(customer.email)[0]?.text).toContain(`https://shop.example.com/${family.urlKey}\n`);
  });

  it('sends a price alert only below the price it keeps, then only on a further drop', async () => {
    const customer = await backend.newCustomer();
    const sku = await makeProduct(backend, 200, 1);
    expectData(await gql(backend, SUBSCRIBE('Price'), { token: customer.token, variables: { sku } }));
    await setPrice(sku, 220);
    await setPrice(sku, 200);
    await sleep(300);
    expect(mail.to(customer.email)).toHaveLength(0);
    await setPrice(sku, 180);
    await expect.poll(() => mail.to(customer.email).length).toBe(1);
    expect(mail.to(customer.email)[0]?.subject).toBe('Products price changed alert');
    expect(mail.to(customer.email)[0]?.text).toContain('Price: £180.00');
    await setPrice(sku, 190);
    await sleep(300);
    expect(mail.to(customer.email)).toHaveLength(1);
    await setPrice(sku, 170);
    await expect.poll(() => mail.to(customer.email).length).toBe(2);
  });

  it("goes with the customer's account", async () => {
    const customer = await backend.newCustomer();
    const sku = await makeProduct(backend, 10, 1);
    expectData(await gql(backend, SUBSCRIBE('Stock'), { token: customer.token, variables: { sku } }));
    const deleted = await backend.call('DELETE', `/rest/V1/customers/${String(customer.id)}`, {
      token: INTEGRATION_TOKEN,
    });
    expect(deleted.status).toBe(200);
    const left = backend.db.get(
      z.object({ n: z.number() }),
      'SELECT COUNT(*) AS n FROM product_alert_stock WHERE customer_id = ?',
      customer.id,
    );
    expect(left?.n).toBe(0);
  });
});
