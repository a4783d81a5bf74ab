/**
 * The negotiable quotes of the embedded back end against B2B for Adobe Commerce's documented calls: the
 * buyer's GraphQL (request from the basket, read, list, ask again, change, close, delete, prepare and place
 * the order) and the seller's admin REST (list, change prices, delivery price and expiry, answer, decline),
 * with Adobe's refusals: a guest, a customer of no company, a buyer without the permission, another
 * company's quote (not found), ordering before the seller answered, and ordering an expired quote.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTEGRATION_TOKEN, pickProduct, startTestBackend, type TestBackend } from '../support/backend.ts';
import { expectData, gql } from './graphql-helpers.ts';
import { startMailCatcher, type MailCatcher } from './returns-helpers.ts';
import { expectRefusal } from './returns-helpers.ts';
import {
  addBuyer,
  makeCompany,
  READ,
  REQUEST,
  requestQuote,
  seller,
  sellerQuoteId,
} from './negotiable-quotes-helpers.ts';

let backend: TestBackend;
let mail: MailCatcher;
let offsetMs = 0;
let product: { sku: string; price: number; name: string };

beforeAll(async () => {
  mail = await startMailCatcher();
  backend = await startTestBackend({ smtpUrl: mail.url, clock: { now: () => Date.now() + offsetMs } });
  product = await pickProduct(backend, 20);
});
afterAll(async () => {
  await backend.stop();
  await mail.close();
});

/** A company administrator, signed in. */
async function companyAdmin() {
  const customer = await backend.newCustomer();
  const companyId = makeCompany(backend, customer);
  return { ...customer, companyId };
}

const day = (offsetDays: number) =>
  new Date(Date.now() + offsetMs + offsetDays * 86_400_000).toISOString().slice(0, 10);

const PLACE = `mutation ($uid: ID!) { placeNegotiableQuoteOrder(input: { quote_uid: $uid }) { order { order_number } } }`;

/** The seller offers `price` a unit and `shipping` for delivery, expiring on `expires`, and answers. */
async function answer(customerId: number, price: number, shipping: number, expires: string) {
  const id = await sellerQuoteId(backend, customerId);
  const listed = await seller(
    backend,
    'GET',
    `?searchCriteria[filterGroups][0][filters][0][field]=quote_id&searchCriteria[filterGroups][0][filters][0][value]=${String(id)}`,
  );
  const itemId = listed.body.items[0].items[0].item_id as number;
  const put = await seller(backend, 'PUT', `/${String(id)}`, {
    quote: {
      id,
      items: [{ item_id: itemId, price }],
      extension_attributes: { negotiable_quote: { shipping_price: shipping, expiration_period: expires } },
    },
  });
  expect(put.status, JSON.stringify(put.body)).toBe(200);
  const sent = await seller(backend, 'POST', '/submitToCustomer', {
    quoteId: id,
    comment: 'Trade price for five.',
  });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  return id;
}

/**
 * The buyer's default address, delivery and payment on account (`purchaseorder`, offered to the Trade
 * group, which the buyer joins now: the quote keeps the prices it was asked at) set on the quote.
 */
async function prepare({ id, token }: { id: number; token: string }, uid: string) {
  backend.db.run('UPDATE customers SET group_id = 5 WHERE id = ?', id);
  const me = await backend.call('GET', '/rest/V1/customers/me', { token });
  const addressUid = Buffer.from(String(me.body.addresses[0].id)).toString('base64');
  const shipped = expectData(
    await gql(
      backend,
      `mutation ($uid: ID!, $address: ID!) {
        setNegotiableQuoteShippingAddress(input: { quote_uid: $uid, shipping_addresses: [{ customer_address_uid: $address }] }) {
          quote { shipping_addresses { city available_shipping_methods { carrier_code method_code amount { value } } } } } }`,
      { token, variables: { uid, address: addressUid } },
    ),
  );
  const [method] =
    shipped.setNegotiableQuoteShippingAddress.quote.shipping_addresses[0].available_shipping_methods;
  expectData(
    await gql(
      backend,
      `mutation ($uid: ID!, $address: ID!) {
        setNegotiableQuoteBillingAddress(input: { quote_uid: $uid, billing_address: { customer_address_uid: $address } }) { quote { uid } } }`,
      { token, variables: { uid, address: addressUid } },
    ),
  );
  const chosen = expectData(
    await gql(
      backend,
      `mutation ($uid: ID!, $carrier: String!, $method: String!) {
        setNegotiableQuoteShippingMethods(input: { quote_uid: $uid, shipping_methods: [{ carrier_code: $carrier, method_code: $method }] }) {
          quote { shipping_addresses { selected_shipping_method { carrier_code amount { value } } } prices { grand_total { value } } } } }`,
      { token, variables: { uid, carrier: method.carrier_code, method: method.method_code } },
    ),
  );
  expectData(
    await gql(
      backend,
      `mutation ($uid: ID!) {
        setNegotiableQuotePaymentMethod(input: { quote_uid: $uid, payment_method: { code: "purchaseorder", purchase_order_number: "PO-77" } }) {
          quote { selected_payment_method { code } } } }`,
      { token, variables: { uid } },
    ),
  );
  return chosen.setNegotiableQuoteShippingMethods.quote;
}

describe('refusals in Adobe’s words', () => {
  it('refuses a guest', async () => {
    const reply = await gql(backend, '{ negotiableQuotes { total_count } }');
    expectRefusal(
      reply,
      'The current user is not a registered customer and cannot perform operations on negotiable quotes.',
      'graphql-authorization',
    );
  });

  it('refuses a customer of no company', async () => {
    const { token } = await backend.newCustomer();
    const reply = await gql(backend, REQUEST, { token, variables: { cart: 'x', name: 'n', comment: 'c' } });
    expectRefusal(reply, 'The current customer does not belong to a company.', 'graphql-authorization');
  });

  it('refuses a buyer whose role may only view quotes', async () => {
    const admin = await companyAdmin();
    const buyer = await backend.newCustomer();
    addBuyer(backend, admin.companyId, buyer.id, [
      'Magento_NegotiableQuote::all',
      'Magento_NegotiableQuote::view_quotes',
    ]);
    const reply = await gql(backend, REQUEST, {
      token: buyer.token,
      variables: { cart: 'x', name: 'n', comment: 'c' },
    });
    expectRefusal(
      reply,
      'The current customer does not have permission to manage negotiable quotes.',
      'graphql-authorization',
    );
  });

  it('answers another company’s quote as not found, and an unknown cart likewise', async () => {
    const owner = await companyAdmin();
    const quote = await requestQuote(backend, owner.token, [[product.sku, 1]]);
    const stranger = await companyAdmin();
    const reply = await gql(backend, READ, { token: stranger.token, variables: { uid: quote.uid } });
    expectRefusal(
      reply,
      `Could not find quotes with the following UIDs: ${String(quote.uid)}`,
      'graphql-no-such-entity',
    );
    const unknown = await gql(backend, REQUEST, {
      token: stranger.token,
      variables: { cart: quote.uid, name: 'n', comment: 'c' },
    });
    expectRefusal(unknown, 'Could not find a quote with the specified UID.', 'graphql-no-such-entity');
  });

  it('refuses a quote of an empty basket', async () => {
    const admin = await companyAdmin();
    const cart = expectData(await gql(backend, '{ customerCart { id } }', { token: admin.token }))
      .customerCart.id;
    const reply = await gql(backend, REQUEST, {
      token: admin.token,
      variables: { cart, name: 'n', comment: 'c' },
    });
    expectRefusal(reply, 'Cannot create a negotiable quote for an empty cart.', 'graphql-input');
  });

  it('refuses the seller’s calls to a customer token', async () => {
    const admin = await companyAdmin();
    const reply = await backend.call('GET', '/rest/V1/negotiableQuote?searchCriteria=', {
      token: admin.token,
    });
    expect(reply.status).toBe(401);
  });
});

describe('a negotiation from basket to order', () => {
  it('requests from the basket, which empties; the catalogue price is where the seller starts', async () => {
    const admin = await companyAdmin();
    const quote = await requestQuote(backend, admin.token, [[product.sku, 5]]);
    expect(quote).toMatchObject({
      name: 'Site kit',
      status: 'SUBMITTED',
      total_quantity: 5,
      buyer: { firstname: 'Robin', lastname: 'Hale' },
      items: [
        {
          __typename: 'SimpleCartItem',
          quantity: 5,
          product: { sku: product.sku },
          prices: {
            price_including_tax: { value: product.price, currency: 'GBP' },
            original_item_price: { value: product.price },
          },
        },
      ],
      comments: [
        { creator_type: 'BUYER', text: 'Five for the new site, please', author: { firstname: 'Robin' } },
      ],
      history: [
        {
          change_type: 'CREATED',
          changes: {
            statuses: { changes: [{ old_status: null, new_status: 'SUBMITTED' }] },
            comment_added: { comment: 'Five for the new site, please' },
          },
        },
      ],
    });
    expect(quote.uid).toMatch(/^[A-Za-z0-9]{32}$/);
    // The basket is a new, empty cart.
    const basket = await backend.call('GET', '/rest/V1/carts/mine', { token: admin.token });
    expect(basket.status === 404 || basket.body.items?.length === 0).toBe(true);
    // Asking twice for the same cart: Adobe's words.
    const again = await gql(backend, REQUEST, {
      token: admin.token,
      variables: { cart: quote.uid, name: 'n', comment: 'c' },
    });
    expectRefusal(again, 'Negotiable quote already exists for the specified UID.', 'graphql-input');
  });

  it('refuses to order before the seller answered, then orders at the quoted prices', async () => {
    const admin = await companyAdmin();
    const quote = await requestQuote(backend, admin.token, [[product.sku, 5]]);
    const early = await gql(backend, PLACE, { token: admin.token, variables: { uid: quote.uid } });
    expectRefusal(
      early,
      `The quote ${String(quote.uid)} is currently locked, and you cannot place an order from it at the moment.`,
      'graphql-input',
    );

    const offered = Math.round(product.price * 0.8 * 100) / 100;
    await answer(admin.id, offered, 25, day(10));
    const updated = expectData(
      await gql(backend, READ, { token: admin.token, variables: { uid: quote.uid } }),
    ).negotiableQuote;
    expect(updated.status).toBe('UPDATED');
    expect(updated.items[0].prices.price_including_tax.value).toBe(offered);
    expect(updated.items[0].prices.original_item_price.value).toBe(product.price);
    expect(updated.comments.at(-1)).toMatchObject({ creator_type: 'SELLER', text: 'Trade price for five.' });
    expect(
      updated.history.map(
        (entry: { changes: { statuses: { changes: { new_status: string }[] } | null } }) =>
          entry.changes.statuses?.changes[0]?.new_status,
      ),
    ).toEqual(['SUBMITTED', 'PENDING', 'UPDATED']);
    expect(mail.to(admin.email).at(-1)?.subject).toContain('Site kit');

    const prepared = await prepare(admin, quote.uid);
    expect(prepared.shipping_addresses[0].selected_shipping_method.amount.value).toBe(25);
    expect(prepared.prices.grand_total.value).toBeCloseTo(offered * 5 + 25, 2);

    const placed = expectData(
      await gql(backend, PLACE, { token: admin.token, variables: { uid: quote.uid } }),
    );
    const number = placed.placeNegotiableQuoteOrder.order.order_number as string;
    const orders = await backend.call(
      'GET',
      `/rest/V1/orders?searchCriteria[filterGroups][0][filters][0][field]=increment_id&searchCriteria[filterGroups][0][filters][0][value]=${number}`,
      { token: INTEGRATION_TOKEN },
    );
    const order = orders.body.items[0];
    expect(order.items[0]).toMatchObject({ sku: product.sku, qty_ordered: 5, price_incl_tax: offered });
    expect(order.shipping_incl_tax).toBe(25);
    const after = expectData(
      await gql(backend, READ, { token: admin.token, variables: { uid: quote.uid } }),
    ).negotiableQuote;
    expect(after.status).toBe('ORDERED');
    // The catalogue's price is untouched.
    const catalogue = await backend.call('GET', `/rest/V1/products/${encodeURIComponent(product.sku)}`, {
      token: INTEGRATION_TOKEN,
    });
    expect(catalogue.body.price).toBe(product.price);
  });

  it('refuses to order a quote past its expiry, and shows it EXPIRED', async () => {
    const admin = await companyAdmin();
    const quote = await requestQuote(backend, admin.token, [[product.sku, 2]]);
    await answer(admin.id, product.price - 1, 10, day(1));
    await prepare(admin, quote.uid);
    offsetMs += 3 * 86_400_000;
    try {
      const reply = await gql(backend, PLACE, { token: admin.token, variables: { uid: quote.uid } });
      expectRefusal(
        reply,
        `The quote ${String(quote.uid)} is currently locked, and you cannot place an order from it at the moment.`,
        'graphql-input',
      );
      const read = expectData(
        await gql(backend, READ, { token: admin.token, variables: { uid: quote.uid } }),
      ).negotiableQuote;
      expect(read.status).toBe('EXPIRED');
      expect(read.history.at(-1).change_type).toBe('UPDATED_BY_SYSTEM');
    } finally {
      offsetMs -= 3 * 86_400_000;
    }
  });

  it('asks again with a comment after changing a quantity, and the seller sees it', async () => {
    const admin = await companyAdmin();
    const quote = await requestQuote(backend, admin.token, [[product.sku, 5]]);
    await answer(admin.id, product.price - 2, 0, day(10));
    const changed = expectData(
      await gql(
        backend,
        `mutation ($uid: ID!, $item: ID!) { updateNegotiableQuoteQuantities(input: { quote_uid: $uid, items: [{ quote_item_uid: $item, quantity: 6 }] }) { quote { status total_quantity } } }`,
        { token: admin.token, variables: { uid: quote.uid, item: quote.items[0].uid } },
      ),
    );
    expect(changed.updateNegotiableQuoteQuantities.quote).toEqual({ status: 'OPEN', total_quantity: 6 });
    const sent = expectData(
      await gql(
        backend,
        `mutation ($uid: ID!) { sendNegotiableQuoteForReview(input: { quote_uid: $uid, comment: { comment: "Six now, same price?" } }) { quote { status comments { text } } } }`,
        { token: admin.token, variables: { uid: quote.uid } },
      ),
    );
    expect(sent.sendNegotiableQuoteForReview.quote.status).toBe('SUBMITTED');
    const id = await sellerQuoteId(backend, admin.id);
    const comments = await seller(backend, 'GET', `/${String(id)}/comments`);
    expect(comments.body.map((comment: { comment: string }) => comment.comment)).toContain(
      'Six now, same price?',
    );
    // Sending again while the seller holds it: Adobe's words.
    const twice = await gql(
      backend,
      `mutation ($uid: ID!) { sendNegotiableQuoteForReview(input: { quote_uid: $uid }) { quote { status } } }`,
      { token: admin.token, variables: { uid: quote.uid } },
    );
    expectRefusal(
      twice,
      `The quotes with the following UIDs have a status that does not allow them to be edited or submitted: ${String(quote.uid)}`,
      'graphql-input',
    );
  });

  it('lists, declines, closes and deletes', async () => {
    const admin = await companyAdmin();
    const first = await requestQuote(backend, admin.token, [[product.sku, 1]]);
    const second = await requestQuote(backend, admin.token, [[product.sku, 2]]);
    const listed = expectData(
      await gql(
        backend,
        '{ negotiableQuotes { total_count items { uid status } page_info { current_page page_size total_pages } } }',
        { token: admin.token },
      ),
    );
    expect(listed.negotiableQuotes.total_count).toBe(2);
    expect(listed.negotiableQuotes.items.map((item: { uid: string }) => item.uid)).toEqual([
      second.uid,
      first.uid,
    ]);
    const declined = await seller(backend, 'POST', '/decline', {
      quoteId: await sellerQuoteId(backend, admin.id),
      reason: 'Out of range',
    });
    expect(declined.status, JSON.stringify(declined.body)).toBe(200);
    const closed = expectData(
      await gql(
        backend,
        `mutation ($uids: [ID]!) { closeNegotiableQuotes(input: { quote_uids: $uids }) { result_status operation_results { __typename ... on NegotiableQuoteUidOperationSuccess { quote_uid } ... on CloseNegotiableQuoteOperationFailure { quote_uid errors { __typename ... on NoSuchEntityUidError { message uid } } } } } }`,
        { token: admin.token, variables: { uids: [first.uid, 'nope'] } },
      ),
    );
    expect(closed.closeNegotiableQuotes.result_status).toBe('MIXED_RESULTS');
    expect(closed.closeNegotiableQuotes.operation_results[1]).toEqual({
      __typename: 'CloseNegotiableQuoteOperationFailure',
      quote_uid: 'nope',
      errors: [
        {
          __typename: 'NoSuchEntityUidError',
          message: 'Could not find quotes with the following UIDs: nope',
          uid: 'nope',
        },
      ],
    });
    const deleted = expectData(
      await gql(
        backend,
        `mutation ($uids: [ID]!) { deleteNegotiableQuotes(input: { quote_uids: $uids }) { result_status } }`,
        { token: admin.token, variables: { uids: [first.uid] } },
      ),
    );
    expect(deleted.deleteNegotiableQuotes.result_status).toBe('SUCCESS');
    const left = expectData(
      await gql(backend, '{ negotiableQuotes { total_count } }', { token: admin.token }),
    );
    expect(left.negotiableQuotes.total_count).toBe(1);
  });
});
