/**
 * A company save naming another administrator (`SaveHandler\SuperUser`, `Action\Company\ReplaceSuperUser`
 * with the old one kept active): the new one leaves their place in the tree (those under them moving up),
 * loses their role and heads the tree; the old one, under them with everything they had under them, takes
 * the company's first role. The checks (an active customer of no other company) were the save's. Magento
 * also copies the old administrator's address book to the new one: not done here.
 */
import type { Database } from '../db.ts';
import { joinCompanyGroup } from './groups.ts';
import {
  assignRole,
  defaultRoleOf,
  ENTITY,
  placeInTree,
  moveChildrenUp,
  moveInTree,
  removeCustomerNode,
  rootOf,
} from './records.ts';
import { dropNoCompany, membershipOf } from './stored-attributes.ts';

export function replaceAdministrator(db: Database, companyId: number, oldId: number, newId: number): void {
  const newcomer = membershipOf(db, newId);
  const oldRoot = rootOf(db, companyId);
  if (newcomer.member) {
    moveChildrenUp(db, newId);
    removeCustomerNode(db, newId);
  } else {
    db.run(
      `INSERT INTO company_advanced_customer_entity (customer_id, company_id, job_title, status, telephone)
       VALUES (?, ?, ?, 1, ?)`,
      newId,
      companyId,
      newcomer.jobTitle,
      newcomer.telephone,
    );
    dropNoCompany(db, newId);
  }
  db.run('DELETE FROM company_user_roles WHERE user_id = ?', newId);
  db.run('UPDATE company SET super_user_id = ? WHERE entity_id = ?', newId, companyId);
  const newRoot = placeInTree(db, companyId, ENTITY.customer, newId, 0);
  if (oldRoot) moveInTree(db, oldRoot, newRoot);
  const role = defaultRoleOf(db, companyId);
  if (role !== undefined) assignRole(db, oldId, role);
  joinCompanyGroup(db, companyId, newId);
}
