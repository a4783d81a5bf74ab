/**
 * The merchant's reads of companies over REST (Magento_Company's and Magento_CompanyCredit's webapi.xml):
 * a company as `CompanyInterface` (`company-out.ts`), the search of companies, the credit line as
 * `CreditLimitInterface` and its save. A company's save is `company-save.ts`, its deletion
 * `company-delete.ts`.
 */
import { z } from 'zod';
import { errors } from '../errors.ts';
import { magentoDate, sqlNumber, type Database } from '../db.ts';
import { searchPage, type SearchCriteria } from '../search-criteria.ts';
import { listedCompany, storedCompany } from './company-out.ts';
import { setCreditLimit } from './credit.ts';
import { companyRow, findCompany, type CompanyRow } from './company-row.ts';

export function loadCompanyRow(db: Database, id: number): CompanyRow {
  const row = findCompany(db, id);
  if (!row) throw errors.noSuchEntity('id', id);
  return row;
}

export const getCompany = (db: Database, id: number) => storedCompany(db, loadCompanyRow(db, id));

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
  return { items: rows.map((row) => listedCompany(db, row)), search_criteria: criteria, total_count: total };
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
