/**
 * The company registration form's fields and checks, run alike by the form (before sending) and the
 * storefront server (before asking Magento): each fault named for its field. The VAT number is checked as
 * a trade application's is (features/trade's `checkUkVatNumber`); the company registration number goes in
 * Adobe's `reseller_id` (docs/company-accounts.md).
 */
import { checkUkVatNumber } from '../trade/index.ts';
import { companyTexts as t } from './texts.ts';

export const REGISTRATION_FIELDS = [
  'companyName',
  'legalName',
  'companyEmail',
  'vatNumber',
  'registrationNumber',
  'street',
  'street2',
  'city',
  'county',
  'postcode',
  'telephone',
  'firstname',
  'lastname',
  'email',
  'password',
  'jobTitle',
] as const;

export type RegistrationField = (typeof REGISTRATION_FIELDS)[number];
export type Registration = Readonly<Record<RegistrationField, string>>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const UK_POSTCODE = /^[A-Z]{1,2}[0-9][A-Z0-9]? ?[0-9][A-Z]{2}$/i;

const REQUIRED: readonly (readonly [RegistrationField, string])[] = [
  ['companyName', t.companyName],
  ['companyEmail', t.companyEmail],
  ['street', t.addressLine],
  ['city', t.city],
  ['postcode', t.postcode],
  ['telephone', t.telephone],
];

const ADMIN_REQUIRED: readonly (readonly [RegistrationField, string])[] = [
  ['firstname', t.firstname],
  ['lastname', t.lastname],
  ['email', t.email],
  ['password', t.password],
];

/** What is wrong with the form, by field; a signed-in customer gives no administrator's details. */
export function registrationProblems(
  form: Registration,
  signedIn: boolean,
): Partial<Record<RegistrationField, string>> {
  const problems: Partial<Record<RegistrationField, string>> = {};
  for (const [field, label] of [...REQUIRED, ...(signedIn ? [] : ADMIN_REQUIRED)])
    if (form[field].trim() === '') problems[field] = t.required(label);
  if (!problems.companyEmail && !EMAIL.test(form.companyEmail.trim())) problems.companyEmail = t.badEmail;
  if (!signedIn && !problems.email && !EMAIL.test(form.email.trim())) problems.email = t.badEmail;
  if (!problems.postcode && !UK_POSTCODE.test(form.postcode.trim())) problems.postcode = t.ukOnly;
  const vat = checkUkVatNumber(form.vatNumber);
  if (!vat.ok) problems.vatNumber = vat.message;
  return problems;
}

/** The VAT number as Magento keeps it (normalised), or null when none was given. */
export function vatNumberOfRegistration(form: Registration): string | null {
  const vat = checkUkVatNumber(form.vatNumber);
  return vat.ok ? vat.normalised : null;
}
