/**
 * A new company as Magento_Company writes it (`records.ts` keeps its users, roles and tree): the company
 * with its administrator, "Default User" role, credit line at 0, the tree's root and purchase orders off.
 * The GraphQL registration, the admin REST and the seed all make one through here.
 */
import { magentoDate, type Database } from '../db.ts';
import { DEFAULT_USER_ROLE } from './acl.ts';
import { joinCompanyGroup } from './groups.ts';
import { COMPANY_STATUS } from './membership.ts';
import { createRole, ENTITY, placeInTree } from './records.ts';

export interface CompanyFields {
  readonly name: string;
  readonly email: string;
  readonly legalName?: string | null | undefined;
  readonly vatTaxId?: string | null | undefined;
  readonly resellerId?: string | null | undefined;
  readonly street: readonly string[];
  readonly city: string;
  readonly countryId: string;
  readonly region?: string | null | undefined;
  readonly regionId?: number | null | undefined;
  readonly postcode: string;
  readonly telephone: string;
}

/**
 * A new company (pending approval unless `status` says otherwise) of an existing customer as administrator,
 * who joins its customer group (General unless `customerGroupId` says otherwise): with its "Default User"
 * role, its credit line at 0, its tree's root and purchase orders off.
 */
export function insertCompany(
  db: Database,
  fields: CompanyFields,
  adminId: number,
  admin: { readonly jobTitle?: string | null | undefined; readonly telephone?: string | null | undefined },
  status: number = COMPANY_STATUS.pending,
  customerGroupId = 1,
  now: string = magentoDate(),
): number {
  const id = db.run(
    `INSERT INTO company (status, company_name, legal_name, company_email, vat_tax_id, reseller_id, street, city,
        country_id, region, region_id, postcode, telephone, super_user_id, customer_group_id, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    status,
    fields.name,
    fields.legalName ?? null,
    fields.email,
    fields.vatTaxId ?? null,
    fields.resellerId ?? null,
    JSON.stringify(fields.street),
    fields.city,
    fields.countryId,
    fields.region ?? null,
    fields.regionId ?? null,
    fields.postcode,
    fields.telephone,
    adminId,
    customerGroupId,
    now,
    now,
  ).lastInsertRowid;
  createRole(db, id, DEFAULT_USER_ROLE.name, DEFAULT_USER_ROLE.allow);
  db.run('INSERT INTO company_credit (company_id, credit_limit, balance) VALUES (?, 0, 0)', id);
  db.run(
    'INSERT INTO purchase_order_company_config (company_entity_id, is_purchase_order_enabled) VALUES (?, 0)',
    id,
  );
  db.run(
    'INSERT INTO company_advanced_customer_entity (customer_id, company_id, job_title, status, telephone) VALUES (?, ?, ?, 1, ?)',
    adminId,
    id,
    admin.jobTitle ?? null,
    admin.telephone ?? null,
  );
  placeInTree(db, id, ENTITY.customer, adminId, 0);
  joinCompanyGroup(db, id, adminId);
  return id;
}
