/**
 * A UK VAT registration number checked offline, for its form and its check digits, as the trade application
 * takes it (issue 38). The field is optional, so nothing typed is an answer of its own. Checked:
 *
 * - GB and 9 digits, `GB 123 4567 82`; or 12, a branch of a business: the 9 and a 3-digit branch code.
 *   Without GB the number is taken as UK (people often leave it off); XI (Northern Ireland's prefix for trade
 *   with the EU) and other countries' prefixes are refused, each with its reason.
 * - GBGD000–GBGD499 (government departments) and GBHA500–GBHA999 (health authorities): taken, since public
 *   bodies buy on trade accounts; they carry no check digits.
 * - The check digits (the 8th and 9th digits; a branch code is not checked): the first seven digits weighted
 *   8, 7, 6, 5, 4, 3, 2 and added up, plus the check digits as a number, is a multiple of 97 in the original
 *   series, or is one once 55 is added in the "9755" series HMRC began in November 2009 at 100 0001.
 * - HMRC's ranges: the original series was never issued from 010 0000 to 099 9999 (HMRC's other reference
 *   schemes), 949 0001 to 970 0000 or 999 0001 to 999 9999, and the 9755 series starts above 100 0000. Numbers
 *   starting 00 stay valid in the original series: they are Isle of Man registrations, which share GB.
 *
 * A number that passes may still not be registered: only HMRC's "Check a UK VAT number" service says that.
 */
import { vatNumberTexts as t } from './texts.ts';

export type VatNumberProblem =
  'characters' | 'country' | 'letter' | 'length' | 'government' | 'check-digits' | 'range';

export type VatNumberCheck =
  /** A valid number, as it is stored (Magento's `taxvat`, an address's `vat_id`): `GB123456782`. */
  | { readonly ok: true; readonly normalised: string }
  /** Nothing typed (or only spaces and separators): the field is optional, and this is no number. */
  | { readonly ok: true; readonly normalised: null }
  | { readonly ok: false; readonly problem: VatNumberProblem; readonly message: string };

/** What the field answers when left empty. */
export const NO_VAT_NUMBER: VatNumberCheck = { ok: true, normalised: null };

/** Spaces (any), dots and dashes (hyphen, en and em dashes) people type between the groups. */
const SEPARATORS = /[\s.\-\u2010-\u2015]/gu;
const WEIGHTS = [8, 7, 6, 5, 4, 3, 2] as const;

const refuse = (problem: VatNumberProblem, message: string): VatNumberCheck => ({
  ok: false,
  problem,
  message,
});

/** Checks a VAT number as typed and answers it normalised (`GB` and the digits), or what is wrong with it. */
export function checkUkVatNumber(typed: string): VatNumberCheck {
  const compact = typed.replace(SEPARATORS, '').toUpperCase();
  if (compact === '') return NO_VAT_NUMBER;
  const stray = /[^A-Z0-9]/u.exec(compact);
  if (stray) return refuse('characters', t.characters(stray[0]));
  const body = withoutGb(compact);
  if (typeof body !== 'string') return body;
  if (/^(?:GD|HA)/.test(body)) return checkPublicBody(body);
  const letter = /[A-Z]/.exec(body);
  if (letter) return refuse('letter', t.letter(letter[0], letter.index + 1));
  if (body.length !== 9 && body.length !== 12) return refuse('length', t.length(body.length));
  return checkDigits(body);
}

/** The number after GB, or why it isn't a UK one. No prefix at all is taken as a UK number. */
function withoutGb(compact: string): string | VatNumberCheck {
  if (compact.startsWith('GB')) return compact.slice(2);
  if (/^(?:\d|GD\d|HA\d)/.test(compact)) return compact;
  if (compact.startsWith('XI')) return refuse('country', t.northernIreland);
  const prefix = /^[A-Z]{2}(?=\d)/.exec(compact);
  return refuse('country', prefix ? t.notUk(prefix[0]) : t.notGb);
}

/** GD000–GD499 and HA500–HA999, checked for their form and range only: they have no check digits. */
function checkPublicBody(body: string): VatNumberCheck {
  const kind = body.startsWith('GD') ? 'GD' : 'HA';
  const rest = body.slice(2);
  const letter = /[A-Z]/.exec(rest);
  if (letter) return refuse('letter', t.letter(letter[0], letter.index + 3));
  if (rest.length !== 3) return refuse('length', t.governmentLength(kind, rest.length));
  const number = Number(rest);
  const inRange = kind === 'GD' ? number <= 499 : number >= 500;
  return inRange ? { ok: true, normalised: `GB${body}` } : refuse('government', t.governmentRange(kind));
}

/** The 9 digits (and any branch code after them) against both series' check digits and HMRC's ranges. */
function checkDigits(digits: string): VatNumberCheck {
  const serial = Number(digits.slice(0, 7));
  const check = Number(digits.slice(7, 9));
  const weighted = WEIGHTS.reduce((sum, weight, index) => sum + weight * Number(digits[index]), 0);
  // Check digits run 00–96: 97, 98 and 99 would only repeat 00, 01 and 02, and are never issued.
  const original = check < 97 && (weighted + check) % 97 === 0;
  const series9755 = check < 97 && (weighted + check + 55) % 97 === 0;
  if ((original && inOriginalRanges(serial)) || (series9755 && serial > 1_000_000)) {
    return { ok: true, normalised: `GB${digits}` };
  }
  const shown = formatUkVatNumber(`GB${digits}`);
  return original || series9755
    ? refuse('range', t.range(shown))
    : refuse('check-digits', t.checkDigits(shown));
}

/** The original series' serials (the first seven digits), less the ranges HMRC never issued from. */
const inOriginalRanges = (serial: number): boolean =>
  serial > 0 &&
  !(serial >= 100_000 && serial <= 999_999) &&
  !(serial >= 9_490_001 && serial <= 9_700_000) &&
  serial < 9_990_001;

/**
 * A normalised number in HMRC's groups, as a VAT certificate prints it: `GB 123 4567 82`, a branch
 * `GB 123 4567 82 001`; GD and HA numbers as they are (`GBGD001`).
 */
export function formatUkVatNumber(normalised: string): string {
  const digits = normalised.replace(/^GB/, '');
  if (!/^\d{9}(?:\d{3})?$/.test(digits)) return normalised;
  const groups = [digits.slice(0, 3), digits.slice(3, 7), digits.slice(7, 9), digits.slice(9)];
  return ['GB', ...groups.filter((group) => group !== '')].join(' ');
}
