/**
 * The trade account application (issue 38) as pure functions, shared by the form (which says what to
 * change beside each field before anything is sent) and the storefront server (which checks the same
 * again before it asks Magento): the fields, what is wrong with them, and the customer Magento is given.
 *
 * The account is a Magento customer in the "Trade (pending)" group with `taxvat` set; the company address
 * (company, `vat_id`) becomes its default billing address, so orders, and so VAT invoices, carry the
 * business's name and VAT number. Trade accounts are for UK businesses: the address is in GB.
 */
import { tradeAccountTexts } from './account-texts.ts';
import type { Customer } from '../../magento/wire/customer.ts';
import type { CustomerAddress } from '../../magento/wire/address.ts';
import {
  savable,
  emailLimitProblem,
  fieldProblem,
  isEmail,
  limitProblem,
  passwordProblem,
  type FieldProblems,
  fieldLimitTexts,
} from '../account/index.ts';
import { checkUkVatNumber } from './vat-number.ts';

const t = tradeAccountTexts;

/** The business's fields, asked of every applicant. */
export const BUSINESS_FIELDS = [
  'company',
  'vat',
  'firstname',
  'lastname',
  'street',
  'city',
  'region',
  'postcode',
  'telephone',
] as const;
/** A new customer's sign-in, asked only of an applicant who is not signed in. */
export const SIGN_IN_FIELDS = ['email', 'password'] as const;
export const APPLICATION_FIELDS = [...BUSINESS_FIELDS, ...SIGN_IN_FIELDS] as const;

export type ApplicationField = (typeof APPLICATION_FIELDS)[number];
export type Application = Record<ApplicationField, string>;
export type BusinessDetails = Record<(typeof BUSINESS_FIELDS)[number], string>;

/** Magento keeps an address's company in a 255-character column (customer_address_entity.company). */
const COMPANY = { max: 255 };
/** The UK postcode's shape (the Royal Mail's forms, GIR 0AA included), spaces and case as typed. */
const UK_POSTCODE = /^(GIR ?0AA|[A-PR-UWYZ][A-HK-Y]?\d[A-Z\d]? ?\d[ABD-HJLNP-UW-Z]{2})$/i;

/** The postcode as Royal Mail prints it: capitals, one space before the last three characters. */
export const ukPostcode = (typed: string): string => {
  const compact = typed.replace(/\s+/g, '').toUpperCase();
  return `${compact.slice(0, -3)} ${compact.slice(-3)}`;
};

function businessProblems(form: BusinessDetails): FieldProblems<ApplicationField> {
  const problems: FieldProblems<ApplicationField> = {};
  const company = form.company.trim();
  const companyProblem = company === '' ? t.companyRequired : limitProblem(company, COMPANY);
  if (companyProblem) problems.company = companyProblem;
  const vat = checkUkVatNumber(form.vat);
  if (!vat.ok) problems.vat = vat.message;
  for (const field of ['firstname', 'lastname', 'street', 'city', 'telephone'] as const) {
    const problem = fieldProblem(field, form[field]);
    if (problem) problems[field] = problem;
  }
  const postcode = form.postcode.trim();
  if (postcode === '') problems.postcode = fieldLimitTexts.required;
  else if (!UK_POSTCODE.test(postcode.replace(/\s+/g, ' '))) problems.postcode = t.postcodeInvalid;
  if (form.region.trim().length > 255)
    problems.region = fieldLimitTexts.tooLong(255, form.region.trim().length);
  return problems;
}

/**
 * What is wrong with an application, field by field, in the form's order: the business's details always,
 * the e-mail and password only for a new customer (`signedIn` false).
 */
export function applicationProblems(form: Application, signedIn: boolean): FieldProblems<ApplicationField> {
  const problems = businessProblems(form);
  if (signedIn) return problems;
  const email = form.email.trim();
  const emailProblem = isEmail(email) ? emailLimitProblem(email) : fieldLimitTexts.email;
  if (emailProblem) problems.email = emailProblem;
  const passwordIssue = form.password === '' ? fieldLimitTexts.required : passwordProblem(form.password);
  if (passwordIssue) problems.password = passwordIssue;
  return problems;
}

/** The VAT number as Magento keeps it ("GB123456782"), or undefined when none was given. */
export function vatNumberOf(form: Pick<BusinessDetails, 'vat'>): string | undefined {
  const vat = checkUkVatNumber(form.vat);
  return vat.ok ? (vat.normalised ?? undefined) : undefined;
}

/** The company address, the customer's default billing address (and shipping, for a new customer). */
export function companyAddress(form: BusinessDetails): CustomerAddress {
  const vat = vatNumberOf(form);
  return {
    company: form.company.trim(),
    firstname: form.firstname.trim(),
    lastname: form.lastname.trim(),
    street: [form.street.trim()],
    city: form.city.trim(),
    region: { region: form.region.trim(), region_id: 0 },
    region_id: 0,
    postcode: ukPostcode(form.postcode),
    country_id: 'GB',
    telephone: form.telephone.trim(),
    ...(vat ? { vat_id: vat } : {}),
    default_billing: true,
  };
}

/** `POST /V1/customers` (as the integration, which may set the group): a new customer in `groupId`. */
export function newTradeCustomer(form: Application, groupId: number) {
  const vat = vatNumberOf(form);
  return {
    customer: {
      email: form.email.trim(),
      firstname: form.firstname.trim(),
      lastname: form.lastname.trim(),
      group_id: groupId,
      ...(vat ? { taxvat: vat } : {}),
      addresses: [{ ...companyAddress(form), default_shipping: true }],
    },
    password: form.password,
  };
}

/**
 * `PUT /V1/customers/:id` for a customer who applies: the whole customer as Magento gave it (so nothing
 * is lost), moved to `groupId`, with `taxvat` and the company address added as the default billing address.
 */
export function tradeApplicant(customer: Customer, form: BusinessDetails, groupId: number): Customer {
  const vat = vatNumberOf(form);
  const addresses = (customer.addresses ?? []).map((address) => {
    const copy = { ...address };
    delete copy.default_billing;
    return copy;
  });
  const body: Customer = {
    ...savable(customer),
    group_id: groupId,
    addresses: [...addresses, companyAddress(form)],
  };
  // The new address has no id yet: its flag makes it the default billing address.
  delete body.default_billing;
  if (vat) body['taxvat'] = vat;
  return body;
}
