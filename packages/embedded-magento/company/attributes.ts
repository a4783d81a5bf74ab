/**
 * Magento_Company's plugin on the customer repository's save (`Customer\CompanyAttributes` and
 * `Customer\AttributesSaver`): a customer's `extension_attributes.company_attributes` checked before the
 * customer is saved, and written after. A company id puts the customer in that company (under its
 * administrator, with its first role, in its customer group) or moves them there from another; company id
 * 0 (or none) keeps a customer of no company out, and is refused for a company user. A company user's
 * group is always the company's. The answer is the attributes as the save held them.
 */
import type { z } from 'zod';
import type { Database } from '../db.ts';
import { bindBody, m } from '../input.ts';
import { findCompany } from './company-row.ts';
import { companyUser } from './membership.ts';
import {
  assignRole,
  defaultRoleOf,
  ENTITY,
  placeInTree,
  moveChildrenUp,
  removeCustomerNode,
  rootOf,
  setUserActive,
} from './records.ts';
import { noSuchEntity, restErrors } from './rest-errors.ts';
import {
  companyAttributesAnswer,
  dropNoCompany,
  membershipOf,
  saveNoCompany,
  type CompanyAttributes,
  type Membership,
} from './stored-attributes.ts';

export { companyAttributesOf } from './stored-attributes.ts';

const companyAttributesDto = m.dto({
  customer_id: m.int(),
  company_id: m.int(),
  job_title: m.string(),
  status: m.int(),
  telephone: m.string(),
  extension_attributes: m.mixed(),
});
type Given = z.output<typeof companyAttributesDto>;

/**
 * Whose save it is: a new customer (`POST /V1/customers`, whose company id the route forces to none), the
 * customer's own (`PUT /V1/customers/me`, forced to their company) or the merchant's (`PUT /V1/customers/:id`).
 */
export type SaveKind = 'create' | 'self' | 'admin';

export interface CompanyPlan {
  readonly before: Membership;
  readonly given: Given;
  /** 0 for none. */
  readonly companyId: number;
  readonly status: number | null;
  readonly changes: boolean;
  /** The company's customer group, which a company user's save takes. */
  readonly groupId: number | undefined;
}

const givenOf = (value: unknown): Given | undefined =>
  value === undefined || value === null ? undefined : bindBody(companyAttributesDto, value);

/** The attributes the save holds: those sent, else the stored ones (the plugin loads them). */
function attributesOf(kind: SaveKind, before: Membership, sent: Given | undefined): Given {
  // A new customer has nothing stored for the plugin to load.
  const stored: Given =
    kind === 'create'
      ? {}
      : {
          company_id: before.companyId,
          job_title: before.jobTitle,
          status: before.status,
          telephone: before.telephone,
        };
  const given = sent ?? stored;
  // webapi.xml forces the company id on these two routes (`%company_id%`: the caller's company, if any).
  if (kind === 'create') return { ...given, company_id: null };
  // A customer's own save keeps their company and their status: an inactive user does not switch themself
  // back on (Magento's CompanyUser status is the company's to set, through its admin or the merchant).
  if (kind === 'self') return { ...given, company_id: before.companyId, status: before.status };
  return given;
}

/**
 * `CompanyAttributes::updateCompanyAttributes` and the group of `Save::beforeSave`: the company the
 * customer ends up in, or Magento's refusal. `name` is the customer's, for the administrator's refusal.
 */
export function planCompanyAttributes(
  db: Database,
  customer: { readonly id: number | undefined; readonly name: string },
  sent: unknown,
  kind: SaveKind,
): CompanyPlan {
  const before = customer.id === undefined ? membershipOf(db, 0) : membershipOf(db, customer.id);
  const given = attributesOf(kind, before, givenOf(sent));
  const companyId = given.company_id || 0;
  if (customer.id !== undefined && !companyId && before.member) throw restErrors.companyIdRequired();
  const status = given.status ?? (kind === 'create' ? null : before.status);
  const changes = companyId !== before.companyId;
  const admin = before.member && findCompany(db, before.companyId)?.super_user_id === customer.id;
  if (changes && companyId && admin) throw restErrors.adminChangesCompany();
  const company = companyId ? findCompany(db, companyId) : undefined;
  if (companyId && !company) throw noSuchEntity('id', companyId);
  // AttributesSaver: an administrator staying in their company may not be set inactive.
  if (before.member && status === 0 && admin && !changes) throw restErrors.adminSetInactive(customer.name);
  return { before, given, companyId, status, changes, groupId: company?.customer_group_id };
}

/** The customer joins (or moves to) the company: under its administrator, with its first role. */
function joinCompany(db: Database, customerId: number, plan: CompanyPlan): void {
  moveChildrenUp(db, customerId);
  removeCustomerNode(db, customerId);
  db.run('DELETE FROM company_user_roles WHERE user_id = ?', customerId);
  db.run(
    `INSERT INTO company_advanced_customer_entity (customer_id, company_id, job_title, status, telephone)
     VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (customer_id) DO UPDATE SET company_id = excluded.company_id, job_title = excluded.job_title,
       status = excluded.status, telephone = excluded.telephone`,
    customerId,
    plan.companyId,
    plan.given.job_title === undefined ? plan.before.jobTitle : plan.given.job_title,
    plan.status ?? 1,
    plan.given.telephone === undefined ? plan.before.telephone : plan.given.telephone,
  );
  dropNoCompany(db, customerId);
  placeInTree(db, plan.companyId, ENTITY.customer, customerId, rootOf(db, plan.companyId));
  const role = defaultRoleOf(db, plan.companyId);
  if (role !== undefined) assignRole(db, customerId, role);
}

/** A company user's attributes saved in their company; an inactive one's subordinates move up. */
function updateMember(db: Database, customerId: number, plan: CompanyPlan): void {
  const { given } = plan;
  if (given.job_title !== undefined)
    db.run(
      'UPDATE company_advanced_customer_entity SET job_title = ? WHERE customer_id = ?',
      given.job_title,
      customerId,
    );
  if (given.telephone !== undefined)
    db.run(
      'UPDATE company_advanced_customer_entity SET telephone = ? WHERE customer_id = ?',
      given.telephone,
      customerId,
    );
  if (plan.status === null || plan.status === plan.before.status) return;
  if (plan.status === 0 && !companyUser(db, customerId)?.isAdmin) moveChildrenUp(db, customerId);
  // Signed out at once when set inactive, as the company's GraphQL calls do (`records.ts`).
  setUserActive(db, customerId, plan.status !== 0);
  db.run(
    'UPDATE company_advanced_customer_entity SET status = ? WHERE customer_id = ?',
    plan.status,
    customerId,
  );
}

/** `AttributesSaver::saveAttributes` and `CompanyManagement::assignCustomer`, after the customer's save. */
export function applyCompanyAttributes(db: Database, customerId: number, plan: CompanyPlan): void {
  if (plan.companyId && plan.changes) joinCompany(db, customerId, plan);
  else if (plan.companyId) updateMember(db, customerId, plan);
  else
    saveNoCompany(db, customerId, {
      status: plan.status ?? plan.before.status,
      jobTitle: plan.given.job_title === undefined ? plan.before.jobTitle : plan.given.job_title,
      telephone: plan.given.telephone === undefined ? plan.before.telephone : plan.given.telephone,
    });
}

/** The attributes as the save held them (what `PUT`/`POST /V1/customers` answer). */
export function plannedAttributes(customerId: number, plan: CompanyPlan) {
  const held: CompanyAttributes = {
    customer_id: customerId,
    company_id: plan.companyId,
    job_title: plan.given.job_title,
    status: plan.status,
    telephone: plan.given.telephone,
  };
  return companyAttributesAnswer(held);
}

/** The plugin's save for a caller that has no customer save of its own around it. */
export function saveCompanyAttributes(db: Database, customerId: number, given: unknown): void {
  const plan = planCompanyAttributes(db, { id: customerId, name: '' }, given, 'admin');
  db.transaction(() => applyCompanyAttributes(db, customerId, plan));
}
