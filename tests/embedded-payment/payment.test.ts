/**
 * Paying on the hosted page end to end (§3, §4, §5, §8.2–8.3): the card's outcome reaches the merchant as
 * a signed notification from `SagePay-Notifier/1.0`, the browser is sent (303) to the RedirectURL the
 * merchant answers with, and only an OK answer to an OK payment settles it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeSignature, formatReply } from '@cleaning-shop/contracts/opayo/protocol.ts';
import {
  eventually,
  getPage,
  inspectOne,
  okAnswer,
  register,
  startFakeMerchant,
  startTestSandbox,
  submitCard,
  VENDOR,
  futureExpiry,
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

describe('an authorising card (4929000000006, security code 123)', () => {
  it('notifies OK, signed, redirects the browser to the RedirectURL, and settles', async () => {
    const tx = await register(sandbox, merchant);
    const expiry = futureExpiry();
    const page = await submitCard(tx.nextUrl, { expiryDate: expiry });

    expect(page.status).toBe(303);
    expect(page.location).toBe(merchant.returnUrl(tx.vendorTxCode));

    const notifications = merchant.for(tx.vpsTxId);
    expect(notifications).toHaveLength(1);
    const [notification] = notifications;
    expect(notification?.signatureValid).toBe(true);
    expect(notification?.headers['user-agent']).toBe('SagePay-Notifier/1.0');
    expect(notification?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    const fields = notification?.fields ?? {};
    expect(fields).toMatchObject({
      VPSProtocol: '4.00',
      TxType: 'PAYMENT',
      VendorTxCode: tx.vendorTxCode,
      VPSTxId: tx.vpsTxId,
      Status: 'OK',
      StatusDetail: '0000 : The Authorisation was Successful.',
      // Address 88 and postcode 412 with security code 123: the magic AVS/CV2 data (§5.1).
      AVSCV2: 'ALL MATCH',
      AddressResult: 'MATCHED',
      PostCodeResult: 'MATCHED',
      CV2Result: 'MATCHED',
      GiftAid: '0',
      '3DSecureStatus': 'OK',
      CardType: 'VISA',
      Last4Digits: '0006',
      DeclineCode: '00',
      ExpiryDate: expiry,
      BankAuthCode: '999777',
    });
    expect(fields['TxAuthNo']).toMatch(/^\d{1,10}$/);
    expect(fields['CAVV']).toMatch(/^[A-Za-z0-9+/]{27}=$/);
    expect(fields['ACSTransID']).toMatch(/^[0-9A-F-]{36}$/);
    expect(fields['DSTransID']).toMatch(/^[0-9A-F-]{36}$/);
    expect(fields['SchemeTraceID']).toMatch(/^SP\d{13}$/);
    expect(fields['VPSSignature']).toMatch(/^[0-9A-F]{32}$/);

    const inspected = await eventually(async () => {
      const transaction = await inspectOne(sandbox, tx.vendorTxCode);
      expect(transaction.settled).toBe(true);
      return transaction;
    });
    expect(inspected).toMatchObject({
      vpsTxId: tx.vpsTxId,
      amount: '49.98',
      status: 'OK',
      settlement: 'settled',
      void: false,
      notification: {
        state: 'answered',
        replyStatus: 'OK',
        redirectUrl: merchant.returnUrl(tx.vendorTxCode),
      },
    });
    expect(inspected.notifications).toEqual([
      expect.objectContaining({
        trigger: 'shopper',
        outcome: 'answered',
        httpStatus: 200,
        replyStatus: 'OK',
      }),
    ]);
    expect(inspected.notification.fields).toEqual(fields);
  });

  it('signs with the vendor lower-cased and the SecurityKey: a tampered or wrongly keyed copy fails', async () => {
    const tx = await register(sandbox, merchant);
    await submitCard(tx.nextUrl);
    const fields = merchant.for(tx.vpsTxId)[0]?.fields ?? {};
    expect(fields['VPSSignature']).toBe(computeSignature(fields, VENDOR.toLowerCase(), tx.securityKey));
    expect(computeSignature({ ...fields, Status: 'NOTAUTHED' }, VENDOR, tx.securityKey)).not.toBe(
      fields['VPSSignature'],
    );
    expect(computeSignature({ ...fields, Last4Digits: '0002' }, VENDOR, tx.securityKey)).not.toBe(
      fields['VPSSignature'],
    );
    expect(computeSignature(fields, VENDOR, 'WRONGKEY00')).not.toBe(fields['VPSSignature']);
  });

  it('reports the AVS checks as they are when the billing data is not the magic address', async () => {
    const tx = await register(sandbox, merchant, {
      billing: {
        firstnames: 'Jane',
        surname: 'Smith',
        address1: '1 High Street',
        city: 'Leeds',
        postCode: 'LS1 1AA',
        country: 'GB',
      },
    });
    await submitCard(tx.nextUrl);
    expect(merchant.for(tx.vpsTxId)[0]?.fields).toMatchObject({
      Status: 'OK',
      AVSCV2: 'SECURITY CODE MATCH ONLY',
      AddressResult: 'NOTMATCHED',
      PostCodeResult: 'NOTMATCHED',
      CV2Result: 'MATCHED',
    });
  });

  it('takes the other test cards with their card types, American Express with 1234', async () => {
    for (const [cardNumber, securityCode, cardType] of [
      ['5404000000000001', '123', 'MC'],
      ['4462000000000003', '123', 'DELTA'],
      ['374200000000004', '1234', 'AMEX'],
    ] as const) {
      const tx = await register(sandbox, merchant);
      const page = await submitCard(tx.nextUrl, { cardNumber, securityCode });
      expect(page.status, cardNumber).toBe(303);
      expect(merchant.for(tx.vpsTxId)[0]?.fields, cardNumber).toMatchObject({
        Status: 'OK',
        CardType: cardType,
        Last4Digits: cardNumber.slice(-4),
      });
    }
  });

  it('leaves the page closed after paying, with a way back to the shop', async () => {
    const tx = await register(sandbox, merchant);
    await submitCard(tx.nextUrl);
    const again = await submitCard(tx.nextUrl);
    expect(again.status).toBe(200);
    expect(again.html).toContain('This payment is complete');
    expect(again.html).toContain(`href="${merchant.returnUrl(tx.vendorTxCode)}"`);
    expect(merchant.for(tx.vpsTxId)).toHaveLength(1);
  });
});

describe('other outcomes', () => {
  it('declines 4000000000000002: NOTAUTHED 2000, redirected, nothing settled', async () => {
    const tx = await register(sandbox, merchant);
    const page = await submitCard(tx.nextUrl, { cardNumber: '4000000000000002' });
    expect(page.status).toBe(303);
    expect(page.location).toBe(merchant.returnUrl(tx.vendorTxCode));
    const fields = merchant.for(tx.vpsTxId)[0]?.fields ?? {};
    expect(fields).toMatchObject({
      Status: 'NOTAUTHED',
      StatusDetail: '2000 : The Authorisation was Declined by the bank.',
      DeclineCode: '05',
    });
    expect(fields['TxAuthNo']).toBeUndefined();
    expect(merchant.for(tx.vpsTxId)[0]?.signatureValid).toBe(true);
    const inspected = await eventually(async () => {
      const transaction = await inspectOne(sandbox, tx.vendorTxCode);
      expect(transaction.notification.state).toBe('answered');
      return transaction;
    });
    expect(inspected).toMatchObject({ status: 'NOTAUTHED', settled: false, settlement: null });
  });

  it('aborts on Cancel: ABORT 2013, signed, redirected', async () => {
    const tx = await register(sandbox, merchant);
    const page = await submitCard(tx.nextUrl, { action: 'cancel', cardNumber: '', securityCode: '' });
    expect(page.status).toBe(303);
    expect(page.location).toBe(merchant.returnUrl(tx.vendorTxCode));
    const [notification] = merchant.for(tx.vpsTxId);
    expect(notification?.signatureValid).toBe(true);
    expect(notification?.fields).toEqual({
      VPSProtocol: '4.00',
      TxType: 'PAYMENT',
      VendorTxCode: tx.vendorTxCode,
      VPSTxId: tx.vpsTxId,
      Status: 'ABORT',
      StatusDetail: '2013 : The Transaction was cancelled by the customer.',
      GiftAid: '0',
      VPSSignature: computeSignature(notification?.fields ?? {}, VENDOR, tx.securityKey),
    });
  });

  it('asks a CHALLENGE cardholder for the 3-D Secure word: the right word pays', async () => {
    const tx = await register(sandbox, merchant);
    const challenge = await submitCard(tx.nextUrl, { cardHolder: 'CHALLENGE' });
    expect(challenge.status).toBe(200);
    expect(challenge.html).toContain('<label for="authentication-code">Authentication code</label>');
    const action =
      /<form method="post" action="([^"]+)"/.exec(challenge.html)?.[1]?.replace(/&amp;/g, '&') ?? '';
    const done = await fetch(new URL(action, sandbox.url), {
      method: 'POST',
      body: new URLSearchParams({ Code: 'challenge', action: 'authenticate' }),
      redirect: 'manual',
    });
    expect(done.status).toBe(303);
    expect(merchant.for(tx.vpsTxId)[0]?.fields).toMatchObject({ Status: 'OK', '3DSecureStatus': 'OK' });
  });

  it('rejects a failed 3-D Secure authentication (cardholder NOTAUTH): REJECTED 4026', async () => {
    const tx = await register(sandbox, merchant);
    await submitCard(tx.nextUrl, { cardHolder: 'NOTAUTH' });
    expect(merchant.for(tx.vpsTxId)[0]?.fields).toMatchObject({
      Status: 'REJECTED',
      StatusDetail:
        "4026 : 3D-Authentication failed. This vendor's rules require a successful 3D-Authentication.",
      '3DSecureStatus': 'NOTAUTHED',
    });
  });
});

describe('the merchant’s answer', () => {
  it('INVALID with a RedirectURL still redirects the shopper, but voids the payment', async () => {
    const tx = await register(sandbox, merchant);
    const failed = `${merchant.url}/checkout/failed?ref=${tx.vendorTxCode}`;
    merchant.answer = (notification) =>
      notification.fields['VPSTxId'] === tx.vpsTxId
        ? formatReply({ Status: 'INVALID', RedirectURL: failed, StatusDetail: 'Order not found' })
        : okAnswer(merchant, notification);
    try {
      const page = await submitCard(tx.nextUrl);
      expect(page.status).toBe(303);
      expect(page.location).toBe(failed);
    } finally {
      merchant.answer = (notification) => okAnswer(merchant, notification);
    }
    expect(await inspectOne(sandbox, tx.vendorTxCode)).toMatchObject({
      status: 'OK',
      settled: false,
      void: true,
      notification: { state: 'answered', replyStatus: 'INVALID' },
    });
  });

  it('is read with case-insensitive names (RedirectUrl) and LF-only lines', async () => {
    const tx = await register(sandbox, merchant);
    const back = merchant.returnUrl(tx.vendorTxCode);
    merchant.answer = (notification) =>
      notification.fields['VPSTxId'] === tx.vpsTxId
        ? `status=OK\nRedirectUrl=${back}\n`
        : okAnswer(merchant, notification);
    try {
      expect((await submitCard(tx.nextUrl)).location).toBe(back);
    } finally {
      merchant.answer = (notification) => okAnswer(merchant, notification);
    }
    expect((await inspectOne(sandbox, tx.vendorTxCode)).settled).toBe(true);
  });

  it('a merchant whose signature check fails answers INVALID: the sandbox records it and voids', async () => {
    const tx = await register(sandbox, merchant);
    merchant.remember(tx.vpsTxId, 'NOTTHEKEY0');
    const page = await submitCard(tx.nextUrl);
    expect(merchant.for(tx.vpsTxId)[0]?.signatureValid).toBe(false);
    expect(page.location).toBe(`${merchant.url}/checkout/failed?ref=${tx.vendorTxCode}`);
    expect(await inspectOne(sandbox, tx.vendorTxCode)).toMatchObject({ void: true, settled: false });
  });

  it('the hosted page is no longer reachable for payment once the browser has been redirected', async () => {
    const tx = await register(sandbox, merchant);
    await submitCard(tx.nextUrl, { action: 'cancel' });
    expect((await getPage(tx.nextUrl)).html).toContain('This payment is closed');
  });
});
