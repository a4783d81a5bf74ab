/**
 * Search by fit (issue "Fits my machine") in the header's search box: `k5 hose` shows a hose that fits a K 5
 * first, led by the K 5's parts page; a model alone shows its machines first; a label's number offers the
 * parts finder. Products are picked from the catalogue the shop was built from.
 */
import type { Page } from '@playwright/test';
import { modelKey } from '../src/catalogue/fits.ts';
import { productPages, type Product } from './support/catalogue.ts';
import { expect, test } from './support/test.ts';

const box = (page: Page) => page.getByRole('combobox', { name: 'Search products' });
const listbox = (page: Page) => page.getByRole('listbox', { name: 'Suggestions' });
const options = (page: Page) => listbox(page).getByRole('option');
const productRows = (page: Page) => listbox(page).locator('.suggest__row--product');

const searchable = (product: Product) => product.visibility === 3 || product.visibility === 4;
const fits = (model: string) => (product: Product) =>
  product.fit.fits.some((name) => modelKey(name) === modelKey(model));

/**
 * The first product row's name once it is what the shopper is owed. Every keystroke paints its own answer,
 * so a row read at once may still be an earlier prefix's; the answer for the whole text has a few seconds.
 */
async function settledFirst(page: Page, owed: (name: string) => boolean, what: string): Promise<string> {
  const firstName = async () =>
    (await productRows(page).first().locator('.suggest__name').innerText()).trim();
  await expect
    .poll(async () => owed(await firstName()), { message: `the first product is ${what}` })
    .toBe(true);
  return firstName();
}

/** Types one key at a time, as a shopper does. */
async function type(page: Page, text: string): Promise<void> {
  await box(page).click();
  await box(page).pressSequentially(text);
}

test('"k5 hose" shows a hose that fits a K 5 first, after the K 5’s parts page', async ({ page }) => {
  const hoses = productPages().filter(
    (product) => searchable(product) && fits('K 5')(product) && /\bhose\b/i.test(product.name),
  );
  expect(hoses.length, 'the demo catalogue has a hose that fits a K 5').toBeGreaterThan(0);
  const names = new Set(hoses.map((product) => product.name));

  await page.goto('/');
  await type(page, 'k5 hose');
  const parts = options(page).first();
  await expect(parts).toHaveText('Parts and accessories for the K 5');
  await expect(parts).toHaveAttribute('href', '/parts-finder/k-5');
  // The parts row shows from "k5" on: the products are read once the last keystroke's answer is painted.
  const first = await settledFirst(page, (name) => names.has(name), 'a hose that fits a K 5');

  // "hose for my K 5" is the same search.
  await box(page).fill('');
  await type(page, 'hose for my K 5');
  await expect(options(page).first()).toHaveText('Parts and accessories for the K 5');
  await expect(productRows(page).first().locator('.suggest__name')).toHaveText(first);

  // The parts row leads to the K 5's parts page.
  await options(page).first().click();
  await expect(page).toHaveURL(/\/parts-finder\/k-5$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('K 5');
});

test('the model alone shows its machines first', async ({ page }) => {
  const machines = new Set(
    productPages()
      .filter((product) => searchable(product) && product.fit.model === 'K 5')
      .map((product) => product.name),
  );
  expect(machines.size, 'the demo catalogue has K 5 machines').toBeGreaterThan(0);

  await page.goto('/');
  await type(page, 'K-5');
  await expect(options(page).first()).toHaveText('Parts and accessories for the K 5');
  await settledFirst(page, (name) => machines.has(name), 'a K 5');
});

test('a part hunt or a label number offers the parts finder', async ({ page }) => {
  // A machine with a label number whose model has a parts page (something fits it).
  const machine = productPages().find(
    ({ fit, modelNumber }) => fit.model !== null && modelNumber && productPages().some(fits(fit.model)),
  );
  if (!machine?.modelNumber) throw new Error('The e2e catalogue has no machine with a label number.');

  await page.goto('/');
  await type(page, 'spare parts');
  const finder = listbox(page).getByRole('option', { name: /^Parts finder/ });
  await expect(finder).toHaveAttribute('href', '/parts-finder');

  await box(page).fill('');
  await type(page, machine.modelNumber);
  await expect(finder).toHaveAttribute(
    'href',
    `/parts-finder/find?q=${encodeURIComponent(machine.modelNumber)}`,
  );
  await finder.click();
  await expect(page).toHaveURL(/\/parts-finder\/[a-z0-9-]+$/);
});
