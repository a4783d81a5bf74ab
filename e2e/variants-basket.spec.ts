/**
 * A configurable product's choice after the product page (issue 25): the basket line of a size added from
 * its page (the parent's name, the chosen size, a link back to the page with it chosen), a tier price the
 * basket reaches when the quantity does (the unit price drops and says it is a tier price), and the
 * customer's order page after paying, which shows the size bought. The demo's facts come from the seed
 * (DEMO_CONFIGURABLES, DEMO_TIER_PRICES).
 */
import type { Locator, Page } from '@playwright/test';
import {
  ALL_GROUPS,
  DEMO_CONFIGURABLES,
  DEMO_TIER_PRICES,
  type DemoConfigurable,
} from '@cleaning-shop/embedded-magento/seed/configurables.ts';
import { formatGbp } from './support/catalogue.ts';
import { address, checkOut, customerCart, tag } from './support/checkout.ts';
import { expect, shellReady, test } from './support/test.ts';

test.describe.configure({ timeout: 90_000 });

const family = (sku: string): DemoConfigurable => {
  const found = DEMO_CONFIGURABLES.find((candidate) => candidate.parentSku === sku);
  if (!found) throw new Error(`The demo has no configurable ${sku}`);
  return found;
};
const childOf = (parent: DemoConfigurable, label: string) => {
  const found = parent.children.find((candidate) => candidate.valueLabel === label);
  if (!found) throw new Error(`${parent.name} has no ${label}`);
  return found;
};
const slug = (label: string) => label.toLowerCase().replace(/[^a-z0-9]+/g, '-');

/** Car Shampoo: 1 l (cheapest), 2.5 l (sold out), 5 l. */
const shampoo = family('HG-DT-CARSHAMPOO');

const basketRows = (page: Page): Locator =>
  page.getByRole('list', { name: 'Items in your basket' }).getByRole('listitem');

/** On the parent's page: choose `label` in its picker and add `qty` of it to the basket. */
async function addFromPage(page: Page, parent: DemoConfigurable, label: string, qty = 1): Promise<void> {
  await page.goto(`/${parent.urlKey}`);
  await shellReady(page);
  await page
    .getByRole('group', { name: parent.attributeLabel })
    .getByRole('radio', { name: new RegExp(`^${label.replace('.', '\\.')}\\b`) })
    .check();
  await page.locator('#product-qty').fill(String(qty));
  await page.getByRole('button', { name: 'Add to cart', exact: true }).click();
  await expect(page.getByRole('region', { name: 'Notifications' })).toContainText(
    'This product is now in your cart!',
  );
}

test("the basket shows a size added from its page under the parent's name, linking back to it", async ({
  page,
}) => {
  const fiveLitre = childOf(shampoo, '5 l');
  await addFromPage(page, shampoo, '5 l');
  await page.goto('/basket');
  const row = basketRows(page).filter({ hasText: shampoo.name });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(`${shampoo.attributeLabel}: 5 l`);
  await expect(row.getByRole('link', { name: new RegExp(shampoo.name) })).toHaveAttribute(
    'href',
    `/${shampoo.urlKey}?${shampoo.attributeCode}=${slug('5 l')}`,
  );
  await expect(row).toContainText(`${formatGbp(fiveLitre.price)} incl VAT`);
});

test('a tier price is reached by quantity in the basket: the unit price drops and says so', async ({
  page,
}) => {
  const sanitary = family('PRO-DT-SANITARY');
  const child = childOf(sanitary, '5 l');
  const tier = DEMO_TIER_PRICES.filter(
    (candidate) => candidate.sku === child.sku && candidate.customerGroupId === ALL_GROUPS,
  ).sort((a, b) => a.qty - b.qty)[0];
  if (!tier) throw new Error(`${child.sku} has no ALL GROUPS tier`);

  await addFromPage(page, sanitary, '5 l', tier.qty - 1);
  await page.goto('/basket');
  const row = basketRows(page).filter({ hasText: sanitary.name });
  await expect(row).toContainText(`${formatGbp(child.price)} each`);
  await expect(row).not.toContainText('(tier price)');

  await row.getByRole('spinbutton').fill(String(tier.qty));
  await row.getByRole('button', { name: /^Update/ }).click();
  await expect(page.getByRole('region', { name: 'Notifications' })).toContainText(
    'Item quantity update successfully!',
  );
  await expect(row).toContainText(`${formatGbp(tier.value)} each`);
  await expect(row).toContainText('(tier price)');
  await expect(row).toContainText(`${formatGbp(Math.round(tier.value * tier.qty * 100) / 100)} incl VAT`);
});

test('the order page shows the size bought after paying', async ({ page }) => {
  await customerCart(page, [], address({ email: `e2e-variants-${tag()}@example.com`, postcode: 'YO1 7HH' }));
  await addFromPage(page, shampoo, '5 l', 2);

  await checkOut(page);

  await page.getByRole('link', { name: 'View your order' }).click();
  const line = page
    .getByRole('table')
    .getByRole('row')
    .filter({ hasText: childOf(shampoo, '5 l').sku });
  await expect(line).toContainText(shampoo.name);
  await expect(line).toContainText(`${shampoo.attributeLabel}: 5 l`);
  await expect(line.getByRole('link', { name: shampoo.name })).toHaveAttribute(
    'href',
    `/${shampoo.urlKey}?${shampoo.attributeCode}=${slug('5 l')}`,
  );
});
