/**
 * Who may do what with a purchase order (Magento_PurchaseOrder's `Authorization` and the company's ACL,
 * `../company/acl.ts`): a guest is refused, a customer outside an approved company or whose company has
 * purchase orders off is refused; a purchase order is seen by its creator (View My Purchase Orders), their
 * managers (View for subordinates), the whole company (View for all company), and anyone it waits for; one
 * of another company is not found, as if it did not exist.
 */
import { z } from 'zod';
import {
  actsForCompany,
  allows,
  companyUser,
  managerOf,
  purchaseOrdersEnabled,
  subordinatesOf,
  type CompanyUser,
} from '../company/index.ts';
import { sqlNumber, type Database } from '../db.ts';
import type { GraphQlContext } from '../graphql/context.ts';
import { poErrors } from './errors.ts';
import { decodeUid, purchaseOrderById, type PurchaseOrderRow } from './store.ts';

export const RESOURCE = {
  view: 'Magento_PurchaseOrder::view_purchase_orders',
  viewSubordinates: 'Magento_PurchaseOrder::view_purchase_orders_for_subordinates',
  viewCompany: 'Magento_PurchaseOrder::view_purchase_orders_for_company',
  autoApprove: 'Magento_PurchaseOrder::autoapprove_purchase_order',
  superApprove: 'Magento_PurchaseOrderRule::super_approve_purchase_order',
  viewRules: 'Magento_PurchaseOrderRule::view_approval_rules',
  manageRules: 'Magento_PurchaseOrderRule::manage_approval_rules',
  placeOrder: 'Magento_Sales::place_order',
} as const;

/** The signed-in customer acting for their company with purchase orders on, or the call's refusal. */
export function actingUser(context: GraphQlContext): CompanyUser {
  if (context.customerId === undefined) throw poErrors.guest();
  const user = companyUser(context.db, context.customerId);
  if (!actsForCompany(user) || !purchaseOrdersEnabled(context.db, user.companyId)) throw poErrors.disabled();
  return user;
}

/** The acting user if they may use `resource`, else the company's refusal. */
export function userAllowed(context: GraphQlContext, resource: string): CompanyUser {
  const user = actingUser(context);
  if (!allows(user, resource)) throw poErrors.notAllowed();
  return user;
}

const pendingApproverRow = z.object({
  approver_type: z.string(),
  role_id: sqlNumber.nullable(),
  status: sqlNumber,
  customer_id: sqlNumber.nullable(),
});
export type ApproverRow = z.output<typeof pendingApproverRow>;

/** Whether an approver row of an applied rule names the user (their role, or they manage the buyer). */
export function approverMatches(db: Database, user: CompanyUser, po: PurchaseOrderRow, row: ApproverRow) {
  if (row.approver_type === 'admin') return user.isAdmin;
  if (row.approver_type === 'manager') return managerOf(db, po.creator_id) === user.customerId;
  return row.role_id !== null && row.role_id === user.roleId;
}

/** Every approver row of the purchase order's applied rules. */
export const approverRows = (db: Database, poId: number): ApproverRow[] =>
  db.all(
    pendingApproverRow,
    `SELECT a.approver_type, a.role_id, a.status, a.customer_id
       FROM purchase_order_applied_rule_approver a
       JOIN purchase_order_applied_rule r ON r.applied_rule_id = a.applied_rule_id
      WHERE r.purchase_order_id = ?`,
    poId,
  );

/** Whether the user is named by any approver row of the purchase order (acted or not). */
export const isNamedApprover = (db: Database, user: CompanyUser, po: PurchaseOrderRow): boolean =>
  approverRows(db, po.entity_id).some(
    (row) => row.customer_id === user.customerId || approverMatches(db, user, po, row),
  );

/** Whether the user may see the purchase order (it is of their company). */
export function maySee(db: Database, user: CompanyUser, po: PurchaseOrderRow): boolean {
  if (po.company_id !== user.companyId) return false;
  if (po.creator_id === user.customerId) return allows(user, RESOURCE.view);
  if (allows(user, RESOURCE.viewCompany)) return true;
  if (allows(user, RESOURCE.viewSubordinates) && subordinatesOf(db, user.customerId).includes(po.creator_id))
    return true;
  return isNamedApprover(db, user, po);
}

/** The purchase order a uid names if the user may see it; undefined otherwise (not found, to them). */
export function visiblePurchaseOrder(
  db: Database,
  user: CompanyUser,
  uid: string,
): PurchaseOrderRow | undefined {
  const id = decodeUid(uid);
  const po = id === undefined ? undefined : purchaseOrderById(db, id);
  return po && maySee(db, user, po) ? po : undefined;
}
