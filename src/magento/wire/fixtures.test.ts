/**
 * Every wire schema of the seam over every fixture of the REST contract it describes
 * (`contracts/magento-rest/fixtures/`): what real Magento sends must parse. Every response fixture is
 * either mapped to a schema here or listed with the reason it is not parsed, so a new fixture fails this
 * test until someone decides.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { customerAddressSchema } from './address.ts';
import { cartItemReader, cartReader } from './shopper-cart.ts';
import { grandTotal, totalsReader } from './shopper-totals.ts';
import { checkoutCartSchema, checkoutTotalsSchema, paymentDetailsSchema, totalsSchema } from './cart.ts';
import { magentoCategoryTree, magentoProductPage } from './catalogue.ts';
import { customerSchema } from './customer.ts';
import { countriesSchema } from './directory.ts';
import { magentoErrorBody } from './error.ts';
import { listOf, type Reader } from '@cleaning-shop/kit/reader.ts';
import { orderIdSchema, orderSchema } from './order.ts';

const FIXTURES = join(import.meta.dirname, '../../../../shared/contracts/magento-rest/fixtures');

const RESPONSES: Readonly<Record<string, readonly Reader<unknown>[]>> = {
  'categories-tree-all-store.response.json': [magentoCategoryTree],
  'categories-tree.response.json': [magentoCategoryTree],
  'customer-cart-add-item.response.json': [cartItemReader],
  'customer-cart-create.response.json': [z.number()],
  'customer-cart-get.response.json': [cartReader, checkoutCartSchema],
  'customer-cart-payment-information.response.json': [orderIdSchema],
  'customer-create.response.json': [customerSchema],
  'customer-me-get.response.json': [customerSchema],
  'customer-me-update.response.json': [customerSchema],
  'directory-countries.response.json': [countriesSchema],
  'guest-cart-add-item.response.json': [cartItemReader],
  'guest-cart-assign-customer.response.json': [z.boolean()],
  'guest-cart-create.response.json': [z.string().regex(/^[A-Za-z0-9]{32}$/)],
  'guest-cart-delete-item.response.json': [z.boolean()],
  'guest-cart-get-empty.response.json': [cartReader, checkoutCartSchema],
  'guest-cart-get.response.json': [cartReader, checkoutCartSchema],
  'guest-cart-items.response.json': [listOf(cartItemReader)],
  'guest-cart-payment-information.response.json': [orderIdSchema],
  'guest-cart-shipping-information.response.json': [paymentDetailsSchema],
  'guest-cart-totals-before-shipping.response.json': [totalsReader, totalsSchema, checkoutTotalsSchema],
  'guest-cart-totals.response.json': [totalsReader, totalsSchema, checkoutTotalsSchema],
  'guest-cart-update-item.response.json': [cartItemReader],
  'integration-admin-token.response.json': [z.string().min(1)],
  'integration-customer-token.response.json': [z.string().min(1)],
  'orders-get.response.json': [orderSchema],
  'products-search-by-category_id.response.json': [magentoProductPage],
  'products-search-by-sku-no-match.response.json': [magentoProductPage],
  'products-search-by-skus-in.response.json': [magentoProductPage],
  'products-search-by-url_key.response.json': [magentoProductPage],
};

/** Request fixtures the shop sends whose parts the seam also reads back. */
const REQUESTS: Readonly<Record<string, (body: unknown) => unknown>> = {
  'customer-me-update.request.json': (body) => z.object({ customer: customerSchema }).parse(body),
  'customer-update-by-id.request.json': (body) => z.object({ customer: customerSchema }).parse(body),
  'customer-create.request.json': (body) =>
    z
      .object({ customer: customerSchema.partial({ id: true }) })
      .loose()
      .parse(body),
};

const files = readdirSync(FIXTURES).filter((name) => name.endsWith('.json'));
const read = (name: string): unknown => JSON.parse(readFileSync(join(FIXTURES, name), 'utf8'));

describe('the wire schemas over the contract fixtures', () => {
  it('every response fixture has a schema', () => {
    const responses = files.filter((name) => name.endsWith('.response.json'));
    expect(responses.filter((name) => !(name in RESPONSES))).toEqual([]);
    expect(Object.keys(RESPONSES).filter((name) => !files.includes(name))).toEqual([]);
  });

  it.each(Object.entries(RESPONSES))('%s parses', (name, schemas) => {
    for (const schema of schemas) {
      const result = schema.safeParse(read(name));
      const why =
        'error' in result && result.error instanceof z.ZodError ? z.prettifyError(result.error) : '';
      expect(result.success, why).toBe(true);
    }
  });

  it.each(files.filter((name) => name.startsWith('error-')))('%s parses as an error body', (name) => {
    expect(magentoErrorBody.safeParse(read(name)).success).toBe(true);
  });

  it.each(Object.entries(REQUESTS))('%s: the customer parts parse', (name, parse) => {
    expect(() => parse(read(name))).not.toThrow();
  });

  it('the totals inside the shipping-information answer read by hand too', () => {
    const details = read('guest-cart-shipping-information.response.json') as Record<string, unknown>;
    expect(totalsReader.safeParse(details['totals']).success).toBe(true);
  });

  it('the hand-read totals give the same grand total as the zod-read ones', () => {
    for (const name of [
      'guest-cart-totals.response.json',
      'guest-cart-totals-before-shipping.response.json',
    ]) {
      const byHand = totalsReader.safeParse(read(name));
      if (!byHand.success) throw new Error(`${name} does not read`);
      expect(grandTotal(byHand.data)).toBe(grandTotal(totalsSchema.parse(read(name))));
    }
  });

  it('saved customer addresses in the fixtures parse one by one', () => {
    const me = customerSchema.parse(read('customer-me-get.response.json'));
    for (const address of me.addresses ?? [])
      expect(customerAddressSchema.safeParse(address).success).toBe(true);
    expect(me.addresses?.length).toBeGreaterThan(0);
  });
});

describe('the hand-written readers refuse what is not of the shape', () => {
  const cart = read('guest-cart-get.response.json') as Record<string, unknown>;
  it.each([
    ['a cart without items', { ...cart, items: undefined }],
    ['a cart whose id is a string', { ...cart, id: '5' }],
    ['a line whose qty is a string', { ...cart, items: [{ item_id: 1, sku: 'A', qty: '1' }] }],
    ['a cart whose items_qty is text', { ...cart, items_qty: 'two' }],
  ])('%s', (_, value) => expect(cartReader.safeParse(value).success).toBe(false));

  it('keeps null names and prices as they came, and the count reads items_qty', () => {
    const read = cartReader.safeParse({
      id: 1,
      items: [{ item_id: 1, sku: 'A', qty: 2, name: null }],
      items_qty: 2,
    });
    expect(read).toEqual({
      success: true,
      data: { id: 1, items: [{ item_id: 1, sku: 'A', qty: 2, name: null, price: undefined }], items_qty: 2 },
    });
  });

  const totals = read('guest-cart-totals.response.json') as Record<string, unknown>;
  it.each([
    ['totals without a grand total', { ...totals, grand_total: undefined }],
    ['totals whose shipping is text', { ...totals, shipping_amount: '15.00' }],
    ['totals whose subtotal is null', { ...totals, subtotal: null }],
    ['totals whose segments are not a list', { ...totals, total_segments: { code: 'grand_total' } }],
    ['a segment without a code', { ...totals, total_segments: [{ value: 1 }] }],
    ['a segment whose value is text', { ...totals, total_segments: [{ code: 'grand_total', value: '1' }] }],
    ['totals as a list', [totals]],
  ])('%s', (_, value) => expect(totalsReader.safeParse(value).success).toBe(false));

  it('reads the real grand total from its segment, and keeps a null segment value', () => {
    const read = totalsReader.safeParse({
      grand_total: 100,
      subtotal: 100,
      shipping_amount: 0,
      total_segments: [
        { code: 'tax', value: null },
        { code: 'grand_total', value: 120 },
      ],
    });
    if (!read.success) throw new Error('the totals do not read');
    expect(read.data.total_segments?.[0]).toEqual({ code: 'tax', value: null });
    expect(grandTotal(read.data)).toBe(120);
  });

  it.each([
    ['no message', { parameters: [] }],
    ['parameters that are text', { message: 'x', parameters: 'y' }],
    ['errors without messages', { message: 'x', errors: [{}] }],
  ])('an error body with %s', (_, value) => expect(magentoErrorBody.safeParse(value).success).toBe(false));
});
