/** A company as its `company` row holds it, read by the GraphQL nodes and the admin REST alike. */
import { z } from 'zod';
import { sqlNumber, type Database } from '../db.ts';

/** A `company` row, every column. */
export const companyRow = z.object({
  entity_id: sqlNumber,
  status: sqlNumber,
  company_name: z.string(),
  legal_name: z.string().nullable(),
  company_email: z.string(),
  vat_tax_id: z.string().nullable(),
  reseller_id: z.string().nullable(),
  comment: z.string().nullable(),
  street: z.string(),
  city: z.string().nullable(),
  country_id: z.string().nullable(),
  region: z.string().nullable(),
  region_id: sqlNumber.nullable(),
  postcode: z.string().nullable(),
  telephone: z.string().nullable(),
  customer_group_id: sqlNumber,
  sales_representative_id: sqlNumber.nullable(),
  super_user_id: sqlNumber,
  reject_reason: z.string().nullable(),
  rejected_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type CompanyRow = z.infer<typeof companyRow>;

/** The company with the id, if there is one. */
export const findCompany = (db: Database, companyId: number): CompanyRow | undefined =>
  db.get(companyRow, 'SELECT * FROM company WHERE entity_id = ?', companyId);
