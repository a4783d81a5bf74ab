/**
 * The form rules: the spec's (§5: e-mails contain '@' and '.', names and every address field are filled
 * in, and at checkout the telephone is longer than 8 characters) and the input limits Magento 2.4.8 puts
 * on names, telephones, cities, the e-mail's local part and the password (issue 10; the embedded back
 * end copies them in `packages/embedded-magento/customers/validators.ts`). Checking them here, on the trimmed
 * values the forms send, means a shopper is told what to change beside the field, keeping everything
 * typed, instead of meeting Magento's one-line refusal after a round trip.
 *
 * The checks are whole-value and so a little stricter than Magento's, which only looks at the first run
 * of allowed characters: whatever passes here, Magento accepts (tests/unit/input-limits-agree.test.ts;
 * one contrived street line is the exception it names).
 */
import { fieldLimitTexts } from './texts.ts';
import { isEmail } from '../../parse/email.ts';

export interface AddressFields {
  firstname: string;
  lastname: string;
  street: string;
  city: string;
  region: string;
  postcode: string;
  country: string;
  telephone: string;
  email?: string;
}

/** What is wrong with each field at fault, in the order the forms show the fields. */
export type FieldProblems<K extends string = string> = Partial<Record<K, string>>;

const t = fieldLimitTexts;

/** A field's limit: its longest length in characters and, when it has one, the characters it allows. */
interface Limit {
  readonly max: number;
  /** One allowed character (Unicode-aware). */
  readonly allowed?: RegExp;
  /** The allowed characters, as the shopper reads them. */
  readonly allowedText?: string;
}

/** Validator/Name.php: letters, marks, digits, spaces and , - _ . ' ’ ` &, at most 255 of them. */
const NAME: Limit = { max: 255, allowed: /[\p{L}\p{M}\p{Nd}\s,\-_.'’`&]/u, allowedText: t.nameChars };
/** Validator/Telephone.php [2.4.8]: digits, spaces and + - ( ), at most 20. */
const TELEPHONE: Limit = { max: 20, allowed: /[\p{Nd}\s+\-()]/u, allowedText: t.telephoneChars };
/** Validator/City.php [2.4.8]: letters, marks, spaces, hyphens and apostrophes, at most 100. */
const CITY: Limit = { max: 100, allowed: /[\p{L}\p{M}\s\-']/u, allowedText: t.cityChars };
/** Magento stores a quote address's street in a 255-character column (quote_address.street). */
const STREET: Limit = { max: 255 };

const LIMITS: Partial<Record<keyof AddressFields, Limit>> = {
  firstname: NAME,
  lastname: NAME,
  street: STREET,
  city: CITY,
  telephone: TELEPHONE,
};

const filled = (value: string | undefined): boolean => (value ?? '').trim() !== '';

export { isEmail };

/** How a refused character reads: quoted, or named when it cannot be seen. */
const shown = (character: string): string =>
  /[\p{C}\p{Z}]/u.test(character) ? t.invisible : `“${character}”`;

/** The message for a filled value over `limit`, or undefined when it keeps to it. */
export function limitProblem(value: string, limit: Limit): string | undefined {
  const characters = [...value.trim()];
  if (characters.length > limit.max) return t.tooLong(limit.max, characters.length);
  const { allowed, allowedText } = limit;
  if (!allowed || !allowedText) return undefined;
  const refused = [...new Set(characters.filter((character) => !allowed.test(character)).map(shown))];
  return refused.length > 0 ? t.notAllowed(refused, allowedText) : undefined;
}

/** The problem of one address field: empty, or over its limit. */
export function fieldProblem(field: keyof AddressFields, value: string | undefined): string | undefined {
  if (!filled(value)) return t.required;
  const limit = LIMITS[field];
  return limit ? limitProblem(value ?? '', limit) : undefined;
}

function collect<K extends string>(entries: readonly [K, string | undefined][]): FieldProblems<K> {
  const problems: FieldProblems<K> = {};
  for (const [field, problem] of entries) if (problem !== undefined) problems[field] = problem;
  return problems;
}

/**
 * Magento's e-mail rule (Laminas EmailAddress) allows 64 bytes before the '@'; counted in bytes as it
 * does, so an accented local part meets the limit a little sooner than the message's "characters" say.
 */
export function emailLimitProblem(email: string): string | undefined {
  const trimmed = email.trim();
  const local = trimmed.slice(0, Math.max(0, trimmed.lastIndexOf('@')));
  return new TextEncoder().encode(local).length > 64 ? t.emailLocalTooLong : undefined;
}

/** AccountManagement::checkPasswordStrength(): at most 256 characters and no space at either end. */
export function passwordProblem(password: string): string | undefined {
  const length = [...password].length;
  if (length > 256) return t.tooLong(256, length);
  return password.trim() === password ? undefined : t.passwordSpaces;
}

/** The contact form: an e-mail with '@' and '.', and both names within Magento's limits. */
export function contactProblems(contact: {
  email: string;
  firstname: string;
  lastname: string;
}): FieldProblems<'email' | 'firstname' | 'lastname'> {
  return collect([
    ['email', isEmail(contact.email) ? emailLimitProblem(contact.email) : t.email],
    ['firstname', fieldProblem('firstname', contact.firstname)],
    ['lastname', fieldProblem('lastname', contact.lastname)],
  ]);
}

export const invalidContactFields = (contact: { email: string; firstname: string; lastname: string }) =>
  Object.keys(contactProblems(contact));

/** The fields of an address form, in the order the forms show them. */
export const ADDRESS_FIELDS = [
  'firstname',
  'lastname',
  'street',
  'city',
  'region',
  'postcode',
  'country',
  'telephone',
] as const;

/**
 * An address form: every field filled in and within its limit; at checkout also an e-mail with '@' and
 * '.', and a telephone longer than 8 characters (spec §5).
 */
export function addressProblems(
  address: AddressFields,
  options: { checkout?: boolean } = {},
): FieldProblems<keyof AddressFields> {
  const problems: [keyof AddressFields, string | undefined][] = ADDRESS_FIELDS.map((field) => [
    field,
    fieldProblem(field, address[field]),
  ]);
  if (options.checkout) {
    const telephone = problems.find(([field]) => field === 'telephone');
    if (telephone && !telephone[1] && address.telephone.trim().length <= 8) telephone[1] = t.telephoneShort;
    problems.push(['email', isEmail(address.email ?? '') ? undefined : t.email]);
  }
  return collect(problems);
}

export const invalidAddressFields = (address: AddressFields, options: { checkout?: boolean } = {}) =>
  Object.keys(addressProblems(address, options));

/**
 * Create account: the browser has checked that every field is filled and the e-mail's shape; these are
 * Magento's limits on top (names, address, the e-mail's local part, the password's length and ends).
 */
export function newAccountProblems(
  values: AddressFields & { email: string; password: string },
): FieldProblems<keyof AddressFields | 'password'> {
  return {
    ...collect<keyof AddressFields | 'password'>([
      ['email', emailLimitProblem(values.email)],
      ['password', passwordProblem(values.password)],
    ]),
    ...addressProblems(values),
  };
}
