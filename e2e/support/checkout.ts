/** What journeys that pay share: the e2e server's back ends and the sandbox's cards. */
import type { Locator, Page } from '@playwright/test';
import { EMBEDDED_DEMO_OAUTH } from '../../src/config/magento.ts';
import { oauthAuthorization } from '../../src/magento/oauth.ts';
import { MAGENTO_URL, SANDBOX_URL } from './ports.ts';
import { expect, hydrated } from './test.ts';

/** The e2e server's embedded back ends (scripts/e2e-server.ts); overridable for a shop on other ports. */
export const MAGENTO = process.env['E2E_MAGENTO_URL'] ?? MAGENTO_URL;
export const SANDBOX = process.env['E2E_PAYMENT_SANDBOX_URL'] ?? SANDBOX_URL;
/**
 * Headers for one call as the demo integration. The e2e back end refuses integration tokens sent as bearer
 * tokens, as Magento 2.4.4+ does by default (scripts/e2e-server.ts), so each call is signed with OAuth 1.0a.
 */
export const asIntegration = (method: string, url: string): Record<string, string> => ({
  Authorization: oauthAuthorization({ method, url, credentials: EMBEDDED_DEMO_OAUTH }),
});
/** The sandbox's card that authorises. */
export const GOOD_CARD = '4929000000006';

/** The sandbox's card page: a card number and the rest of a valid card. */
export async function enterCard(page: Page, number: string): Promise<void> {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry date').fill('1230');
  await page.getByLabel('Security code').fill('123');
  await page.getByLabel('Name on card').fill('Jane Shopper');
}

/** From a filled basket to the payment step: the shipping step, prefilled for a customer, `address` for a guest. */
export async function toPaymentStep(page: Page, address?: Address): Promise<void> {
  await page.goto('/basket/shipping');
  await hydrated(page, 'CheckoutShipping');
  if (address) {
    await fill(form(page, 'Shipping address'), address);
    await fill(form(page, 'Billing address'), address);
  }
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page).toHaveURL('/basket/shipping/payment');
  await hydrated(page, 'CheckoutPayment');
}

/**
 * From a filled basket: the shipping step (prefilled for a customer; `address` fills both forms for a
 * guest), Pay, the authorising card; the paid page's number.
 */
export async function checkOut(page: Page, address?: Address): Promise<string> {
  await toPaymentStep(page, address);
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByLabel('Card number')).toBeVisible();
  await enterCard(page, GOOD_CARD);
  await page.getByRole('button', { name: 'Pay now' }).click();
  await expect(page).toHaveURL('/paid');
  const number = page.getByRole('main').locator('strong');
  await expect(number).toHaveText(/^\d{9}$/);
  return (await number.textContent()) ?? '';
}

/** A shopper's address as the checkout forms hold it. */
export interface Address {
  email: string;
  firstname: string;
  lastname: string;
  street: string;
  city: string;
  region: string;
  postcode: string;
  country: string;
  telephone: string;
}

/** A tag that makes an e-mail address (or a name) no other test uses. */
export const tag = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

/** A checkout address of a new shopper; `overrides` change what a test needs. */
export function address(overrides: Partial<Address> = {}): Address {
  return {
    email: `e2e-checkout-${tag()}@example.com`,
    firstname: 'Jane',
    lastname: 'Shopper',
    street: '88 Test Street',
    city: 'London',
    region: 'Greater London',
    postcode: 'SW1A 1AA',
    country: 'United Kingdom',
    telephone: '020 7946 0000',
    ...overrides,
  };
}

/** The password of the customers the journeys register. */
export const CUSTOMER_PASSWORD = 'Scrub!Brush42';

/** Registers `home` as a customer with it as default shipping and billing address (not signed in). */
export async function registerCustomer(page: Page, home: Address): Promise<void> {
  await page.goto('/privacy-policy');
  await page.evaluate(
    async ({ home, password }) => {
      const saved = {
        firstname: home.firstname,
        lastname: home.lastname,
        street: [home.street],
        city: home.city,
        region: { region: home.region },
        postcode: home.postcode,
        country_id: 'GB',
        telephone: home.telephone,
      };
      const created = await fetch('/rest/V1/customers', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          customer: {
            email: home.email,
            firstname: home.firstname,
            lastname: home.lastname,
            addresses: [{ ...saved, default_shipping: true, default_billing: true }],
          },
          password,
        }),
      });
      if (!created.ok) throw new Error(`customer not created: ${await created.text()}`);
    },
    { home, password: CUSTOMER_PASSWORD },
  );
}

/** A registered customer with default addresses, signed in (HttpOnly cookie), with `lines` in the cart. */
export async function customerCart(
  page: Page,
  lines: readonly { sku: string; qty: number }[],
  home: Address,
): Promise<void> {
  await registerCustomer(page, home);
  await page.evaluate(
    async ({ lines, email, password }) => {
      const json = { 'Content-Type': 'application/json' };
      const session = await fetch('/session', {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ email, password }),
      });
      if (!session.ok) throw new Error(`not signed in: ${await session.text()}`);
      localStorage.setItem('login', 'true');
      await fetch('/rest/V1/carts/mine', { method: 'POST' });
      for (const { sku, qty } of lines) {
        const added = await fetch('/rest/V1/carts/mine/items', {
          method: 'POST',
          headers: json,
          body: JSON.stringify({ cartItem: { sku, qty } }),
        });
        if (!added.ok) throw new Error(`not added: ${await added.text()}`);
      }
    },
    { lines, email: home.email, password: CUSTOMER_PASSWORD },
  );
}

/** A guest cart with `qty` of `sku`, made through the shop's proxy and stored as the islands do. */
export async function guestCart(page: Page, sku: string, qty: number): Promise<string> {
  await page.goto('/privacy-policy');
  return page.evaluate(
    async ({ sku, qty }) => {
      const json = { 'Content-Type': 'application/json' };
      const code = (await (await fetch('/rest/V1/guest-carts', { method: 'POST' })).json()) as string;
      const added = await fetch(`/rest/V1/guest-carts/${code}/items`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ cartItem: { sku, qty, quote_id: code } }),
      });
      if (!added.ok) throw new Error(`not added: ${await added.text()}`);
      localStorage.setItem('guestCode', code);
      return code;
    },
    { sku, qty },
  );
}

/** A fieldset of the shipping step by its legend ('Shipping address', 'Billing address', 'Delivery'). */
export const form = (page: Page, legend: string): Locator => page.getByRole('group', { name: legend });
export const field = (scope: Locator, label: string) => scope.getByLabel(label, { exact: true });

export async function fill(scope: Locator, values: Address): Promise<void> {
  await field(scope, 'Email').fill(values.email);
  await field(scope, 'First name').fill(values.firstname);
  await field(scope, 'Last name').fill(values.lastname);
  await field(scope, 'Street').fill(values.street);
  await field(scope, 'City').fill(values.city);
  await field(scope, 'Region').fill(values.region);
  await field(scope, 'Postcode').fill(values.postcode);
  await field(scope, 'Country').fill(values.country);
  await field(scope, 'Telephone').fill(values.telephone);
}
