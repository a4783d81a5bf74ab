/**
 * Two of `Company\Structure`'s moves the admin REST makes on a customer's node, over `records.ts`'s tree:
 * those under the customer move up to the customer's parent (`moveStructureChildrenToParent`), and the
 * customer's node goes (`removeCustomerNode`).
 */
import { z } from 'zod';
import { sqlNumber, type Database } from '../db.ts';
import { ENTITY, moveInTree, nodeOfEntity } from './records.ts';

const childRow = z.object({ structure_id: sqlNumber });

export function moveChildrenUp(db: Database, customerId: number): void {
  const node = nodeOfEntity(db, ENTITY.customer, customerId);
  const parent = node?.path.split('/').slice(-2, -1)[0];
  if (!node || parent === undefined) return;
  const children = db.all(
    childRow,
    'SELECT structure_id FROM company_structure WHERE parent_id = ?',
    node.structure_id,
  );
  for (const child of children) moveInTree(db, child.structure_id, Number(parent));
}

export function removeCustomerNode(db: Database, customerId: number): void {
  db.run(
    'DELETE FROM company_structure WHERE entity_type = ? AND entity_id = ?',
    ENTITY.customer,
    customerId,
  );
}

/** The company's first role (`RoleManagement::getCompanyDefaultRole`), which a user it gains takes. */
export const defaultRoleOf = (db: Database, companyId: number): number | undefined =>
  db.get(
    z.object({ role_id: sqlNumber }),
    'SELECT role_id FROM company_roles WHERE company_id = ? ORDER BY role_id LIMIT 1',
    companyId,
  )?.role_id;
