/**
 * The hosted card page a shopper sees at NextURL (§8.2): labelled fields and buttons, the order shown,
 * nothing external or scripted, and mistakes explained next to the field they concern; three failed card
 * entries reject the payment.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  eventually,
  getPage,
  inspectOne,
  register,
  startFakeMerchant,
  startTestSandbox,
  submitCard,
  type FakeMerchant,
  type TestSandbox,
} from './helpers.ts';

let sandbox: TestSandbox;
let merchant: FakeMerchant;

beforeAll(async () => {
  sandbox = await startTestSandbox();
  merchant = await startFakeMerchant();
});

afterAll(async () => {
  await sandbox.stop();
  await merchant.close();
});

/** The input a `<label for>` with exactly this text points at. */
function inputFor(html: string, label: string): string | undefined {
  const id = new RegExp(`<label for="([^"]+)">${label}</label>`).exec(html)?.[1];
  return id ? new RegExp(`<input id="${id}"[^>]*>`).exec(html)?.[0] : undefined;
}

describe('the card page', () => {
  it('has the labelled card fields, Pay now and Cancel, and shows the amount, currency and description', async () => {
    const { nextUrl } = await register(
      sandbox,
      merchant,
      { amount: 1234.5, basket: undefined },
      { Description: 'Clearwater & Co order <100000777>' },
    );
    const page = await getPage(nextUrl);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    for (const label of ['Card number', 'Expiry date', 'Security code', 'Name on card']) {
      expect(inputFor(page.html, label), label).toMatch(/required/);
    }
    expect(inputFor(page.html, 'Card number')).toMatch(/autocomplete="cc-number"/);
    expect(inputFor(page.html, 'Expiry date')).toMatch(/autocomplete="cc-exp"/);
    expect(inputFor(page.html, 'Security code')).toMatch(/autocomplete="cc-csc"/);
    expect(inputFor(page.html, 'Name on card')).toMatch(/autocomplete="cc-name"/);
    expect(page.html).toMatch(/<button type="submit" name="action" value="pay"[^>]*>Pay now<\/button>/);
    expect(page.html).toMatch(
      /<button type="submit" name="action" value="cancel"[^>]*formnovalidate>Cancel<\/button>/,
    );
    expect(page.html).toContain('£1,234.50');
    expect(page.html).toContain('(GBP)');
    // Escaped as markup (never raw), and read back as the shopper sees it.
    expect(page.html).not.toContain('<100000777>');
    const shown = page.html.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));
    expect(shown).toContain('Clearwater & Co order <100000777>');
    expect(page.html).toContain('<html lang="en">');
  });

  it('loads nothing external and needs no script, under a strict Content-Security-Policy', async () => {
    const { nextUrl } = await register(sandbox, merchant);
    const page = await getPage(nextUrl);
    expect(page.html).not.toMatch(/<script|\son[a-z]+=|style="/i);
    expect(page.html).not.toMatch(/(src|href)="(https?:)?\/\//);
    expect(page.headers.get('content-security-policy')).toMatch(/default-src 'none'/);
    expect(page.headers.get('cache-control')).toBe('no-store');
    const css = await fetch(`${sandbox.url}/gateway/service/sandbox.css`);
    expect(css.headers.get('content-type')).toMatch(/^text\/css/);
  });

  it('answers an unknown transaction with a 404 page', async () => {
    const page = await getPage(
      `${sandbox.url}/gateway/service/cardselection?vpstxid={00000000-0000-0000-0000-000000000000}`,
    );
    expect(page.status).toBe(404);
    expect(page.html).toContain('Payment not found');
  });
});

describe('a mistake on the card page', () => {
  it('re-shows the form with the field marked and the error explained, keeping what was typed', async () => {
    const tx = await register(sandbox, merchant);
    const page = await submitCard(tx.nextUrl, { securityCode: '999', cardHolder: 'Jane Smith' });
    expect(page.status).toBe(200);
    expect(page.html).toContain('<title>Error: ');
    expect(page.html).toMatch(/role="alert"/);
    expect(page.html).toContain('<a href="#security-code">The security code does not match this card.');
    const input = inputFor(page.html, 'Security code') ?? '';
    expect(input).toMatch(/aria-invalid="true"/);
    expect(input).toMatch(/aria-describedby="security-code-hint security-code-error"/);
    expect(input).toMatch(/value=""/);
    expect(inputFor(page.html, 'Name on card')).toMatch(/value="Jane Smith"/);
    expect(page.html).toContain('2 attempts are left');
    expect((await inspectOne(sandbox, tx.vendorTxCode)).failedAttempts).toBe(1);
  });

  it('explains an invalid card number and a past expiry date', async () => {
    const tx = await register(sandbox, merchant);
    const badNumber = await submitCard(tx.nextUrl, { cardNumber: '4929000000007' });
    expect(inputFor(badNumber.html, 'Card number')).toMatch(/aria-invalid="true"/);
    expect(badNumber.html).toContain('This card number is not valid.');
    const expired = await submitCard(tx.nextUrl, { expiryDate: '0120' });
    expect(inputFor(expired.html, 'Expiry date')).toMatch(/aria-invalid="true"/);
    expect(expired.html).toContain('This card has expired.');
    expect(expired.html).toContain('1 attempt is left');
    const other = await register(sandbox, merchant);
    const garbled = await submitCard(other.nextUrl, { expiryDate: '1399' });
    expect(garbled.html).toContain('Enter the expiry date as 4 digits, month then year');
  });

  it('asks for empty fields without counting a failed attempt', async () => {
    const tx = await register(sandbox, merchant);
    const page = await submitCard(tx.nextUrl, { cardNumber: '', cardHolder: '' });
    expect(page.html).toContain('Enter the card number');
    expect(page.html).toContain('Enter the name exactly as it is shown on the card.');
    expect(inputFor(page.html, 'Name on card')).toMatch(/aria-invalid="true"/);
    expect(page.html).not.toContain('left before the payment is rejected');
    expect((await inspectOne(sandbox, tx.vendorTxCode)).failedAttempts).toBe(0);
  });

  it('rejects the payment after three wrong security codes: REJECTED, signed, shopper redirected', async () => {
    const tx = await register(sandbox, merchant);
    await submitCard(tx.nextUrl, { securityCode: '111' });
    await submitCard(tx.nextUrl, { securityCode: '222' });
    const third = await submitCard(tx.nextUrl, { securityCode: '333' });
    expect(third.status).toBe(303);
    expect(third.location).toBe(merchant.returnUrl(tx.vendorTxCode));
    const [notification] = merchant.for(tx.vpsTxId);
    expect(notification?.signatureValid).toBe(true);
    expect(notification?.fields).toMatchObject({
      Status: 'REJECTED',
      StatusDetail: '2001 : The Authorisation was Rejected by the vendor rule-base.',
      CV2Result: 'NOTMATCHED',
      CardType: 'VISA',
      Last4Digits: '0006',
    });
    const inspected = await eventually(async () => {
      const transaction = await inspectOne(sandbox, tx.vendorTxCode);
      expect(transaction.notification.state).toBe('answered');
      return transaction;
    });
    expect(inspected).toMatchObject({
      status: 'REJECTED',
      failedAttempts: 3,
      settled: false,
      settlement: null,
    });
    // The page is closed now: it says so and links back to the shop.
    const after = await getPage(tx.nextUrl);
    expect(after.html).toContain('This payment is closed');
    expect(after.html).toContain(`href="${merchant.returnUrl(tx.vendorTxCode)}"`);
  });
});
