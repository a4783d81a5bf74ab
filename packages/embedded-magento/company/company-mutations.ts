/**
 * `createCompany`, `updateCompany` and the four availability checks. A company is registered pending the
 * merchant's approval: by a guest (its administrator a new customer, who sets a password from Magento's
 * e-mail) or by a signed-in customer naming their own e-mail as the administrator's.
 */
import { z } from 'zod';
import { magentoDate, sqlNumber, type Database } from '../db.ts';
import { isKnownCountry } from '../directory/countries.ts';
import type { GraphQlContext } from '../graphql/context.ts';
import { companyErrors } from './errors.ts';
import { checkNames } from './names.ts';
import { member, memberWith } from './guard.ts';
import { COMPANY_STATUS, companyUser } from './membership.ts';
import { companyObject } from './nodes.ts';
import { insertCompany, type CompanyFields } from './insert-company.ts';

const text = z.string();
const region = z.object({
  region_code: text.nullish(),
  region: text.nullish(),
  region_id: z.number().int().nullish(),
});

const createArgs = z.object({
  input: z.object({
    company_name: text,
    company_email: text,
    legal_name: text.nullish(),
    vat_tax_id: text.nullish(),
    reseller_id: text.nullish(),
    legal_address: z.object({
      street: z.array(text),
      city: text,
      region,
      country_id: text,
      postcode: text,
      telephone: text,
    }),
    company_admin: z.object({
      email: text,
      firstname: text,
      lastname: text,
      job_title: text.nullish(),
      telephone: text.nullish(),
    }),
  }),
});

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function required(value: string, field: string): string {
  const trimmed = value.trim();
  if (trimmed === '') throw companyErrors.required(field);
  return trimmed;
}

function email(value: string, field: string): string {
  const trimmed = required(value, field);
  if (!EMAIL.test(trimmed)) throw companyErrors.invalidEmail(trimmed);
  return trimmed;
}

const idRow = z.object({ id: sqlNumber });

const customerByEmail = (db: Database, address: string) =>
  db.get(idRow, 'SELECT id FROM customers WHERE email = ? AND website_id = 1', address)?.id;

export const companyEmailTaken = (db: Database, address: string, except = 0): boolean =>
  db.get(
    idRow,
    'SELECT entity_id AS id FROM company WHERE company_email = ? AND entity_id <> ?',
    address,
    except,
  ) !== undefined;

/** The administrator: the signed-in customer when the e-mail is theirs, else a new customer. */
function adminFor(
  context: GraphQlContext,
  admin: z.infer<typeof createArgs>['input']['company_admin'],
): number {
  const { db } = context;
  const address = email(admin.email, 'company_admin.email');
  const existing = customerByEmail(db, address);
  if (existing !== undefined) {
    if (existing !== context.customerId) throw companyErrors.customerEmailTaken();
    if (companyUser(db, existing)) throw companyErrors.alreadyInCompany();
    return existing;
  }
  checkNames(admin);
  const now = magentoDate();
  return db.run(
    `INSERT INTO customers (email, website_id, store_id, group_id, firstname, lastname, created_at, updated_at)
     VALUES (?, 1, 1, 1, ?, ?, ?, ?)`,
    address,
    required(admin.firstname, 'company_admin.firstname'),
    required(admin.lastname, 'company_admin.lastname'),
    now,
    now,
  ).lastInsertRowid;
}

const groupRow = z.object({ group_id: sqlNumber });

export function createCompany(args: unknown, context: GraphQlContext) {
  const { input } = createArgs.parse(args);
  const { db } = context;
  const address = input.legal_address;
  if (!isKnownCountry(address.country_id)) throw companyErrors.invalidCountry();
  const fields: CompanyFields = {
    name: required(input.company_name, 'company_name'),
    email: email(input.company_email, 'company_email'),
    legalName: input.legal_name?.trim() || null,
    vatTaxId: input.vat_tax_id?.trim() || null,
    resellerId: input.reseller_id?.trim() || null,
    street: address.street.map((line) => line.trim()).filter(Boolean),
    city: required(address.city, 'legal_address.city'),
    countryId: address.country_id,
    region: address.region.region ?? address.region.region_code ?? null,
    regionId: address.region.region_id ?? null,
    postcode: required(address.postcode, 'legal_address.postcode'),
    telephone: required(address.telephone, 'legal_address.telephone'),
  };
  if (fields.street.length === 0) throw companyErrors.required('legal_address.street');
  const companyId = db.transaction(() => {
    if (companyEmailTaken(db, fields.email)) throw companyErrors.companyEmailTaken();
    const adminId = adminFor(context, input.company_admin);
    // The company takes its administrator's group (General for a new customer; Trade for a trade customer,
    // who keeps their prices while the company waits): Adobe takes the default group, changed on approval.
    const group = db.get(groupRow, 'SELECT group_id FROM customers WHERE id = ?', adminId)?.group_id ?? 1;
    return insertCompany(
      db,
      fields,
      adminId,
      { jobTitle: input.company_admin.job_title ?? null, telephone: input.company_admin.telephone ?? null },
      COMPANY_STATUS.pending,
      group,
    );
  });
  return { company: pendingCompany(context, companyId) };
}

/** A company just registered, pending approval: its own fields answer, nothing of its users yet. */
function pendingCompany(context: GraphQlContext, companyId: number) {
  const company = companyObject(context, companyId, false);
  return { ...company, users: null, roles: { items: [], total_count: 0 }, structure: null };
}

const updateArgs = z.object({
  input: z.object({
    company_name: text.nullish(),
    company_email: text.nullish(),
    legal_name: text.nullish(),
    vat_tax_id: text.nullish(),
    reseller_id: text.nullish(),
    legal_address: z
      .object({
        street: z.array(text).nullish(),
        city: text.nullish(),
        region: region.nullish(),
        country_id: text.nullish(),
        postcode: text.nullish(),
        telephone: text.nullish(),
      })
      .nullish(),
  }),
});

/** The columns an update sets: each field sent, in the column Magento keeps it in. */
function updatedColumns(db: Database, companyId: number, input: z.infer<typeof updateArgs>['input']) {
  const set: [string, string | number | null][] = [];
  if (input.company_name != null) set.push(['company_name', required(input.company_name, 'company_name')]);
  if (input.company_email != null) {
    const address = email(input.company_email, 'company_email');
    if (companyEmailTaken(db, address, companyId)) throw companyErrors.companyEmailTaken();
    set.push(['company_email', address]);
  }
  if (input.legal_name !== undefined) set.push(['legal_name', input.legal_name]);
  if (input.vat_tax_id !== undefined) set.push(['vat_tax_id', input.vat_tax_id]);
  if (input.reseller_id !== undefined) set.push(['reseller_id', input.reseller_id]);
  const address = input.legal_address;
  if (address?.street) set.push(['street', JSON.stringify(address.street)]);
  if (address?.city) set.push(['city', address.city]);
  if (address?.country_id) {
    if (!isKnownCountry(address.country_id)) throw companyErrors.invalidCountry();
    set.push(['country_id', address.country_id]);
  }
  if (address?.region) set.push(['region', address.region.region ?? address.region.region_code ?? null]);
  if (address?.postcode) set.push(['postcode', address.postcode]);
  if (address?.telephone) set.push(['telephone', address.telephone]);
  return set;
}

export function updateCompany(args: unknown, context: GraphQlContext) {
  const { input } = updateArgs.parse(args);
  const account =
    input.company_name != null ||
    input.company_email != null ||
    input.legal_name !== undefined ||
    input.vat_tax_id !== undefined ||
    input.reseller_id !== undefined;
  const user = memberWith(context, account ? 'Magento_Company::edit_account' : 'Magento_Company::view');
  if (input.legal_address) memberWith(context, 'Magento_Company::edit_address');
  const set = updatedColumns(context.db, user.companyId, input);
  for (const [column, value] of set)
    context.db.run(
      `UPDATE company SET ${column} = ?, updated_at = ? WHERE entity_id = ?`,
      value,
      magentoDate(),
      user.companyId,
    );
  return { company: companyObject(context, user.companyId) };
}

const emailArgs = z.object({ email: text });

/** `isCompanyEmailAvailable`: no company has the e-mail (anyone may ask, as the registration form does). */
export const isCompanyEmailAvailable = (args: unknown, context: GraphQlContext) => ({
  is_email_available: !companyEmailTaken(context.db, emailArgs.parse(args).email.trim()),
});

/** `isCompanyAdminEmailAvailable`: no customer has the e-mail. */
export const isCompanyAdminEmailAvailable = (args: unknown, context: GraphQlContext) => ({
  is_email_available: customerByEmail(context.db, emailArgs.parse(args).email.trim()) === undefined,
});

/** `isCompanyUserEmailAvailable` (a company user asks): no customer in any company has the e-mail. */
export function isCompanyUserEmailAvailable(args: unknown, context: GraphQlContext) {
  member(context);
  const id = customerByEmail(context.db, emailArgs.parse(args).email.trim());
  return { is_email_available: id === undefined || companyUser(context.db, id) === undefined };
}

/** `isCompanyRoleNameAvailable`: no role of the asking user's company has the name. */
export function isCompanyRoleNameAvailable(args: unknown, context: GraphQlContext) {
  const user = member(context);
  const name = z.object({ name: text }).parse(args).name.trim();
  return { is_role_name_available: !roleNameTaken(context.db, user.companyId, name) };
}

export const roleNameTaken = (db: Database, companyId: number, name: string, except = 0): boolean =>
  db.get(
    idRow,
    'SELECT role_id AS id FROM company_roles WHERE company_id = ? AND role_name = ? COLLATE NOCASE AND role_id <> ?',
    companyId,
    name,
    except,
  ) !== undefined;
