/**
 * The character and length rules Magento 2.4.8 applies when it saves a customer, a customer address or
 * a quote address: `Magento\Customer\Model\Validator\{Name,Telephone,City,Street,Dob}`, and the e-mail
 * attribute's own check. Each rule is copied with its quirks, because a client written against real
 * Magento meets exactly these:
 *
 * - Name, Telephone, City and Street take PHP's *first* match of the pattern and call the value valid
 *   when that match is the whole value. A value in which the pattern matches nothing at all is valid
 *   (magento/magento2#40361: telephone "aaaa" is saved), a too-long value is not (the first match stops
 *   at the limit).
 * - The patterns run with PCRE's `u` flag, which in PHP also turns on Unicode properties: `\d` is any
 *   decimal digit (`\p{Nd}`) and `\s` any Unicode space, not only ASCII ones. `WHITESPACE` and `DIGIT`
 *   spell that out for JavaScript.
 *
 * A failed rule adds its message; Magento throws them together as one `Magento\Framework\Validator\
 * Exception`, whose message is the messages joined by PHP_EOL (lib/internal/Magento/Framework/Validator/
 * Exception.php), answered 400 with no parameters.
 */
import { errors } from '../errors.ts';

/** PCRE2's `\s` under UCP: Unicode separators plus the horizontal and vertical spaces PCRE lists. */
const WHITESPACE = '\\p{Z}\\t\\n\\v\\f\\r\\u0085\\u180e';
/** PCRE2's `\d` under UCP. */
const DIGIT = '\\p{Nd}';

/**
 * Validator/Name.php [2.4.7, 2.4.8; magento/magento2 b505a83f]
 * `PATTERN_NAME = '/(?:[\p{L}\p{M}\,\-\_\.\'’`&\s\d]){1,255}+/u'`. The possessive `{1,255}+` gives
 * the same first match as a greedy one here: nothing follows it.
 */
const NAME = new RegExp(`(?:[\\p{L}\\p{M},\\-_.'’\`&${WHITESPACE}${DIGIT}]){1,255}`, 'u');

/** Validator/Telephone.php [2.4.8; 877b766d] `PATTERN_TELEPHONE = '/(?:[\d\s\+\-\()]{1,20})/u'`. */
const TELEPHONE = new RegExp(`(?:[${DIGIT}${WHITESPACE}+\\-()]{1,20})`, 'u');

/**
 * Validator/City.php [2.4.8; 61384ab4] `PATTERN_CITY = '/(?:[\p{L}\p{M}\s\-\']{1,100})/u'`: no digits
 * and no full stops, whatever the message says (magento/magento2#39854).
 */
const CITY = new RegExp(`(?:[\\p{L}\\p{M}${WHITESPACE}\\-']{1,100})`, 'u');

/**
 * Validator/Street.php [2.4.8; 5af53daf] `PATTERN_STREET = "/(?:[\p{L}\p{M}\"[],-.'’`&\s\d]){1,255}+/u"`,
 * read as PCRE reads it: the class ends at the first `]`, so the group is one letter, mark, `"` or `[`,
 * then the literal `,-`, any character but a newline (`.`), `'’`&`, a space, a digit and `]`. Ordinary
 * street lines contain no such run, so they pass; the message only meets values that contain one.
 */
const STREET = new RegExp(`(?:[\\p{L}\\p{M}"\\[],-[^\\n]'’\`&[${WHITESPACE}][${DIGIT}]\\]){1,255}`, 'u');

/**
 * The shape the embedded store checks an e-mail address for; Magento's EAV check (Laminas EmailAddress,
 * hostname lookup included) is stricter, this matches its common cases.
 */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

// The messages, as the validators in app/code/Magento/Customer/Model/Validator/ add them.
const MESSAGES = {
  firstname: 'First Name is not valid!', // Name.php
  lastname: 'Last Name is not valid!', // Name.php
  middlename: 'Middle Name is not valid!', // Name.php
  telephone: 'Invalid Phone Number. Please use 0-9, +, -, (, ) and space.', // Telephone.php
  city: "Invalid City. Please use A-Z, a-z, 0-9, -, ', spaces", // City.php
  street: "Invalid Street Address. Please use A-Z, a-z, 0-9, , - . ' ’ ` & spaces", // Street.php
  dob: 'The Date of Birth should not be greater than today.', // Dob.php
} as const;

/**
 * The e-mail attribute's check (Eav\Model\Attribute\Data\AbstractData::_validateInputRule(), input rule
 * `email`, label "Email"): Laminas EmailAddress refuses a local part over 64 bytes as LENGTH_EXCEEDED,
 * which Magento words '"%1" uses too many characters.'.
 */
export function emailProblems(email: string): string[] {
  if (!EMAIL.test(email)) return ['"Email" is not a valid email address.'];
  const local = email.slice(0, email.lastIndexOf('@'));
  return Buffer.byteLength(local, 'utf8') > 64 ? ['"Email" uses too many characters.'] : [];
}

/**
 * `isValidName()` and its siblings: PHP's `$value != null` skips null and '' (not '0'), then the first
 * match must be the whole value.
 */
function firstMatchIsWhole(pattern: RegExp, value: unknown): boolean {
  if (typeof value !== 'string' || value === '') return true;
  const match = pattern.exec(value);
  return match === null || match[0] === value;
}

/** The fields the name rule looks at, on a customer and on both kinds of address. */
export interface NameFields {
  readonly firstname?: unknown;
  readonly lastname?: unknown;
  readonly middlename?: unknown;
}

/** Validator/Name.php: first, last and middle name, in that order. */
export function nameProblems(subject: NameFields): string[] {
  return (['firstname', 'lastname', 'middlename'] as const)
    .filter((field) => !firstMatchIsWhole(NAME, subject[field]))
    .map((field) => MESSAGES[field]);
}

/**
 * Validator/Dob.php [2.4.7+; 64f689d2]: a date of birth whose first minute is still to come is refused.
 * Magento takes that minute in the store's time zone; the embedded store keeps UTC. A value that is not a
 * date is left alone (Magento's `new \DateTime()` would fail with a 500 there).
 */
export function dobProblems(dob: unknown): string[] {
  if (typeof dob !== 'string' || dob === '' || dob === '0') return [];
  const day = /^(\d{4})-(\d{2})-(\d{2})/.exec(dob);
  if (!day) return [];
  const start = Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3]));
  return start > Date.now() ? [MESSAGES.dob] : [];
}

/** The fields the address rules look at; `street` is the list of lines. */
export interface AddressRuleFields extends NameFields {
  readonly telephone?: unknown;
  readonly city?: unknown;
  readonly street?: unknown;
}

/** Validator/Street.php: every line is checked, and each bad line adds the message once more. */
function streetProblems(street: unknown): string[] {
  const lines = Array.isArray(street) ? street : [];
  return lines.filter((line) => !firstMatchIsWhole(STREET, line)).map(() => MESSAGES.street);
}

/** Name, telephone, street and city of one address, in that order. */
export function addressProblems(address: AddressRuleFields): string[] {
  return [
    ...nameProblems(address),
    ...(firstMatchIsWhole(TELEPHONE, address.telephone) ? [] : [MESSAGES.telephone]),
    ...streetProblems(address.street),
    ...(firstMatchIsWhole(CITY, address.city) ? [] : [MESSAGES.city]),
  ];
}

/** Throws Magento's validator exception when a rule failed. */
export function refuseProblems(problems: readonly string[]): void {
  if (problems.length > 0) throw errors.notValid(problems);
}
