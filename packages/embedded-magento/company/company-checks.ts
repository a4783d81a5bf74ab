/**
 * Magento_Company's `SaveValidatorPool`, in its order: the company id, the required fields, the sales
 * representative, the customer group, the status, the rejection fields, the administrator, the e-mail and
 * the address. The id, the sales representative, the group and an unknown administrator throw at once
 * (404); the others add to one InputException thrown at the end (400).
 */
import { z } from 'zod';
import { sqlNumber, type Database } from '../db.ts';
import { listCountries } from '../directory/countries.ts';
import { groupExists } from '../customers/groups.ts';
import { membershipOf } from './stored-attributes.ts';
import type { CompanyRow } from './company-row.ts';
import { isEmpty, type Saving } from './company-saving.ts';
import { COMPANY_STATUS } from './membership.ts';
import { inputException, noSuchEntity, problems, type Problem } from './rest-errors.ts';

const REQUIRED = [
  'company_name',
  'company_email',
  'street',
  'city',
  'postcode',
  'telephone',
  'country_id',
  'super_user_id',
  'customer_group_id',
] as const;

/** A plain address check (Magento uses Zend's EmailAddress validator). */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const idRow = z.object({ id: sqlNumber });

/** PHP's loose `!=` of two stored texts: null and '' are the same. */
const differs = (a: unknown, b: unknown): boolean => String(a ?? '') !== String(b ?? '');

function rejectedFields(company: Saving, initial: CompanyRow | undefined): Problem[] {
  const changed =
    differs(company.rejected_at, initial?.rejected_at) ||
    differs(company.reject_reason, initial?.reject_reason);
  const rejecting = company.status === COMPANY_STATUS.rejected && initial?.status !== COMPANY_STATUS.rejected;
  return changed && !rejecting ? [problems.rejectedFields()] : [];
}

function administrator(db: Database, company: Saving): Problem[] {
  if (isEmpty(company.super_user_id)) return [];
  const customerId = Number(company.super_user_id);
  if (!db.get(idRow, 'SELECT id FROM customers WHERE id = ?', customerId))
    throw noSuchEntity('customerId', customerId);
  const member = membershipOf(db, customerId);
  const found: Problem[] = [];
  if (!member.status) found.push(problems.adminInactive());
  if (member.companyId && member.companyId !== company.id) found.push(problems.adminOfOtherCompany());
  return found;
}

function email(db: Database, company: Saving, initial: CompanyRow | undefined): Problem[] {
  const address = company.company_email;
  if (isEmpty(address)) return [];
  if (!EMAIL.test(String(address))) return [problems.invalidValue('company_email', address)];
  if (company.id !== undefined && !differs(address, initial?.company_email)) return [];
  const taken = db.get(
    idRow,
    'SELECT entity_id AS id FROM company WHERE company_email = ? COLLATE NOCASE LIMIT 1',
    String(address),
  );
  return taken ? [problems.companyEmailTaken()] : [];
}

function address(company: Saving): Problem[] {
  if (isEmpty(company.country_id)) return [];
  const country = listCountries().find((each) => each.id === company.country_id);
  if (!country) return [problems.invalidValue('country_id', company.country_id)];
  const regions = 'available_regions' in country ? country.available_regions : [];
  if (regions.length === 0 || regions.some((region) => region.id === String(company.region_id))) return [];
  return [problems.invalidValue('region_id', company.region_id)];
}

/** Throws Magento's refusal of the company about to be saved, if any. */
export function checkCompany(db: Database, company: Saving, initial: CompanyRow | undefined): void {
  if (company.id !== undefined && !initial) throw noSuchEntity('companyId', company.id);
  // The street is checked as Magento holds it then: its lines joined into one text.
  const held = (field: (typeof REQUIRED)[number]) =>
    field === 'street' ? (company.street ?? []).join('\n') : company[field];
  const found = REQUIRED.filter((field) => isEmpty(held(field))).map((field) => problems.required(field));
  const salesId = company.sales_representative_id;
  if (!isEmpty(salesId) && !db.get(idRow, 'SELECT id FROM admins WHERE id = ?', Number(salesId)))
    throw noSuchEntity('salesRepresentativeId', salesId);
  const groupId = company.customer_group_id;
  if (groupId === null || groupId === undefined || !groupExists(db, Number(groupId)))
    throw noSuchEntity('customerGroupId', groupId ?? null);
  const status = company.status;
  if (
    status !== null &&
    status !== undefined &&
    !Object.values(COMPANY_STATUS).some((each) => each === status)
  )
    found.push(problems.invalidValue('status', status));
  found.push(...rejectedFields(company, initial));
  found.push(...administrator(db, company));
  found.push(...email(db, company, initial));
  found.push(...address(company));
  const refusal = inputException(found);
  if (refusal) throw refusal;
}
