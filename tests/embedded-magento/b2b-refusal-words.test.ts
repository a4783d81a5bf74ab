/**
 * The purchase orders' and negotiable quotes' refusals word for word as B2B for Adobe Commerce's resolvers
 * give them (Magento_PurchaseOrderGraphQl's `PurchaseOrderActionResolver` messages, `PurchaseOrder`,
 * `AddComment`, `ValidateRequest`; Magento_PurchaseOrderRuleGraphQl's `Rule` and `Validate`;
 * Magento_NegotiableQuoteGraphQl's request and quantity checks), and the purchase order's history lines as
 * its `GetLogMessage` words them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pickProduct, startTestBackend, type TestBackend } from '../support/backend.ts';
import { customerCart, makeProduct } from './checkout-helpers.ts';
import { expectData, gql } from './graphql-helpers.ts';
import { makeCompany as makeQuoteCompany, REQUEST, requestQuote } from './negotiable-quotes-helpers.ts';
import { ACTION, act, makeCompany, ONE, placeFrom } from './purchase-order-helpers.ts';
import { expectRefusal } from './returns-helpers.ts';

let backend: TestBackend;
let sku: string;

beforeAll(async () => {
  backend = await startTestBackend();
  sku = await makeProduct(backend, 100, 1);
});
afterAll(() => backend.stop());

describe('purchase orders', () => {
  it('words a uid naming none, or no uid at all, as Adobe’s resolvers do', async () => {
    const company = await makeCompany(backend);
    const unknown = Buffer.from('99999').toString('base64');
    const read = await gql(backend, ONE, { token: company.buyer.token, variables: { uid: unknown } });
    expectRefusal(read, `No such entity with entity_id = ${unknown}`, 'graphql-input');
    const bad = await gql(backend, ONE, { token: company.buyer.token, variables: { uid: 'not base64!' } });
    expectRefusal(bad, 'Value of uid "not base64!" is incorrect.', 'graphql-input');

    expect(await act(backend, 'approvePurchaseOrders', company.admin, [unknown, 'x!'])).toEqual({
      purchase_orders: [],
      errors: [
        {
          message: `Action 'approve' - purchase order with requested ID=${unknown} not found`,
          type: 'NOT_FOUND',
        },
        {
          message: "An undefined error occurred when trying to 'approve' purchase order with requested ID=x!",
          type: 'UNDEFINED',
        },
      ],
    });
    expect(await act(backend, 'validatePurchaseOrders', company.admin, [unknown])).toEqual({
      purchase_orders: [],
      errors: [{ message: 'No such entity with entity_id = 99999', type: 'NOT_FOUND' }],
    });

    const COMMENT = `mutation ($uid: ID!, $text: String!) {
      addPurchaseOrderComment(input: { purchase_order_uid: $uid, comment: $text }) { comment { text } } }`;
    const empty = await gql(backend, COMMENT, {
      token: company.buyer.token,
      variables: { uid: unknown, text: ' ' },
    });
    expectRefusal(empty, 'Required parameter "comment" is missing', 'graphql-input');
    const nowhere = await gql(backend, COMMENT, {
      token: company.buyer.token,
      variables: { uid: unknown, text: 'Hello' },
    });
    expectRefusal(
      nowhere,
      `Purchase order with requested ID=${unknown} not found.`,
      'graphql-no-such-entity',
    );

    const rule = await gql(
      backend,
      `query ($uid: ID!) { customer { purchase_order_approval_rule(uid: $uid) { name } } }`,
      { token: company.admin.token, variables: { uid: unknown } },
    );
    expectRefusal(rule, `Rule with id "${unknown}" does not exist.`, 'graphql-input');
  });

  it('refuses a customer whose company has purchase orders off, and cancels only from the states Adobe allows', async () => {
    const company = await makeCompany(backend);
    const { po } = await placeFrom(backend, company.buyer, sku, 1);
    expect(po.status).toBe('ORDER_PLACED');
    const cancel = await act(backend, 'cancelPurchaseOrders', company.buyer, [po.uid]);
    expect(cancel.errors).toEqual([
      {
        message: `Action 'cancel' is not allowed for purchase order ${String(po.number)}.`,
        type: 'OPERATION_NOT_APPLICABLE',
      },
    ]);
    backend.db.run(
      'UPDATE purchase_order_company_config SET is_purchase_order_enabled = 0 WHERE company_entity_id = ?',
      company.id,
    );
    const off = await gql(backend, ACTION('approvePurchaseOrders'), {
      token: company.admin.token,
      variables: { uids: [po.uid] },
    });
    expectRefusal(off, 'Purchase order functionality is not enabled.', 'graphql-authorization');
  });

  it('words each history line as GetLogMessage does, naming who did it', async () => {
    const company = await makeCompany(backend);
    const { po } = await placeFrom(backend, company.buyer, sku, 1);
    const read = expectData(
      await gql(backend, ONE, { token: company.buyer.token, variables: { uid: po.uid } }),
    );
    const n = String(po.number);
    expect(read.customer.purchase_order.history_log).toEqual([
      { activity: 'submit', message: `Purchase Order #${n} was Submitted By Robin Hale` },
      { activity: 'auto_approve', message: `Purchase Order #${n} was automatically approved` },
      {
        activity: 'place_order',
        message: `Successfully created Order #${String(po.order.number)} from Purchase Order #${n}`,
      },
    ]);
  });
});

describe('negotiable quotes', () => {
  it('words an inactive cart and a quantity of nothing as Adobe’s resolvers do', async () => {
    const product = await pickProduct(backend, 20);
    const customer = await backend.newCustomer();
    makeQuoteCompany(backend, customer);
    const cart = await customerCart(backend, customer.token, [[product.sku, 1]]);
    const masked = expectData(await gql(backend, '{ customerCart { id } }', { token: customer.token }))
      .customerCart.id as string;
    backend.db.run('UPDATE quotes SET is_active = 0 WHERE id = ?', Number(cart.quoteId));
    const inactive = await gql(backend, REQUEST, {
      token: customer.token,
      variables: { cart: masked, name: 'n', comment: 'c' },
    });
    expectRefusal(inactive, 'Cannot create a negotiable quote for an inactive cart.', 'graphql-input');

    const quote = await requestQuote(backend, customer.token, [[product.sku, 2]]);
    const zero = await gql(
      backend,
      `mutation ($uid: ID!, $item: ID!) {
        updateNegotiableQuoteQuantities(input: { quote_uid: $uid, items: [{ quote_item_uid: $item, quantity: 0 }] }) {
          quote { uid } } }`,
      { token: customer.token, variables: { uid: quote.uid, item: quote.items[0].uid } },
    );
    expectRefusal(
      zero,
      `Quantity less than or equal to 0 is not allowed for item uids: ${String(quote.items[0].uid)}`,
      'graphql-input',
    );
  });
});
