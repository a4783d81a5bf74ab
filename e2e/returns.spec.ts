/**
 * Returns (issue 54), end to end through Magento's returns module: a guest finds a paid order through the
 * order lookup and returns an unopened detergent (an opened one is refused beside its condition, with
 * nothing typed lost); a customer returns a line from their order page, opens the return from the
 * confirmation, adds a comment and finds it in Your returns from the account menu.
 */
import { catalogue, productPages, type CategoryNode, type Product } from './support/catalogue.ts';
import { backEnd, INTEGRATION } from './support/admin.ts';
import { checkOut, customerCart, address, tag } from './support/checkout.ts';
import { ORDER_ADDRESS, placeTestOrder } from '../tests/support/orders.ts';
import { wcagViolations } from './support/axe.ts';
import { expectMail } from './support/mail.ts';
import { expect, hydrated, shellReady, test } from './support/test.ts';

test.describe.configure({ timeout: 90_000 });

const sellable = (p: Product) =>
  p.typeId === 'simple' && p.inStock && p.priceInclVat !== null && (p.weight ?? 0) <= 5;

/** The ids of the catalogue's categories named Detergents (one per audience). */
function detergentCategories(): Set<number> {
  const ids = new Set<number>();
  const walk = (node: CategoryNode) => {
    if (node.name === 'Detergents') ids.add(node.id);
    node.children.forEach(walk);
  };
  Object.values(catalogue().audiences).forEach(walk);
  return ids;
}

const isDetergent = (p: Product) => p.categoryIds.some((id) => detergentCategories().has(id));

function detergent(): Product {
  const found = productPages().find((p) => sellable(p) && isDetergent(p));
  if (!found) throw new Error('The e2e catalogue has no detergent in stock.');
  return found;
}

/** A product no rule limits, four fifths into the catalogue (other journeys take theirs elsewhere). */
function machine(): Product {
  const candidates = productPages().filter((p) => sellable(p) && !isDetergent(p));
  const found = candidates[Math.floor(candidates.length * 0.8)];
  if (!found) throw new Error('The e2e catalogue has too few products in stock.');
  return found;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test('a guest returns an unopened detergent from a past order through the order lookup', async ({
  page,
  request,
}) => {
  const product = detergent();
  const email = `e2e-return-${tag()}@example.com`;
  const postcode = 'BS1 4DJ';
  const placed = await placeTestOrder(backEnd, {
    lines: [{ sku: product.sku, qty: 2 }],
    address: { ...ORDER_ADDRESS, street: ['4 Quay Street'], city: 'Bristol', postcode, email },
    integrationToken: INTEGRATION,
  });
  // Paid (invoiced), so it may be returned: the right to cancel starts when the order is placed.
  const invoiced = await backEnd.call('POST', `/rest/V1/order/${placed.id}/invoice`, {
    token: INTEGRATION,
    body: { capture: true },
  });
  expect(invoiced.status).toBe(200);

  await page.goto('/order-status');
  await hydrated(page, 'OrderLookup');
  await page.getByLabel('Order number', { exact: true }).fill(placed.number);
  await page.getByLabel('Billing e-mail address', { exact: true }).fill(email);
  await page.getByLabel('Billing postcode', { exact: true }).fill(postcode);
  await page.getByRole('button', { name: 'Find my order' }).click();
  await expect(page.getByRole('heading', { level: 2, name: `Order ${placed.number}` })).toBeVisible();

  await page.getByRole('button', { name: 'Return items' }).click();
  const form = page.getByRole('form', { name: `Return items from order ${placed.number}` });
  await expect(form).toBeVisible();
  const line = form.getByRole('group', { name: new RegExp(escape(product.name)) });
  await expect(line).toContainText('Detergents can only be returned unopened.');
  const qty = line.getByLabel(`How many of ${product.name} to return`);
  const condition = line.getByLabel(`Condition of ${product.name}`);
  await qty.fill('1');
  await condition.selectOption({ label: 'Opened' });
  await form
    .getByLabel('Why are you returning these items?')
    .selectOption({ label: 'No Longer Needed/Wanted' });
  await form.getByRole('group', { name: 'What would you like us to do?' }).getByLabel('A refund').check();
  await form.getByRole('button', { name: 'Send return request' }).click();

  // Refused before sending: the summary takes the focus, the reason sits beside the condition, nothing typed is lost.
  const refusal = `${product.name} cannot be returned in that condition: detergents can only be returned unopened.`;
  const summary = form.getByRole('alert').filter({ hasText: 'There is a problem with your return' });
  await expect(summary).toBeFocused();
  await expect(summary.getByRole('link', { name: refusal })).toBeVisible();
  await expect(condition).toHaveAccessibleDescription(new RegExp(escape(refusal)));
  await expect(qty).toHaveValue('1');

  await condition.selectOption({ label: 'Unopened' });
  await form.getByRole('button', { name: 'Send return request' }).click();
  const sent = page.getByRole('heading', { level: 2, name: 'Return requested' });
  await expect(sent).toBeFocused();
  const confirmation = page.getByRole('region', { name: 'Return requested' });
  await expect(confirmation).toContainText(/Your return \S+ has been requested\./);
  const number =
    /Your return (\S+) has been requested/.exec((await confirmation.textContent()) ?? '')?.[1] ?? '';
  expect(number).not.toBe('');
  // The order's returns, under it, show the new one with its status and items.
  const shown = page.locator('details').filter({ hasText: `Return ${number}` });
  await expect(shown).toContainText('New Request');
  await expect(shown.getByRole('row').filter({ hasText: product.name })).toContainText('Unopened');
  // The back end's returns module confirms it by e-mail, as it does for every new return.
  const mail = await expectMail(request, email, new RegExp(`^Your RMA Request #${escape(number)} from `));
  expect(mail.text).toContain(product.name);
});

test('a customer returns a line from their order page and follows it in Your returns', async ({ page }) => {
  const product = machine();
  const found: string[] = [];
  const check = async (what: string) =>
    found.push(...(await wcagViolations(page)).map((v) => `${what}: ${v}`));
  const customer = address({ email: `e2e-returns-${tag()}@example.com`, postcode: 'YO1 7HH' });
  await customerCart(page, [{ sku: product.sku, qty: 2 }], customer);
  const order = await checkOut(page);

  await page.goto(`/customer/orders/${order}`);
  await expect(page.getByRole('heading', { level: 1, name: `Order ${order}` })).toBeVisible();
  await page.getByRole('button', { name: 'Return items' }).click();
  const form = page.getByRole('form', { name: `Return items from order ${order}` });
  const line = form.getByRole('group', { name: new RegExp(escape(product.name)) });
  // More than was bought is refused beside the quantity.
  await line.getByLabel(`How many of ${product.name} to return`).fill('3');
  await line.getByLabel(`Condition of ${product.name}`).selectOption({ label: 'Damaged' });
  await form
    .getByLabel('Why are you returning these items?')
    .selectOption({ label: 'Defective/Does not Work Properly' });
  await form.getByRole('group', { name: 'What would you like us to do?' }).getByLabel('A repair').check();
  await form.getByRole('button', { name: 'Send return request' }).click();
  await expect(form.getByRole('alert')).toContainText(
    `You can return at most 2 of ${product.name}: that is how many you bought.`,
  );
  await check('the return form, refused');
  await line.getByLabel(`How many of ${product.name} to return`).fill('1');
  await form.getByRole('button', { name: 'Send return request' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Return requested' })).toBeFocused();

  await page.getByRole('link', { name: 'View the return' }).click();
  await expect(page).toHaveURL(/\/customer\/return\?id=\d+$/);
  const title = page.getByRole('heading', { level: 1, name: /^Return / });
  await expect(title).toBeVisible();
  const number = ((await title.textContent()) ?? '').replace(/^Return /, '');
  await expect(page.getByRole('main')).toContainText('New Request');
  await expect(page.getByRole('row').filter({ hasText: product.name })).toContainText('Damaged');
  await page.getByLabel('Your comment').fill('It stopped after ten minutes.');
  await page.getByRole('button', { name: 'Send comment' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your comment has been added.' })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'It stopped after ten minutes.' })).toBeVisible();
  await check('one return');

  await shellReady(page);
  await page.getByLabel('Account menu').click();
  await page.locator('#account-menu-slot').getByRole('link', { name: 'Your returns', exact: true }).click();
  await expect(page).toHaveURL('/customer/returns');
  await hydrated(page, 'CustomerReturns');
  const row = page.getByRole('row').filter({ hasText: number });
  await expect(row).toContainText(order);
  await expect(row.getByRole('link', { name: `View return ${number}` })).toBeVisible();
  await check('Your returns');
  expect(found).toEqual([]);
});
