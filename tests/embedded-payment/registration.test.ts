/**
 * The registration endpoint as the shop's bridge meets it (§1–2, §8.1): an OK reply in CRLF lines whose
 * NextURL survives a first-'=' split, OK REPEATED for an active VendorTxCode, and MALFORMED / INVALID with
 * the gateway's `NNNN : text` codes for each kind of mistake.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newVendorTxCode, parseReply } from '@cleaning-shop/contracts/opayo/protocol.ts';
import {
  postRegistration,
  register,
  registration,
  startFakeMerchant,
  startTestSandbox,
  submitCard,
  type FakeMerchant,
  type TestSandbox,
} from './helpers.ts';

/** The helpers' two items (49.98), then `tail` (delivery) and `<discounts>` of `discounts`. */
const basketWithDiscount = (discounts: string, tail = ''): string =>
  '<basket>' +
  '<item><description>Pressure washer</description><quantity>1</quantity><unitNetAmount>10.83</unitNetAmount><unitTaxAmount>2.17</unitTaxAmount><unitGrossAmount>13.00</unitGrossAmount><totalGrossAmount>13.00</totalGrossAmount></item>' +
  '<item><description>Detergent</description><quantity>2</quantity><unitNetAmount>15.41</unitNetAmount><unitTaxAmount>3.08</unitTaxAmount><unitGrossAmount>18.49</unitGrossAmount><totalGrossAmount>36.98</totalGrossAmount></item>' +
  `${tail}<discounts>${discounts}</discounts></basket>`;

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

describe('a valid registration', () => {
  it('is answered OK with a VPSTxId, a SecurityKey and the hosted page as NextURL, in CRLF lines', async () => {
    const reply = await postRegistration(sandbox, registration(merchant));
    expect(reply.status).toBe(200);
    expect(reply.contentType).toMatch(/^text\/plain/);
    expect(reply.text.endsWith('\r\n')).toBe(true);
    expect(
      reply.text
        .split('\r\n')
        .slice(0, -1)
        .every((line) => /^[A-Za-z0-9]+=/.test(line)),
    ).toBe(true);
    expect(reply.text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);

    const { VPSProtocol, Status, StatusDetail, VPSTxId, SecurityKey, NextURL } = reply.fields;
    expect(VPSProtocol).toBe('4.00');
    expect(Status).toBe('OK');
    expect(StatusDetail).toBe('2014 : The Transaction was Registered Successfully.');
    expect(VPSTxId).toMatch(/^\{[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}\}$/);
    expect(SecurityKey).toMatch(/^[A-Z0-9]{10}$/);
    // NextURL carries '=' itself: split on the first '=' only and it stays whole.
    expect(NextURL).toBe(`${sandbox.url}/gateway/service/cardselection?vpstxid=${VPSTxId}`);
    const line = reply.text.split('\r\n').find((text) => text.startsWith('NextURL='));
    expect(line?.split('=').length).toBeGreaterThan(2);
    expect(new URL(NextURL ?? '').searchParams.get('vpstxid')).toBe(VPSTxId);
  });

  it('gives every transaction its own VPSTxId and SecurityKey', async () => {
    const first = await register(sandbox, merchant);
    const second = await register(sandbox, merchant);
    expect(second.vpsTxId).not.toBe(first.vpsTxId);
    expect(second.securityKey).not.toBe(first.securityKey);
  });

  it('accepts a vendor name in any case, and Latin-1 bytes in a field', async () => {
    const fields = registration(merchant, {}, { Vendor: 'SANDBOXSHOP' });
    const body = new URLSearchParams(fields)
      .toString()
      .replace(/BillingCity=London/, 'BillingCity=Dun%20Laoghaire%20%E9');
    const response = await fetch(sandbox.registrationUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body,
    });
    expect(parseReply(await response.text())['Status']).toBe('OK');
  });
});

describe('posting the same VendorTxCode again', () => {
  it('answers OK REPEATED with the same VPSTxId, SecurityKey and NextURL while the transaction is open', async () => {
    const fields = registration(merchant);
    const first = await postRegistration(sandbox, fields);
    const again = await postRegistration(sandbox, fields);
    expect(again.fields['Status']).toBe('OK REPEATED');
    for (const name of ['VPSTxId', 'SecurityKey', 'NextURL']) {
      expect(again.fields[name], name).toBe(first.fields[name]);
    }
  });

  it('refuses a different Amount for an open transaction: MALFORMED 4002', async () => {
    const fields = registration(merchant, { basket: undefined });
    await postRegistration(sandbox, fields);
    const changed = await postRegistration(sandbox, { ...fields, Amount: '50.00' });
    expect(changed.fields['Status']).toBe('MALFORMED');
    expect(changed.fields['StatusDetail']).toBe(
      '4002 : An active transaction with this VendorTxCode has been found but the Amount is different.',
    );
    expect(changed.fields['VPSTxId']).toBeUndefined();
  });

  it('refuses the VendorTxCode of a completed successful payment: INVALID 4042', async () => {
    const paid = await register(sandbox, merchant);
    expect((await submitCard(paid.nextUrl)).status).toBe(303);
    const reused = await postRegistration(
      sandbox,
      registration(merchant, { vendorTxCode: paid.vendorTxCode }),
    );
    expect(reused.fields['Status']).toBe('INVALID');
    expect(reused.fields['StatusDetail']).toMatch(/^4042 : The VendorTxCode has been used before/);
  });

  it('lets a cancelled VendorTxCode be registered again as a new transaction', async () => {
    const cancelled = await register(sandbox, merchant);
    await submitCard(cancelled.nextUrl, { action: 'cancel' });
    const again = await postRegistration(
      sandbox,
      registration(merchant, { vendorTxCode: cancelled.vendorTxCode }),
    );
    expect(again.fields['Status']).toBe('OK');
    expect(again.fields['VPSTxId']).not.toBe(cancelled.vpsTxId);
  });
});

describe('a registration with a mistake', () => {
  const cases: [string, Record<string, string | undefined>, string, string][] = [
    ['no VendorTxCode', { VendorTxCode: undefined }, 'MALFORMED', '3009 : The VendorTxCode is missing.'],
    ['no Description', { Description: '' }, 'MALFORMED', '3013 : The Description is missing.'],
    [
      'no Amount',
      { Amount: undefined, BasketXML: undefined },
      'MALFORMED',
      '3031 : The Amount value is required.',
    ],
    ['no Currency', { Currency: undefined }, 'MALFORMED', '3045 : The Currency field is missing.'],
    ['no NotificationURL', { NotificationURL: '' }, 'MALFORMED', '3076 : The NotificationURL is required.'],
    ['no VPSProtocol', { VPSProtocol: undefined }, 'MALFORMED', '3096 : The VPSProtocol value is required.'],
    [
      'protocol 3.00',
      { VPSProtocol: '3.00' },
      'INVALID',
      '3098 : The VPSProtocol value is not supported by the system in use.',
    ],
    ['no TxType', { TxType: undefined }, 'MALFORMED', '3039 : The TxType or PaymentType is missing.'],
    [
      'TxType DEFERRED',
      { TxType: 'DEFERRED' },
      'INVALID',
      '4006 : The TxType requested is not supported on this account.',
    ],
    [
      'an unknown vendor',
      { Vendor: 'someoneelse' },
      'INVALID',
      '4000 : The VendorName is invalid or the account is not active.',
    ],
    [
      'an inactive vendor',
      { Vendor: 'closedshop' },
      'INVALID',
      '4000 : The VendorName is invalid or the account is not active.',
    ],
    [
      'a VendorTxCode of 41 characters',
      { VendorTxCode: 'A'.repeat(41) },
      'INVALID',
      '3080 : The VendorTxCode value is too long.',
    ],
    [
      'a VendorTxCode with a space',
      { VendorTxCode: 'ORDER 1' },
      'INVALID',
      '3035 : The VendorTxCode format is invalid.',
    ],
    [
      'an Amount with 3 decimals',
      { Amount: '49.980', BasketXML: undefined },
      'INVALID',
      '3004 : The Amount is invalid.',
    ],
    [
      'an Amount with a thousands separator',
      { Amount: '4,567.89', BasketXML: undefined },
      'INVALID',
      '3004 : The Amount is invalid.',
    ],
    [
      'an Amount of 0.00',
      { Amount: '0.00', BasketXML: undefined },
      'INVALID',
      '3005 : The Amount is outside the mininum and maximum limits.',
    ],
    [
      'an Amount over 100,000',
      { Amount: '100000.01', BasketXML: undefined },
      'INVALID',
      '3005 : The Amount is outside the mininum and maximum limits.',
    ],
    ['an unknown currency', { Currency: 'XYZ' }, 'INVALID', '3003 : The Currency is invalid.'],
    [
      'a currency not on the account',
      { Currency: 'EUR' },
      'INVALID',
      '4008 : The Currency is not supported on this account.',
    ],
    [
      'a Description of 101 characters',
      { Description: 'x'.repeat(101) },
      'INVALID',
      '3082 : The Description value is too long.',
    ],
    [
      'a relative NotificationURL',
      { NotificationURL: '/payments/opayo/notify' },
      'INVALID',
      '3011 : The NotificationURL format is invalid.',
    ],
    [
      'an ftp NotificationURL',
      { NotificationURL: 'ftp://shop.example/notify' },
      'INVALID',
      '3011 : The NotificationURL format is invalid.',
    ],
    [
      'a NotificationURL of 256 characters',
      { NotificationURL: `https://shop.example/${'n'.repeat(235)}` },
      'INVALID',
      '3037 : The NotificationURL is too long.',
    ],
    [
      'no BillingSurname',
      { BillingSurname: '' },
      'MALFORMED',
      '3107 : The BillingSurname field is required.',
    ],
    [
      'a BillingAddress1 of 51 characters',
      { BillingAddress1: 'a'.repeat(51) },
      'INVALID',
      '3112 : The BillingAddress1 value is Too long.',
    ],
    [
      'no DeliveryPostCode in GB',
      { DeliveryPostCode: '' },
      'MALFORMED',
      '3094 : The DeliveryPostcode is required.',
    ],
    [
      'a BillingCountry that is no country',
      { BillingCountry: 'ZZ' },
      'INVALID',
      '3141 : The BillingCountry value is invalid.',
    ],
    [
      'a US address without a state',
      { BillingCountry: 'US' },
      'MALFORMED',
      '3147 : The BillingState field is required.',
    ],
    [
      'a state outside the US',
      { DeliveryState: 'CA' },
      'INVALID',
      '3139 : The DeliveryState format is invalid.',
    ],
    [
      'a CustomerEMail of 81 characters',
      { CustomerEMail: `${'e'.repeat(69)}@example.com` },
      'INVALID',
      '3022 : The CustomerEMail is too long.',
    ],
    [
      'a Basket that cannot be read',
      { Basket: '2:Mug:1:10.83:2.17:13.00', BasketXML: undefined },
      'INVALID',
      '3021 : The Basket format is invalid.',
    ],
    [
      'a Basket line whose figures do not add up',
      { Basket: '1:Mug:2:10.00:2.00:12.00:25.00', Amount: '25.00', BasketXML: undefined },
      'INVALID',
      '3195 : The line item amount details do not add up correctly.',
    ],
    [
      'a Basket that does not add up to the Amount',
      { Amount: '50.00' },
      'INVALID',
      '3195 : The line item amount details do not add up correctly.',
    ],
    [
      'a BasketXML that cannot be read',
      { BasketXML: '<basket><item><description>Mug</description></item></basket>' },
      'INVALID',
      '3021 : The Basket format is invalid.',
    ],
    [
      'a BasketXML item whose figures do not add up',
      {
        Amount: '25.00',
        BasketXML:
          '<basket><item><description>Mug</description><quantity>2</quantity><unitNetAmount>10.00</unitNetAmount><unitTaxAmount>2.00</unitTaxAmount><unitGrossAmount>12.00</unitGrossAmount><totalGrossAmount>25.00</totalGrossAmount></item></basket>',
      },
      'INVALID',
      '3195 : The line item amount details do not add up correctly.',
    ],
    [
      'a BasketXML discount without a <fixed> amount',
      { BasketXML: basketWithDiscount('<discount><description>Welcome</description></discount>') },
      'INVALID',
      '3021 : The Basket format is invalid.',
    ],
    [
      'a BasketXML discount that adds money (<fixed> below 0)',
      {
        Amount: '59.98',
        BasketXML: basketWithDiscount(
          '<discount><fixed>-10.00</fixed><description>x</description></discount>',
        ),
      },
      'INVALID',
      '3021 : The Basket format is invalid.',
    ],
    [
      'a BasketXML whose discount is not taken off the Amount',
      {
        Amount: '49.98',
        BasketXML: basketWithDiscount(
          '<discount><fixed>10.00</fixed><description>Welcome</description></discount>',
        ),
      },
      'INVALID',
      '3195 : The line item amount details do not add up correctly.',
    ],
    [
      'both Basket and BasketXML',
      { Basket: '1:Mug:1:49.98:0.00:49.98:49.98' },
      'INVALID',
      '3194 : Must have only one basket field specified',
    ],
    [
      'Apply3DSecure 4',
      { Apply3DSecure: '4' },
      'INVALID',
      '3020 : The Apply3DSecure flag is invalid. The value, if supplied, should contain either 0, 1, 2 or 3.',
    ],
    [
      'AccountType M',
      { AccountType: 'M' },
      'INVALID',
      '3099 : The AccountType is not setup on this account.',
    ],
    [
      'an IPv6 ClientIPAddress',
      { ClientIPAddress: '2001:db8::1' },
      'INVALID',
      "3079 : The ClientIPAddress format is invalid. Should not include leading zero's, and only include values in the range of 0 to 255.",
    ],
  ];

  it.each(cases)('%s → %s', async (_name, overrides, status, statusDetail) => {
    const reply = await postRegistration(sandbox, registration(merchant, {}, overrides));
    expect(reply.status).toBe(200);
    expect(reply.fields).toEqual({ VPSProtocol: '4.00', Status: status, StatusDetail: statusDetail });
    expect(reply.text).toMatch(/\r\n$/);
  });

  it('accepts a blank postcode where the country has none (IE), and a basket with a delivery line', async () => {
    const reply = await postRegistration(
      sandbox,
      registration(
        merchant,
        {},
        {
          BillingCountry: 'IE',
          BillingPostCode: '',
          Amount: '17.95',
          Basket: '2:Mug:1:10.83:2.17:13.00:13.00:Delivery:---:---:---:---:4.95',
          BasketXML: undefined,
        },
      ),
    );
    expect(reply.fields['Status']).toBe('OK');
  });

  it('accepts a BasketXML with delivery and discounts that add up to the Amount', async () => {
    // 49.98 of items + 4.95 delivery − (10.00 + 0.50) off = 44.43
    const reply = await postRegistration(
      sandbox,
      registration(
        merchant,
        {},
        {
          Amount: '44.43',
          BasketXML: basketWithDiscount(
            '<discount><fixed>10.00</fixed><description>Discount (Welcome 10% off)</description></discount>' +
              '<discount><fixed>0.5</fixed><description>Loyalty</description></discount>',
            '<deliveryGrossAmount>4.95</deliveryGrossAmount>',
          ),
        },
      ),
    );
    expect(reply.fields['StatusDetail']).toBe('2014 : The Transaction was Registered Successfully.');
  });

  it('does not register anything it refused', async () => {
    const vendorTxCode = newVendorTxCode();
    await postRegistration(sandbox, registration(merchant, { vendorTxCode }, { Currency: 'EUR' }));
    const response = await fetch(`${sandbox.url}/sandbox/transactions?vendorTxCode=${vendorTxCode}`);
    expect(((await response.json()) as { transactions: unknown[] }).transactions).toEqual([]);
  });

  it('answers a GET with 405, not a registration', async () => {
    const response = await fetch(sandbox.registrationUrl);
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
  });
});

describe('settings', () => {
  it('refuses registrations from any other address with INVALID 4020', async () => {
    const guarded = await startTestSandbox({ allowedIps: ['203.000.113.010'] });
    try {
      const reply = await postRegistration(guarded, registration(merchant));
      expect(reply.fields).toEqual({
        VPSProtocol: '4.00',
        Status: 'INVALID',
        StatusDetail: '4020 : Information received from an Invalid IP address.',
      });
    } finally {
      await guarded.stop();
    }
  });

  it('can turn the inspection endpoint off', async () => {
    const quiet = await startTestSandbox({ inspection: false });
    try {
      expect((await fetch(`${quiet.url}/sandbox/transactions`)).status).toBe(404);
    } finally {
      await quiet.stop();
    }
  });
});
