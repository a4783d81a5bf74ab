/**
 * Discount codes and delivery choices (issue 24; DESIGN.md §3): the basket's discount code field on
 * Magento's coupons (applied, refused with Magento's message and what was typed kept, expired, removed,
 * dropped when the basket stops qualifying), delivery as Magento's carriers price it (standard with "Spend
 * £X more", free from £50 both ways, next working day dated in UK working days on an injected clock, pallet
 * only for a heavy basket), and a paid order whose amount at the payment page is Magento's grand total with
 * the discount and delivery, shown again on the order page. Products come from the e2e catalogue by price
 * and weight, never by name.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { exclVat } from '../src/catalogue/money.ts';
import { formatGbp, productPages, type Product } from './support/catalogue.ts';
import {
  address,
  customerCart,
  enterCard,
  form,
  GOOD_CARD,
  guestCart,
  SANDBOX,
  tag,
} from './support/checkout.ts';
import { expect, hydrated, test } from './support/test.ts';

test.describe.configure({ timeout: 90_000 });

const INVALID = "The coupon code isn't valid. Verify the code and try again.";

/** In-stock products with a page, a price and a weight, cheapest first; `skip` keeps parallel tests apart. */
function productWhere(what: string, fits: (p: Product, price: number, weight: number) => boolean, skip = 0) {
  const found = productPages()
    .filter((p) => p.typeId === 'simple' && p.inStock && p.priceInclVat !== null && p.weight !== null)
    .filter((p) => fits(p, p.priceInclVat ?? 0, p.weight ?? 0))
    .sort((a, b) => (a.priceInclVat ?? 0) - (b.priceInclVat ?? 0));
  const product = found[skip] ?? found[0];
  if (!product) throw new Error(`The e2e catalogue has no ${what}.`);
  return { product, price: product.priceInclVat ?? 0 };
}

const parcel = (weight: number) => weight <= 5;

async function openBasket(page: Page): Promise<void> {
  await page.goto('/basket');
  await expect(page.locator('[data-basket-full]')).toBeVisible();
  await expect(amount(page, 'Total')).not.toHaveText('Loading…');
}

const amount = (page: Page, term: string | RegExp) =>
  page
    .locator('.basket__totals')
    .getByRole('term')
    .filter({ hasText: typeof term === 'string' ? new RegExp(`^${escape(term)}$`) : term })
    .locator('+ dd');
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const couponField = (page: Page) => page.getByLabel('Discount code', { exact: true });

async function applyCode(page: Page, code: string): Promise<void> {
  await couponField(page).fill(code);
  await page.getByRole('button', { name: 'Apply', exact: true }).click();
}

/** What axe finds on the page with the WCAG 2.2 AA rules, as `rule (target)`. */
async function violations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .setLegacyMode(true)
    .analyze();
  return results.violations.map((v) => `${v.id} (${v.nodes[0]?.target.join(' ') ?? '?'})`);
}

test.describe('discount codes in the basket', () => {
  test('WELCOME10 takes 10 % off as Magento totals it, with no axe violation, and Remove takes it off', async ({
    page,
  }) => {
    const { product, price } = productWhere(
      'parcel from £20 to £40',
      (_, p, w) => p >= 20 && p <= 40 && parcel(w),
    );
    await guestCart(page, product.sku, 1);
    await openBasket(page);
    await expect(amount(page, 'Total')).toHaveText(`${formatGbp(price + 4.95)} incl VAT`, {
      useInnerText: true,
    });

    const clicked = Date.now();
    await applyCode(page, 'welcome10');
    const discount = Math.round(price * 10) / 100;
    await expect(amount(page, 'Discount (Welcome 10% off)')).toHaveText(`−${formatGbp(discount)} incl VAT`, {
      useInnerText: true,
    });
    const redrawMs = Date.now() - clicked;
    await expect(amount(page, 'Total')).toHaveText(`${formatGbp(price - discount + 4.95)} incl VAT`, {
      useInnerText: true,
    });
    await expect(page.getByText('Discount code WELCOME10', { exact: true })).toBeVisible();
    await expect(page.locator('#basket-coupon-message')).toHaveText('Discount code welcome10 applied.');
    console.info(`[figure] apply code → discount shown ${redrawMs} ms`);
    expect(await violations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Remove discount code WELCOME10' }).click();
    await expect(amount(page, /^Discount/)).toHaveCount(0);
    await expect(couponField(page)).toBeVisible();
    await expect(couponField(page)).toBeFocused();
    await expect(amount(page, 'Total')).toHaveText(`${formatGbp(price + 4.95)} incl VAT`, {
      useInnerText: true,
    });
  });

  test('a wrong code and the expired one get Magento’s message beside the field, and keep what was typed', async ({
    page,
  }) => {
    const { product } = productWhere('parcel', (_, p, w) => p >= 5 && parcel(w), 3);
    await guestCart(page, product.sku, 1);
    await openBasket(page);
    for (const code of ['NOT-A-CODE', 'SUMMER24']) {
      await applyCode(page, code);
      await expect(page.locator('#basket-coupon-message')).toHaveText(INVALID);
      await expect(couponField(page)).toHaveValue(code);
      await expect(couponField(page)).toHaveAttribute('aria-invalid', 'true');
      await expect(couponField(page)).toHaveAccessibleDescription(INVALID);
    }
    await expect(amount(page, /^Discount/)).toHaveCount(0);
    expect(await violations(page)).toEqual([]);
  });

  test('a code the basket no longer qualifies for is said in words', async ({ page }) => {
    const { product, price } = productWhere(
      'parcel from £70 to £190',
      (_, p, w) => p >= 70 && p <= 190 && parcel(w),
    );
    const qty = Math.ceil(200 / price);
    await guestCart(page, product.sku, qty);
    await openBasket(page);
    await applyCode(page, 'SAVE20');
    await expect(amount(page, 'Discount (£20 off orders over £200)')).toHaveText(/−£20\.00/, {
      useInnerText: true,
    });
    const line = page.getByRole('list', { name: 'Items in your basket' }).getByRole('listitem');
    await line.getByLabel('Quantity').fill('1');
    await line.getByRole('button', { name: /^Update/ }).click();
    await expect(page.locator('#basket-coupon-message')).toHaveText(
      'The discount code SAVE20 no longer applies to your basket, so it has been removed.',
    );
    await expect(amount(page, /^Discount/)).toHaveCount(0);
    await expect(couponField(page)).toBeVisible();
  });
});

test.describe('delivery', () => {
  test('standard delivery is £4.95 with "Spend £X more" below £50, and free from £50, both ways', async ({
    page,
  }) => {
    const { product, price } = productWhere(
      'parcel from £26 to £45',
      (_, p, w) => p >= 26 && p <= 45 && parcel(w),
    );
    await guestCart(page, product.sku, 1);
    await openBasket(page);
    await expect(amount(page, 'Delivery')).toHaveText('Standard delivery');
    await expect(amount(page, 'Total shipping cost')).toHaveText(formatGbp(4.95));
    await expect(
      page.getByText(`Spend ${formatGbp(Math.round((50 - price) * 100) / 100)} more for free delivery`),
    ).toBeVisible();

    const line = page.getByRole('list', { name: 'Items in your basket' }).getByRole('listitem');
    await line.getByLabel('Quantity').fill('2');
    await line.getByRole('button', { name: /^Update/ }).click();
    await expect(amount(page, 'Total shipping cost')).toHaveText(formatGbp(0));
    await expect(page.getByText(/more for free delivery/)).toBeHidden();
    await expect(amount(page, 'Total')).toHaveText(`${formatGbp(price * 2)} incl VAT`, {
      useInnerText: true,
    });

    await line.getByLabel('Quantity').fill('1');
    await line.getByRole('button', { name: /^Update/ }).click();
    await expect(amount(page, 'Total shipping cost')).toHaveText(formatGbp(4.95));
    await expect(
      page.getByText(`Spend ${formatGbp(Math.round((50 - price) * 100) / 100)} more for free delivery`),
    ).toBeVisible();
  });

  test('next working day ordered on the Friday before the August bank holiday arrives on Tuesday', async ({
    page,
  }) => {
    // Friday 28 August 2026, 1 pm in London: before the 2 pm cut-off; Monday 31 August is a bank holiday.
    await page.clock.setFixedTime(new Date('2026-08-28T13:00:00+01:00'));
    const { product } = productWhere('parcel', (_, p, w) => p >= 5 && parcel(w), 5);
    await guestCart(page, product.sku, 1);
    await page.goto('/basket/shipping');
    await hydrated(page, 'CheckoutShipping');
    await form(page, 'Shipping address').getByLabel('Country', { exact: true }).fill('United Kingdom');
    const delivery = form(page, 'Delivery');
    const nextDay = delivery.getByRole('radio', { name: /Next working day/ });
    await expect(nextDay).toBeVisible();
    await expect(delivery.locator('label').filter({ hasText: 'Next working day' })).toContainText(
      'Estimated delivery: Tuesday 1 September',
    );
    await expect(delivery.locator('label', { hasText: 'Standard delivery' })).toContainText(
      'Estimated delivery: Wednesday 2 – Thursday 3 September',
    );
    // After the cut-off, dispatch moves to Tuesday and delivery to Wednesday.
    await page.clock.setFixedTime(new Date('2026-08-28T14:01:00+01:00'));
    await page.reload();
    await hydrated(page, 'CheckoutShipping');
    await form(page, 'Shipping address').getByLabel('Country', { exact: true }).fill('United Kingdom');
    await expect(form(page, 'Delivery').locator('label', { hasText: 'Next working day' })).toContainText(
      'Estimated delivery: Wednesday 2 September',
    );
  });

  test('a basket over 30 kg is offered only pallet delivery', async ({ page }) => {
    const { product } = productWhere('product over 30 kg', (_, p, w) => w > 30 && p > 0);
    await guestCart(page, product.sku, 1);
    await openBasket(page);
    await expect(amount(page, 'Delivery')).toHaveText('Pallet delivery');
    await expect(amount(page, 'Total shipping cost')).toHaveText(formatGbp(49));
    await expect(page.getByText(/more for free delivery/)).toBeHidden();
    await page.goto('/basket/shipping');
    await hydrated(page, 'CheckoutShipping');
    await form(page, 'Shipping address').getByLabel('Country', { exact: true }).fill('United Kingdom');
    // Collecting from a point is offered beside delivery (it may carry heavy machines too): not a delivery.
    const radios = form(page, 'Delivery').getByRole('radio', { name: /^(?!Collect from)/ });
    await expect(radios).toHaveCount(1);
    await expect(radios).toHaveAccessibleName(/Pallet delivery/);
    await expect(radios).toBeChecked();
  });
});

test('a paid order with WELCOME10 and next-day delivery: Magento’s grand total is paid and the order page shows both', async ({
  page,
  request,
}) => {
  const { product, price } = productWhere(
    'parcel from £30 to £45',
    (_, p, w) => p >= 30 && p <= 45 && parcel(w),
    2,
  );
  const home = address({ email: `e2e-discount-${tag()}@example.com` });
  await customerCart(page, [{ sku: product.sku, qty: 1 }], home);
  await openBasket(page);
  await applyCode(page, 'WELCOME10');
  const discount = Math.round(price * 10) / 100;
  await expect(amount(page, 'Discount (Welcome 10% off)')).toBeVisible();
  await page.getByRole('link', { name: 'Confirm' }).click();

  await expect(page).toHaveURL('/basket/shipping');
  await hydrated(page, 'CheckoutShipping');
  const delivery = form(page, 'Delivery');
  await delivery.getByRole('radio', { name: /Next working day/ }).check();
  const total = formatGbp(price - discount + 9.95);
  const preview = delivery.locator('.checkout-totals');
  await expect(
    preview
      .getByRole('term')
      .filter({ hasText: /^Total$/ })
      .locator('+ dd'),
  ).toHaveText(total);
  // The excl-VAT form of the option's price is there for shoppers who chose it.
  await expect(delivery.locator('label', { hasText: 'Next working day' })).toContainText(
    formatGbp(exclVat(9.95)),
  );
  await page.getByLabel('Same as shipping address').check();
  await page.getByRole('button', { name: 'Confirm' }).click();

  await expect(page).toHaveURL('/basket/shipping/payment');
  await hydrated(page, 'CheckoutPayment');
  const totals = page.locator('.checkout-totals');
  const row = (term: string) =>
    totals
      .getByRole('term')
      .filter({ hasText: new RegExp(`^${term}$`) })
      .locator('+ dd');
  await expect(row(escape('Discount (Welcome 10% off)'))).toContainText(formatGbp(discount));
  await expect(row('Delivery')).toHaveText('Next working day');
  await expect(row('Total shipping cost')).toHaveText(formatGbp(9.95));
  await expect(row('Total')).toHaveText(total);

  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await page.waitForURL(`${SANDBOX}/**`);
  const vpsTxId = new URL(page.url()).searchParams.get('vpstxid') ?? '';
  await enterCard(page, GOOD_CARD);
  await page.getByRole('button', { name: 'Pay now' }).click();
  await expect(page).toHaveURL('/paid');
  const reply = await request.get(`${SANDBOX}/sandbox/transactions?vpsTxId=${encodeURIComponent(vpsTxId)}`);
  const { transactions } = (await reply.json()) as { transactions: { amount: string; status: string }[] };
  expect(transactions[0]).toMatchObject({ status: 'OK', amount: (price - discount + 9.95).toFixed(2) });

  await page.getByRole('link', { name: 'View your order' }).click();
  await expect(page).toHaveURL(/\/customer\/orders\/\d{9}$/);
  const order = page.locator('.order__totals');
  const charged = (term: string) =>
    order
      .getByRole('term')
      .filter({ hasText: new RegExp(`^${escape(term)}$`) })
      .locator('+ dd');
  await expect(charged('Shipping')).toHaveText(formatGbp(9.95));
  await expect(charged('Discount (Welcome 10% off)')).toContainText(formatGbp(discount));
  await expect(charged('Grand total incl VAT')).toHaveText(total);
  await expect(page.getByRole('region', { name: 'Shipping method' })).toContainText(
    'Next working day - Order by 2pm',
  );
});
