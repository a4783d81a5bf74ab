/**
 * Opayo Server protocol 4.00, the parts both sides share (contracts/payment/opayo-server-4.00.md):
 * Name=Value replies split on the first '=', CRLF lines; registration fields cleaned and truncated to
 * the protocol's limits; the basket as BasketXML; and the 24-field VPSSignature (vendor lower-cased, MD5 of the
 * Latin-1 bytes, upper-case hex).
 */
import { createHash, randomBytes } from 'node:crypto';

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

/** ASCII only (the gateway is ISO 8859-1; accents are folded), then the field's character class and limit. */
function clean(value: string, max: number, allowed: RegExp): string {
  const ascii = value.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
  return Array.from(ascii)
    .filter((char) => allowed.test(char))
    .join('')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max)
    .trim();
}

const NAME = /[A-Za-z0-9&,'/\\.\- ]/;
const TEXT = /[\x20-\x7e]/;
const POSTCODE = /[A-Za-z0-9 -]/;

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

export interface BasketLine {
  description: string;
  quantity: number;
  /** Unit price incl VAT in pounds. */
  unitGross: number;
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

/** Money off the whole basket (BasketXML's `<discount>`): what it is, and the pounds it takes off. */
export interface BasketDiscount {
  readonly description: string;
  /** Pounds off, incl VAT: positive (`<fixed>`). */
  readonly amount: number;
}

/** What the shopper pays for: the lines, delivery (incl VAT, pounds; 0 when free) and any discounts. */
export interface Basket {
  readonly lines: readonly BasketLine[];
  readonly delivery: number;
  readonly discounts?: readonly BasketDiscount[] | undefined;
}

/** Table 1.3: the longest BasketXML the gateway takes. */
export const BASKET_XML_MAX = 20_000;

const penceOf = (pounds: number): number => Math.round(pounds * 100);
const poundsOf = (pence: number): string => (pence / 100).toFixed(2);
const xmlText = (value: string): string =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A line's XML with VAT at 20 % inside the gross price: net + tax = gross exactly, in pence. */
function itemXml(description: string, quantity: number, unitGrossPence: number): string {
  const net = Math.round(unitGrossPence / 1.2);
  return (
    `<item><description>${xmlText(description)}</description><quantity>${quantity}</quantity>` +
    `<unitNetAmount>${poundsOf(net)}</unitNetAmount><unitTaxAmount>${poundsOf(unitGrossPence - net)}</unitTaxAmount>` +
    `<unitGrossAmount>${poundsOf(unitGrossPence)}</unitGrossAmount>` +
    `<totalGrossAmount>${poundsOf(unitGrossPence * quantity)}</totalGrossAmount></item>`
  );
}

/**
 * A basket description in the gateway's characters, with the currency signs spelt out first, so a rule
 * named "£20 off orders over £200" does not become "20 off orders over 200".
 */
const basketText = (value: string): string =>
  clean(value.replace(/£\s*/g, 'GBP ').replace(/€\s*/g, 'EUR '), 100, TEXT);

/** `<discounts>` after delivery (table 1.3), one `<discount>` each; nothing when there are none. */
function discountsXml(discounts: readonly { description: string; fixed: number }[]): string {
  if (discounts.length === 0) return '';
  const each = discounts.map(
    (discount) =>
      `<discount><fixed>${poundsOf(discount.fixed)}</fixed>` +
      `<description>${xmlText(discount.description)}</description></discount>`,
  );
  return `<discounts>${each.join('')}</discounts>`;
}

/**
 * §1.3/§1.4: the basket as BasketXML (≤ 20,000 characters, room for ~80 full lines where the colon
 * Basket's 7,500 hold ~40). It must add up to the amount as the gateway adds it (Σ totalGrossAmount +
 * deliveryGrossAmount − Σ discount `fixed`), so a basket that does not is an error for the caller to
 * refuse the payment on, never a basket quietly left out. When the lines do not fit, the rule is:
 * descriptions are shortened to 30 characters; if that is not enough, the lines that fit are kept and the
 * rest become one "and N more items" line carrying their total, so every penny stays itemised.
 */
export function basketXml(basket: Basket, amount: number): string {
  const lines = basket.lines.map((line) => ({
    description: basketText(line.description) || 'Item',
    quantity: line.quantity,
    unitGross: penceOf(line.unitGross),
  }));
  if (lines.length === 0) throw new Error('The basket has no lines.');
  const bad = lines.find(
    (line) => !Number.isInteger(line.quantity) || line.quantity < 1 || line.unitGross < 0,
  );
  if (bad) throw new Error(`The basket line "${bad.description}" has quantity ${bad.quantity}.`);
  const delivery = penceOf(basket.delivery);
  const discounts = (basket.discounts ?? [])
    .map((discount) => ({
      description: basketText(discount.description) || 'Discount',
      fixed: penceOf(discount.amount),
    }))
    .filter((discount) => discount.fixed !== 0);
  const negative = discounts.find((discount) => discount.fixed < 0);
  if (negative)
    throw new Error(`The discount "${negative.description}" is ${poundsOf(negative.fixed)}, not money off.`);
  const total =
    lines.reduce((sum, line) => sum + line.unitGross * line.quantity, 0) +
    delivery -
    discounts.reduce((sum, discount) => sum + discount.fixed, 0);
  if (total !== penceOf(amount))
    throw new Error(`The basket adds up to ${poundsOf(total)}, not the amount ${money(amount)}.`);

  const tail =
    (delivery > 0 ? `<deliveryGrossAmount>${poundsOf(delivery)}</deliveryGrossAmount>` : '') +
    discountsXml(discounts);
  const wrap = (items: string[]) => `<basket>${items.join('')}${tail}</basket>`;
  const full = lines.map((line) => itemXml(line.description, line.quantity, line.unitGross));
  if (wrap(full).length <= BASKET_XML_MAX) return wrap(full);
  const short = lines.map((line) =>
    itemXml(line.description.slice(0, 30).trim(), line.quantity, line.unitGross),
  );
  if (wrap(short).length <= BASKET_XML_MAX) return wrap(short);
  // Keep as many lines as fit beside the summary line (whose own length is bounded by `rest`).
  const summary = (rest: readonly (typeof lines)[number][]) =>
    itemXml(
      `and ${rest.length} more items`,
      1,
      rest.reduce((sum, line) => sum + line.unitGross * line.quantity, 0),
    );
  let kept = short.length - 1;
  while (kept > 0 && wrap([...short.slice(0, kept), summary(lines.slice(kept))]).length > BASKET_XML_MAX)
    kept--;
  return wrap([...short.slice(0, kept), summary(lines.slice(kept))]);
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
