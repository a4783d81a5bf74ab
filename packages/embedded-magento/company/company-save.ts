/**
 * `CompanyRepositoryInterface::save` (`POST /V1/company/` and `PUT /V1/company/:companyId`): the body's
 * `company.id` says which company (none: a new one). The path's id is not it: Magento's web API puts a path
 * parameter into the body only where the body's interface has a field of that name, and `CompanyInterface`
 * has no `company_id`. Every field Magento requires must be sent each time; those sent are written, those
 * left out kept. The answer is the company as the save held it (what was sent, after processing, with the
 * quote switch), as Magento's repository returns the object it saved.
 */
import { magentoDate, type Database } from '../db.ts';
import { MagentoError } from '../errors.ts';
import { checkCompany } from './company-checks.ts';
import type { CompanyInput } from './company-input.ts';
import { companyAnswer } from './company-out.ts';
import { findCompany, type CompanyRow } from './company-row.ts';
import { savingOf, type Saving } from './company-saving.ts';
import { syncCompanyGroup } from './groups.ts';
import { COMPANY_STATUS } from './membership.ts';
import { quoteConfigAnswer, savePurchaseOrderSwitch } from './company-extension.ts';
import { insertCompany } from './insert-company.ts';
import { replaceAdministrator } from './replace-admin.ts';
import { refused } from './rest-errors.ts';
import { dropNoCompany, membershipOf } from './stored-attributes.ts';

const COLUMNS = [
  'status',
  'company_name',
  'legal_name',
  'company_email',
  'vat_tax_id',
  'reseller_id',
  'comment',
  'city',
  'country_id',
  'region',
  'region_id',
  'postcode',
  'telephone',
  'customer_group_id',
  'sales_representative_id',
  'reject_reason',
  'rejected_at',
] as const;

const text = (value: unknown): string | null =>
  value === null || value === undefined ? null : String(value);

/** The columns of the fields the save holds (a field left out keeps its column). */
function writeColumns(db: Database, id: number, company: Saving) {
  for (const column of COLUMNS)
    if (company.sent.has(column))
      db.run(`UPDATE company SET ${column} = ? WHERE entity_id = ?`, company[column] ?? null, id);
  if (company.sent.has('street'))
    db.run('UPDATE company SET street = ? WHERE entity_id = ?', JSON.stringify(company.street ?? []), id);
}

/** A new company of an existing customer, with its default role, credit line and tree (`insert-company.ts`). */
function create(db: Database, company: Saving, now: string): number {
  const adminId = Number(company.super_user_id);
  const admin = membershipOf(db, adminId);
  const fields = {
    name: String(company.company_name),
    email: String(company.company_email),
    street: company.street ?? [],
    city: String(company.city),
    countryId: String(company.country_id),
    postcode: String(company.postcode),
    telephone: String(company.telephone),
  };
  const status = Number(company.status ?? COMPANY_STATUS.pending);
  const groupId = Number(company.customer_group_id);
  const id = insertCompany(db, fields, adminId, admin, status, groupId, now);
  dropNoCompany(db, adminId);
  writeColumns(db, id, company);
  return id;
}

/** The fields sent written over the stored ones, and what Magento's save handlers do after. */
function update(db: Database, company: Saving, initial: CompanyRow, now: string): number {
  const id = initial.entity_id;
  writeColumns(db, id, company);
  // SaveHandler\CustomerGroup: every user of the company follows its group.
  if (company.sent.has('customer_group_id') && company.customer_group_id !== initial.customer_group_id)
    db.run(
      'UPDATE customers SET group_id = ? WHERE id IN (SELECT customer_id FROM company_advanced_customer_entity WHERE company_id = ?)',
      company.customer_group_id ?? null,
      id,
    );
  if (company.sent.has('super_user_id') && Number(company.super_user_id) !== initial.super_user_id)
    replaceAdministrator(db, id, initial.super_user_id, Number(company.super_user_id));
  // A rejected company's users leave its group (its prices, pay on account); approved, they join it again.
  if (typeof company.status === 'number') syncCompanyGroup(db, id, company.status);
  db.run('UPDATE company SET updated_at = ? WHERE entity_id = ?', now, id);
  return id;
}

/** SaveHandler\CompanyStatus: a company that becomes rejected is stamped with the time. */
function rejectedAt(company: Saving, initial: CompanyRow | undefined, now: string) {
  const rejecting = company.status === COMPANY_STATUS.rejected && initial?.status !== COMPANY_STATUS.rejected;
  return rejecting ? now : company.rejected_at;
}

/** `POST /V1/company/` and `PUT /V1/company/:companyId`. */
export function saveCompany(db: Database, input: CompanyInput) {
  const { extension_attributes: extension, ...fields } = input;
  const company = savingOf(db, fields);
  const initial = company.id === undefined ? undefined : findCompany(db, company.id);
  checkCompany(db, company, initial);
  const now = magentoDate();
  const stamped = { ...company, rejected_at: rejectedAt(company, initial, now) };
  if (stamped.rejected_at !== company.rejected_at) stamped.sent = new Set([...company.sent, 'rejected_at']);
  try {
    return db.transaction(() => {
      const id = initial ? update(db, stamped, initial, now) : create(db, stamped, now);
      savePurchaseOrderSwitch(db, id, extension?.is_purchase_order_enabled);
      const quoteConfig = quoteConfigAnswer(db, id, extension?.quote_config, initial === undefined);
      return companyAnswer(
        { ...stamped, id, rejected_at: text(stamped.rejected_at) },
        {
          quote_config: quoteConfig,
          ...(extension?.is_purchase_order_enabled == null
            ? {}
            : { is_purchase_order_enabled: extension.is_purchase_order_enabled }),
        },
      );
    });
  } catch (error) {
    // Company\Save: whatever the resource model's save throws becomes this.
    if (error instanceof MagentoError) throw error;
    throw refused({ message: 'Could not save company' });
  }
}
