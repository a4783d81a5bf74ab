/**
 * `DELETE /V1/company/:companyId` (`CompanyRepositoryInterface::deleteById`, `Company\Delete`): the company
 * goes with its roles, teams, tree and credit line; each of its users stays a customer, now of no company
 * (company id 0) and inactive, keeping their job title and telephone, signed out at once. Leaving the
 * company takes them out of its customer group, as every way out of a company does here (`groups.ts`).
 */
import { z } from 'zod';
import { revokeCustomerTokens } from '../auth/auth.ts';
import { sqlNumber, type Database } from '../db.ts';
import { leaveCompanyGroup } from './groups.ts';
import { loadCompanyRow } from './rest.ts';
import { membershipOf, saveNoCompany } from './stored-attributes.ts';

const userRow = z.object({ customer_id: sqlNumber });

export function deleteCompany(db: Database, companyId: number): boolean {
  loadCompanyRow(db, companyId);
  db.transaction(() => {
    const users = db
      .all(
        userRow,
        'SELECT customer_id FROM company_advanced_customer_entity WHERE company_id = ?',
        companyId,
      )
      .map((row) => row.customer_id);
    for (const id of users) {
      const { jobTitle, telephone } = membershipOf(db, id);
      leaveCompanyGroup(db, companyId, id);
      saveNoCompany(db, id, { status: 0, jobTitle, telephone });
      revokeCustomerTokens(db, id);
    }
    db.run('DELETE FROM company WHERE entity_id = ?', companyId);
  });
  return true;
}
