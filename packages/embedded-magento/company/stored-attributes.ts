/**
 * B2B's company attributes of a customer (`extension_attributes.company_attributes`,
 * `CompanyCustomerInterface`) as stored, and as Magento_Company's plugin on the customer repository reads
 * them: every customer has them (one of no company with company id 0), in the interface's order (customer
 * id, company id, job title, status, telephone), nulls left out.
 */
import { z } from 'zod';
import { sqlNumber, type Database } from '../db.ts';

/** A customer's company attributes as stored: of their company, or (company 0) of none. */
export interface Membership {
  /** 0 for none. */
  readonly companyId: number;
  readonly member: boolean;
  readonly status: number;
  readonly jobTitle: string | null;
  readonly telephone: string | null;
}

const memberRow = z.object({
  company_id: sqlNumber,
  status: sqlNumber,
  job_title: z.string().nullable(),
  telephone: z.string().nullable(),
});
const noneRow = memberRow.omit({ company_id: true });

/** The customer's stored company attributes (Magento's defaults, status 1, when none were ever saved). */
export function membershipOf(db: Database, customerId: number): Membership {
  const member = db.get(
    memberRow,
    'SELECT company_id, status, job_title, telephone FROM company_advanced_customer_entity WHERE customer_id = ?',
    customerId,
  );
  if (member) {
    const { company_id: companyId, job_title: jobTitle, ...rest } = member;
    return { companyId, member: true, jobTitle, ...rest };
  }
  const none = db.get(
    noneRow,
    'SELECT status, job_title, telephone FROM customer_company_attributes WHERE customer_id = ?',
    customerId,
  );
  return {
    companyId: 0,
    member: false,
    status: none?.status ?? 1,
    jobTitle: none?.job_title ?? null,
    telephone: none?.telephone ?? null,
  };
}

/** `CompanyCustomerInterface` as written: the interface's order, nulls left out. */
export interface CompanyAttributes {
  readonly customer_id: number;
  readonly company_id: number;
  readonly job_title?: string | null | undefined;
  readonly status?: number | null | undefined;
  readonly telephone?: string | null | undefined;
}

export const companyAttributesAnswer = (attributes: CompanyAttributes) => ({
  customer_id: attributes.customer_id,
  company_id: attributes.company_id,
  ...(attributes.job_title == null ? {} : { job_title: attributes.job_title }),
  ...(attributes.status == null ? {} : { status: attributes.status }),
  ...(attributes.telephone == null ? {} : { telephone: attributes.telephone }),
});

/** A customer's company attributes as `GET /V1/customers/:id` answers them (the plugin's `afterGetById`). */
export function companyAttributesOf(db: Database, customerId: number) {
  const stored = membershipOf(db, customerId);
  return companyAttributesAnswer({
    customer_id: customerId,
    company_id: stored.companyId,
    job_title: stored.jobTitle,
    status: stored.status,
    telephone: stored.telephone,
  });
}

/** Keeps the company attributes of a customer in no company (`customer_company_attributes`). */
export function saveNoCompany(
  db: Database,
  customerId: number,
  values: { readonly status: number; readonly jobTitle: string | null; readonly telephone: string | null },
): void {
  db.run(
    `INSERT INTO customer_company_attributes (customer_id, job_title, status, telephone) VALUES (?, ?, ?, ?)
     ON CONFLICT (customer_id) DO UPDATE SET job_title = excluded.job_title, status = excluded.status,
       telephone = excluded.telephone`,
    customerId,
    values.jobTitle,
    values.status,
    values.telephone,
  );
}

/** A customer joining a company leaves no-company attributes behind (Magento updates the same row). */
export function dropNoCompany(db: Database, customerId: number): void {
  db.run('DELETE FROM customer_company_attributes WHERE customer_id = ?', customerId);
}
