/**
 * B2B for Adobe Commerce's admin REST for negotiable quotes on the embedded back end
 * (developer.adobe.com/commerce/webapi/rest/b2b/negotiable-manage/, negotiable-update/,
 * negotiable-order-workflow/): a company buyer's cart, filled with the buyer's token, made a quote by
 * `POST /V1/negotiableQuote/request` (an admin or integration call, as Adobe's docs and webapi.xml have it),
 * with `NegotiableQuoteManagement::create`'s refusals in its words; the quote read as a cart
 * (`GET /V1/carts/:cartId`: its lines and `extension_attributes.negotiable_quote`, as Adobe's quote load
 * handler answers a negotiable quote); the seller's save (`PUT /V1/negotiableQuote/:quoteId`) answering an
 * empty array and taking back what the cart read gave.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTEGRATION_TOKEN, startTestBackend, type TestBackend } from '../support/backend.ts';
import { validateResponse } from '../support/openapi.ts';
import { customerCart, makeProduct } from './checkout-helpers.ts';
import { expectData, gql } from './graphql-helpers.ts';
import { expectError } from './helpers.ts';
import { addBuyer, makeCompany, QUOTE_RESOURCES } from './negotiable-quotes-helpers.ts';

let backend: TestBackend;
let sku: string;

beforeAll(async () => {
  backend = await startTestBackend();
  sku = await makeProduct(backend, 40, 1);
});
afterAll(() => backend.stop());

const request = (body: unknown, token: string = INTEGRATION_TOKEN) =>
  backend.call('POST', '/rest/V1/negotiableQuote/request', { token, body });

const readCart = (id: number | string) =>
  backend.call('GET', `/rest/V1/carts/${String(id)}`, { token: INTEGRATION_TOKEN });

/** A company administrator's cart of three of the product, filled with their own token; its quote id. */
async function companyCart(qty = 3) {
  const customer = await backend.newCustomer();
  const companyId = makeCompany(backend, customer);
  const cart = await customerCart(backend, customer.token, qty > 0 ? [[sku, qty]] : []);
  return { customer, companyId, quoteId: Number(cart.quoteId) };
}

const ADDRESS = {
  street: ['1 Mill Lane'],
  city: 'York',
  postcode: 'YO1 7HH',
  telephone: '01904 000000',
  country_id: 'GB',
};

const rowId = (quoteId: number) => ({ fieldName: 'quoteId', fieldValue: quoteId });

describe('POST /V1/negotiableQuote/request', () => {
  it('makes a company buyer’s cart a negotiable quote, read back as a cart with its negotiation', async () => {
    const { customer, quoteId } = await companyCart();
    const made = await request({ quoteId, quoteName: 'Spring order', comment: 'Ten percent, please?' });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body).toBe(true);

    const cart = await readCart(quoteId);
    expect(cart.status, JSON.stringify(cart.body)).toBe(200);
    const checked = validateResponse('GET', '/V1/carts/{cartId}', 200, cart.body);
    expect(checked.ok ? [] : checked.errors).toEqual([]);
    expect(cart.body).toMatchObject({
      id: quoteId,
      is_active: true,
      items_count: 1,
      items_qty: 3,
      customer: { id: customer.id, email: customer.email },
      items: [
        {
          sku,
          qty: 3,
          price: 40,
          quote_id: String(quoteId),
          extension_attributes: { negotiable_quote_item: { original_price: 40 } },
        },
      ],
    });
    expect(cart.body.extension_attributes.negotiable_quote).toEqual({
      quote_id: quoteId,
      is_regular_quote: true,
      status: 'created',
      negotiated_price_type: null,
      negotiated_price_value: null,
      shipping_price: null,
      quote_name: 'Spring order',
      expiration_period: null,
      email_notification_status: 0,
      has_unconfirmed_changes: false,
      is_shipping_tax_changed: false,
      is_customer_price_changed: false,
      notifications: null,
      applied_rule_ids: null,
      is_address_draft: false,
      deleted_sku: null,
      creator_id: 1,
      creator_type: 1,
      original_total_price: 120,
      base_original_total_price: 120,
      negotiated_total_price: 120,
      base_negotiated_total_price: 120,
    });

    // The buyer sees it among their quotes, asked for; the basket is theirs no more.
    const quotes = expectData(
      await gql(backend, '{ negotiableQuotes { items { name status } } }', { token: customer.token }),
    );
    expect(quotes.negotiableQuotes.items).toEqual([{ name: 'Spring order', status: 'SUBMITTED' }]);
    const basket = await backend.call('GET', '/rest/V1/carts/mine', { token: customer.token });
    expect(basket.status).toBe(404);
  });

  it('is the admin’s call: a buyer’s own token is refused naming Adobe’s resource', async () => {
    const { customer, quoteId } = await companyCart();
    expectError(
      await request({ quoteId, quoteName: 'Mine' }, customer.token),
      401,
      "The consumer isn't authorized to access %resources.",
      { resources: 'Magento_NegotiableQuote::negotiable_quote' },
    );
  });

  it('refuses as NegotiableQuoteManagement::create does, in its words', async () => {
    const { companyId, quoteId } = await companyCart();
    expectError(
      await request({ quoteId: 987654, quoteName: 'n' }),
      404,
      'Requested quote is not found. Row ID: %fieldName = %fieldValue',
      rowId(987654),
    );

    expect((await request({ quoteId, quoteName: 'First' })).status).toBe(200);
    expectError(
      await request({ quoteId, quoteName: 'Again' }),
      400,
      'Invalid attribute %fieldName: A B2B quote for this quoteID already exists. Row ID: %fieldName = %fieldValue',
      rowId(quoteId),
    );

    const loner = await backend.newCustomer();
    const single = Number((await customerCart(backend, loner.token, [[sku, 1]])).quoteId);
    expectError(
      await request({ quoteId: single, quoteName: 'n' }),
      400,
      'Invalid attribute %fieldName: Cannot create a B2B Quote for an individual user. The user must be a company member. Row ID: %fieldName = %fieldValue',
      rowId(single),
    );

    const inactive = await backend.newCustomer();
    addBuyer(backend, companyId, inactive.id, QUOTE_RESOURCES);
    const theirs = Number((await customerCart(backend, inactive.token, [[sku, 1]])).quoteId);
    backend.db.run(
      'UPDATE company_advanced_customer_entity SET status = 0 WHERE customer_id = ?',
      inactive.id,
    );
    expectError(
      await request({ quoteId: theirs, quoteName: 'n' }),
      400,
      'Invalid attribute %fieldName: Quoting is not allowed for this company. Row ID: %fieldName = %fieldValue',
      rowId(theirs),
    );

    const empty = await companyCart(0);
    expectError(
      await request({ quoteId: empty.quoteId, quoteName: 'n' }),
      400,
      'Cannot create a B2B quote. You must provide one or more quote items.',
    );
  });

  it('refuses a company the merchant has not let quote (quote_config.is_quote_enabled off)', async () => {
    const { customer, companyId, quoteId } = await companyCart();
    const path = `/rest/V1/company/${String(companyId)}`;
    const company = (await backend.call('GET', path, { token: INTEGRATION_TOKEN })).body;
    const extension_attributes = {
      ...company.extension_attributes,
      quote_config: { is_quote_enabled: false },
    };
    const saved = await backend.call('PUT', path, {
      token: INTEGRATION_TOKEN,
      // The helper's company has no legal address; Magento's save wants the whole company.
      body: { company: { ...company, ...ADDRESS, extension_attributes } },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expectError(
      await request({ quoteId, quoteName: 'n' }),
      400,
      'Invalid attribute %fieldName: Quoting is not allowed for this company. Row ID: %fieldName = %fieldValue',
      rowId(quoteId),
    );
    // Every quote call of the buyer's is refused too, as NegotiableQuoteGraphQl's customer check refuses it.
    const listed = await gql(backend, '{ negotiableQuotes { total_count } }', { token: customer.token });
    expect(listed.body.errors?.[0]?.message).toBe(
      "Negotiable quotes are not enabled for the current customer's company.",
    );
  });

  it('checks attachments as Adobe’s files validator does', async () => {
    const { quoteId } = await companyCart();
    const file = (name: string) => ({ base64_encoded_data: 'aGVsbG8=', name });
    expectError(
      await request({ quoteId, quoteName: 'n', files: Array.from({ length: 11 }, () => file('a.pdf')) }),
      400,
      'Cannot create the B2B quote. You cannot attach more than ten files per one request.',
    );
    expectError(
      await request({ quoteId, quoteName: 'n', files: [file('tool.exe')] }),
      400,
      '%fileType is not an allowed file type. Please select a different file.',
      { fileType: 'exe' },
    );
    const both = await request({ quoteId, quoteName: 'n', files: [file('a very long name, really.exe')] });
    expect(both.status).toBe(400);
    expect(both.body).toEqual({
      message: 'Cannot create a B2B quote.',
      errors: [
        {
          message: '%fileType is not an allowed file type. Please select a different file.',
          parameters: { fileType: 'exe' },
        },
        {
          message:
            'The maximum file name length is 20 characters. The only special symbols that are allowed in the file name are: dash and underscore. Row ID: %fieldName = %fieldValue',
          parameters: { fieldName: 'name', fieldValue: 'a very long name, really.exe' },
        },
      ],
    });
  });
});

describe('the seller’s save, PUT /V1/negotiableQuote/:quoteId', () => {
  it('answers an empty array, takes back the cart it read, and the cart read shows the change', async () => {
    const { quoteId } = await companyCart(2);
    expect((await request({ quoteId, quoteName: 'Trade kit' })).status).toBe(200);
    const read = await readCart(quoteId);
    const saved = await backend.call('PUT', `/rest/V1/negotiableQuote/${String(quoteId)}`, {
      token: INTEGRATION_TOKEN,
      body: { quote: read.body },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toEqual([]);

    const discounted = await backend.call('PUT', `/rest/V1/negotiableQuote/${String(quoteId)}`, {
      token: INTEGRATION_TOKEN,
      body: {
        quote: {
          id: quoteId,
          extension_attributes: {
            negotiable_quote: { negotiated_price_type: 1, negotiated_price_value: 10 },
          },
        },
      },
    });
    expect(discounted.body).toEqual([]);
    const after = (await readCart(quoteId)).body;
    expect(after.items[0]).toMatchObject({
      price: 36,
      extension_attributes: { negotiable_quote_item: { original_price: 40 } },
    });
    expect(after.extension_attributes.negotiable_quote).toMatchObject({
      status: 'processing_by_admin',
      negotiated_price_type: 1,
      negotiated_price_value: 10,
      original_total_price: 80,
      negotiated_total_price: 72,
    });
  });

  it('has no GET of its own: Adobe reads a quote as a cart', async () => {
    const { quoteId } = await companyCart(1);
    expect((await request({ quoteId, quoteName: 'n' })).status).toBe(200);
    expectError(
      await backend.call('GET', `/rest/V1/negotiableQuote/${String(quoteId)}`, { token: INTEGRATION_TOKEN }),
      404,
      'Request does not match any route.',
    );
  });
});
