/**
 * The invitations' rows as leaving and joining a company touch them (`invitations.ts` makes and accepts them;
 * `records.ts` closes them when a customer leaves): kept apart so neither imports the other.
 */
import { magentoDate, type Database } from '../db.ts';

/** Closes the customer's open invitations (to one company, or to any). */
export function closeInvitations(db: Database, customerId: number, companyId?: number): void {
  db.run(
    `UPDATE company_invitation SET closed_at = ?
      WHERE customer_id = ? AND (? IS NULL OR company_id = ?) AND closed_at IS NULL`,
    magentoDate(),
    customerId,
    companyId ?? null,
    companyId ?? null,
  );
}
