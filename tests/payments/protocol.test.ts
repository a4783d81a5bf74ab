import { describe, expect, it } from 'vitest';
import { checkBasketXml } from '@cleaning-shop/opayo-sandbox/basket.ts';
import { BASKET_XML_MAX, basketXml } from '@cleaning-shop/contracts/opayo/basket-xml.ts';
import {
  computeSignature,
  formatReply,
  newVendorTxCode,
  parseReply,
  registrationFields,
  replyField,
  signatureMatches,
  signatureString,
} from '@cleaning-shop/contracts/opayo/protocol.ts';

/** contracts/payment/opayo-server-4.00.md §7.3–7.4 */
const notification = Object.fromEntries(
  new URLSearchParams(
    'VPSProtocol=4.00&TxType=PAYMENT&VendorTxCode=EXS-20250612-153012-4F8A2C9E71B04D6AA3F1&VPSTxId=%7B6F1C2A7E-3B9D-4E52-8A10-C4D7E9F0B123%7D&Status=OK&StatusDetail=0000+%3A+The+Authorisation+was+Successful.&TxAuthNo=9177364&AVSCV2=ALL+MATCH&AddressResult=MATCHED&PostCodeResult=MATCHED&CV2Result=MATCHED&GiftAid=0&3DSecureStatus=OK&CAVV=AAABARR5kwAAAAAAAAAAAAAAAAA%3D&CardType=VISA&Last4Digits=0006&VPSSignature=FCCC962943039E20CF5E5E0AA1DCC5B8&DeclineCode=00&ExpiryDate=1228&BankAuthCode=999777&ACSTransID=8B2F6C1E-5A3D-4B7E-9C0F-1D2E3F4A5B6C&DSTransID=2E4A6C8E-0B1D-4F3A-8C5E-7A9B1C3D5E7F&SchemeTraceID=SP4817236590123',
  ),
);

describe('VPSSignature (§3.4, §3.5, §7.4)', () => {
  it('matches the worked example of protocol 4.00', () => {
    expect(signatureString(notification, 'ExampleShop', '7LDN3RGAEZ')).toBe(
      '{6F1C2A7E-3B9D-4E52-8A10-C4D7E9F0B123}EXS-20250612-153012-4F8A2C9E71B04D6AA3F1OK9177364exampleshopALL MATCH7LDN3RGAEZMATCHEDMATCHEDMATCHED0OKAAABARR5kwAAAAAAAAAAAAAAAAA=VISA00060012289997778B2F6C1E-5A3D-4B7E-9C0F-1D2E3F4A5B6C2E4A6C8E-0B1D-4F3A-8C5E-7A9B1C3D5E7FSP4817236590123',
    );
    expect(computeSignature(notification, 'ExampleShop', '7LDN3RGAEZ')).toBe(
      'FCCC962943039E20CF5E5E0AA1DCC5B8',
    );
    expect(signatureMatches(notification, 'ExampleShop', '7LDN3RGAEZ')).toBe(true);
    expect(
      signatureMatches(
        { ...notification, VPSSignature: 'fccc962943039e20cf5e5e0aa1dcc5b8' },
        'ExampleShop',
        '7LDN3RGAEZ',
      ),
    ).toBe(true);
  });

  it('fails with the wrong key, a tampered field, or the 3.00 field list', () => {
    expect(signatureMatches(notification, 'ExampleShop', '7LDN3RGAEX')).toBe(false);
    expect(signatureMatches({ ...notification, Status: 'NOTAUTHED' }, 'ExampleShop', '7LDN3RGAEZ')).toBe(
      false,
    );
    expect(signatureMatches({ ...notification, SchemeTraceID: '' }, 'ExampleShop', '7LDN3RGAEZ')).toBe(false);
  });

  it('matches the published test vector with an empty vendor (§3.5)', () => {
    const fields = {
      VPSTxId: '{F955C22E-F67B-4DA3-8EA3-6DAC68FA59D2}',
      VendorTxCode: '438791',
      Status: 'OK',
      TxAuthNo: '4255',
      AVSCV2: 'c',
      AddressResult: 'J',
      PostCodeResult: 'E',
      CV2Result: 'U',
      GiftAid: 'P',
      '3DSecureStatus': 'D',
      CAVV: 'N',
      AddressStatus: '1',
      PayerStatus: 'N',
      CardType: '7',
      Last4Digits: 'Edefghijkl1234',
      DeclineCode: '00',
      ExpiryDate: '0722',
      BankAuthCode: '999777',
    };
    // The string of §3.5 is the concatenation of these values with the key between AVSCV2 and AddressResult.
    expect(signatureString(fields, '', '')).toBe(
      '{F955C22E-F67B-4DA3-8EA3-6DAC68FA59D2}438791OK4255cJEUPDN1N7Edefghijkl1234000722999777',
    );
    expect(computeSignature(fields, '', '').toLowerCase()).toBe('285765407193faa9b8e432e6b55f5849');
  });

  it('signs an ABORT with the empty slots of §7.4', () => {
    const abort = {
      VendorTxCode: 'EXS-20250612-153012-4F8A2C9E71B04D6AA3F1',
      VPSTxId: '{6F1C2A7E-3B9D-4E52-8A10-C4D7E9F0B123}',
      Status: 'ABORT',
      GiftAid: '0',
    };
    expect(computeSignature(abort, 'ExampleShop', '7LDN3RGAEZ')).toBe('5331F54B99B81DF2A0126D3CEFD6D357');
  });
});

describe('replies (§2.1, §4.1)', () => {
  it('splits on the first = only, CRLF or LF, and trims', () => {
    const reply = parseReply(
      'VPSProtocol=4.00\r\nStatus=OK\r\nStatusDetail=2014 : The Transaction was Registered Successfully.\r\nNextURL=https://pay.example/cardselection?vpstxid={6F1C}&a=b \nSecurityKey=7LDN3RGAEZ\r\n',
    );
    expect(reply).toEqual({
      VPSProtocol: '4.00',
      Status: 'OK',
      StatusDetail: '2014 : The Transaction was Registered Successfully.',
      NextURL: 'https://pay.example/cardselection?vpstxid={6F1C}&a=b',
      SecurityKey: '7LDN3RGAEZ',
    });
  });
  it('formats CRLF lines and reads field names case-insensitively', () => {
    expect(formatReply({ Status: 'OK', RedirectURL: 'https://shop/paid' })).toBe(
      'Status=OK\r\nRedirectURL=https://shop/paid\r\n',
    );
    expect(replyField(parseReply('Status=OK\r\nRedirectUrl=https://x/y\r\n'), 'RedirectURL')).toBe(
      'https://x/y',
    );
  });
});

describe('registration fields (§1.3)', () => {
  const address = {
    firstnames: 'Zoë Anne-Marie Catherine',
    surname: 'Featherstonehaugh-Smythe',
    address1: '88 A very long street name that goes on and on beyond fifty characters',
    city: 'London',
    postCode: 'SW1A 1AA!',
    country: 'gb',
    phone: '+44 (0)20 7946 0958',
  };
  const fields = registrationFields({
    vendor: 'ExampleShop',
    vendorTxCode: newVendorTxCode(),
    amount: 49.98,
    currency: 'GBP',
    description: 'Order from Clearwater Cleaning <script>',
    notificationUrl: 'http://127.0.0.1:4321/payments/notify',
    billing: address,
    delivery: address,
    email: 'jane@example.com',
    basket: {
      lines: [
        { description: 'Blue: Mug & <Cup>', quantity: 1, unitGross: 13 },
        { description: 'Tea Towel Set', quantity: 2, unitGross: 18.49 },
      ],
      delivery: 0,
    },
  });

  it('uses protocol 4.00 PAYMENT in GBP with the amount in pence', () => {
    expect(fields).toMatchObject({
      VPSProtocol: '4.00',
      TxType: 'PAYMENT',
      Currency: 'GBP',
      Amount: '49.98',
      Vendor: 'ExampleShop',
    });
    expect(fields['VendorTxCode']).toMatch(/^[A-Za-z0-9-]{40}$/);
  });
  it('cleans and truncates names and addresses to the protocol limits', () => {
    expect(fields['BillingFirstnames']).toBe('Zoe Anne-Marie Cathe');
    expect(fields['BillingSurname']).toHaveLength(20);
    expect(fields['BillingAddress1']?.length).toBeLessThanOrEqual(50);
    expect(fields['BillingPostCode']).toBe('SW1A 1AA');
    expect(fields['BillingCountry']).toBe('GB');
    expect(fields['BillingState']).toBeUndefined();
    expect(fields['Description']).toBe('Order from Clearwater Cleaning script');
  });
  it('sends the basket as BasketXML that adds up to the amount, with the text escaped', () => {
    expect(fields['Basket']).toBeUndefined();
    expect(fields['BasketXML']).toBe(
      '<basket>' +
        '<item><description>Blue: Mug &amp; &lt;Cup&gt;</description><quantity>1</quantity><unitNetAmount>10.83</unitNetAmount>' +
        '<unitTaxAmount>2.17</unitTaxAmount><unitGrossAmount>13.00</unitGrossAmount><totalGrossAmount>13.00</totalGrossAmount></item>' +
        '<item><description>Tea Towel Set</description><quantity>2</quantity><unitNetAmount>15.41</unitNetAmount>' +
        '<unitTaxAmount>3.08</unitTaxAmount><unitGrossAmount>18.49</unitGrossAmount><totalGrossAmount>36.98</totalGrossAmount></item>' +
        '</basket>',
    );
  });
  it("states each line's VAT as Magento worked it out, a zero-rated line's as none", () => {
    const lines = [
      { description: 'Steam cleaner', quantity: 1, unitGross: 649.99, unitNet: 541.66 },
      { description: 'Safety manual', quantity: 2, unitGross: 12.5, unitNet: 12.5 },
    ];
    const xml = basketXml({ lines, delivery: 0 }, 674.99);
    expect(xml).toContain(
      '<unitNetAmount>541.66</unitNetAmount><unitTaxAmount>108.33</unitTaxAmount><unitGrossAmount>649.99</unitGrossAmount>',
    );
    expect(xml).toContain(
      '<unitNetAmount>12.50</unitNetAmount><unitTaxAmount>0.00</unitTaxAmount><unitGrossAmount>12.50</unitGrossAmount>',
    );
    expect(checkBasketXml(xml, 67499)).toBeUndefined();
  });
  it('refuses a basket that does not add up or holds a fractional quantity, rather than leaving it out', () => {
    const line = { description: 'x', quantity: 1, unitGross: 10 };
    expect(() => basketXml({ lines: [line], delivery: 0 }, 12)).toThrow(
      /adds up to 10.00, not the amount 12.00/,
    );
    expect(() => basketXml({ lines: [{ ...line, quantity: 0.01 }], delivery: 0 }, 0.1)).toThrow(
      /quantity 0.01/,
    );
    expect(() => basketXml({ lines: [], delivery: 5 }, 5)).toThrow(/no lines/);
  });
  it('takes discounts off after delivery, as <discounts> the gateway subtracts from the lines and delivery', () => {
    const lines = [{ description: 'Hose', quantity: 2, unitGross: 19.99 }];
    expect(
      basketXml(
        {
          lines,
          delivery: 4.95,
          discounts: [{ description: 'Discount (10% off <hoses> & more)', amount: 4 }],
        },
        40.93,
      ),
    ).toBe(
      '<basket><item><description>Hose</description><quantity>2</quantity><unitNetAmount>16.66</unitNetAmount>' +
        '<unitTaxAmount>3.33</unitTaxAmount><unitGrossAmount>19.99</unitGrossAmount><totalGrossAmount>39.98</totalGrossAmount></item>' +
        '<deliveryGrossAmount>4.95</deliveryGrossAmount>' +
        '<discounts><discount><fixed>4.00</fixed><description>Discount (10% off &lt;hoses&gt; &amp; more)</description></discount></discounts>' +
        '</basket>',
    );
    // Free delivery: the discounts follow the items; a discount of 0 is no discount.
    expect(
      basketXml(
        {
          lines,
          delivery: 0,
          discounts: [
            { description: 'Nothing', amount: 0 },
            { description: '', amount: 9.98 },
          ],
        },
        30,
      ),
    ).toMatch(
      /<\/item><discounts><discount><fixed>9\.98<\/fixed><description>Discount<\/description><\/discount><\/discounts><\/basket>$/,
    );
    expect(basketXml({ lines, delivery: 0, discounts: [] }, 39.98)).not.toContain('discounts');
  });
  it('refuses discounts that are not taken off the amount, or that add money', () => {
    const lines = [{ description: 'Hose', quantity: 2, unitGross: 19.99 }];
    expect(() =>
      basketXml({ lines, delivery: 4.95, discounts: [{ description: 'x', amount: 4 }] }, 44.93),
    ).toThrow(/adds up to 40.93, not the amount 44.93/);
    expect(() =>
      basketXml({ lines, delivery: 0, discounts: [{ description: 'x', amount: -1 }] }, 40.98),
    ).toThrow(/The discount "x" is -1.00, not money off/);
  });
  it('keeps a long basket within 20,000 characters by shortening and then summing the tail, never dropping it', () => {
    const lines = Array.from({ length: 300 }, (_, i) => ({
      description: `Pressure washer model ${i} with a very long marketing name that goes on and on`,
      quantity: 1 + (i % 3),
      unitGross: 100 + i / 100,
    }));
    const amount = lines.reduce((sum, l) => sum + Math.round(l.unitGross * 100) * l.quantity, 0) / 100 + 4.95;
    const xml = basketXml({ lines, delivery: 4.95 }, amount);
    expect(xml.length).toBeLessThanOrEqual(BASKET_XML_MAX);
    const items = [...xml.matchAll(/<item>([\s\S]*?)<\/item>/g)].map((m) => m[1] ?? '');
    const totals = items.map((item) => Number(/<totalGrossAmount>([^<]*)</.exec(item)?.[1]));
    const delivery = Number(/<deliveryGrossAmount>([^<]*)</.exec(xml)?.[1]);
    expect(Math.round(totals.reduce((a, b) => a + b, 0) * 100) + Math.round(delivery * 100)).toBe(
      Math.round(amount * 100),
    );
    const last = items.at(-1) ?? '';
    expect(last).toMatch(
      new RegExp(`<description>and ${300 - items.length + 1} more items</description><quantity>1</quantity>`),
    );
    // A discount stays whole at the end of a shortened basket, and the sandbox (the gateway's sums) agrees.
    const discounts = [{ description: 'Discount (£20 off orders over £200)', amount: 20 }];
    const discounted = basketXml({ lines, delivery: 4.95, discounts }, amount - 20);
    expect(discounted.length).toBeLessThanOrEqual(BASKET_XML_MAX);
    expect(discounted).toMatch(
      /<\/deliveryGrossAmount><discounts><discount><fixed>20\.00<\/fixed><description>Discount \(GBP 20 off orders over GBP 200\)<\/description><\/discount><\/discounts><\/basket>$/,
    );
    expect(checkBasketXml(discounted, Math.round(amount * 100) - 2000)).toBeUndefined();
    // A basket that fits is sent whole, with its descriptions as they were.
    expect(
      basketXml(
        { lines: lines.slice(0, 3), delivery: 0 },
        lines.slice(0, 3).reduce((s, l) => s + Math.round(l.unitGross * 100) * l.quantity, 0) / 100,
      ),
    ).toContain('goes on and on');
  });
  it('makes distinct 40-character codes', () => {
    const codes = new Set(Array.from({ length: 200 }, newVendorTxCode));
    expect(codes.size).toBe(200);
  });
});
