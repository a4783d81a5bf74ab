/**
 * B2B's company attributes of a customer (`extension_attributes.company_attributes`), as Magento_Company's
 * plugin on the customer repository saves them with the customer.
 */
import { z } from 'zod';
import { sqlNumber, type Database } from '../db.ts';

const companyAttributes = z.looseObject({
  job_title: z.string().nullish(),
  telephone: z.string().nullish(),
});

/**
 * A customer's `extension_attributes.company_attributes` as a customer save sends them (Magento_Company's
 * plugin on the customer repository): the job title and telephone of a company user; ignored for anyone
 * else, as the plugin does.
 */
export function saveCompanyAttributes(db: Database, customerId: number, given: unknown): void {
  const parsed = companyAttributes.safeParse(given);
  if (!parsed.success) return;
  const { job_title: jobTitle, telephone } = parsed.data;
  if (jobTitle != null)
    db.run(
      'UPDATE company_advanced_customer_entity SET job_title = ? WHERE customer_id = ?',
      jobTitle,
      customerId,
    );
  if (telephone != null)
    db.run(
      'UPDATE company_advanced_customer_entity SET telephone = ? WHERE customer_id = ?',
      telephone,
      customerId,
    );
}

const memberRow = z.object({
  customer_id: sqlNumber,
  company_id: sqlNumber,
  status: sqlNumber,
  job_title: z.string().nullable(),
  telephone: z.string().nullable(),
});

/**
 * A company user's `extension_attributes.company_attributes` as the customer repository reads them
 * (CompanyCustomerInterface: customer and company ids, status, job title, telephone); undefined for a
 * customer of no company, whose customer has no such key.
 */
export function companyAttributesOf(db: Database, customerId: number) {
  const row = db.get(
    memberRow,
    `SELECT customer_id, company_id, status, job_title, telephone
       FROM company_advanced_customer_entity WHERE customer_id = ?`,
    customerId,
  );
  if (!row) return undefined;
  const { job_title: jobTitle, telephone, ...ids } = row;
  return { ...ids, ...(jobTitle ? { job_title: jobTitle } : {}), ...(telephone ? { telephone } : {}) };
}
