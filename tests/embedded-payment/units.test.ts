/** The sandbox's pure parts: card checks, basket arithmetic, the notification body and the reply reading. */
import { describe, expect, it } from 'vitest';
import { avsCv2, authorise, threeDSecure } from '@cleaning-shop/opayo-sandbox/authorise.ts';
import { checkBasket, checkBasketXml } from '@cleaning-shop/opayo-sandbox/basket.ts';
import {
  checkCard,
  findTestCard,
  hasExpired,
  luhn,
  parseExpiry,
  TEST_CARDS,
} from '@cleaning-shop/opayo-sandbox/cards.ts';
import { parseForm } from '@cleaning-shop/opayo-sandbox/http.ts';
import { notificationFields, readReply } from '@cleaning-shop/opayo-sandbox/notification.ts';
import { computeSignature, signatureMatches } from '@cleaning-shop/contracts/opayo/protocol.ts';

const today = new Date('2026-05-15T12:00:00Z');

describe('test cards', () => {
  it('are all valid card numbers (Luhn)', () => {
    for (const card of TEST_CARDS) expect(luhn(card.number), card.number).toBe(true);
    expect(luhn('4929000000007')).toBe(false);
  });

  it('check the entry: expiry formats, the end of the expiry month, the security code', () => {
    expect(parseExpiry('0530')).toBe('0530');
    expect(parseExpiry('05/30')).toBe('0530');
    expect(parseExpiry('1330')).toBeUndefined();
    expect(hasExpired('0526', today)).toBe(false);
    expect(hasExpired('0426', today)).toBe(true);
    const entry = {
      cardNumber: '4929 0000 0000 6',
      expiryDate: '0526',
      securityCode: '123',
      cardHolder: ' Jane  Smith ',
    };
    expect(checkCard(entry, today)).toEqual({
      ok: true,
      entered: {
        card: findTestCard('4929000000006'),
        last4: '0006',
        expiry: '0526',
        cardHolder: 'Jane Smith',
      },
    });
    expect(checkCard({ ...entry, securityCode: '124' }, today)).toMatchObject({
      ok: false,
      attempt: true,
      known: { securityCodeWrong: true, expiry: '0526' },
    });
    expect(checkCard({ ...entry, securityCode: '' }, today)).toMatchObject({ ok: false, attempt: false });
    expect(checkCard({ ...entry, cardNumber: '4111111111111111' }, today)).toMatchObject({
      ok: false,
      attempt: true,
      errors: { cardNumber: expect.stringContaining('test cards only') },
    });
  });
});

describe('3-D Secure and AVS/CV2', () => {
  const visa = checkCard(
    { cardNumber: '4929000000006', expiryDate: '1230', securityCode: '123', cardHolder: 'Jane Smith' },
    today,
  );
  if (!visa.ok) throw new Error('test card refused');
  const fields = { BillingAddress1: 'Flat 2, 88 Test Street', BillingPostCode: '412' };

  it('follows the magic cardholder names, Apply3DSecure=2 and the card', () => {
    expect(threeDSecure(visa.entered, fields)).toBe('OK');
    expect(threeDSecure({ ...visa.entered, cardHolder: 'challenge' }, fields)).toBe('CHALLENGE');
    expect(threeDSecure({ ...visa.entered, cardHolder: 'PROOFATTEMPT' }, fields)).toBe('ATTEMPTONLY');
    expect(threeDSecure({ ...visa.entered, cardHolder: 'NOTAUTH' }, { ...fields, Apply3DSecure: '2' })).toBe(
      'NOTCHECKED',
    );
  });

  it('matches address 88 and postcode 412 only', () => {
    expect(avsCv2(fields, true).AVSCV2).toBe('ALL MATCH');
    expect(avsCv2({ BillingAddress1: '188 Road', BillingPostCode: '412' }, true)).toMatchObject({
      AVSCV2: 'SECURITY CODE MATCH ONLY',
      AddressResult: 'NOTMATCHED',
      PostCodeResult: 'MATCHED',
    });
    expect(avsCv2(fields, false).AVSCV2).toBe('ADDRESS MATCH ONLY');
    expect(avsCv2({ ...fields, ApplyAVSCV2: '2' }, true).AVSCV2).toBe('DATA NOT CHECKED');
  });

  it('lets ApplyAVSCV2=1 reject a payment without a full match', () => {
    expect(authorise(visa.entered, 'OK', { ...fields, ApplyAVSCV2: '1' }).status).toBe('OK');
    expect(authorise(visa.entered, 'OK', { BillingAddress1: '1 Road', ApplyAVSCV2: '1' }).status).toBe(
      'REJECTED',
    );
  });
});

describe('the colon basket', () => {
  it('adds up lines and totals to the Amount', () => {
    expect(
      checkBasket('2:Mug:1:10.83:2.17:13.00:13.00:Towel:2:15.41:3.08:18.49:36.98', 4998),
    ).toBeUndefined();
    expect(checkBasket('1:Mug:1:10.83:2.17:13.00:13.00', 1300)).toBeUndefined();
    expect(checkBasket('1:Mug:1:10.83:2.18:13.00:13.00', 1300)?.code).toBe('3195');
    expect(checkBasket('1:Mug:one:10.83:2.17:13.00:13.00', 1300)?.code).toBe('3021');
    expect(checkBasket('0:', 0)?.code).toBe('3021');
    expect(checkBasket('1:Mug:1:10.83:2.17:13.00:', 1300)?.code).toBe('3021');
  });
});

describe('BasketXML', () => {
  const item =
    '<item><description>Mug</description><quantity>2</quantity><unitNetAmount>10.83</unitNetAmount>' +
    '<unitTaxAmount>2.17</unitTaxAmount><unitGrossAmount>13.00</unitGrossAmount><totalGrossAmount>26.00</totalGrossAmount></item>';
  const delivery = '<deliveryGrossAmount>4.95</deliveryGrossAmount>';
  const discount = (fixed: string, description = '<description>Welcome</description>') =>
    `<discount><fixed>${fixed}</fixed>${description}</discount>`;
  const basket = (...discounts: string[]) =>
    `<basket>${item}${delivery}${discounts.length ? `<discounts>${discounts.join('')}</discounts>` : ''}</basket>`;

  it('adds items and delivery, less every discount, to the Amount', () => {
    expect(checkBasketXml(basket(), 3095)).toBeUndefined();
    expect(checkBasketXml(basket(discount('5.00')), 2595)).toBeUndefined();
    expect(checkBasketXml(basket(discount('5.00'), discount('0.95', '')), 2500)).toBeUndefined();
    // A discount left out of the sum, or counted twice, does not make the Amount.
    expect(checkBasketXml(basket(discount('5.00')), 3095)?.code).toBe('3195');
    expect(checkBasketXml(basket(discount('5.00'), discount('5.00')), 2595)?.code).toBe('3195');
  });

  it('cannot read discounts without an amount of money off', () => {
    expect(checkBasketXml(basket(discount('')), 3095)?.code).toBe('3021');
    expect(checkBasketXml(basket(discount('five')), 3095)?.code).toBe('3021');
    expect(checkBasketXml(basket(discount('-5.00')), 3595)?.code).toBe('3021');
    expect(checkBasketXml(basket('<discount><description>x</description></discount>'), 3095)?.code).toBe(
      '3021',
    );
    expect(checkBasketXml(`<basket>${item}<discounts></discounts></basket>`, 2600)?.code).toBe('3021');
    expect(
      checkBasketXml(
        `<basket>${item}<discounts>${discount('1.00')}</discounts><discounts>${discount('1.00')}</discounts></basket>`,
        2400,
      )?.code,
    ).toBe('3021');
  });
});

describe('the notification', () => {
  const keys = {
    vpsTxId: '{6F1C2A7E-3B9D-4E52-8A10-C4D7E9F0B123}',
    vendorTxCode: 'EXS-20250612-153012-4F8A2C9E71B04D6AA3F1',
    vendor: 'ExampleShop',
    securityKey: '7LDN3RGAEZ',
  };

  it('reproduces the worked example of §7.3–7.4, field order and signature', () => {
    const fields = notificationFields(keys, {
      status: 'OK',
      statusDetail: '0000 : The Authorisation was Successful.',
      data: {
        TxAuthNo: '9177364',
        AVSCV2: 'ALL MATCH',
        AddressResult: 'MATCHED',
        PostCodeResult: 'MATCHED',
        CV2Result: 'MATCHED',
        '3DSecureStatus': 'OK',
        CAVV: 'AAABARR5kwAAAAAAAAAAAAAAAAA=',
        CardType: 'VISA',
        Last4Digits: '0006',
        DeclineCode: '00',
        ExpiryDate: '1228',
        BankAuthCode: '999777',
        ACSTransID: '8B2F6C1E-5A3D-4B7E-9C0F-1D2E3F4A5B6C',
        DSTransID: '2E4A6C8E-0B1D-4F3A-8C5E-7A9B1C3D5E7F',
        SchemeTraceID: 'SP4817236590123',
      },
    });
    expect(new URLSearchParams(fields).toString()).toBe(
      'VPSProtocol=4.00&TxType=PAYMENT&VendorTxCode=EXS-20250612-153012-4F8A2C9E71B04D6AA3F1&VPSTxId=%7B6F1C2A7E-3B9D-4E52-8A10-C4D7E9F0B123%7D&Status=OK&StatusDetail=0000+%3A+The+Authorisation+was+Successful.&TxAuthNo=9177364&AVSCV2=ALL+MATCH&AddressResult=MATCHED&PostCodeResult=MATCHED&CV2Result=MATCHED&GiftAid=0&3DSecureStatus=OK&CAVV=AAABARR5kwAAAAAAAAAAAAAAAAA%3D&CardType=VISA&Last4Digits=0006&VPSSignature=FCCC962943039E20CF5E5E0AA1DCC5B8&DeclineCode=00&ExpiryDate=1228&BankAuthCode=999777&ACSTransID=8B2F6C1E-5A3D-4B7E-9C0F-1D2E3F4A5B6C&DSTransID=2E4A6C8E-0B1D-4F3A-8C5E-7A9B1C3D5E7F&SchemeTraceID=SP4817236590123',
    );
  });

  it('signs the ABORT example of §7.4', () => {
    const fields = notificationFields(keys, {
      status: 'ABORT',
      statusDetail: '2013 : The Transaction was cancelled by the customer.',
      data: {},
    });
    expect(fields['VPSSignature']).toBe('5331F54B99B81DF2A0126D3CEFD6D357');
    expect(signatureMatches(fields, 'exampleshop', keys.securityKey)).toBe(true);
    expect(computeSignature({ ...fields, Status: 'OK' }, keys.vendor, keys.securityKey)).not.toBe(
      fields['VPSSignature'],
    );
  });

  it('reads the vendor’s reply as the gateway does', () => {
    expect(readReply(200, 'Status=OK\r\nRedirectURL=https://shop.example/done?ref=1&x=2\r\n')).toEqual({
      answered: true,
      status: 'OK',
      redirectUrl: 'https://shop.example/done?ref=1&x=2',
    });
    expect(readReply(200, 'STATUS=INVALID\nredirecturl=https://shop.example/failed\n')).toMatchObject({
      answered: true,
      status: 'INVALID',
    });
    expect(readReply(200, 'Status=OK\r\n')).toEqual({ answered: false, problem: 'no RedirectURL line' });
    expect(readReply(200, '<html>Thanks</html>')).toEqual({ answered: false, problem: 'no Status line' });
    expect(readReply(200, 'Status=NOTAUTHED\r\nRedirectURL=https://shop.example/\r\n').answered).toBe(false);
    expect(readReply(200, 'Status=OK\r\nRedirectURL=/relative\r\n').answered).toBe(false);
    expect(readReply(302, 'Status=OK\r\nRedirectURL=https://shop.example/\r\n').answered).toBe(false);
  });
});

describe('form bodies', () => {
  it('decode UTF-8 escapes, and Latin-1 ones when they are not UTF-8', () => {
    expect(parseForm('City=M%C3%BCnchen&Name=Ren%E9+Dupont&Empty=&Flag')).toEqual({
      City: 'München',
      Name: 'René Dupont',
      Empty: '',
      Flag: '',
    });
    expect(parseForm('A=1&A=2')).toEqual({ A: '1' });
  });
});
