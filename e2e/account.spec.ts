/**
 * Customer accounts (spec §2, §4, §5, §8 with DESIGN.md §3's fixes): create an account, sign in (wrong
 * and right password), My Account, editing each section, validation, unknown sections, logout and the
 * redirects of signed-out shoppers. The customer token stays in an HttpOnly cookie: no script sees it.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, hydrated, shellReady, notices, test } from './support/test.ts';

interface NewCustomer {
  email: string;
  password: string;
  firstname: string;
  lastname: string;
  street: string;
  city: string;
  region: string;
  postcode: string;
  country: string;
  telephone: string;
}

let counter = 0;
/** A customer nobody else uses: every test registers its own. */
function newCustomer(): NewCustomer {
  counter += 1;
  const tag = `${Date.now().toString(36)}${counter}${Math.random().toString(36).slice(2, 7)}`;
  return {
    email: `e2e-${tag}@example.com`,
    password: 'Scrub!Brush42',
    firstname: 'Robin',
    lastname: `Tester${tag}`,
    street: '12 Mill Lane',
    city: 'York',
    region: 'North Yorkshire',
    postcode: 'YO1 7HH',
    country: 'United Kingdom',
    telephone: '01904 555123',
  };
}

const statusNotice = (page: Page) => notices(page).getByRole('status');
const alertNotice = (page: Page) => notices(page).getByRole('alert');
const field = (scope: Page | Locator, label: string) => scope.getByLabel(label, { exact: true });

async function register(page: Page, customer: NewCustomer): Promise<void> {
  await page.goto('/customer/create-account');
  await hydrated(page, 'CreateAccountForm');
  await field(page, 'Email').fill(customer.email);
  await field(page, 'First name').fill(customer.firstname);
  await field(page, 'Last name').fill(customer.lastname);
  await field(page, 'Postcode').fill(customer.postcode);
  await field(page, 'Street').fill(customer.street);
  await field(page, 'City').fill(customer.city);
  await field(page, 'Region').fill(customer.region);
  await field(page, 'Country').fill(customer.country);
  await field(page, 'Telephone').fill(customer.telephone);
  await field(page, 'Password').fill(customer.password);
  await page.getByRole('button', { name: 'Submit' }).click();
}

/** Creates the account through the shop's own `/rest` proxy, for journeys about something else. */
async function registerQuickly(page: Page, customer: NewCustomer): Promise<void> {
  if (!page.url().startsWith('http')) await page.goto('/privacy-policy');
  const status = await page.evaluate(async (c) => {
    const address = {
      firstname: c.firstname,
      lastname: c.lastname,
      region: { region: c.region },
      postcode: c.postcode,
      street: [c.street],
      city: c.city,
      telephone: c.telephone,
      country_id: 'GB',
    };
    const response = await fetch('/rest/V1/customers', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        customer: {
          email: c.email,
          firstname: c.firstname,
          lastname: c.lastname,
          addresses: [
            { ...address, default_shipping: true },
            { ...address, default_billing: true },
          ],
        },
        password: c.password,
      }),
    });
    return response.status;
  }, customer);
  expect(status).toBe(200);
}

async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/customer/sign-in');
  await hydrated(page, 'SignInForm');
  await field(page, 'Email').fill(email);
  await field(page, 'Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL('/customer');
}

const block = (page: Page, title: string) => page.getByRole('region', { name: title });

/** The value shown for a label in a summary block (a `<dt>` and its `<dd>`). */
const entry = (scope: Locator, label: string) =>
  scope.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');

test.describe('creating an account and signing in', () => {
  test('a new customer registers, fails with a wrong password, signs in and sees their data', async ({
    page,
    context,
  }) => {
    const customer = newCustomer();
    await register(page, customer);

    await expect(page).toHaveURL('/customer/sign-in');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Customer Login');
    await expect(statusNotice(page)).toHaveText('Your account has been successfully created!');

    await hydrated(page, 'SignInForm');
    await expect(page.getByRole('heading', { name: 'Registered Customer' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'New Customer' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Create an Account' }).last()).toHaveAttribute(
      'href',
      '/customer/create-account',
    );
    await field(page, 'Email').fill(customer.email);
    await field(page, 'Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    const error = page.locator('#sign-in-error');
    await expect(error).toHaveText('Email or password wrong. Please try again');
    await expect(error).toHaveAttribute('role', 'alert');
    await expect(field(page, 'Email')).toHaveValue(customer.email);
    await expect(page).toHaveURL('/customer/sign-in');

    await field(page, 'Password').fill(customer.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL('/customer');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('My Account');

    const info = block(page, 'Account Information');
    await expect(entry(info, 'Name')).toHaveText(customer.firstname);
    await expect(entry(info, 'Surname')).toHaveText(customer.lastname);
    await expect(entry(info, 'Email')).toHaveText(customer.email);
    await expect(entry(info, 'Tel')).toHaveText(customer.telephone);
    for (const title of ['Billing Address', 'Shipping Address']) {
      const address = block(page, title);
      await expect(entry(address, 'Full name')).toHaveText(`${customer.firstname} ${customer.lastname}`);
      await expect(entry(address, 'Address')).toHaveText(
        `${customer.street}, ${customer.city}, ${customer.region}, ${customer.postcode}`,
      );
      await expect(entry(address, 'Country')).toHaveText('United Kingdom');
      await expect(entry(address, 'Tel')).toHaveText(customer.telephone);
      await expect(entry(address, 'Email')).toHaveText(customer.email);
    }
    await expect(info.getByRole('link', { name: 'Edit Account Information' })).toHaveAttribute(
      'href',
      '/customer/manage/contact',
    );
    await expect(block(page, 'Billing Address').getByRole('link', { name: /Edit/ })).toHaveAttribute(
      'href',
      '/customer/manage/bill_addr',
    );
    await expect(block(page, 'Shipping Address').getByRole('link', { name: /Edit/ })).toHaveAttribute(
      'href',
      '/customer/manage/shipp_addr',
    );

    // The token lives in an HttpOnly cookie; scripts see only the signed-in marker.
    const session = (await context.cookies()).find((cookie) => cookie.name === 'shop_session');
    expect(session?.httpOnly).toBe(true);
    expect(session?.sameSite).toBe('Lax');
    const token = session?.value ?? '';
    expect(token.length).toBeGreaterThan(10);
    const visible = await page.evaluate(() => ({
      local: Object.entries(localStorage),
      session: Object.entries(sessionStorage),
      cookie: document.cookie,
    }));
    expect(visible.local).toContainEqual(['login', 'true']);
    for (const [key, value] of [...visible.local, ...visible.session])
      expect(value, `storage key ${key}`).not.toContain(token);
    expect(visible.cookie).not.toContain(token);
    expect(visible.cookie).not.toContain('shop_session');
  });

  test("an e-mail already registered gets Magento's message and nothing typed is lost", async ({ page }) => {
    const customer = newCustomer();
    await registerQuickly(page, customer);
    await register(page, customer);
    await expect(page.locator('#create-account-error')).toHaveText(
      'A customer with the same email address already exists in an associated website.',
    );
    await expect(page).toHaveURL('/customer/create-account');
    await expect(field(page, 'Email')).toHaveValue(customer.email);
    await expect(field(page, 'Street')).toHaveValue(customer.street);
    await expect(field(page, 'Country')).toHaveValue(customer.country);
    await expect(field(page, 'Password')).toHaveValue(customer.password);
  });
});

test.describe('managing the account', () => {
  test('each section is edited and My Account shows the change', async ({ page }) => {
    const customer = newCustomer();
    await registerQuickly(page, customer);
    await signIn(page, customer.email, customer.password);

    await page.goto('/customer/manage/contact');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Account Information');
    await expect(field(page, 'Email')).toHaveValue(customer.email);
    await expect(field(page, 'First name')).toHaveValue(customer.firstname);
    const email = customer.email.replace('e2e-', 'e2e-renamed-');
    await field(page, 'Email').fill(email);
    await field(page, 'First name').fill('Morgan');
    await field(page, 'Last name').fill('Edited');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page).toHaveURL('/customer');
    await expect(statusNotice(page)).toHaveText('Your data have been update successfully');
    const info = block(page, 'Account Information');
    await expect(entry(info, 'Name')).toHaveText('Morgan');
    await expect(entry(info, 'Surname')).toHaveText('Edited');
    await expect(entry(info, 'Email')).toHaveText(email);

    await info.getByRole('link', { name: 'Edit Account Information' }).click();
    await expect(page).toHaveURL('/customer/manage/contact');
    await page.getByRole('link', { name: 'Return' }).click();
    await expect(page).toHaveURL('/customer');

    await page.goto('/customer/manage/bill_addr');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Billing Address');
    await expect(field(page, 'Street')).toHaveValue(customer.street);
    await expect(field(page, 'Country')).toHaveValue('United Kingdom');
    await field(page, 'Street').fill('1 Harbour Road');
    await field(page, 'City').fill('Cork');
    await field(page, 'Region').fill('Munster');
    await field(page, 'Postcode').fill('T12 X2Y3');
    await field(page, 'Country').fill('ireland');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page).toHaveURL('/customer');
    await expect(statusNotice(page)).toHaveText('Your data have been update successfully');
    const billing = block(page, 'Billing Address');
    await expect(entry(billing, 'Address')).toHaveText('1 Harbour Road, Cork, Munster, T12 X2Y3');
    await expect(entry(billing, 'Country')).toHaveText('Ireland');
    await expect(entry(billing, 'Email')).toHaveText(email);
    const shipping = block(page, 'Shipping Address');
    await expect(entry(shipping, 'Address')).toHaveText(
      `${customer.street}, ${customer.city}, ${customer.region}, ${customer.postcode}`,
    );

    await page.goto('/customer/manage/shipp_addr');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Shipping Address');
    await expect(field(page, 'City')).toHaveValue(customer.city);
    await field(page, 'First name').fill('Sam');
    await field(page, 'Last name').fill('Receiver');
    await field(page, 'Street').fill('99 Dock Street');
    await field(page, 'Telephone').fill('0161 496 0999');
    await field(page, 'Country').fill('gb');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page).toHaveURL('/customer');
    await expect(entry(shipping, 'Full name')).toHaveText('Sam Receiver');
    await expect(entry(shipping, 'Address')).toHaveText(
      `99 Dock Street, ${customer.city}, ${customer.region}, ${customer.postcode}`,
    );
    await expect(entry(shipping, 'Country')).toHaveText('United Kingdom');
    await expect(entry(shipping, 'Tel')).toHaveText('0161 496 0999');
    await expect(entry(billing, 'Address')).toHaveText('1 Harbour Road, Cork, Munster, T12 X2Y3');
  });

  test('a failed check marks the fields and keeps what was typed', async ({ page }) => {
    const customer = newCustomer();
    await registerQuickly(page, customer);
    await signIn(page, customer.email, customer.password);

    await page.goto('/customer/manage/contact');
    await field(page, 'Email').fill('robin-at-example');
    await field(page, 'First name').fill('Kept');
    await field(page, 'Last name').fill('');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(alertNotice(page)).toHaveText(
      'Validation failed. Please check the information in the forms.',
    );
    await expect(page).toHaveURL('/customer/manage/contact');
    await expect(field(page, 'Email')).toHaveValue('robin-at-example');
    await expect(field(page, 'Email')).toHaveAttribute('aria-invalid', 'true');
    await expect(field(page, 'Last name')).toHaveAttribute('aria-invalid', 'true');
    await expect(field(page, 'First name')).toHaveValue('Kept');
    await expect(field(page, 'First name')).not.toHaveAttribute('aria-invalid', 'true');

    await page.goto('/customer/manage/shipp_addr');
    await field(page, 'Street').fill('5 Kept Street');
    await field(page, 'City').fill('');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(alertNotice(page)).toHaveText(
      'Validation failed. Please check the information in the forms.',
    );
    await expect(field(page, 'City')).toHaveAttribute('aria-invalid', 'true');
    await expect(field(page, 'Street')).toHaveValue('5 Kept Street');

    // Nothing was saved.
    await page.goto('/customer');
    await expect(entry(block(page, 'Account Information'), 'Email')).toHaveText(customer.email);
    await expect(entry(block(page, 'Shipping Address'), 'Address')).toContainText(customer.street);
  });

  test("an unknown section is 'Not Found' with a link home", async ({ page }) => {
    await page.goto('/customer/manage/passwords');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Not Found');
    await expect(page.getByText('This page is not available', { exact: true })).toBeVisible();
    await page.getByRole('main').getByRole('link', { name: 'Return to homepage' }).click();
    await expect(page).toHaveURL('/');
  });
});

test.describe('signing out and signed-out shoppers', () => {
  const accountMenu = (page: Page) => page.locator('#account-menu-slot');
  const openAccountMenu = async (page: Page) => {
    await shellReady(page);
    await page.getByLabel('Account menu').click();
  };

  test('the account menu follows the session, and Logout signs out and goes home', async ({ page }) => {
    const customer = newCustomer();
    await page.goto('/');
    await openAccountMenu(page);
    const menu = accountMenu(page);
    await expect(menu.getByRole('link', { name: 'My Account' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Sign in' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Create an Account' })).toBeVisible();
    await expect(menu.getByRole('button', { name: 'Logout' })).toBeHidden();

    await registerQuickly(page, customer);
    await signIn(page, customer.email, customer.password);
    await openAccountMenu(page);
    await expect(menu.getByRole('link', { name: 'My Account' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Sign in' })).toBeHidden();
    await expect(menu.getByRole('link', { name: 'Create an Account' })).toBeHidden();
    await menu.getByRole('button', { name: 'Logout' }).click();

    await expect(page).toHaveURL('/');
    await openAccountMenu(page);
    await expect(menu.getByRole('button', { name: 'Logout' })).toBeHidden();
    await expect(menu.getByRole('link', { name: 'Sign in' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('login'))).not.toBe('true');
    expect((await page.context().cookies()).some((cookie) => cookie.name === 'shop_session')).toBe(false);

    await page.goto('/customer');
    await expect(page).toHaveURL('/customer/sign-in');
  });

  test('account pages send signed-out shoppers to sign-in', async ({ page }) => {
    for (const path of [
      '/customer',
      '/customer/manage/contact',
      '/customer/manage/bill_addr',
      '/customer/manage/shipp_addr',
    ]) {
      await page.goto(path);
      await expect(page, path).toHaveURL('/customer/sign-in');
    }
  });

  test('a session the server has ended sends My Account to sign-in', async ({ page, context }) => {
    const customer = newCustomer();
    await registerQuickly(page, customer);
    await signIn(page, customer.email, customer.password);
    // Off the shop first: a read still running on the account page would meet the ended session there
    // and send it to sign-in while the next page loads.
    await page.goto('about:blank');
    await context.clearCookies();
    await page.goto('/customer');
    await expect(page).toHaveURL('/customer/sign-in');
    expect(await page.evaluate(() => localStorage.getItem('login'))).not.toBe('true');
  });
});
