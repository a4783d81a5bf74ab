/**
 * A company's customer group and its users (Magento_Company): every user is in the company's group, whose
 * prices and payment methods (pay on account) are the company's; leaving the company, or the merchant
 * rejecting it, takes them out of it again.
 */
import { z } from 'zod';
import { defaultGroupId } from '../customers/groups.ts';
import { sqlNumber, type Database } from '../db.ts';
import { COMPANY_STATUS, companyCustomers } from './membership.ts';

const groupRow = z.object({ customer_group_id: sqlNumber });

/**
 * Puts the customer in the company's customer group, as Magento_Company does for every user it adds: the
 * group's prices and payment methods (pay on account) are the company's.
 */
export function joinCompanyGroup(db: Database, companyId: number, customerId: number): void {
  const company = db.get(groupRow, 'SELECT customer_group_id FROM company WHERE entity_id = ?', companyId);
  if (company)
    db.run('UPDATE customers SET group_id = ? WHERE id = ?', company.customer_group_id, customerId);
}

/**
 * Takes the customer out of the company's customer group, back to the default group for new accounts, as
 * when they leave the company or the merchant rejects it: the company's prices and pay on account are the
 * company's, not theirs. A customer the merchant has since put in another group keeps it.
 */
export function leaveCompanyGroup(db: Database, companyId: number, customerId: number): void {
  const company = db.get(groupRow, 'SELECT customer_group_id FROM company WHERE entity_id = ?', companyId);
  if (company)
    db.run(
      'UPDATE customers SET group_id = ? WHERE id = ? AND group_id = ?',
      defaultGroupId(db),
      customerId,
      company.customer_group_id,
    );
}

/** Every user of a company leaves its group (the merchant rejected it) or joins it again (approved it). */
export function syncCompanyGroup(db: Database, companyId: number, status: number): void {
  for (const id of companyCustomers(db, companyId))
    if (status === COMPANY_STATUS.rejected) leaveCompanyGroup(db, companyId, id);
    else if (status === COMPANY_STATUS.approved) joinCompanyGroup(db, companyId, id);
}
