/**
 * B2B for Adobe Commerce's payment methods for a company (Magento_CompanyPayment: the Default B2B Payment
 * Methods, checked by `CanUseForCompany` wherever a payment is imported or methods are listed) on the
 * embedded back end: a company's purchase orders and negotiable quotes are paid on account only, so Check /
 * Money order, which takes no money, is refused where the buyer sets the payment or places the purchase
 * order or the quote's order with their own token, in Magento's words; a purchase order paid that way
 * before never becomes an order. A company user's ordinary cart keeps every method (the card bridge
 * places a paid order as `checkmo`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { INTEGRATION_TOKEN, pickProduct, startTestBackend, type TestBackend } from '../support/backend.ts';
import { customerCart, makeProduct, ship } from './checkout-helpers.ts';
import { expectData, gql } from './graphql-helpers.ts';
import {
  makeCompany as makeQuoteCompany,
  requestQuote,
  seller,
  sellerQuoteId,
} from './negotiable-quotes-helpers.ts';
import {
  act,
  makeCompany,
  ONE,
  overLimitRule,
  PLACE,
  PLACE_ORDER,
  placeFrom,
  readyCart,
  rowOf,
} from './purchase-order-helpers.ts';
import { expectRefusal } from './returns-helpers.ts';

let backend: TestBackend;
let sku: string;
let product: { sku: string; price: number };

beforeAll(async () => {
  backend = await startTestBackend();
  sku = await makeProduct(backend, 100, 1);
  product = await pickProduct(backend, 20);
});
afterAll(() => backend.stop());

const NOT_AVAILABLE = 'The requested Payment Method is not available.';
const QUOTE_SERVER_ERROR =
  'Unable to place order: A server error stopped your order from being placed. Please try to place your order again';

/** A company administrator of the Trade group with a quote the seller answered (UPDATED); its uid. */
async function answeredQuote() {
  const customer = await backend.newCustomer();
  makeQuoteCompany(backend, customer);
  backend.db.run('UPDATE customers SET group_id = 5 WHERE id = ?', customer.id);
  const quote = await requestQuote(backend, customer.token, [[product.sku, 2]]);
  const id = await sellerQuoteId(backend, customer.id);
  expect((await seller(backend, 'POST', '/submitToCustomer', { quoteId: id })).status).toBe(200);
  return { customer, uid: quote.uid as string, id };
}

const SET_PAYMENT = `mutation ($uid: ID!, $code: String!) {
  setNegotiableQuotePaymentMethod(input: { quote_uid: $uid, payment_method: { code: $code, purchase_order_number: "PO-9" } }) {
    quote { selected_payment_method { code } } } }`;

describe('a negotiable quote of a company', () => {
  it('is offered pay on account only, and Check / Money order is refused in Magento’s words', async () => {
    const { customer, uid } = await answeredQuote();
    const offered = expectData(
      await gql(
        backend,
        `query ($uid: ID!) { negotiableQuote(uid: $uid) { available_payment_methods { code } } }`,
        { token: customer.token, variables: { uid } },
      ),
    );
    expect(offered.negotiableQuote.available_payment_methods).toEqual([{ code: 'purchaseorder' }]);
    const refused = await gql(backend, SET_PAYMENT, {
      token: customer.token,
      variables: { uid, code: 'checkmo' },
    });
    expectRefusal(refused, NOT_AVAILABLE, 'graphql-input');
    const onAccount = expectData(
      await gql(backend, SET_PAYMENT, { token: customer.token, variables: { uid, code: 'purchaseorder' } }),
    );
    expect(onAccount.setNegotiableQuotePaymentMethod.quote.selected_payment_method).toEqual({
      code: 'purchaseorder',
    });
  });

  it('is not ordered paid by Check / Money order chosen before the check', async () => {
    const { customer, uid, id } = await answeredQuote();
    backend.db.run(
      "INSERT INTO quote_payments (quote_id, method) VALUES (?, 'checkmo') ON CONFLICT (quote_id) DO UPDATE SET method = 'checkmo'",
      id,
    );
    const placed = await gql(
      backend,
      `mutation ($uid: ID!) { placeNegotiableQuoteOrder(input: { quote_uid: $uid }) { order { order_number } } }`,
      { token: customer.token, variables: { uid } },
    );
    expectRefusal(placed, QUOTE_SERVER_ERROR, 'graphql-input');
    const orders = backend.db.get(
      z.object({ n: z.number() }),
      'SELECT COUNT(*) AS n FROM orders WHERE quote_id = ?',
      id,
    );
    expect(orders?.n).toBe(0);
  });
});

describe('a purchase order of a company', () => {
  it('is refused when paid by Check / Money order, and nothing is written', async () => {
    const company = await makeCompany(backend);
    const cart = await readyCart(backend, company.buyer, sku, 1, 'checkmo');
    const refused = await gql(backend, PLACE, { token: company.buyer.token, variables: { cart } });
    expectRefusal(
      refused,
      'Unable to place purchase order: A server error stopped your purchase order from being placed. Please try to place your purchase order again',
      'graphql-input',
    );
    const written = backend.db.get(
      z.object({ n: z.number() }),
      'SELECT COUNT(*) AS n FROM purchase_order WHERE quote_id = ?',
      Number(cart),
    );
    expect(written?.n).toBe(0);
    // The cart is still the buyer's basket, to pay on account instead.
    const { po } = await placeFrom(backend, company.buyer, sku, 1);
    expect(po.status).toBe('ORDER_PLACED');
  });

  it('paid by Check / Money order before the check, fails to become an order once approved', async () => {
    const company = await makeCompany(backend);
    await overLimitRule(backend, company);
    const { po, cart } = await placeFrom(backend, company.buyer, sku, 3);
    backend.db.run("UPDATE purchase_order SET payment_method = 'checkmo' WHERE increment_id = ?", po.number);
    backend.db.run(
      "UPDATE quote_payments SET method = 'checkmo', po_number = NULL WHERE quote_id = ?",
      Number(cart),
    );
    const approved = await act(backend, 'approvePurchaseOrders', company.approver, [po.uid]);
    expect(approved.purchase_orders).toEqual([{ uid: po.uid, status: 'ORDER_FAILED', order: null }]);
    const read = expectData(
      await gql(backend, ONE, { token: company.buyer.token, variables: { uid: po.uid } }),
    );
    expect(read.customer.purchase_order.history_log.at(-1)).toEqual({
      activity: 'place_order_fail',
      message: `Failed to create Order from Purchase Order #${String(po.number)} with Error - ${NOT_AVAILABLE} By ${'Robin Hale'}`,
    });
    const again = await gql(backend, PLACE_ORDER, { token: company.admin.token, variables: { uid: po.uid } });
    expectRefusal(again, QUOTE_SERVER_ERROR, 'graphql-input');
    expect(rowOf(backend, po.number)).toMatchObject({ status: 'order_failed', order_id: null });
  });
});

describe('a purchase order whose creator has left the company', () => {
  it('paid by Check / Money order, still fails to become an order once approved', async () => {
    const company = await makeCompany(backend);
    await overLimitRule(backend, company);
    const { po, cart } = await placeFrom(backend, company.buyer, sku, 3);
    backend.db.run("UPDATE purchase_order SET payment_method = 'checkmo' WHERE increment_id = ?", po.number);
    backend.db.run(
      "UPDATE quote_payments SET method = 'checkmo', po_number = NULL WHERE quote_id = ?",
      Number(cart),
    );
    // The creator leaves before the last approval: the purchase order is still the company's.
    backend.db.run('DELETE FROM company_advanced_customer_entity WHERE customer_id = ?', company.buyer.id);
    const approved = await act(backend, 'approvePurchaseOrders', company.admin, [po.uid]);
    expect(approved.purchase_orders).toEqual([{ uid: po.uid, status: 'ORDER_FAILED', order: null }]);
    expect(rowOf(backend, po.number)).toMatchObject({ order_id: null });
  });
});

describe('a company user’s ordinary cart', () => {
  it('keeps Check / Money order, which the card bridge places a paid order with', async () => {
    const company = await makeCompany(backend);
    const cart = await customerCart(backend, company.buyer.token, [[sku, 1]]);
    expect((await ship(cart, 'flatrate', 'flatrate')).status).toBe(200);
    const methods = (await cart.call('GET', '/payment-methods')).body as { code: string }[];
    expect(methods.map((method) => method.code)).toContain('checkmo');
    const chosen = await backend.call(
      'PUT',
      `/rest/V1/carts/${String(cart.quoteId)}/selected-payment-method`,
      {
        token: INTEGRATION_TOKEN,
        body: { method: { method: 'checkmo' } },
      },
    );
    expect(chosen.status, JSON.stringify(chosen.body)).toBe(200);
  });
});
