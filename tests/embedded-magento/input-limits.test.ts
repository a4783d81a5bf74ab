/**
 * The input limits Magento 2.4.7+ puts on customer and address fields (issue 10), over HTTP: names
 * (`Magento\Customer\Model\Validator\Name`, 255 characters of letters, marks, digits, spaces and
 * , - _ . ' ’ ` &), telephone, city and street (`Validator\Telephone`, `City`, `Street` as 2.4.8 ships
 * them), the date of birth (`Validator\Dob`), the e-mail's local part and the password's length; on
 * sign-up, on `PUT customers/me` with its addresses, and on the cart's addresses. A refusal is 400 with
 * the validators' messages joined by a newline (`Magento\Framework\Validator\Exception`), and nothing
 * is saved.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pickProduct, startTestBackend, type TestBackend } from '../support/backend.ts';
import { ADDRESS, expectError, SHIPPING_INFORMATION } from './helpers.ts';
import { CUSTOMER_ADDRESS } from '../support/addresses.ts';

let backend: TestBackend;

beforeAll(async () => {
  backend = await startTestBackend();
});
afterAll(() => backend.stop());

// The messages, as the validators in app/code/Magento/Customer/Model/Validator/ add them.
const FIRST_NAME = 'First Name is not valid!'; // Name.php
const LAST_NAME = 'Last Name is not valid!'; // Name.php
const MIDDLE_NAME = 'Middle Name is not valid!'; // Name.php
const TELEPHONE = 'Invalid Phone Number. Please use 0-9, +, -, (, ) and space.'; // Telephone.php [2.4.8]
const CITY = "Invalid City. Please use A-Z, a-z, 0-9, -, ', spaces"; // City.php [2.4.8]
const STREET = "Invalid Street Address. Please use A-Z, a-z, 0-9, , - . ' ’ ` & spaces"; // Street.php [2.4.8]
const DOB = 'The Date of Birth should not be greater than today.'; // Dob.php

const PASSWORD = 'Sw33p!ngFloors';
let counter = 0;
const uniqueEmail = () => `limits${++counter}.${Date.now()}@example.com`;

const customerAddress = (overrides: Record<string, unknown> = {}) => ({ ...CUSTOMER_ADDRESS, ...overrides });

/** `POST /V1/customers` with a valid customer changed by `overrides`; returns the reply and the e-mail. */
async function signUp(overrides: Record<string, unknown> = {}, address: Record<string, unknown> = {}) {
  const email = uniqueEmail();
  const customer = {
    email,
    firstname: 'Robin',
    lastname: 'Hale',
    addresses: [customerAddress(address)],
    ...overrides,
  };
  const reply = await backend.call('POST', '/rest/V1/customers', { body: { customer, password: PASSWORD } });
  return { reply, email };
}

/** Nobody can sign in as `email`: the refused sign-up left no account behind. */
async function expectNoAccount(email: string): Promise<void> {
  const token = await backend.call('POST', '/rest/V1/integration/customer/token', {
    body: { username: email, password: PASSWORD },
  });
  expect(token.status).toBe(401);
}

describe('names on sign-up (Validator/Name.php)', () => {
  it('a name holding markup is refused with the field named, and no account is made', async () => {
    const { reply, email } = await signUp({ firstname: '<script>alert(1)</script>' });
    expectError(reply, 400, FIRST_NAME);
    await expectNoAccount(email);
  });

  it('a 100,000-character name is refused; both bad names give both messages, one per line', async () => {
    const huge = 'a'.repeat(100_000);
    const { reply, email } = await signUp({ firstname: huge, lastname: `${huge}b` });
    expectError(reply, 400, `${FIRST_NAME}\n${LAST_NAME}`);
    await expectNoAccount(email);
  });

  it('255 characters is the most a name may have', async () => {
    expect((await signUp({ lastname: 'h'.repeat(255) })).reply.status).toBe(200);
    expectError((await signUp({ lastname: 'h'.repeat(256) })).reply, 400, LAST_NAME);
  });

  it('a control character inside a middle name is refused', async () => {
    expectError((await signUp({ middlename: 'Jo\u0000hn' })).reply, 400, MIDDLE_NAME);
  });

  it("accepts what 2.4.7 added: ’ ` & beside letters of any script, digits and , - _ . '", async () => {
    const { reply } = await signUp({
      firstname: 'Zoë-Ann’s & Co.',
      middlename: 'd`Arc',
      lastname: "O'Brien_Łukasz 3rd, Jr",
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body).toMatchObject({ firstname: 'Zoë-Ann’s & Co.', lastname: "O'Brien_Łukasz 3rd, Jr" });
  });

  it('names are checked on the addresses too', async () => {
    const { reply, email } = await signUp({}, { lastname: 'Hale<img src=x>' });
    expectError(reply, 400, LAST_NAME);
    await expectNoAccount(email);
  });
});

describe('e-mail and password on sign-up', () => {
  it('a local part over 64 bytes "uses too many characters" (EAV email rule, Laminas LENGTH_EXCEEDED)', async () => {
    const customer = (email: string) => ({ email, firstname: 'Robin', lastname: 'Hale' });
    const long = await backend.call('POST', '/rest/V1/customers', {
      body: { customer: customer(`${'l'.repeat(65)}@example.com`), password: PASSWORD },
    });
    expectError(long, 400, '"Email" uses too many characters.');
    // A local part of 64 bytes exactly; the host keeps the address unique.
    const longest = await backend.call('POST', '/rest/V1/customers', {
      body: { customer: customer(`${'l'.repeat(64)}@${Date.now()}.example.com`), password: PASSWORD },
    });
    expect(longest.status, JSON.stringify(longest.body)).toBe(200);
  });

  it('the e-mail and name checks run as one chain: both messages, the e-mail first', async () => {
    const { reply } = await signUp({ email: 'not-an-address', firstname: '<b>' });
    expectError(reply, 400, `"Email" is not a valid email address.\n${FIRST_NAME}`);
  });

  it('a password over 256 characters is refused before anything else (AccountManagement::checkPasswordStrength)', async () => {
    const email = uniqueEmail();
    const customer = { email, firstname: 'Robin', lastname: 'Hale' };
    const tooLong = await backend.call('POST', '/rest/V1/customers', {
      body: { customer, password: 'Aa1!'.repeat(64) + 'x' },
    });
    expectError(tooLong, 400, 'Please enter a password with at most %1 characters.', [256]);
    await expectNoAccount(email);
    const longest = await backend.call('POST', '/rest/V1/customers', {
      body: { customer, password: 'Aa1!'.repeat(64) },
    });
    expect(longest.status).toBe(200);
  });

  it('a password beginning or ending with a space is refused', async () => {
    const reply = await backend.call('POST', '/rest/V1/customers', {
      body: {
        customer: { email: uniqueEmail(), firstname: 'Robin', lastname: 'Hale' },
        password: ` ${PASSWORD}`,
      },
    });
    expectError(
      reply,
      400,
      "The password can't begin or end with a space. Verify the password and try again.",
    );
  });
});

describe('date of birth (Validator/Dob.php)', () => {
  it('a date of birth after today is refused; today and earlier are kept', async () => {
    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const { reply, email } = await signUp({ dob: tomorrow });
    expectError(reply, 400, DOB);
    await expectNoAccount(email);
    const born = await signUp({ dob: '1990-05-01' });
    expect(born.reply.status).toBe(200);
    expect(born.reply.body.dob).toBe('1990-05-01');
  });
});

describe('address fields on sign-up (Validator/Telephone.php, City.php, Street.php as 2.4.8 ships them)', () => {
  it('a telephone with letters, or longer than 20 characters, is refused', async () => {
    expectError((await signUp({}, { telephone: '0113 496 0000 ext 5' })).reply, 400, TELEPHONE);
    expectError((await signUp({}, { telephone: '0'.repeat(21) })).reply, 400, TELEPHONE);
    expect((await signUp({}, { telephone: '+44 (0)113 496-0000' })).reply.status).toBe(200);
  });

  it('a telephone with no allowed character at all passes, as in 2.4.8 (magento/magento2#40361)', async () => {
    expect((await signUp({}, { telephone: 'aaaa' })).reply.status).toBe(200);
  });

  it('a city with digits or a full stop, or longer than 100 characters, is refused (magento/magento2#39854)', async () => {
    expectError((await signUp({}, { city: 'St. Albans' })).reply, 400, CITY);
    expectError((await signUp({}, { city: '29 Palms' })).reply, 400, CITY);
    expectError((await signUp({}, { city: 'L'.repeat(101) })).reply, 400, CITY);
    expect((await signUp({}, { city: "Stratford-upon-Avon l'Île" })).reply.status).toBe(200);
  });

  it('a street line is refused where the 2.4.8 pattern matches a part of it; every bad line counts', async () => {
    const bad = "Flat A,-.'’`& 1] <b>";
    expectError(
      (await signUp({}, { street: [bad, '1 High Street', bad] })).reply,
      400,
      `${STREET}\n${STREET}`,
    );
    expect((await signUp({}, { street: ['Flat 2/3, 12 Mill Lane #4'] })).reply.status).toBe(200);
  });

  it('problems of several fields come together: names first, then telephone, street and city', async () => {
    const { reply } = await signUp(
      {},
      { firstname: '<b>', telephone: '12a', street: ["A,-x'’`& 1]!"], city: 'Leeds 1' },
    );
    expectError(reply, 400, [FIRST_NAME, TELEPHONE, STREET, CITY].join('\n'));
  });
});

describe('PUT customers/me', () => {
  it('a bad name is refused and the customer is left as it was', async () => {
    const customer = await backend.newCustomer();
    const before = await backend.call('GET', '/rest/V1/customers/me', { token: customer.token });
    const reply = await backend.call('PUT', '/rest/V1/customers/me', {
      token: customer.token,
      body: { customer: { ...before.body, firstname: 'x'.repeat(100_000) } },
    });
    expectError(reply, 400, FIRST_NAME);
    const after = await backend.call('GET', '/rest/V1/customers/me', { token: customer.token });
    expect(after.body).toEqual(before.body);
  });

  it('a bad address is refused and the customer is left as it was', async () => {
    const customer = await backend.newCustomer();
    const before = await backend.call('GET', '/rest/V1/customers/me', { token: customer.token });
    const addresses = [{ ...before.body.addresses[0], city: 'Leeds <script>' }];
    const reply = await backend.call('PUT', '/rest/V1/customers/me', {
      token: customer.token,
      body: { customer: { ...before.body, lastname: 'Changed', addresses } },
    });
    expectError(reply, 400, CITY);
    const after = await backend.call('GET', '/rest/V1/customers/me', { token: customer.token });
    expect(after.body).toEqual(before.body);
  });
});

describe('cart addresses', () => {
  /** A guest cart holding one unit of an in-stock product. */
  async function filledGuestCart(): Promise<string> {
    const product = await pickProduct(backend);
    const cartId = (await backend.call('POST', '/rest/V1/guest-carts')).body as string;
    const added = await backend.call('POST', `/rest/V1/guest-carts/${cartId}/items`, {
      body: { cartItem: { sku: product.sku, qty: 1 } },
    });
    expect(added.status).toBe(200);
    return cartId;
  }

  const shippingMethodOf = async (cartId: string) =>
    (await backend.call('GET', `/rest/V1/guest-carts/${cartId}/totals`)).body.shipping_amount;

  it('shipping-information with a bad shipping name is refused and nothing is set', async () => {
    const cartId = await filledGuestCart();
    const reply = await backend.call('POST', `/rest/V1/guest-carts/${cartId}/shipping-information`, {
      body: {
        addressInformation: {
          ...SHIPPING_INFORMATION.addressInformation,
          shipping_address: { ...ADDRESS, firstname: 'Sam\u0007<svg onload=alert(1)>' },
        },
      },
    });
    expectError(reply, 400, FIRST_NAME);
    expect(await shippingMethodOf(cartId)).toBe(0);
  });

  it('shipping-information with a bad billing telephone is refused and nothing is set', async () => {
    const cartId = await filledGuestCart();
    const reply = await backend.call('POST', `/rest/V1/guest-carts/${cartId}/shipping-information`, {
      body: {
        addressInformation: {
          ...SHIPPING_INFORMATION.addressInformation,
          billing_address: { ...ADDRESS, telephone: `0161 ${'4'.repeat(30)}` },
        },
      },
    });
    expectError(reply, 400, TELEPHONE);
    expect(await shippingMethodOf(cartId)).toBe(0);
  });

  it('payment-information with a bad billing city places no order and keeps the cart', async () => {
    const cartId = await filledGuestCart();
    const shipped = await backend.call('POST', `/rest/V1/guest-carts/${cartId}/shipping-information`, {
      body: SHIPPING_INFORMATION,
    });
    expect(shipped.status).toBe(200);
    const reply = await backend.call('POST', `/rest/V1/guest-carts/${cartId}/payment-information`, {
      body: {
        email: ADDRESS.email,
        paymentMethod: { method: 'checkmo' },
        billingAddress: { ...ADDRESS, city: 'M'.repeat(101) },
      },
    });
    expectError(reply, 400, CITY);
    const cart = await backend.call('GET', `/rest/V1/guest-carts/${cartId}`);
    expect(cart.status).toBe(200);
    expect(cart.body.billing_address.city).toBe(ADDRESS.city);
  });
});
