/**
 * The merchant's side of a company over REST (Magento_Company's and Magento_CompanyCredit's webapi.xml):
 * a company as `CompanyInterface` (with `extension_attributes.is_purchase_order_enabled`, Magento_PurchaseOrder's
 * switch), its save (approving is status 1, rejecting status 2 with a reason), the search of companies, the
 * credit line as `CreditLimitInterface` and its save.
 */
import { z } from 'zod';
import { errors } from '../errors.ts';
import { magentoDate, sqlNumber, type Database } from '../db.ts';
import { searchPage, type SearchCriteria } from '../search-criteria.ts';
import { setCreditLimit } from './credit.ts';
import { syncCompanyGroup } from './groups.ts';
import { COMPANY_STATUS, purchaseOrdersEnabled } from './membership.ts';
import { companyRow, findCompany, type CompanyRow } from './company-row.ts';

/** `CompanyInterface` as Magento's REST answers it (nulls left out, as its serializer does). */
function companyOut(db: Database, row: CompanyRow) {
  const { entity_id: id, street, ...rest } = row;
  const fields = Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== null));
  return {
    id,
    ...fields,
    street: z.array(z.string()).catch([]).parse(JSON.parse(street)),
    extension_attributes: { is_purchase_order_enabled: purchaseOrdersEnabled(db, id) },
  };
}

export function loadCompanyRow(db: Database, id: number): CompanyRow {
  const row = findCompany(db, id);
  if (!row) throw errors.noSuchEntity('id', id);
  return row;
}

export const getCompany = (db: Database, id: number) => companyOut(db, loadCompanyRow(db, id));

const FIELDS: Record<string, string> = { id: 'c.entity_id', entity_id: 'c.entity_id' };

export function searchCompanies(db: Database, criteria: SearchCriteria) {
  const { rows, total } = searchPage(
    db,
    {
      table: 'company',
      alias: 'c',
      mapping: { expression: (field) => FIELDS[field] ?? `c.${field.replace(/[^a-z_]/g, '')}` },
      tieBreak: 'c.entity_id ASC',
      row: companyRow,
    },
    criteria,
  );
  return { items: rows.map((row) => companyOut(db, row)), search_criteria: criteria, total_count: total };
}

export const companyInput = z.looseObject({
  status: z.coerce.number().int().min(0).max(3).optional(),
  company_name: z.string().optional(),
  legal_name: z.string().nullish(),
  company_email: z.string().optional(),
  vat_tax_id: z.string().nullish(),
  reseller_id: z.string().nullish(),
  comment: z.string().nullish(),
  reject_reason: z.string().nullish(),
  customer_group_id: z.coerce.number().int().optional(),
  extension_attributes: z.looseObject({ is_purchase_order_enabled: z.boolean().optional() }).nullish(),
});
type CompanyInput = z.infer<typeof companyInput>;

const COLUMNS = [
  'company_name',
  'legal_name',
  'company_email',
  'vat_tax_id',
  'reseller_id',
  'comment',
  'customer_group_id',
] as const;

/** `PUT /V1/company/:companyId`: the fields sent; a rejection keeps its reason and time. */
export function saveCompany(db: Database, id: number, input: CompanyInput) {
  loadCompanyRow(db, id);
  const now = magentoDate();
  db.transaction(() => {
    for (const column of COLUMNS)
      if (input[column] !== undefined)
        db.run(`UPDATE company SET ${column} = ? WHERE entity_id = ?`, input[column] ?? null, id);
    if (input.status !== undefined) {
      const rejected = input.status === COMPANY_STATUS.rejected;
      db.run(
        'UPDATE company SET status = ?, reject_reason = ?, rejected_at = ? WHERE entity_id = ?',
        input.status,
        rejected ? (input.reject_reason ?? null) : null,
        rejected ? now : null,
        id,
      );
    }
    // Magento_Company moves every user of the company to its new customer group.
    if (input.customer_group_id !== undefined)
      db.run(
        'UPDATE customers SET group_id = ? WHERE id IN (SELECT customer_id FROM company_advanced_customer_entity WHERE company_id = ?)',
        input.customer_group_id,
        id,
      );
    const po = input.extension_attributes?.is_purchase_order_enabled;
    if (po !== undefined)
      db.run(
        `INSERT INTO purchase_order_company_config (company_entity_id, is_purchase_order_enabled) VALUES (?, ?)
         ON CONFLICT (company_entity_id) DO UPDATE SET is_purchase_order_enabled = excluded.is_purchase_order_enabled`,
        id,
        po ? 1 : 0,
      );
    // A rejected company's users leave its group (its prices, pay on account); approved, they join it again.
    if (input.status !== undefined) syncCompanyGroup(db, id, input.status);
    db.run('UPDATE company SET updated_at = ? WHERE entity_id = ?', now, id);
  });
  return getCompany(db, id);
}

const creditRow = z.object({
  entity_id: sqlNumber,
  company_id: sqlNumber,
  credit_limit: sqlNumber.nullable(),
  balance: sqlNumber,
  currency_code: z.string(),
  exceed_limit: sqlNumber,
});

/** `CreditLimitInterface`. */
function creditOut(row: z.infer<typeof creditRow>) {
  const limit = row.credit_limit ?? 0;
  return {
    id: row.entity_id,
    company_id: row.company_id,
    credit_limit: limit,
    balance: row.balance,
    currency_code: row.currency_code,
    exceed_limit: row.exceed_limit === 1,
    available_limit: limit + row.balance,
  };
}

export function creditOfCompany(db: Database, companyId: number) {
  const row = db.get(creditRow, 'SELECT * FROM company_credit WHERE company_id = ?', companyId);
  if (!row) throw errors.noSuchEntity('company_id', companyId);
  return creditOut(row);
}

export const creditInput = z.looseObject({
  credit_limit: z.coerce.number().min(0).optional(),
  exceed_limit: z.boolean().optional(),
  credit_comment: z.string().nullish(),
});

/** `PUT /V1/companyCredits/:creditId`: the limit (recorded in the history) and whether it may be exceeded. */
export function saveCredit(db: Database, creditId: number, input: z.infer<typeof creditInput>) {
  const row = db.get(creditRow, 'SELECT * FROM company_credit WHERE entity_id = ?', creditId);
  if (!row) throw errors.noSuchEntity('id', creditId);
  db.transaction(() => {
    if (input.credit_limit !== undefined)
      setCreditLimit(db, row.company_id, input.credit_limit, magentoDate(), input.credit_comment ?? null);
    if (input.exceed_limit !== undefined)
      db.run(
        'UPDATE company_credit SET exceed_limit = ? WHERE entity_id = ?',
        input.exceed_limit ? 1 : 0,
        creditId,
      );
  });
  return creditOfCompany(db, row.company_id);
}
