/**
 * Purchase orders that wait for approval (issue 68), in the demo company Brightwater Facilities: its
 * administrator writes the rule "order total over £2,500" for the Approver role; the buyer pays on account
 * for an order over it, which becomes a purchase order waiting for approval (no order yet); the buyer
 * cannot approve it (no button, refused by the shop's route and by Magento itself); the approver approves it
 * with a comment, and the order is placed once, on account with the buyer's reference, and invoiced once;
 * another company's administrator gets Not Found (404, the shop's not-found page) for it, as for a purchase
 * order that does not exist. The rule is the test's own (a unique name, for the Buyer role only) and is
 * deleted at the end.
 */
import type { Page } from '@playwright/test';
import { DEMO_COMPANY } from '@cleaning-shop/embedded-magento/seed/company.ts';
import { purchaseOrderTexts as t, approvalRuleTexts as rt } from '../src/features/purchase-orders/texts.ts';
import { tradeAccountTexts } from '../src/features/trade/account-texts.ts';
import { admin } from './support/admin.ts';
import { catalogue } from './support/catalogue.ts';
import { address, fill, form, MAGENTO, tag } from './support/checkout.ts';
import { expect, hydrated, test } from './support/test.ts';

test.describe.configure({ timeout: 180_000 });

type Account = { readonly email: string; readonly password: string };

/** Signs `who` in in this browser (the session cookie, and the tab's flag the islands read). */
async function signInAs(page: Page, who: Account): Promise<void> {
  await page.context().clearCookies();
  await page.goto('/privacy-policy');
  await page.evaluate(async ({ email, password }) => {
    localStorage.clear();
    const session = await fetch('/session', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    if (!session.ok) throw new Error(`not signed in: ${await session.text()}`);
    localStorage.setItem('login', 'true');
  }, who);
}

/** An expensive simple product in stock, and how many make an order well over £2,500 even at trade prices. */
function bigLine() {
  const product = catalogue()
    .products.filter(
      (p) => p.typeId === 'simple' && p.visibility === 4 && p.inStock && (p.priceInclVat ?? 0) >= 400,
    )
    .sort((a, b) => (b.priceInclVat ?? 0) - (a.priceInclVat ?? 0))[0];
  if (!product) throw new Error('The e2e catalogue has no simple product over £400 in stock');
  return { sku: product.sku, qty: Math.ceil(4000 / (product.priceInclVat ?? 1)) };
}

/** The buyer's basket emptied, then filled with `line`. */
async function basketOf(page: Page, line: { sku: string; qty: number }): Promise<void> {
  await page.evaluate(async ({ sku, qty }) => {
    const json = { 'Content-Type': 'application/json' };
    await fetch('/rest/V1/carts/mine', { method: 'POST' });
    const cart = (await (await fetch('/rest/V1/carts/mine')).json()) as { items?: { item_id: number }[] };
    for (const item of cart.items ?? [])
      await fetch(`/rest/V1/carts/mine/items/${item.item_id}`, { method: 'DELETE' });
    const added = await fetch('/rest/V1/carts/mine/items', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ cartItem: { sku, qty } }),
    });
    if (!added.ok) throw new Error(`not added: ${await added.text()}`);
  }, line);
}

/** The customer's orders as the merchant's admin API lists them. */
async function ordersOf(email: string) {
  const query = new URLSearchParams({
    'searchCriteria[filterGroups][0][filters][0][field]': 'customer_email',
    'searchCriteria[filterGroups][0][filters][0][value]': email,
  });
  const found = (await admin(`/orders?${query.toString()}`, { method: 'GET' })) as {
    items: { entity_id: number; increment_id: string; payment: { method: string; po_number?: string } }[];
  };
  return found.items;
}

async function writeRule(page: Page, name: string): Promise<void> {
  await signInAs(page, DEMO_COMPANY.admin);
  await page.goto('/company/approval-rules');
  await hydrated(page, 'ApprovalRules');
  await page.getByRole('button', { name: rt.add }).click();
  const ruleForm = page.getByRole('form', { name: rt.formTitleNew });
  await ruleForm.getByLabel(rt.name).fill(name);
  await ruleForm.getByLabel(rt.ruleType).selectOption({ label: rt.attribute.GRAND_TOTAL });
  await ruleForm.getByLabel(rt.comparison).selectOption({ label: rt.operator.MORE_THAN });
  await ruleForm.getByLabel(rt.amount).fill('2500');
  await ruleForm.getByRole('group', { name: rt.appliesTo }).getByLabel(DEMO_COMPANY.buyer.role).check();
  await ruleForm.getByRole('group', { name: rt.approvers }).getByLabel(DEMO_COMPANY.approver.role).check();
  await ruleForm.getByRole('button', { name: rt.save }).click();
  await expect(page.getByRole('status').filter({ hasText: rt.saved })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: name })).toContainText(
    'Order total is more than £2,500.00',
  );
}

async function deleteRule(page: Page, name: string): Promise<void> {
  await signInAs(page, DEMO_COMPANY.admin);
  await page.evaluate(async (ruleName) => {
    const rules = (await (await fetch('/purchase-orders/approval-rules')).json()) as {
      rules: { uid: string; name: string }[];
    };
    for (const rule of rules.rules.filter((each) => each.name === ruleName))
      await fetch(`/purchase-orders/approval-rules?uid=${encodeURIComponent(rule.uid)}`, {
        method: 'DELETE',
      });
  }, name);
}

/** The buyer pays on account with `poNumber`: a purchase order, whose page says it waits; its uid. */
async function placePurchaseOrder(page: Page, poNumber: string): Promise<string> {
  await signInAs(page, DEMO_COMPANY.buyer);
  await basketOf(page, bigLine());
  await page.goto('/basket/shipping');
  await hydrated(page, 'CheckoutShipping');
  const home = address({ email: DEMO_COMPANY.buyer.email });
  await fill(form(page, 'Shipping address'), home);
  await fill(form(page, 'Billing address'), home);
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page).toHaveURL('/basket/shipping/payment');
  await hydrated(page, 'CheckoutPayment');
  await page.getByRole('radio', { name: tradeAccountTexts.payOnAccount }).check();
  await expect(page.getByText(t.purchaseOrderHint)).toBeVisible();
  await page.getByLabel(tradeAccountTexts.poNumber, { exact: true }).fill(poNumber);
  await page.getByRole('button', { name: t.placeAsPurchaseOrder }).click();
  await expect(page).toHaveURL(/\/company\/purchase-orders\/[^/?]+\?placed=1$/);
  await expect(page.getByRole('heading', { name: t.placedTitle })).toBeVisible();
  await expect(page.locator('[data-po-status]')).toHaveText(t.statusText('APPROVAL_REQUIRED'));
  const uid = decodeURIComponent(new URL(page.url()).pathname.split('/').at(-1) ?? '');
  expect(uid).not.toBe('');
  return uid;
}

/** Magento's own answer to the buyer approving it with their token. */
async function buyerApprovesAtMagento(uid: string) {
  const token = (await (
    await fetch(`${MAGENTO}/rest/V1/integration/customer/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: DEMO_COMPANY.buyer.email, password: DEMO_COMPANY.buyer.password }),
    })
  ).json()) as string;
  const answer = await fetch(`${MAGENTO}/graphql`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({
      query: `mutation ($uids: [ID]!) { approvePurchaseOrders(input: { purchase_order_uids: $uids }) {
        purchase_orders { uid } errors { type } } }`,
      variables: { uids: [uid] },
    }),
  });
  return (
    (await answer.json()) as {
      data: { approvePurchaseOrders: { purchase_orders: unknown[]; errors: { type: string }[] } };
    }
  ).data.approvePurchaseOrders;
}

/** Whether the merchant's admin API invoices the order a second time (Magento refuses: it is invoiced). */
async function invoiceAgain(orderId: number): Promise<boolean> {
  const token = (await (
    await fetch(`${MAGENTO}/rest/V1/integration/admin/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'Admin123!' }),
    })
  ).json()) as string;
  const reply = await fetch(`${MAGENTO}/rest/V1/order/${String(orderId)}/invoice`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({ capture: true }),
  });
  return reply.ok;
}

test('an order over £2,500 waits as a purchase order until the approver approves it, then is placed and invoiced once', async ({
  page,
}) => {
  const rule = `Order total over £2,500 (${tag()})`;
  const poNumber = `PO-E2E-${tag()}`.slice(0, 20);
  await writeRule(page, rule);
  try {
    const before = (await ordersOf(DEMO_COMPANY.buyer.email)).length;
    const uid = await placePurchaseOrder(page, poNumber);
    expect(await ordersOf(DEMO_COMPANY.buyer.email)).toHaveLength(before);

    // The buyer may not approve: no button; the shop's route and Magento both refuse.
    await expect(page.getByRole('button', { name: t.approve, exact: true })).toHaveCount(0);
    const refused = await page.evaluate(async (poUid) => {
      const reply = await fetch('/purchase-orders/approve', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ uid: poUid, comment: '' }),
      });
      return { status: reply.status, body: (await reply.json()) as { message: string } };
    }, uid);
    expect(refused).toEqual({ status: 403, body: expect.objectContaining({ message: t.cannotApprove }) });
    const atMagento = await buyerApprovesAtMagento(uid);
    expect(atMagento.purchase_orders).toEqual([]);
    expect(atMagento.errors.map((error) => error.type)).toEqual(['OPERATION_NOT_APPLICABLE']);

    // The approver finds it waiting, approves it with a comment: the order is placed.
    await signInAs(page, DEMO_COMPANY.approver);
    await page.goto('/company/purchase-orders?list=approval');
    await hydrated(page, 'PurchaseOrders');
    const row = page
      .getByRole('row')
      .filter({ hasText: t.statusText('APPROVAL_REQUIRED') })
      .first();
    await expect(row).toBeVisible();
    await page.goto(`/company/purchase-orders/${encodeURIComponent(uid)}`);
    await hydrated(page, 'PurchaseOrderView');
    await page.getByRole('textbox', { name: t.commentLabel }).fill('Budget agreed for the new fleet.');
    await page.getByRole('button', { name: t.approve, exact: true }).click();
    await expect(
      page.getByRole('status').filter({ hasText: /Approved, and order \d+ is placed\./ }),
    ).toBeVisible();
    await expect(page.locator('[data-po-status]')).toHaveText(t.statusText('ORDER_PLACED'));
    await expect(page.getByRole('region', { name: t.comments })).toContainText(
      'Budget agreed for the new fleet.',
    );

    // Placed once, on account with the buyer's reference; the merchant invoices it once.
    const orders = await ordersOf(DEMO_COMPANY.buyer.email);
    expect(orders).toHaveLength(before + 1);
    const order = orders.find((each) => each.payment.po_number === poNumber);
    expect(order?.payment.method).toBe('purchaseorder');
    await admin(`/order/${String(order?.entity_id)}/invoice`, { method: 'POST', body: { capture: true } });
    const again = await invoiceAgain(order?.entity_id ?? 0);
    expect(again).toBe(false);

    // Another company's administrator: Not Found, the shop's not-found page with nothing of the order.
    await signInAs(page, DEMO_COMPANY.other.admin);
    const theirs = await page.goto(`/company/purchase-orders/${encodeURIComponent(uid)}`);
    expect(theirs?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Not Found');
    await expect(page.getByText(poNumber)).toHaveCount(0);
  } finally {
    await deleteRule(page, rule);
  }
});

test('a purchase order that does not exist is Not Found; signed out, its page asks to sign in', async ({
  page,
}) => {
  // "999999", as Magento's uids are base64 ids.
  const path = `/company/purchase-orders/${encodeURIComponent(btoa('999999'))}`;
  await page.context().clearCookies();
  await page.goto('/privacy-policy');
  await page.evaluate(() => localStorage.clear());
  await page.goto(path);
  await expect(page).toHaveURL(/\/customer\/sign-in/);

  await signInAs(page, DEMO_COMPANY.admin);
  const none = await page.goto(path);
  expect(none?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Not Found');
});
