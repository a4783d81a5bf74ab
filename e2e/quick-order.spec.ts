/**
 * Quick order (issue 25): a trade buyer pastes five lines from a spreadsheet (a size by its SKU, a simple
 * product and another size by their model numbers, an unknown SKU and a sold-out size), adds them all to
 * the basket, reads which three were added and why the other two were not, and pays. Also: pasting 50
 * lines resolves them from the build's files (a figure, with 4× CPU throttling), the rows survive a
 * reload, the page is linked from the Professional menu and the basket, and without JavaScript it says
 * what to do instead. The demo's configurables come from the seed (DEMO_CONFIGURABLES).
 */
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { formatPrice } from '../src/catalogue/money.ts';
import { ALL_GROUPS } from '../src/catalogue/types.ts';
import {
  DEMO_CONFIGURABLES,
  type DemoConfigurable,
} from '@cleaning-shop/embedded-magento/seed/configurables.ts';
import { bySku, catalogue } from './support/catalogue.ts';
import { address, checkOut, customerCart, tag } from './support/checkout.ts';
import { expect, shellReady, test } from './support/test.ts';

test.describe.configure({ timeout: 120_000 });

const family = (sku: string): DemoConfigurable => {
  const found = DEMO_CONFIGURABLES.find((candidate) => candidate.parentSku === sku);
  if (!found) throw new Error(`The demo has no configurable ${sku}`);
  return found;
};

/** Car Shampoo: 1 l, 2.5 l (sold out), 5 l. */
const shampoo = family('HG-DT-CARSHAMPOO');
const fiveLitre = shampoo.children.find((child) => child.valueLabel === '5 l');
const soldOut = shampoo.children.find((child) => !child.inStock);
/** Another configurable with a size in stock, ordered by the child's model number. */
const other = DEMO_CONFIGURABLES.find(
  (candidate) =>
    candidate.parentSku !== shampoo.parentSku && candidate.children.some((child) => child.inStock),
);
const otherChild = other?.children.find((child) => child.inStock);

/** A simple product with a page, in stock and priced, ordered by its model number. */
function simpleProduct() {
  const found = catalogue().products.find(
    (product) =>
      product.typeId === 'simple' &&
      product.parentSku === null &&
      product.visibility === 4 &&
      product.inStock &&
      product.priceInclVat !== null &&
      product.modelNumber !== null,
  );
  if (!found?.modelNumber) throw new Error('The demo has no simple product with a model number');
  return { ...found, modelNumber: found.modelNumber };
}

const rows = (page: Page): Locator =>
  page
    .getByRole('list')
    .filter({ has: page.getByLabel(/^SKU or model number, row 1$/) })
    .getByRole('listitem');

async function openQuickOrder(page: Page): Promise<void> {
  await page.goto('/quick-order');
  await shellReady(page);
  await expect(page.locator('[data-form]')).not.toHaveAttribute('aria-busy', 'true');
}

/** Pastes `text` into a field, as a spreadsheet's copy arrives. */
async function paste(field: Locator, text: string): Promise<void> {
  await field.focus();
  await field.evaluate((input, pasted) => {
    const data = new DataTransfer();
    data.setData('text/plain', pasted);
    input.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
    );
  }, text);
}

test('five pasted lines: three added, two explained, then paid', async ({ page }) => {
  if (!fiveLitre || !soldOut || !other || !otherChild)
    throw new Error('The demo lacks the sizes this test needs');
  const simple = simpleProduct();
  await customerCart(
    page,
    [],
    address({ email: `e2e-quick-order-${tag()}@example.com`, postcode: 'YO1 7HH' }),
  );
  await page.evaluate(() => sessionStorage.clear());
  await openQuickOrder(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Quick order' })).toBeVisible();

  const lines = [
    'SKU\tQty',
    `${fiveLitre.sku}\t2`,
    `${simple.modelNumber}\t1`,
    `${otherChild.model}\t3`,
    'NO-SUCH-SKU-1\t1',
    `${soldOut.sku}\t1`,
  ].join('\n');
  await paste(page.getByLabel('SKU or model number, row 1'), lines);

  await expect(page.getByLabel('SKU or model number, row 5')).toHaveValue(soldOut.sku);
  const list = rows(page);
  await expect(list.nth(0)).toContainText(shampoo.name);
  await expect(list.nth(0).getByLabel(`${shampoo.attributeLabel}, row 1`)).toHaveValue(
    String(fiveLitre.valueId),
  );
  await expect(list.nth(1)).toContainText(simple.name);
  await expect(list.nth(3)).toContainText('No product has this SKU or model number.');
  await expect(list.nth(4)).toContainText('Sold out: this product cannot be ordered at the moment.');

  await page.getByRole('button', { name: 'Add all to basket' }).click();
  const summary = page.getByRole('region', { name: 'What happened to your rows' });
  await expect(summary).toBeFocused();
  await expect(summary).toContainText('3 rows were added to your basket; 2 rows were not, and stay below.');
  await expect(summary.getByRole('listitem')).toHaveText([
    `Added 2 × ${shampoo.name} (${shampoo.attributeLabel}: 5 l).`,
    `Added 1 × ${simple.name}.`,
    `Added 3 × ${other.name} (${other.attributeLabel}: ${otherChild.valueLabel}).`,
    'Not added: NO-SUCH-SKU-1. No product has this SKU or model number.',
    `Not added: ${soldOut.sku}. Sold out: this product cannot be ordered at the moment.`,
  ]);
  // The rows not added stay, as typed, across a reload too.
  await expect(rows(page)).toHaveCount(2);
  await page.reload();
  await expect(page.locator('[data-form]')).not.toHaveAttribute('aria-busy', 'true');
  await expect(page.getByLabel('SKU or model number, row 1')).toHaveValue('NO-SUCH-SKU-1');
  await expect(page.getByLabel('SKU or model number, row 2')).toHaveValue(soldOut.sku);

  await page.goto('/basket');
  const basket = page.getByRole('list', { name: 'Items in your basket' }).getByRole('listitem');
  await expect(basket).toHaveCount(3);
  await expect(basket.filter({ hasText: shampoo.name })).toContainText(`${shampoo.attributeLabel}: 5 l`);

  await checkOut(page);
});

test('a typed row resolves as typed; a configurable asks for its size, a bad quantity says so', async ({
  page,
}) => {
  await page.addInitScript(() => sessionStorage.clear());
  await openQuickOrder(page);
  const first = rows(page).nth(0);
  await page.getByLabel('SKU or model number, row 1').fill(shampoo.parentSku.toLowerCase());
  await expect(first).toContainText(shampoo.name);
  const choose = `Choose a ${shampoo.attributeLabel.toLowerCase()}.`;
  await expect(first).toContainText(choose);
  // The row's status describes its fields, and its size picker names the row.
  await expect(page.getByLabel('SKU or model number, row 1')).toHaveAccessibleDescription(choose);
  await expect(page.getByLabel('Quantity, row 1')).toHaveAccessibleDescription(choose);
  await first.getByLabel(`${shampoo.attributeLabel}, row 1`).selectOption({ label: '5 l' });
  await expect(first).toContainText('In Stock');
  await expect(first.getByRole('link', { name: shampoo.name })).toHaveAttribute(
    'href',
    `/${shampoo.urlKey}?${shampoo.attributeCode}=5-l`,
  );
  await page.getByLabel('Quantity, row 1').fill('2.5');
  await expect(first).toContainText('Enter a quantity of 1 or more, in whole numbers.');
  await expect(page.getByLabel('Quantity, row 1')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Quantity, row 1')).toHaveAccessibleDescription(
    'Enter a quantity of 1 or more, in whole numbers.',
  );

  await page.getByRole('button', { name: 'Remove row 1' }).click();
  await expect(page.getByLabel('SKU or model number, row 1')).toHaveValue('');
  await expect(page.getByLabel('SKU or model number, row 1')).toBeFocused();
});

test('a row shows the trade price its quantity comes to, in the VAT form shown', async ({ page }) => {
  const child = family('PRO-DT-FLOORCLEAN').children.find(({ valueLabel }) => valueLabel === '5 l');
  const tier = bySku(child?.sku ?? '')?.tierPrices.find(
    ({ customerGroupId, qty }) => customerGroupId === ALL_GROUPS && qty === 4,
  );
  if (!child || !tier) throw new Error('The demo lacks the floor cleaner 5 l and its tier of 4');
  await page.addInitScript(() => sessionStorage.clear());
  await openQuickOrder(page);
  await page.getByLabel('SKU or model number, row 1').fill(child.sku);
  await page.getByLabel('Quantity, row 1').fill('3');
  const price = rows(page).nth(0).locator('.quick-order__price');
  await expect(price).not.toContainText('or more');
  await page.getByLabel('Quantity, row 1').fill('4');
  // The page shows one VAT form (a Professional page: excl VAT unless the shopper chose incl).
  const shown = (await page.locator('html').getAttribute('data-vat')) === 'excl' ? 'excl' : 'incl';
  const amount = shown === 'incl' ? tier.priceInclVat : tier.priceExclVat;
  await expect(price).toHaveText(`${formatPrice(amount)} each ${shown} VAT (4 or more)`, {
    useInnerText: true,
  });
});

test('50 pasted lines resolve from the build files (figure at 4× CPU throttling)', async ({ page }) => {
  await page.addInitScript(() => sessionStorage.clear());
  await openQuickOrder(page);
  const codes = catalogue()
    .products.filter((product) => product.visibility !== 1 || product.parentSku !== null)
    .slice(0, 50)
    .map((product, at) => `${product.sku}\t${(at % 5) + 1}`);
  const session = await page.context().newCDPSession(page);
  await session.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const field = page.getByLabel('SKU or model number, row 1');
  await field.focus();
  const ms = await field.evaluate(
    (input, pasted) =>
      new Promise<number>((done) => {
        const started = performance.now();
        const form = input.closest('form');
        const pending = () =>
          [...(form?.querySelectorAll('[data-status]') ?? [])].some(
            (status) => status.textContent === 'Looking it up…',
          );
        const check = () => (pending() ? requestAnimationFrame(check) : done(performance.now() - started));
        const data = new DataTransfer();
        data.setData('text/plain', pasted);
        input.dispatchEvent(
          new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
        );
        requestAnimationFrame(check);
      }),
    codes.join('\n'),
  );
  await session.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await expect(rows(page)).toHaveCount(50);
  await expect(page.getByText('No product has this SKU or model number.')).toHaveCount(0);
  test.info().annotations.push({
    type: 'figure',
    description: `quick order: 50 pasted lines resolved in ${Math.round(ms)} ms (4× CPU)`,
  });
  console.info(
    `[figure] quick order: 50 pasted lines resolved in ${Math.round(ms)} ms at 4× CPU throttling (budget 100 ms)`,
  );
});

test('the page passes axe empty, with resolved rows, a size picker and problems, and after adding', async ({
  page,
}) => {
  if (!fiveLitre) throw new Error('The demo lacks Car Shampoo 5 l');
  const axe = async () =>
    (
      await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
        .analyze()
    ).violations.map((violation) => `${violation.id}: ${violation.nodes[0]?.target.join(' ') ?? '?'}`);
  await page.addInitScript(() => sessionStorage.clear());
  await openQuickOrder(page);
  expect(await axe()).toEqual([]);
  await paste(
    page.getByLabel('SKU or model number, row 1'),
    `${fiveLitre.sku}\t2\n${shampoo.parentSku}\nNO-SUCH-SKU-1\tmany`,
  );
  await expect(rows(page).nth(2)).toContainText('No product has this SKU or model number.');
  expect(await axe()).toEqual([]);
  await page.getByRole('button', { name: 'Add all to basket' }).click();
  await expect(page.getByRole('region', { name: 'What happened to your rows' })).toBeFocused();
  expect(await axe()).toEqual([]);
});

test('linked from the Professional menu and the basket', async ({ page }) => {
  await page.goto('/');
  // In the closed mega menu: present, though not shown until it opens.
  await expect(page.locator('#mega-professional a[href="/quick-order"]')).toHaveText('Quick order');
  await page.goto('/basket');
  await shellReady(page);
  await expect(page.getByRole('link', { name: 'Quick order: order by SKU or model number' })).toHaveAttribute(
    'href',
    '/quick-order',
  );
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the page says it needs JavaScript and what to do instead', async ({ page }) => {
    await page.goto('/quick-order');
    await expect(page.getByRole('heading', { level: 1, name: 'Quick order' })).toBeVisible();
    await expect(page.getByText(/^Quick order needs JavaScript/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add all to basket' })).toBeHidden();
  });
});
