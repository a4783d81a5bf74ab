/**
 * Privacy self-service (issue 41), as a shopper does it: from the privacy policy to "Your data and
 * privacy" (signing in first), download my data as a JSON file holding the account, its address, the wish
 * list and what this browser keeps; then delete my account: refused without the confirmation or with a
 * wrong password (what was typed stays), done with the right one, after which the shopper is on the home
 * page, signed out, and the account can no longer sign in. Each run registers its own customer: the
 * shared demo customer is never touched.
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { productPages } from './support/catalogue.ts';
import { wcagViolations } from './support/axe.ts';
import { expect, hydrated, test } from './support/test.ts';

const PASSWORD = 'Scrub!Brush42';
const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

/** A customer of this run only, created through the shop's own `/rest` proxy. */
async function newCustomer(page: Page): Promise<string> {
  const email = `e2e-privacy-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}@example.com`;
  await page.goto('/privacy-policy');
  const status = await page.evaluate(
    async ({ email, password }) => {
      const address = {
        firstname: 'Robin',
        lastname: 'Privacy',
        region: { region: 'North Yorkshire' },
        postcode: 'YO1 7HH',
        street: ['12 Mill Lane'],
        city: 'York',
        telephone: '01904 555123',
        country_id: 'GB',
        default_billing: true,
        default_shipping: true,
      };
      const response = await fetch('/rest/V1/customers', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          customer: { email, firstname: 'Robin', lastname: 'Privacy', addresses: [address] },
          password,
        }),
      });
      return response.status;
    },
    { email, password: PASSWORD },
  );
  expect(status).toBe(200);
  return email;
}

async function signIn(page: Page, email: string, password: string): Promise<void> {
  await hydrated(page, 'SignInForm');
  await field(page, 'Email').fill(email);
  await field(page, 'Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

test('a shopper downloads their data, then deletes their account', async ({ page }) => {
  const email = await newCustomer(page);
  const product = productPages().find((p) => p.inStock) ?? productPages()[0];
  if (!product) throw new Error('the catalogue has no product pages');

  // The privacy policy says what the shopper can do themselves, and where.
  const rights = page.getByRole('group').filter({ hasText: 'Your rights' });
  await rights.getByText('Your rights').click();
  await rights.getByRole('link', { name: 'download my data' }).click();
  await expect(page).toHaveURL(/\/customer\/sign-in\?next=%2Fcustomer%2Fprivacy$/);
  await signIn(page, email, PASSWORD);
  await expect(page).toHaveURL('/customer/privacy');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your data and privacy');
  await expect(page.getByText(`You are signed in as ${email}.`)).toBeVisible();
  expect(await wcagViolations(page)).toEqual([]);

  // Something on the wish list (in Magento) and in the compare list (in this browser).
  const added = await page.evaluate(async (sku) => {
    const response = await fetch('/wishlist/items', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ skus: [sku] }),
    });
    localStorage.setItem('compare', JSON.stringify([sku]));
    return response.status;
  }, product.sku);
  expect(added).toBe(200);

  await hydrated(page, 'MyDataPrivacy');
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download my data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^my-data-127\.0\.0\.1-\d{4}-\d\d-\d\d\.json$/);
  const data = JSON.parse(readFileSync((await download.path()) ?? '', 'utf8')) as {
    account: { email: string; addresses: { city: string; postcode: string }[] };
    orders: unknown[];
    wishlist: { sku: string }[];
    shopRecords: {
      payments: unknown[];
      failedSignIns: number;
      guaranteeRegistrations: unknown[];
      serviceBookings: unknown[];
    };
    browser: Record<string, unknown>;
  };
  expect(data.account.email).toBe(email);
  expect(data.account.addresses).toEqual([expect.objectContaining({ city: 'York', postcode: 'YO1 7HH' })]);
  expect(data.orders).toEqual([]);
  expect(data.wishlist.map((item) => item.sku)).toEqual([product.sku]);
  expect(data.shopRecords).toEqual({
    payments: [],
    failedSignIns: 0,
    guaranteeRegistrations: [],
    serviceBookings: [],
  });
  expect(data.browser).toMatchObject({ privacy: true, compare: [product.sku] });
  await expect(page.getByRole('status').filter({ hasText: 'saved as a file' })).toBeVisible();

  // What goes and what stays is said before anything is asked.
  const deletion = page.getByRole('region', { name: 'Delete my account' });
  await expect(deletion.getByRole('heading', { name: 'What we keep, and why' })).toBeVisible();
  await expect(deletion).toContainText('UK law requires us to keep tax records for 6 years');

  // Without the confirmation: nothing is sent, and the box says why.
  await field(page, 'Your password').fill('Wrong!Password1');
  await deletion.getByRole('button', { name: 'Delete my account' }).click();
  const confirm = page.getByRole('checkbox', { name: /deleted for good/ });
  await expect(confirm).toHaveAttribute('aria-invalid', 'true');
  await expect(confirm).toHaveAccessibleDescription(/tick the box/);
  await expect(confirm).toBeFocused();

  // A wrong password: refused, said at the field, what was typed kept.
  await confirm.check();
  await deletion.getByRole('button', { name: 'Delete my account' }).click();
  const password = field(page, 'Your password');
  await expect(password).toHaveAccessibleDescription(/That password is not right/);
  await expect(page.getByRole('alert').filter({ hasText: 'That password is not right' })).toBeAttached();
  await expect(password).toHaveValue('Wrong!Password1');
  await expect(page).toHaveURL('/customer/privacy');
  expect(await wcagViolations(page)).toEqual([]);

  // The right one: the account goes, and the shopper is on the home page, signed out.
  await password.fill(PASSWORD);
  await deletion.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('region', { name: 'Notifications' }).getByRole('status')).toHaveText(
    'Your account has been deleted. Thank you for shopping with us.',
  );
  const left = await page.evaluate(() => ({
    login: localStorage.getItem('login'),
    compare: localStorage.getItem('compare'),
    privacy: localStorage.getItem('privacy'),
  }));
  // Signed out ('' or nothing is the marker's "no"); the cookie choice belongs to the browser and stays.
  expect({ ...left, login: left.login ?? '' }).toEqual({ login: '', compare: null, privacy: 'true' });

  // The account cannot sign in any more.
  await page.goto('/customer/sign-in');
  await signIn(page, email, PASSWORD);
  await expect(page.getByText('Email or password wrong. Please try again')).toBeVisible();
});
