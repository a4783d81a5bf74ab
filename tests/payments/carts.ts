/** Guest carts ready to pay for, and the orders Magento placed for them, on a test back end. */
import { expect } from 'vitest';
import type { NewPayment } from '../../src/payments/payment-records.ts';
import { INTEGRATION_TOKEN, pickProduct, type TestBackend } from '../support/backend.ts';
import { ORDER_ADDRESS } from '../support/orders.ts';

/**
 * A guest cart with one line of `qty` (of `sku`, or of a demo product in stock) and both addresses
 * (billing e-mail included); its masked and quote ids.
 */
export async function guestCartOn(
  backend: TestBackend,
  qty = 2,
  sku?: string,
): Promise<{ masked: string; cartId: number }> {
  const product = sku ? { sku } : await pickProduct(backend);
  const masked = (await backend.call('POST', '/rest/V1/guest-carts')).body as string;
  const cart = `/rest/V1/guest-carts/${masked}`;
  await backend.call('POST', `${cart}/items`, { body: { cartItem: { sku: product.sku, qty } } });
  const address = { ...ORDER_ADDRESS, email: `guest.${Date.now()}@example.com` };
  const shipped = await backend.call('POST', `${cart}/shipping-information`, {
    body: {
      addressInformation: {
        shipping_address: address,
        billing_address: address,
        shipping_carrier_code: 'flatrate',
        shipping_method_code: 'flatrate',
      },
    },
  });
  expect(shipped.status).toBe(200);
  return { masked, cartId: (await backend.call('GET', cart)).body.id as number };
}

/** The orders Magento holds for a quote, asked over HTTP as an admin would. */
export async function ordersOfCartOn(
  backend: TestBackend,
  cartId: number,
): Promise<{ entity_id: number; increment_id: string; status: string }[]> {
  const reply = await backend.call(
    'GET',
    `/rest/V1/orders?searchCriteria[filterGroups][0][filters][0][field]=quote_id&searchCriteria[filterGroups][0][filters][0][value]=${cartId}`,
    { token: INTEGRATION_TOKEN },
  );
  expect(reply.status).toBe(200);
  return reply.body.items;
}

/** A transaction as the bridge registers one, for the store's own tests. */
export const newPayment = (code: string, cartId: number): NewPayment => ({
  code,
  provider: 'opayo-server',
  method: 'card',
  providerRef: '{TX}',
  providerData: 'KEY',
  amountPence: 1250,
  currency: 'GBP',
  cartKind: 'guest',
  customerId: null,
  guestCart: 'masked',
  email: 'a@example.com',
  cartId,
  cartLines: 'SKU×1',
});
