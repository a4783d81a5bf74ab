/**
 * Checks a transaction registration POST (§1.3) field by field in the protocol's order and stops at the
 * first problem, as the gateway does: a missing required field is MALFORMED, a wrong value INVALID, each
 * with its `NNNN : text` code (codes.ts). Pure: the vendor list and currencies come in as settings.
 */
import { checkBasket, checkBasketXml } from './basket.ts';
import {
  BILLING_REFUSALS,
  DELIVERY_REFUSALS,
  REFUSALS,
  type AddressRefusals,
  type Refusal,
} from './codes.ts';

export type Fields = Readonly<Record<string, string>>;

export interface RegistrationSettings {
  /** Vendor name (matched case-insensitively) → whether its account is active. */
  readonly vendors: Readonly<Record<string, boolean>>;
  /** ISO 4217 codes enabled on the sandbox's merchant accounts. */
  readonly currencies: readonly string[];
}

export interface Registration {
  /** As posted; the notification is signed with it lower-cased (§3.4). */
  readonly vendor: string;
  readonly vendorTxCode: string;
  readonly amountPence: number;
  readonly currency: string;
  readonly description: string;
  readonly notificationUrl: string;
  /** Every posted field, trimmed: AVS data, the 3DS/AVS flags, and the inspection endpoint read them. */
  readonly fields: Fields;
}

export type RegistrationCheck =
  | { readonly ok: true; readonly registration: Registration }
  | { readonly ok: false; readonly refusal: Refusal };

const TX_TYPES = new Set(['PAYMENT', 'DEFERRED', 'AUTHENTICATE', 'TOKEN']);
const NAME = /^[\p{L}\p{M}0-9&,'/\\.\- ]+$/u;
/** Addresses and cities: printable text; no control characters and no markup. */
const ADDRESS = /^[^\p{Cc}<>]+$/u;
const POSTCODE = /^[A-Za-z0-9 -]+$/;
const PHONE = /^[0-9A-Za-z+()\- ]+$/;
/** Countries where a postcode may be left blank (OMNI README: e.g. IE). */
const NO_POSTCODE = new Set(
  'AE AG AO AW BF BI BJ BO BS BW BZ CD CF CG CI CK CM DJ DM ER FJ GD GH GM GQ GY HK IE JM KI KM KN KP LC ML MO MR MW NR NU PA QA RW SB SC SL SO SR ST SY TF TG TK TL TO TT TV TZ UG VU YE ZW'.split(
    ' ',
  ),
);
const regions = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
/** ISO 3166-1 alpha-2 proper: known to ICU, not a user-assigned or grouping code. */
const isCountry = (code: string): boolean =>
  /^[A-Z]{2}$/.test(code) &&
  !/^(AA|EU|EZ|OO|Q[M-Z]|UN|X[A-Z]|ZZ)$/.test(code) &&
  regions.of(code) !== undefined;
const CURRENCIES = new Set(Intl.supportedValuesOf('currency'));

function isHttpUrl(value: string): boolean {
  if (/\s/.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

const IPV4_OCTET = /^(0|[1-9]\d{0,2})$/;
const isIpv4 = (value: string): boolean => {
  const octets = value.split('.');
  return octets.length === 4 && octets.every((octet) => IPV4_OCTET.test(octet) && Number(octet) <= 255);
};

/** Amount in pence: digits with up to two decimals, no separators (§1.3 Amount, ACA 3004). */
export function parseAmount(value: string): number | undefined {
  return /^\d{1,9}(\.\d{1,2})?$/.test(value) ? Math.round(Number(value) * 100) : undefined;
}

export function findVendor(vendors: RegistrationSettings['vendors'], name: string): boolean | undefined {
  const key = Object.keys(vendors).find((vendor) => vendor.toLowerCase() === name.toLowerCase());
  return key === undefined ? undefined : vendors[key];
}

function* flag(value: string, allowed: readonly string[], refusal: Refusal): Generator<Refusal> {
  if (value !== '' && !allowed.includes(value)) yield refusal;
}

function* maxLength(value: string, max: number, refusal: Refusal): Generator<Refusal> {
  if (value.length > max) yield refusal;
}

function* text(
  value: string,
  rule: { max: number; chars: RegExp },
  refusals: { missing?: Refusal; tooLong: Refusal; chars: Refusal },
): Generator<Refusal> {
  if (value === '') {
    if (refusals.missing) yield refusals.missing;
    return;
  }
  if (value.length > rule.max) yield refusals.tooLong;
  if (!rule.chars.test(value)) yield refusals.chars;
}

function* address(
  fields: Fields,
  prefix: 'Billing' | 'Delivery',
  codes: AddressRefusals,
): Generator<Refusal> {
  const get = (name: string) => fields[`${prefix}${name}`] ?? '';
  yield* text(
    get('Surname'),
    { max: 20, chars: NAME },
    { missing: codes.surnameMissing, tooLong: codes.surnameTooLong, chars: codes.surnameChars },
  );
  yield* text(
    get('Firstnames'),
    { max: 20, chars: NAME },
    { missing: codes.firstnamesMissing, tooLong: codes.firstnamesTooLong, chars: codes.firstnamesChars },
  );
  yield* text(
    get('Address1'),
    { max: 50, chars: ADDRESS },
    { missing: codes.address1Missing, tooLong: codes.address1TooLong, chars: codes.address1Chars },
  );
  yield* text(
    get('Address2'),
    { max: 50, chars: ADDRESS },
    { tooLong: codes.address2TooLong, chars: codes.address2Chars },
  );
  yield* text(
    get('Address3'),
    { max: 50, chars: ADDRESS },
    { tooLong: codes.address3TooLong, chars: codes.address2Chars },
  );
  yield* text(
    get('City'),
    { max: 40, chars: ADDRESS },
    { missing: codes.cityMissing, tooLong: codes.cityTooLong, chars: codes.cityChars },
  );
  const country = get('Country').toUpperCase();
  if (country === '') yield codes.countryMissing;
  if (country.length > 2) yield codes.countryTooLong;
  if (!isCountry(country)) yield codes.countryInvalid;
  yield* text(
    get('PostCode'),
    { max: 10, chars: POSTCODE },
    {
      ...(NO_POSTCODE.has(country) ? {} : { missing: codes.postCodeMissing }),
      tooLong: codes.postCodeTooLong,
      chars: codes.postCodeChars,
    },
  );
  const state = get('State');
  if (country === 'US' && state === '') yield codes.stateMissing;
  if (state.length > 2) yield codes.stateTooLong;
  // §1.3: only US addresses carry a state.
  if (state !== '' && (country !== 'US' || !/^[A-Za-z]{2}$/.test(state))) yield codes.stateFormat;
  yield* text(
    get('Phone'),
    { max: 20, chars: PHONE },
    { tooLong: codes.phoneTooLong, chars: codes.phoneChars },
  );
}

function* problems(fields: Fields, settings: RegistrationSettings): Generator<Refusal> {
  const get = (name: string) => fields[name] ?? '';

  const protocol = get('VPSProtocol');
  if (protocol === '') yield REFUSALS.protocolMissing;
  if (!/^\d\.\d\d$/.test(protocol)) yield REFUSALS.protocolInvalid;
  if (protocol !== '4.00') yield REFUSALS.protocolUnsupported;

  const txType = get('TxType');
  if (txType === '') yield REFUSALS.txTypeMissing;
  if (!TX_TYPES.has(txType)) yield REFUSALS.txTypeInvalid;
  // The sandbox's merchant account takes one-off payments only.
  if (txType !== 'PAYMENT') yield REFUSALS.txTypeNotSupported;

  const vendor = get('Vendor');
  if (vendor === '') yield REFUSALS.vendorMissing;
  if (!/^[A-Za-z0-9]{1,15}$/.test(vendor)) yield REFUSALS.vendorFormat;
  if (findVendor(settings.vendors, vendor) !== true) yield REFUSALS.vendorUnknown;

  const vendorTxCode = get('VendorTxCode');
  if (vendorTxCode === '') yield REFUSALS.vendorTxCodeMissing;
  yield* maxLength(vendorTxCode, 40, REFUSALS.vendorTxCodeTooLong);
  if (!/^[A-Za-z0-9\-_.{}]+$/.test(vendorTxCode)) yield REFUSALS.vendorTxCodeFormat;

  const amountText = get('Amount');
  if (amountText === '') yield REFUSALS.amountMissing;
  const amount = parseAmount(amountText);
  if (amount === undefined) yield REFUSALS.amountFormat;
  else if (amount < 1 || amount > 10_000_000) yield REFUSALS.amountRange;

  const currency = get('Currency');
  if (currency === '') yield REFUSALS.currencyMissing;
  if (!/^[A-Z]{3}$/.test(currency) || !CURRENCIES.has(currency)) yield REFUSALS.currencyInvalid;
  if (!settings.currencies.includes(currency)) yield REFUSALS.currencyNotSupported;

  const description = get('Description');
  if (description === '') yield REFUSALS.descriptionMissing;
  yield* maxLength(description, 100, REFUSALS.descriptionTooLong);
  if (/\p{Cc}/u.test(description)) yield REFUSALS.descriptionFormat;

  const notificationUrl = get('NotificationURL');
  if (notificationUrl === '') yield REFUSALS.notificationUrlMissing;
  yield* maxLength(notificationUrl, 255, REFUSALS.notificationUrlTooLong);
  if (!isHttpUrl(notificationUrl)) yield REFUSALS.notificationUrlFormat;

  yield* extraProblems(fields, amount);
}

/** The rest of the registration, checked in the gateway's order after the transaction's own fields. */
function* extraProblems(fields: Fields, amount: number | undefined): Generator<Refusal> {
  const get = (name: string) => fields[name] ?? '';
  yield* address(fields, 'Billing', BILLING_REFUSALS);
  yield* address(fields, 'Delivery', DELIVERY_REFUSALS);

  const email = get('CustomerEMail');
  yield* maxLength(email, 80, REFUSALS.emailTooLong);
  if (email !== '' && !/^[^\s@:]+@[^\s@:]+\.[^\s@:]+$/.test(email)) yield REFUSALS.emailFormat;

  const basket = get('Basket');
  const basketXml = get('BasketXML');
  if (basket !== '' && basketXml !== '') yield REFUSALS.twoBaskets;
  yield* maxLength(basket, 7500, REFUSALS.basketTooLong);
  if (basket !== '') {
    const refusal = checkBasket(basket, amount ?? 0);
    if (refusal) yield refusal;
  }
  yield* maxLength(basketXml, 20_000, REFUSALS.basketXmlTooLong);
  if (basketXml !== '') {
    const refusal = checkBasketXml(basketXml, amount ?? 0);
    if (refusal) yield refusal;
  }
  yield* maxLength(get('CustomerXML'), 2000, REFUSALS.customerXmlTooLong);
  yield* maxLength(get('SurchargeXML'), 800, REFUSALS.surchargeXmlTooLong);
  yield* maxLength(get('VendorData'), 200, REFUSALS.vendorDataTooLong);
  if (!/^[A-Za-z0-9 ]*$/.test(get('VendorData'))) yield REFUSALS.vendorDataFormat;
  yield* maxLength(get('ReferrerID'), 40, REFUSALS.referrerIdTooLong);
  yield* maxLength(get('Website'), 100, REFUSALS.websiteTooLong);

  yield* flag(get('AllowGiftAid'), ['0', '1'], REFUSALS.giftAid);
  yield* flag(get('ApplyAVSCV2'), ['0', '1', '2', '3'], REFUSALS.applyAvsCv2);
  yield* flag(get('Apply3DSecure'), ['0', '1', '2', '3'], REFUSALS.apply3DSecure);
  yield* flag(get('Profile'), ['NORMAL', 'LOW'], REFUSALS.profile);
  yield* flag(get('AccountType'), ['E', 'M', 'C'], REFUSALS.accountTypeInvalid);
  // The sandbox has an e-commerce merchant account only (no MOTO, no continuous authority).
  yield* flag(get('AccountType'), ['E'], REFUSALS.accountTypeNotSetUp);
  yield* flag(get('CreateToken'), ['0', '1'], REFUSALS.createToken);
  yield* flag(get('StoreToken'), ['0', '1'], REFUSALS.storeToken);
  yield* flag(get('BillingAgreement'), ['0', '1'], REFUSALS.billingAgreement);
  const clientIp = get('ClientIPAddress');
  yield* maxLength(clientIp, 15, REFUSALS.clientIpTooLong);
  if (clientIp !== '' && !isIpv4(clientIp)) yield REFUSALS.clientIpFormat;
}

export function checkRegistration(posted: Fields, settings: RegistrationSettings): RegistrationCheck {
  const fields = Object.fromEntries(Object.entries(posted).map(([name, value]) => [name, value.trim()]));
  const first = problems(fields, settings).next();
  if (!first.done) return { ok: false, refusal: first.value };
  return {
    ok: true,
    registration: {
      vendor: fields['Vendor'] ?? '',
      vendorTxCode: fields['VendorTxCode'] ?? '',
      amountPence: parseAmount(fields['Amount'] ?? '') ?? 0,
      currency: fields['Currency'] ?? '',
      description: fields['Description'] ?? '',
      notificationUrl: fields['NotificationURL'] ?? '',
      fields,
    },
  };
}
