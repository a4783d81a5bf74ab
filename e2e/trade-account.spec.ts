/**
 * A trade buyer's whole journey (issue 38), as the "done when" tells it: they apply for a trade
 * account (a mistyped VAT number is explained and nothing typed is lost), sign in to a pending account, are
 * approved by the merchant moving them to the Trade group through the admin API, then see trade prices,
 * quick-order five lines, pay on account with their purchase-order number (two clicks on Confirm place one
 * order), and download a VAT invoice for the order once the merchant has invoiced it.
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { exclVat, formatPrice } from '../src/catalogue/money.ts';
import { tradeTiersOf } from '@cleaning-shop/embedded-magento/seed/trade.ts';
import { checkUkVatNumber } from '../src/features/trade/vat-number.ts';
import { tradeAccountTexts } from '../src/features/trade/account-texts.ts';
import { admin } from './support/admin.ts';
import { catalogue } from './support/catalogue.ts';
import { address, form, fill, tag } from './support/checkout.ts';
import { expect, hydrated, shellReady, test } from './support/test.ts';

test.describe.configure({ timeout: 180_000 });

const t = tradeAccountTexts;
const TRADE_GROUP = 5;
const MISTYPED_VAT = 'GB 246 8135 94';

/** Five simple Professional products in stock, light enough for a parcel, each with its Trade price. */
function fiveTradeProducts() {
  const found = catalogue().products.filter(
    (product) =>
      product.typeId === 'simple' &&
      product.parentSku === null &&
      product.visibility === 4 &&
      product.inStock &&
      product.priceInclVat !== null &&
      product.wasInclVat === null &&
      product.sku.startsWith('PRO-') &&
      (product.weight ?? 0) <= 5,
  );
  if (found.length < 5) throw new Error('The e2e catalogue has fewer than five light Professional products');
  return found.slice(0, 5).map((product) => {
    const [unit] = tradeTiersOf({ sku: product.sku, price: product.priceInclVat ?? 0 });
    if (!unit) throw new Error(`${product.sku} has no Trade price in the seed`);
    return { ...product, tradePrice: unit.value };
  });
}

async function apply(page: Page, fields: Record<string, string>): Promise<void> {
  for (const [label, value] of Object.entries(fields))
    await page.getByLabel(label, { exact: true }).fill(value);
  await page.getByRole('button', { name: t.submit }).click();
}

test('apply, get approved, see trade prices, quick-order five lines on account with a PO, download the VAT invoice', async ({
  page,
}) => {
  const email = `e2e-trade-${tag()}@example.com`;
  const password = 'Trade!Pass42';
  const products = fiveTradeProducts();

  // Apply: a mistyped VAT number is explained under its field; what was typed stays.
  await page.goto('/trade-account');
  await hydrated(page, 'TradeApplicationForm');
  await apply(page, {
    'Company name': 'Brightwater Facilities Ltd',
    'UK VAT number (optional)': MISTYPED_VAT,
    'Street address': '4 Mill Lane',
    'Town or city': 'Leeds',
    Postcode: 'LS1 4AP',
    'First name': 'Priya',
    'Last name': 'Shah',
    Telephone: '0113 496 0000',
    'E-mail': email,
    Password: password,
  });
  const vat = page.getByLabel('UK VAT number (optional)', { exact: true });
  const check = checkUkVatNumber(MISTYPED_VAT);
  expect(check.ok).toBe(false);
  await expect(vat).toHaveAttribute('aria-invalid', 'true');
  await expect(vat).toHaveAccessibleDescription(new RegExp(check.ok ? '' : check.message.slice(0, 30)));
  await expect(page.getByLabel('Company name')).toHaveValue('Brightwater Facilities Ltd');
  await vat.fill('GB 246 8135 93');
  await page.getByRole('button', { name: t.submit }).click();
  await expect(page).toHaveURL('/customer/sign-in');
  await expect(page.getByText(t.applied)).toBeVisible();

  // Signed in, the account says the application is being reviewed.
  await hydrated(page, 'SignInForm');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL('/customer');
  const block = page.getByRole('region', { name: t.accountHeading });
  await expect(block).toContainText(t.statePending);

  // The merchant finds the applicant among the pending ones and moves them to Trade.
  const pending = (await admin(
    `/customers/search?searchCriteria[filterGroups][0][filters][0][field]=email&searchCriteria[filterGroups][0][filters][0][value]=${encodeURIComponent(email)}`,
    { method: 'GET' },
  )) as { items: Record<string, unknown>[] };
  const applicant = pending.items[0];
  expect(applicant?.['group_id']).toBe(4);
  await admin(`/customers/${String(applicant?.['id'])}`, {
    method: 'PUT',
    body: { customer: { ...applicant, group_id: TRADE_GROUP } },
  });
  await page.reload();
  await expect(block).toContainText(t.stateTrade);
  await expect(block).toContainText('GB246813593');

  // Trade prices, excl VAT, on the product page.
  const [first] = products;
  if (!first) throw new Error('no product');
  await page.goto(`/${first.urlKey}`);
  await shellReady(page);
  await expect(page.locator('html')).toHaveAttribute('data-vat', 'excl');
  await expect(page.locator('.purchase [data-price="excl"] .amount')).toHaveText(
    formatPrice(exclVat(first.tradePrice)),
  );

  // Quick order: five lines, pasted as from a spreadsheet.
  await page.goto('/quick-order');
  await shellReady(page);
  await expect(page.locator('[data-form]')).not.toHaveAttribute('aria-busy', 'true');
  const field = page.getByLabel('SKU or model number, row 1');
  await field.focus();
  await field.evaluate(
    (input, pasted) => {
      const data = new DataTransfer();
      data.setData('text/plain', pasted);
      input.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
      );
    },
    products.map((product) => `${product.sku}\t1`).join('\n'),
  );
  await expect(page.getByLabel('SKU or model number, row 5')).toHaveValue(products[4]?.sku ?? '');
  await page.getByRole('button', { name: 'Add all to basket' }).click();
  await expect(page.getByRole('region', { name: 'What happened to your rows' })).toContainText(
    '5 rows were added to your basket',
  );

  // The basket charges Magento's trade prices.
  await page.goto('/basket');
  const lines = page.getByRole('list', { name: 'Items in your basket' }).getByRole('listitem');
  await expect(lines).toHaveCount(5);
  await expect(lines.filter({ hasText: first.name })).toContainText(formatPrice(exclVat(first.tradePrice)));

  // Delivery, then pay on account with a PO number: two clicks on Confirm place one order.
  await page.goto('/basket/shipping');
  await hydrated(page, 'CheckoutShipping');
  const home = address({ email });
  await fill(form(page, 'Shipping address'), home);
  await fill(form(page, 'Billing address'), home);
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page).toHaveURL('/basket/shipping/payment');
  await hydrated(page, 'CheckoutPayment');
  await page.getByRole('radio', { name: t.payOnAccount }).check();
  await page.getByLabel(t.poNumber, { exact: true }).fill('PO-E2E-77');
  const confirm = page.getByRole('button', { name: t.confirm });
  await confirm.dblclick();
  await expect(page).toHaveURL('/order-placed');
  await expect(page.getByRole('heading', { name: t.placedTitle })).toBeVisible();
  await expect(page.getByText(t.placedPo('PO-E2E-77'))).toBeVisible();
  const number = (await page.getByRole('main').locator('strong').first().textContent()) ?? '';
  const orders = (await admin(
    `/orders?searchCriteria[filterGroups][0][filters][0][field]=customer_id&searchCriteria[filterGroups][0][filters][0][value]=${String(applicant?.['id'])}`,
    { method: 'GET' },
  )) as {
    items: { entity_id: number; increment_id: string; payment: { method: string; po_number: string } }[];
  };
  expect(orders.items).toHaveLength(1);
  const [order] = orders.items;
  expect(order?.increment_id).toBe(number);
  expect(order?.payment).toMatchObject({ method: 'purchaseorder', po_number: 'PO-E2E-77' });

  // The merchant invoices it; the order page offers the VAT invoice, which names the PO.
  const invoiceId = await admin(`/order/${String(order?.entity_id)}/invoice`, {
    method: 'POST',
    body: { capture: true },
  });
  const invoice = (await admin(`/invoices/${String(invoiceId)}`, { method: 'GET' })) as {
    increment_id: string;
  };
  await page.goto(`/customer/orders/${number}`);
  await expect(page.getByText(`${t.poNumber}: PO-E2E-77`)).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download VAT invoice (PDF)' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`VAT-invoice-${invoice.increment_id}.pdf`);
  const pdf = readFileSync(await file.path());
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
});
