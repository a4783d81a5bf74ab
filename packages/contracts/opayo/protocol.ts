/**
 * Opayo Server protocol 4.00, the parts both sides share (contracts/payment/opayo-server-4.00.md):
 * Name=Value replies split on the first '=', CRLF lines; registration fields cleaned and truncated to
 * the protocol's limits (the basket's BasketXML: basket-xml.ts); and the 24-field VPSSignature (vendor lower-cased, MD5 of the
 * Latin-1 bytes, upper-case hex).
 */
import { createHash, randomBytes } from 'node:crypto';
import { basketXml, type Basket } from './basket-xml.ts';
import { clean, NAME, POSTCODE, TEXT } from './characters.ts';

export type { Basket, BasketDiscount, BasketLine } from './basket-xml.ts';

export const PROTOCOL = '4.00';

/** §3.4: the order of the signed values; ★ marks the two that are not taken from the POST. */
export const SIGNATURE_FIELDS = [
  'VPSTxId',
  'VendorTxCode',
  'Status',
  'TxAuthNo',
  '★vendor',
  'AVSCV2',
  '★securityKey',
  'AddressResult',
  'PostCodeResult',
  'CV2Result',
  'GiftAid',
  '3DSecureStatus',
  'CAVV',
  'AddressStatus',
  'PayerStatus',
  'CardType',
  'Last4Digits',
  'DeclineCode',
  'ExpiryDate',
  'FraudResponse',
  'BankAuthCode',
  'ACSTransID',
  'DSTransID',
  'SchemeTraceID',
] as const;

export function signatureString(
  fields: Readonly<Record<string, string | undefined>>,
  vendor: string,
  securityKey: string,
): string {
  return SIGNATURE_FIELDS.map((name) =>
    name === '★vendor' ? vendor.toLowerCase() : name === '★securityKey' ? securityKey : (fields[name] ?? ''),
  ).join('');
}

export function computeSignature(
  fields: Readonly<Record<string, string | undefined>>,
  vendor: string,
  securityKey: string,
): string {
  return createHash('md5')
    .update(Buffer.from(signatureString(fields, vendor, securityKey), 'latin1'))
    .digest('hex')
    .toUpperCase();
}

export const signatureMatches = (
  fields: Readonly<Record<string, string | undefined>>,
  vendor: string,
  securityKey: string,
): boolean => (fields['VPSSignature'] ?? '').toUpperCase() === computeSignature(fields, vendor, securityKey);

/** §2.1: one Name=Value per line (CRLF, LF tolerated), split on the first '=' only, values trimmed. */
export function parseReply(text: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const line of text.split(/\r?\n|\r/)) {
    const at = line.indexOf('=');
    if (at <= 0) continue;
    fields[line.slice(0, at).trim()] = line.slice(at + 1).trim();
  }
  return fields;
}

/** A case-insensitive look-up (RedirectURL / RedirectUrl, §4.1). */
export const replyField = (fields: Readonly<Record<string, string>>, name: string): string | undefined =>
  Object.entries(fields).find(([key]) => key.toLowerCase() === name.toLowerCase())?.[1];

export const formatReply = (fields: Readonly<Record<string, string>>): string =>
  Object.entries(fields)
    .map(([name, value]) => `${name}=${value}`)
    .join('\r\n') + '\r\n';

const VENDOR_TX_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-';

/** 40 random characters of letters, digits and hyphens (spec §9), unique per transaction. */
export function newVendorTxCode(): string {
  let out = '';
  while (out.length < 40) {
    for (const byte of randomBytes(64)) {
      if (byte < 252 && out.length < 40) out += VENDOR_TX_ALPHABET[byte % 63];
    }
  }
  return out;
}

export interface OpayoAddress {
  firstnames: string;
  surname: string;
  address1: string;
  address2?: string | undefined;
  city: string;
  postCode: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  /** US state code; only sent for US addresses. */
  state?: string | undefined;
  phone?: string | undefined;
}

export interface RegistrationInput {
  vendor: string;
  vendorTxCode: string;
  /** Pounds, rounded to pence. */
  amount: number;
  currency: string;
  description: string;
  notificationUrl: string;
  billing: OpayoAddress;
  delivery: OpayoAddress;
  email?: string | undefined;
  /** Left out only by the sandbox's own tests; the bridge always sends one. */
  basket?: Basket | undefined;
}

const money = (value: number): string => (Math.round(value * 100) / 100).toFixed(2);

function addressFields(prefix: 'Billing' | 'Delivery', address: OpayoAddress): Record<string, string> {
  const country = clean(address.country, 2, /[A-Za-z]/).toUpperCase();
  return {
    [`${prefix}Surname`]: clean(address.surname, 20, NAME),
    [`${prefix}Firstnames`]: clean(address.firstnames, 20, NAME),
    [`${prefix}Address1`]: clean(address.address1, 50, TEXT),
    [`${prefix}Address2`]: clean(address.address2 ?? '', 50, TEXT),
    [`${prefix}City`]: clean(address.city, 40, TEXT),
    [`${prefix}PostCode`]: clean(address.postCode, 10, POSTCODE),
    [`${prefix}Country`]: country,
    ...(country === 'US' && address.state
      ? { [`${prefix}State`]: clean(address.state, 2, /[A-Za-z]/).toUpperCase() }
      : {}),
    [`${prefix}Phone`]: clean(address.phone ?? '', 20, /[0-9A-Za-z+()\- ]/),
  };
}

/** §1.3: every field the registration POST carries, cleaned and within its limits. */
export function registrationFields(input: RegistrationInput): Record<string, string> {
  return {
    VPSProtocol: PROTOCOL,
    TxType: 'PAYMENT',
    Vendor: clean(input.vendor, 15, /[A-Za-z0-9]/),
    VendorTxCode: input.vendorTxCode,
    Amount: money(input.amount),
    Currency: input.currency,
    Description: clean(input.description, 100, TEXT).replace(/[<>]/g, ''),
    NotificationURL: input.notificationUrl,
    ...addressFields('Billing', input.billing),
    ...addressFields('Delivery', input.delivery),
    ...(input.email ? { CustomerEMail: input.email.trim().slice(0, 80) } : {}),
    ...(input.basket ? { BasketXML: basketXml(input.basket, input.amount) } : {}),
    AllowGiftAid: '0',
    ApplyAVSCV2: '0',
    Apply3DSecure: '0',
    AccountType: 'E',
    Profile: 'NORMAL',
  };
}

export const formEncode = (fields: Readonly<Record<string, string>>): string =>
  new URLSearchParams(fields).toString();
