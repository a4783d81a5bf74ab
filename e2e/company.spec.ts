/**
 * Company accounts (issue 68), in the demo company Brightwater Facilities: its administrator invites a buyer
 * from the company page; the invitation e-mail arrives in the mail catcher with its link; the buyer opens it,
 * signs in and accepts, and appears among the users with the role chosen; the administrator removes them,
 * and the buyer's session ends at once (their next visit to the company page sends them to sign in). The
 * company page leads to the company's quotes.
 */
import type { Page } from '@playwright/test';
import { DEMO_COMPANY } from '@cleaning-shop/embedded-magento/seed/company.ts';
import { companyTexts as t } from '../src/features/company/texts.ts';
import { invitationMailTexts } from '../src/features/company/invitation-mail.ts';
import { quotesTexts } from '../src/features/quotes/texts.ts';
import { signIn, signInHere, type Customer } from './support/alerts.ts';
import { expectMail } from './support/mail.ts';
import { MAGENTO_URL } from './support/ports.ts';
import { expect, test } from './support/test.ts';

test.describe.configure({ timeout: 120_000 });

/** A new customer with this name, as the invitee makes their account. */
async function newCustomer(firstname: string, lastname: string, email: string): Promise<Customer> {
  const customer = { email, password: 'Scrub!Brush42' };
  const response = await fetch(`${MAGENTO_URL}/rest/V1/customers`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ customer: { email, firstname, lastname }, password: customer.password }),
  });
  expect(response.ok, await response.clone().text()).toBe(true);
  return customer;
}

/** The link of an e-mail's HTML part with these words. */
function linkOf(html: string, words: string): string {
  for (const [, href, text] of html.matchAll(/<a href="([^"]+)"[^>]*>([^<]+)<\/a>/g))
    if (text === words && href) return href.replaceAll('&amp;', '&');
  throw new Error(`No link "${words}" in the e-mail`);
}

async function openCompanyPage(page: Page): Promise<void> {
  await page.goto('/company');
  await expect(page.getByRole('heading', { name: t.users, level: 2 })).toBeVisible();
}

test('an invited buyer joins, and is signed out at once when removed', async ({ page, browser, request }) => {
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const invitee = { firstname: 'Ivy', lastname: `Nash${tag}`, email: `e2e-invitee-${tag}@example.com` };
  const name = `${invitee.firstname} ${invitee.lastname}`;

  // The administrator invites the buyer.
  await signIn(page, { email: DEMO_COMPANY.admin.email, password: DEMO_COMPANY.admin.password });
  await openCompanyPage(page);
  const invite = page.getByRole('region', { name: t.invite });
  await invite.getByLabel(t.firstname).fill(invitee.firstname);
  await invite.getByLabel(t.lastname).fill(invitee.lastname);
  await invite.getByLabel(t.email).fill(invitee.email);
  await invite.getByLabel(t.role).selectOption({ label: DEMO_COMPANY.buyer.role });
  await invite.getByRole('button', { name: t.sendInvitation }).click();
  await expect(page.getByRole('status').filter({ hasText: t.invited(invitee.email) })).toBeVisible();

  // The e-mail arrives with its link.
  const mail = await expectMail(request, invitee.email, invitationMailTexts.subject(DEMO_COMPANY.name));
  const link = linkOf(mail.html ?? '', invitationMailTexts.accept);
  expect(link).toContain('/company/join?invitation=');

  // The buyer makes an account, opens the link, signs in from the page and accepts.
  const buyer = await newCustomer(invitee.firstname, invitee.lastname, invitee.email);
  const context = await browser.newContext();
  const buyerPage = await context.newPage();
  await buyerPage.goto(link);
  await expect(buyerPage.getByText(t.joinIntro(DEMO_COMPANY.name, invitee.email))).toBeVisible();
  await buyerPage.getByRole('link', { name: t.joinSignIn }).click();
  await signInHere(buyerPage, buyer);
  await expect(buyerPage).toHaveURL('/company/join');
  await buyerPage.getByRole('button', { name: t.joinAccept }).click();
  await expect(buyerPage.getByText(t.joined(DEMO_COMPANY.name))).toBeVisible();

  // The administrator sees them with the role, and removes them.
  await openCompanyPage(page);
  const row = page.getByRole('row').filter({ hasText: invitee.email });
  await expect(row.getByLabel(t.role)).toHaveValue(/.+/);
  await expect(row.getByLabel(t.role).locator('option:checked')).toHaveText(DEMO_COMPANY.buyer.role);
  page.once('dialog', (dialog) => void dialog.accept());
  await row.getByRole('button', { name: `${t.remove} ${name}` }).click();
  await expect(page.getByRole('row').filter({ hasText: invitee.email })).toHaveCount(0);

  // The buyer's session has ended: the company page sends them to sign in.
  await buyerPage.goto('/company');
  await expect(buyerPage).toHaveURL(/\/customer\/sign-in/);
  await context.close();
});

test('the company page on a phone: profile, users and the invitation form @mobile', async ({ page }) => {
  await signIn(page, { email: DEMO_COMPANY.admin.email, password: DEMO_COMPANY.admin.password });
  await openCompanyPage(page);
  await expect(page.getByRole('heading', { name: t.profile })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: DEMO_COMPANY.buyer.email })).toBeVisible();
  const invite = page.getByRole('region', { name: t.invite });
  await invite.getByLabel(t.email).fill('someone@example.com');
  await expect(invite.getByRole('button', { name: t.sendInvitation })).toBeVisible();
  // Nothing sticks out sideways.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test('the company page leads to the company’s quotes', async ({ page }) => {
  await signIn(page, { email: DEMO_COMPANY.admin.email, password: DEMO_COMPANY.admin.password });
  await openCompanyPage(page);
  const quotes = page.getByRole('region', { name: quotesTexts.title });
  await quotes.getByRole('link', { name: quotesTexts.accountLink }).click();
  await expect(page).toHaveURL('/company/quotes');
  await expect(page.getByRole('heading', { level: 1, name: quotesTexts.title })).toBeVisible();
});
