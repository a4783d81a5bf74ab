/**
 * The company's credit line (Magento_CompanyCreditGraphQl): its limit, outstanding balance and what is
 * left (the limit plus the balance, negative once exceeded), and its history, newest last.
 */
import { z } from 'zod';
import { sqlNumber, type Database } from '../db.ts';

const creditRow = z.object({
  entity_id: sqlNumber,
  credit_limit: sqlNumber.nullable(),
  balance: sqlNumber,
  currency_code: z.string(),
});

const money = (value: number, currency: string) => ({ value: Math.round(value * 100) / 100, currency });

const creditLine = (limit: number, balance: number, currency: string) => ({
  credit_limit: money(limit, currency),
  outstanding_balance: money(balance, currency),
  available_credit: money(limit + balance, currency),
});

const creditOfCompany = (db: Database, companyId: number) =>
  db.get(
    creditRow,
    'SELECT entity_id, credit_limit, balance, currency_code FROM company_credit WHERE company_id = ?',
    companyId,
  );

export function creditOf(db: Database, companyId: number) {
  const row = creditOfCompany(db, companyId);
  return creditLine(row?.credit_limit ?? 0, row?.balance ?? 0, row?.currency_code ?? 'GBP');
}

const TYPES = ['', 'ALLOCATION', 'UPDATE', 'PURCHASE', 'REIMBURSEMENT', 'REFUND', 'REVERT'] as const;

const historyRow = z.object({
  datetime: z.string(),
  type: sqlNumber,
  amount: sqlNumber,
  balance: sqlNumber,
  credit_limit: sqlNumber.nullable(),
  currency_credit: z.string(),
  user_type: sqlNumber.nullable(),
  name: z.string().nullable(),
  purchase_order: z.string().nullable(),
});

const historyArgs = z.object({
  filter: z
    .object({
      operation_type: z.enum(TYPES.slice(1) as [string, ...string[]]).nullish(),
      custom_reference_number: z.string().nullish(),
    })
    .nullish(),
  pageSize: z.number().int().default(20),
  currentPage: z.number().int().default(1),
});

export function creditHistory(db: Database, companyId: number, args: unknown) {
  const { filter, pageSize, currentPage } = historyArgs.parse(args);
  const credit = creditOfCompany(db, companyId);
  const rows = db
    .all(
      historyRow,
      `SELECT h.datetime, h.type, h.amount, h.balance, h.credit_limit, h.currency_credit, h.user_type,
              c.firstname || ' ' || c.lastname AS name, h.purchase_order
         FROM company_credit_history h LEFT JOIN customers c ON h.user_type = 3 AND c.id = h.user_id
        WHERE h.company_credit_id = ? ORDER BY h.entity_id`,
      credit?.entity_id ?? 0,
    )
    .filter((row) => !filter?.operation_type || TYPES[row.type] === filter.operation_type)
    .filter(
      (row) => !filter?.custom_reference_number || row.purchase_order === filter.custom_reference_number,
    );
  const page = rows.slice((currentPage - 1) * pageSize, currentPage * pageSize);
  return {
    items: page.map((row) => ({
      date: row.datetime,
      type: TYPES[row.type] ?? 'UPDATE',
      amount: money(row.amount, row.currency_credit),
      balance: creditLine(row.credit_limit ?? 0, row.balance, row.currency_credit),
      updated_by:
        row.user_type === 3 ? { name: row.name ?? '', type: 'CUSTOMER' } : { name: 'Admin', type: 'ADMIN' },
      custom_reference_number: row.purchase_order,
    })),
    page_info: {
      page_size: pageSize,
      current_page: currentPage,
      total_pages: Math.max(1, Math.ceil(rows.length / Math.max(pageSize, 1))),
    },
    total_count: rows.length,
  };
}

/** Sets the limit and records it, as the admin's credit save does (type 1 the first time, 2 after). */
export function setCreditLimit(
  db: Database,
  companyId: number,
  limit: number,
  at: string,
  comment: string | null = null,
): void {
  const row = creditOfCompany(db, companyId);
  if (!row) return;
  db.run('UPDATE company_credit SET credit_limit = ? WHERE entity_id = ?', limit, row.entity_id);
  db.run(
    `INSERT INTO company_credit_history (company_credit_id, user_type, currency_credit, currency_operation, amount,
        balance, credit_limit, available_limit, type, datetime, comment)
     VALUES (?, 2, ?, ?, 0, ?, ?, ?, ?, ?, ?)`,
    row.entity_id,
    row.currency_code,
    row.currency_code,
    row.balance,
    limit,
    limit + row.balance,
    (row.credit_limit ?? 0) === 0 ? 1 : 2,
    at,
    comment,
  );
}
