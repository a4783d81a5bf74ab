/**
 * The hosted page's card entry: the sandbox's test cards (§5.1) and the check of what the shopper typed.
 * Every message says what is wrong and how to put it right. Empty fields are only asked for; an entry the
 * "bank" had to look at (a bad number, a bad or past expiry date, a wrong security code) is a failed
 * attempt, and three of them reject the transaction (§5.2, ELV-FSTAT).
 */

export type CardType = 'VISA' | 'MC' | 'MCDEBIT' | 'DELTA' | 'MAESTRO' | 'UKE' | 'AMEX' | 'DC' | 'JCB';

/** The card's 3-D Secure result in the test-card tables: Y, N (not enrolled), U (issuer not enrolled), E, none. */
export type CardThreeDs = 'Y' | 'N' | 'U' | 'E' | '-';

export interface TestCard {
  readonly number: string;
  readonly type: CardType;
  readonly threeDs: CardThreeDs;
  readonly securityCodes: readonly string[];
  /** Declined by the bank: Status NOTAUTHED, 2000. */
  readonly declined?: true;
}

const card = (
  number: string,
  type: CardType,
  threeDs: CardThreeDs,
  extra: { securityCodes?: readonly string[]; declined?: true } = {},
): TestCard => ({ number, type, threeDs, securityCodes: extra.securityCodes ?? ['123'], ...extra });

/** §5.1, with both Mastercard/Maestro ranges, and the bank-decline cards of the issue and of Pi (PI-TC). */
export const TEST_CARDS: readonly TestCard[] = [
  card('4929000000006', 'VISA', 'Y'),
  card('4929000005559', 'VISA', 'N'),
  card('4929000000014', 'VISA', 'U'),
  card('4929000000022', 'VISA', 'E'),
  card('4484000000002', 'VISA', 'N'),
  card('4462000000000003', 'DELTA', 'Y'),
  card('4917300000000008', 'UKE', 'Y'),
  card('5404000000000001', 'MC', 'Y'),
  card('5186150660000009', 'MC', 'Y'),
  card('5404000000000043', 'MC', 'N'),
  card('5186150660000025', 'MC', 'N'),
  card('5404000000000084', 'MC', 'U'),
  card('5186150660000108', 'MC', 'U'),
  card('5404000000000068', 'MC', 'E'),
  card('5186150660000207', 'MC', 'E'),
  card('5573470000000001', 'MCDEBIT', 'Y'),
  card('5185690060000001', 'MCDEBIT', 'Y'),
  card('6759000000005', 'MAESTRO', 'Y'),
  card('6705000000008', 'MAESTRO', 'Y'),
  card('6777000000007', 'MAESTRO', 'Y'),
  card('5185570760000008', 'MAESTRO', 'Y'),
  card('6766000000000', 'MAESTRO', 'Y'),
  // Sources disagree on Amex's code (1234 in GIST-DW and PI-DEMO, 123 in PI-TC and JADU): both work.
  card('374200000000004', 'AMEX', '-', { securityCodes: ['1234', '123'] }),
  card('36000000000008', 'DC', '-'),
  card('3569990000000009', 'JCB', '-'),
  card('4000000000000002', 'VISA', 'Y', { declined: true }),
  card('4929602110085639', 'VISA', 'Y', { declined: true }),
  card('5403814948608092', 'MC', 'Y', { declined: true }),
];

export const AUTHORISING_CARD = '4929000000006';
export const DECLINED_CARD = '4000000000000002';

/** What the shopper typed, as posted by the card form. */
export interface CardEntry {
  readonly cardNumber: string;
  readonly expiryDate: string;
  readonly securityCode: string;
  readonly cardHolder: string;
}

export type CardField = keyof CardEntry;

/** A card that passed every check: what the notification may tell about it. */
export interface EnteredCard {
  readonly card: TestCard;
  readonly last4: string;
  /** MMYY */
  readonly expiry: string;
  readonly cardHolder: string;
}

export type CardCheck =
  | { readonly ok: true; readonly entered: EnteredCard }
  | {
      readonly ok: false;
      readonly errors: Readonly<Partial<Record<CardField, string>>>;
      /** Every field was filled in, so the entry counts as a failed attempt. */
      readonly attempt: boolean;
      /** What was recognised, for the REJECTED notification after the last attempt. */
      readonly known?: {
        readonly card: TestCard;
        readonly expiry?: string;
        readonly securityCodeWrong: boolean;
      };
    };

export function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export const findTestCard = (number: string): TestCard | undefined =>
  TEST_CARDS.find((candidate) => candidate.number === number);

const MAX_CARDHOLDER = 50;

/** MMYY from `MMYY`, `MM/YY`, `MM YY` or `MM-YY`; undefined when it is not a month and a year. */
export function parseExpiry(value: string): string | undefined {
  const compact = value.replace(/[\s/-]/g, '');
  if (!/^\d{4}$/.test(compact)) return undefined;
  const month = Number(compact.slice(0, 2));
  return month >= 1 && month <= 12 ? compact : undefined;
}

/** A card is valid to the end of its expiry month. */
export function hasExpired(expiry: string, today: Date): boolean {
  const month = Number(expiry.slice(0, 2));
  const year = 2000 + Number(expiry.slice(2));
  return year * 12 + month < today.getUTCFullYear() * 12 + today.getUTCMonth() + 1;
}

export function checkCard(entry: CardEntry, today: Date): CardCheck {
  const errors: Partial<Record<CardField, string>> = {};
  const number = entry.cardNumber.replace(/[\s-]/g, '');
  const expiryText = entry.expiryDate.trim();
  const securityCode = entry.securityCode.trim();
  const cardHolder = entry.cardHolder.trim().replace(/\s+/g, ' ');
  const missing = [number, expiryText, securityCode, cardHolder].some((value) => value === '');

  let testCard: TestCard | undefined;
  if (number === '') errors.cardNumber = 'Enter the card number, the long number on the front of the card.';
  else if (!/^\d+$/.test(number)) errors.cardNumber = 'Enter the card number using digits only.';
  else if (number.length < 12 || number.length > 19 || !luhn(number)) {
    errors.cardNumber = 'This card number is not valid. Check it against the card and try again.';
  } else {
    testCard = findTestCard(number);
    if (!testCard) {
      errors.cardNumber =
        'This sandbox takes test cards only. Use one of the test cards listed below, such as 4929 0000 0000 6.';
    }
  }

  const expiry = parseExpiry(expiryText);
  if (expiryText === '') errors.expiryDate = 'Enter the expiry date shown on the card.';
  else if (!expiry)
    errors.expiryDate = 'Enter the expiry date as 4 digits, month then year, for example 0130.';
  else if (hasExpired(expiry, today))
    errors.expiryDate = 'This card has expired. Check the expiry date or use another card.';

  let securityCodeWrong = false;
  if (securityCode === '') {
    errors.securityCode = 'Enter the security code, the last 3 digits on the back of the card.';
  } else if (!/^\d{3,4}$/.test(securityCode)) {
    errors.securityCode = 'The security code is 3 digits (4 on the front of an American Express card).';
  } else if (testCard && !testCard.securityCodes.includes(securityCode)) {
    securityCodeWrong = true;
    errors.securityCode = 'The security code does not match this card. Check it and try again.';
  }

  if (cardHolder === '') errors.cardHolder = 'Enter the name exactly as it is shown on the card.';
  else if (cardHolder.length > MAX_CARDHOLDER) {
    errors.cardHolder = `The name on the card must be ${MAX_CARDHOLDER} characters or fewer.`;
  }

  if (Object.keys(errors).length === 0 && testCard && expiry) {
    return { ok: true, entered: { card: testCard, last4: number.slice(-4), expiry, cardHolder } };
  }
  return {
    ok: false,
    errors,
    attempt: !missing,
    ...(testCard ? { known: { card: testCard, securityCodeWrong, ...(expiry ? { expiry } : {}) } } : {}),
  };
}
