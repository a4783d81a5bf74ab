/**
 * My machines (issue 39) as a shopper meets them: the machine of a past order kept with one click; a machine
 * added in the account by its model however typed, linked to its parts page, and removed; a guest's machine
 * (kept from a parts page) carried over at sign-in and kept in Magento across sign-ins; a machine kept from its
 * own product page, whose script loads only when the shopper reaches for it; and the basket saying
 * which lines fit the shopper's machine, without moving anything on the page.
 */
import type { Page } from '@playwright/test';
import { modelKey, modelSlug } from '../src/catalogue/fits.ts';
import { productPages, type Product } from './support/catalogue.ts';
import { wcagViolations } from './support/axe.ts';
import { MAGENTO_URL } from './support/ports.ts';
import { expect, shellReady, test } from './support/test.ts';

/** The embedded back end of the e2e shop (scripts/e2e-server.ts) and its demo customer (README). */
const MAGENTO = `${MAGENTO_URL}/rest/V1`;
const DEMO = { email: 'shopper@example.com', password: 'Shopper123!' };

interface Customer {
  email: string;
  password: string;
}

async function magento(path: string, init: { method?: string; token?: string; body?: unknown } = {}) {
  const response = await fetch(`${MAGENTO}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      'Content-Type': 'application/json',
      ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}),
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  const body: unknown = await response.json();
  if (!response.ok)
    throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${JSON.stringify(body)}`);
  return body;
}

/** A customer nobody else uses. */
async function newCustomer(): Promise<Customer> {
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
  const customer = { email: `e2e-machines-${tag}@example.com`, password: 'Scrub!Brush42' };
  await magento('/customers', {
    method: 'POST',
    body: {
      customer: { email: customer.email, firstname: 'Mach', lastname: 'Ines' },
      password: customer.password,
    },
  });
  return customer;
}

/** Sets the customer's machines in Magento (`my_machines`, "K 5, WD 3"), as the merchant could. */
async function setMachines(customer: Customer, machines: readonly string[]): Promise<void> {
  const token = (await magento('/integration/customer/token', {
    method: 'POST',
    body: { username: customer.email, password: customer.password },
  })) as string;
  const me = (await magento('/customers/me', { token })) as Record<string, unknown>;
  await magento('/customers/me', {
    method: 'PUT',
    token,
    body: {
      customer: {
        ...me,
        custom_attributes: [{ attribute_code: 'my_machines', value: machines.join(', ') }],
      },
    },
  });
}

async function signIn(page: Page, customer: Customer): Promise<void> {
  await page.goto('/customer/sign-in');
  await expect(page.locator(`astro-island[opts*='"name":"SignInForm"']:not([ssr])`)).toBeAttached();
  await page.getByLabel('Email', { exact: true }).fill(customer.email);
  await page.getByLabel('Password', { exact: true }).fill(customer.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL('/customer');
}

async function signOut(page: Page): Promise<void> {
  await shellReady(page);
  await page.locator('#account-menu-slot summary').click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL('/');
}

const section = (page: Page) => page.getByRole('region', { name: 'My machines' });
/** The machines kept, as the account lists them: each a link to its parts page. */
const kept = (page: Page) => section(page).locator('.my-machines__list').getByRole('link');

async function expectKept(page: Page, names: string[]): Promise<void> {
  await expect(kept(page)).toHaveText(names);
  for (const name of names)
    await expect(kept(page).filter({ hasText: name })).toHaveAttribute(
      'href',
      `/parts-finder/${modelSlug(name)}`,
    );
}

/** A model with a parts page, other than `not`: from the catalogue the e2e shop was built from. */
function modelWithParts(not: string[] = []): string {
  const counts = new Map<string, number>();
  for (const product of productPages())
    for (const model of product.fit.fits) counts.set(model, (counts.get(model) ?? 0) + 1);
  const found = [...counts.keys()].find((model) => !not.includes(model));
  if (!found)
    throw new Error('The e2e catalogue has no parts that fit a machine; the demo catalogue changed.');
  return found;
}

const sold = (product: Product) => product.visibility === 4 && product.inStock && !product.configurable;

test('the machine of a past order is offered, and kept with one click', async ({ page }) => {
  await setMachines(DEMO, []);
  try {
    await signIn(page, DEMO);
    const offers = section(page).getByRole('list', { name: 'Machines from your past orders' });
    const offer = offers.getByRole('button').first();
    await expect(offer).toHaveText(/^Add .+/);
    const model = ((await offer.textContent()) ?? '').replace(/^Add /, '').trim();
    await expect(section(page).getByText('You have not added any machines yet.')).toBeVisible();

    await offer.click();
    await expect(section(page).getByRole('status')).toHaveText(`The ${model} is now in your machines.`);
    await expectKept(page, [model]);
    await expect(offers.getByRole('button', { name: `Add ${model}` })).toHaveCount(0);

    // Kept in Magento: the next visit shows it.
    await page.reload();
    await expectKept(page, [model]);
  } finally {
    await setMachines(DEMO, []);
  }
});

test('a machine is added in the account by its model however typed, and removed', async ({ page }) => {
  const customer = await newCustomer();
  const model = modelWithParts();
  await signIn(page, customer);
  await expect(section(page).getByText('You have not added any machines yet.')).toBeVisible();
  await expect(
    section(page).getByRole('link', { name: 'Find your machine in the parts finder' }),
  ).toHaveAttribute('href', '/parts-finder');

  const field = section(page).getByLabel('Your machine’s model');
  await field.fill('Zz 999');
  await section(page).getByRole('button', { name: 'Add', exact: true }).click();
  await expect(
    section(page).getByText('We don’t know a machine called “Zz 999”.', { exact: false }),
  ).toBeVisible();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  expect(await wcagViolations(page), 'the account with a refused model').toEqual([]);

  // Typed as a shopper might: lower case, no spaces.
  await field.fill(modelKey(model).replace('/', '-'));
  await section(page).getByRole('button', { name: 'Add', exact: true }).click();
  await expect(section(page).getByRole('status')).toHaveText(`The ${model} is now in your machines.`);
  await expectKept(page, [model]);
  await expect(field).toHaveValue('');
  expect(await wcagViolations(page), 'the account with a machine').toEqual([]);

  await section(page)
    .getByRole('button', { name: `Remove ${model}` })
    .click();
  await expect(section(page).getByRole('status')).toHaveText(`The ${model} is no longer in your machines.`);
  await expect(section(page).getByText('You have not added any machines yet.')).toBeVisible();

  // Its link opens everything that fits it.
  await field.fill(model);
  await section(page).getByRole('button', { name: 'Add', exact: true }).click();
  await kept(page).filter({ hasText: model }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Accessories and parts for the ${model}`);
});

test('a guest’s machine is carried over at sign-in, and kept in Magento across sign-ins', async ({
  page,
}) => {
  const customer = await newCustomer();
  const theirs = modelWithParts();
  const guests = modelWithParts([theirs]);
  await setMachines(customer, [theirs]);

  // As a guest, from the machine's parts page.
  await page.goto(`/parts-finder/${modelSlug(guests)}`);
  await shellReady(page);
  expect(await wcagViolations(page), 'a parts page').toEqual([]);
  await page.getByRole('button', { name: `Add the ${guests} to my machines` }).click();
  await expect(page.getByText(`The ${guests} is in your machines.`)).toBeVisible();
  // The parts finder knows it too.
  await page.goto('/parts-finder');
  await expect(
    page.getByRole('region', { name: 'Your machines' }).getByRole('link', { name: guests }),
  ).toBeVisible();

  await signIn(page, customer);
  await expectKept(page, [theirs, guests]);
  expect(await page.evaluate(() => localStorage.getItem('myMachines'))).toBeNull();

  // Another sign-in (this browser keeps nothing of them now): Magento has them.
  await signOut(page);
  await signIn(page, customer);
  await expectKept(page, [theirs, guests]);
});

test('a machine’s own page keeps its model in my machines, with no script for it before the shopper reaches for it', async ({
  page,
}) => {
  const machine = productPages().find((p) => p.fit.model !== null && p.visibility === 4);
  const accessory = productPages().find((p) => p.fit.fits.length > 0 && p.visibility === 4);
  if (!machine?.fit.model || !accessory)
    throw new Error('The e2e catalogue has no machine or accessory page; the demo catalogue changed.');
  const model = machine.fit.model;
  // The control's code (the product page's fit sections', loaded on first use): fetched only once reached for.
  const fitCode: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script' && /\/(fits|keep-machine)\.client\./.test(request.url()))
      fitCode.push(request.url());
  });

  // An accessory is no machine: nothing to keep.
  await page.goto(`/${accessory.urlKey}`);
  await shellReady(page);
  await expect(page.getByRole('button', { name: /to my machines$/ })).toHaveCount(0);

  // As a guest.
  await page.goto(`/${machine.urlKey}`);
  await shellReady(page);
  const keep = page.getByRole('button', { name: `Add the ${model} to my machines` });
  await expect(keep).toBeVisible();
  expect(fitCode, 'the control’s code before any interaction').toEqual([]);
  expect(await wcagViolations(page), 'a machine’s page').toEqual([]);
  await keep.click();
  await expect(page.getByText(`The ${model} is in your machines.`)).toBeVisible();
  await expect(keep).toBeHidden();
  expect(fitCode.length, 'the control’s code, once reached for').toBeGreaterThan(0);
  expect(await page.evaluate(() => localStorage.getItem('myMachines'))).toBe(JSON.stringify([model]));

  // As a customer: kept in Magento, as the account shows.
  await page.evaluate(() => localStorage.removeItem('myMachines'));
  const customer = await newCustomer();
  await signIn(page, customer);
  await expectKept(page, []);
  await page.goto(`/${machine.urlKey}`);
  await shellReady(page);
  await keep.click();
  await expect(page.getByText(`The ${model} is in your machines.`)).toBeVisible();
  await page.goto('/customer');
  await expectKept(page, [model]);
});

test('the basket says which lines fit the shopper’s machine, and nothing moves', async ({ page }) => {
  const customer = await newCustomer();
  const fitting = productPages().find((p) => sold(p) && p.fit.fits.length > 0);
  const model = fitting?.fit.fits[0] ?? '';
  const fitsModel = (p: Product) => p.fit.fits.some((name) => modelKey(name) === modelKey(model));
  const other = productPages().find((p) => sold(p) && !fitsModel(p) && p.name !== fitting?.name);
  if (!fitting || !other)
    throw new Error('The e2e catalogue has no part to try; the demo catalogue changed.');
  await setMachines(customer, [model]);
  await signIn(page, customer);
  // The account read the machines: this session knows the customer keeps one.
  await expectKept(page, [model]);

  const lines = page.getByRole('list', { name: 'Items in your basket' }).getByRole('listitem');
  for (const [at, product] of [other, fitting].entries()) {
    await page.goto(`/basket?sku=${encodeURIComponent(product.sku)}&qty=1`);
    await expect(lines).toHaveCount(at + 1);
  }
  // The basket as the shopper comes back to it: what moves in its lines is recorded from the first paint.
  await page.addInitScript(() => {
    const moved: string[] = [];
    (window as unknown as { moved: string[] }).moved = moved;
    type Shift = PerformanceEntry & { hadRecentInput: boolean; sources: { node: Node | null }[] };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Shift[])
        for (const { node } of entry.hadRecentInput ? [] : entry.sources) {
          const element = node instanceof Element ? node : (node?.parentElement ?? null);
          if (element?.closest('[data-basket-rows]')) moved.push(element.className || element.nodeName);
        }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto('/basket');
  await expect(lines).toHaveCount(2);
  const fits = lines.filter({ hasText: fitting.name });
  await expect(fits.getByText(`Fits your ${model}`)).toBeVisible();
  await expect(lines.filter({ hasText: other.name }).getByText(/^Fits your/)).toHaveCount(0);
  // Shifts are reported after the frame that drew them.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  const moved = await page.evaluate(() => (window as unknown as { moved: string[] }).moved);
  expect(moved, 'what moved in the basket lines').toEqual([]);
});
