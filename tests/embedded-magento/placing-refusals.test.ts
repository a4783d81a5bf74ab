/**
 * What placing an order refuses, as each route answers it. `…/payment-information` (Checkout's
 * `GuestPaymentInformationManagement` and `PaymentInformationManagement`) catches the refusal and throws
 * `CouldNotSaveException(__($e->getMessage()))`: a 400 whose message is the refusal's, rendered, and
 * which has no `parameters` (`Webapi\Rest\Response` writes them only when the phrase has arguments). The
 * admin's `PUT /V1/carts/:cartId/order` (`QuoteManagement::placeOrder`) answers the refusal as thrown.
 * Real HTTP against the embedded server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTEGRATION_TOKEN, startTestBackend, type TestBackend } from '../support/backend.ts';
import { customerCart, guestCart, makeProduct, place, ship, type TestCart } from './checkout-helpers.ts';
import { ADDRESS, expectError } from './helpers.ts';

let backend: TestBackend;
let sku: string;

beforeAll(async () => {
  backend = await startTestBackend();
  sku = await makeProduct(backend, 25, 1);
  const stocked = await backend.call('POST', '/rest/V1/inventory/source-items', {
    token: INTEGRATION_TOKEN,
    body: { sourceItems: [{ sku, source_code: 'shop', quantity: 5, status: 1 }] },
  });
  expect(stocked.status).toBe(200);
});
afterAll(() => backend.stop());

/** The Leeds shop's address for collection, without the point's code: the quote has no pickup location. */
const SHOP_WITHOUT_CODE = {
  ...ADDRESS,
  region: 'West Yorkshire',
  street: ['Unit 4, Riverside Park'],
  city: 'Leeds',
  postcode: 'LS10 1AB',
};

/** A cart for collection from the shop whose quote has no pickup location. */
async function pickupWithoutLocation(cart: TestCart): Promise<TestCart> {
  expect((await ship(cart, 'instore', 'pickup', SHOP_WITHOUT_CODE)).status).toBe(200);
  return cart;
}

const adminOrder = (cart: TestCart) =>
  backend.call('PUT', `/rest/V1/carts/${String(cart.quoteId)}/order`, {
    token: INTEGRATION_TOKEN,
    body: { paymentMethod: { method: 'checkmo' } },
  });

describe('a refusal at placing', () => {
  it('reaches a guest, and a customer, through payment-information without parameters', async () => {
    const guest = await pickupWithoutLocation(await guestCart(backend, [[sku, 1]]));
    const refused = await place(guest);
    expectError(refused, 400, 'Quote does not have Pickup Location assigned.');
    expect(Object.keys(refused.body)).toEqual(['message']);

    const { token } = await backend.newCustomer();
    const mine = await pickupWithoutLocation(await customerCart(backend, token, [[sku, 1]]));
    expectError(await place(mine), 400, 'Quote does not have Pickup Location assigned.');
  });

  it('reaches the admin’s order route as QuoteValidator throws it, with its one empty parameter', async () => {
    const cart = await pickupWithoutLocation(await guestCart(backend, [[sku, 1]]));
    expectError(await adminOrder(cart), 400, 'Quote does not have Pickup Location assigned.', ['']);
  });

  it('has its parameters put into its message through payment-information', async () => {
    const noTelephone = Object.fromEntries(Object.entries(ADDRESS).filter(([key]) => key !== 'telephone'));
    const cart = await guestCart(backend, [[sku, 1]]);
    expect((await ship(cart, 'flatrate', 'flatrate', noTelephone)).status).toBe(200);
    expectError(
      await place(cart),
      400,
      'Please check the shipping address information. "telephone" is required. Enter and try again.',
    );
    expectError(await adminOrder(cart), 400, 'Please check the shipping address information. %1', [
      '"telephone" is required. Enter and try again.',
    ]);
  });
});
