/**
 * Search and configurable products (issue 25): a child's SKU or model number, typed in the search box or
 * searched, finds its parent, and the suggestion and the result open the parent's page with that child
 * chosen; with JavaScript off, the server's results page links the same way. The demo's configurables come
 * from the seed (DEMO_CONFIGURABLES).
 */
import type { Page } from '@playwright/test';
import { DEMO_CONFIGURABLES } from '@cleaning-shop/embedded-magento/seed/configurables.ts';
import { expect, shellReady, test } from './support/test.ts';

const shampoo = DEMO_CONFIGURABLES.find((candidate) => candidate.parentSku === 'HG-DT-CARSHAMPOO');
const fiveLitre = shampoo?.children.find((child) => child.valueLabel === '5 l');
const chosen = () => `/${shampoo?.urlKey ?? ''}?${shampoo?.attributeCode ?? ''}=5-l`;

const box = (page: Page) => page.getByRole('combobox', { name: 'Search products' });

test("a child's SKU typed in the search box suggests its parent, opening with that size chosen", async ({
  page,
}) => {
  if (!shampoo || !fiveLitre) throw new Error('The demo lacks Car Shampoo 5 l');
  await page.goto('/');
  await shellReady(page);
  await box(page).click();
  await box(page).pressSequentially(fiveLitre.sku.toLowerCase());
  const first = page.getByRole('listbox', { name: 'Suggestions' }).locator('.suggest__row--product').first();
  await expect(first).toContainText(shampoo.name);
  await expect(first).toHaveAttribute('href', chosen());
});

test("a child's model number on the results page finds the parent with that size chosen", async ({
  page,
}) => {
  if (!shampoo || !fiveLitre) throw new Error('The demo lacks Car Shampoo 5 l');
  await page.goto(`/search/${encodeURIComponent(fiveLitre.model)}`);
  const first = page.getByRole('list', { name: 'Search results' }).getByRole('listitem').first();
  await expect(first).toContainText(shampoo.name);
  await expect(first.getByRole('link', { name: shampoo.name }).first()).toHaveAttribute('href', chosen());
});

test("Enter with a child's SKU typed whole opens its parent with that size chosen; a part of it lists", async ({
  page,
}) => {
  if (!shampoo || !fiveLitre) throw new Error('The demo lacks Car Shampoo 5 l');
  await page.goto('/');
  await shellReady(page);
  await box(page).fill(fiveLitre.sku.toLowerCase());
  await box(page).press('Enter');
  await expect(page).toHaveURL(chosen());
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(shampoo.name);

  // The start of its model number ("6.295"), which many products' begin with: the results, as a list.
  const part = fiveLitre.model.slice(0, 5);
  await box(page).fill(part);
  await box(page).press('Enter');
  await expect(page).toHaveURL(`/search/${encodeURIComponent(part)}`);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test("the search form sends a child's SKU typed whole to its parent with that size chosen", async ({
    page,
  }) => {
    if (!shampoo || !fiveLitre) throw new Error('The demo lacks Car Shampoo 5 l');
    await page.goto('/');
    await page.getByRole('searchbox', { name: 'Search products' }).fill(fiveLitre.sku);
    await page.getByRole('searchbox', { name: 'Search products' }).press('Enter');
    await expect(page).toHaveURL(chosen());
  });

  test("the server's results page links a child's SKU to its parent with that size chosen", async ({
    page,
  }) => {
    if (!shampoo || !fiveLitre) throw new Error('The demo lacks Car Shampoo 5 l');
    await page.goto(`/search/${encodeURIComponent(fiveLitre.sku)}`);
    const first = page.getByRole('list', { name: 'Search results' }).getByRole('listitem').first();
    await expect(first.getByRole('link', { name: shampoo.name }).first()).toHaveAttribute('href', chosen());
  });
});
