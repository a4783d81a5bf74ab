/**
 * Who may act on a purchase order, and in which states, as Magento_PurchaseOrder's action validators
 * (`Validator\ActionReady\*`) and customer authorizations (`Customer\Authorization\*`, with
 * Magento_PurchaseOrderRule's plugin on approve and reject) decide it. Separation of duties is theirs: a
 * purchase order's creator never approves or rejects it by a role they share with its approvers, and their
 * manager is whoever stands above them in the company's tree. The company administrator may answer any of
 * the company's purchase orders (and, exempt from approval, places none that waits).
 */
import { z } from 'zod';
import { subordinatesOf, type CompanyUser } from '../company/index.ts';
import { sqlNumber, type Database } from '../db.ts';
import type { ApproverRow } from './access.ts';
import { STATUS, type PurchaseOrderRow, type Status } from './store.ts';

/** The states each action may start from (`ActionReady` validators). */
export const READY: Readonly<Record<'approve' | 'reject' | 'cancel' | 'placeOrder', readonly Status[]>> = {
  approve: [STATUS.approvalRequired, STATUS.pending],
  reject: [STATUS.approvalRequired, STATUS.pending],
  cancel: [STATUS.approvalRequired, STATUS.approvedPendingPayment, STATUS.pending, STATUS.orderFailed],
  placeOrder: [STATUS.approved, STATUS.orderFailed],
};

/**
 * Magento's offline payment methods (`isOffline()`): Check / Money order, Bank Transfer, Cash on Delivery,
 * Purchase Order, Zero Subtotal Checkout and B2B's company credit. A purchase order paid with one is placed
 * by the store once approved (the `purchaseorder.toorder` consumer); one paid any other way is a deferred
 * payment, approved pending the buyer's payment (`DeferredPaymentStrategy`).
 */
const OFFLINE_METHODS: ReadonlySet<string> = new Set([
  'checkmo',
  'banktransfer',
  'cashondelivery',
  'purchaseorder',
  'free',
  'companycredit',
]);

export const isDeferredPayment = (po: Pick<PurchaseOrderRow, 'payment_method'>): boolean =>
  !OFFLINE_METHODS.has(po.payment_method);

/** Whether the user stands above the purchase order's creator in the company's tree. */
const managesCreator = (db: Database, user: CompanyUser, po: PurchaseOrderRow): boolean =>
  subordinatesOf(db, user.customerId).includes(po.creator_id);

const activeRow = z.object({ n: sqlNumber });

/** Whether the role has at most one active user (then its only user answers for it, their own too). */
export function soleUserRole(db: Database, roleId: number): boolean {
  const row = db.get(
    activeRow,
    `SELECT COUNT(*) AS n FROM company_user_roles r
       JOIN company_advanced_customer_entity a ON a.customer_id = r.user_id
      WHERE r.role_id = ? AND a.status = 1`,
    roleId,
  );
  return (row?.n ?? 0) <= 1;
}

/**
 * Whether the user's approval counts for an approver line (`RuleApproval::customerCanApprove`): a role's
 * line by a user of that role (the creator only when they are the role's only active user), the
 * administrator's by the administrator, the manager's by anyone above the creator.
 */
export function answersFor(db: Database, user: CompanyUser, po: PurchaseOrderRow, row: ApproverRow): boolean {
  if (row.approver_type === 'admin') return user.isAdmin;
  if (row.approver_type === 'manager') return managesCreator(db, user, po);
  if (row.role_id === null || row.role_id !== user.roleId) return false;
  return user.customerId !== po.creator_id || soleUserRole(db, row.role_id);
}

/**
 * Whether the user may approve or reject the purchase order (`ApproveRejectPurchaseOrderPlugin`): the
 * company administrator always; anyone else only for a pending line of their role (never their own purchase
 * order) or as the creator's manager.
 */
export function mayAnswer(
  db: Database,
  user: CompanyUser,
  po: PurchaseOrderRow,
  pending: readonly ApproverRow[],
): boolean {
  if (po.company_id !== user.companyId) return false;
  if (user.isAdmin) return true;
  return pending.some((row) =>
    row.approver_type === 'role'
      ? row.role_id !== null && row.role_id === user.roleId && po.creator_id !== user.customerId
      : row.approver_type === 'manager' && managesCreator(db, user, po),
  );
}

/** Whether the user may cancel it (`CancelPurchaseOrder`): its creator, or anyone above them. */
export const mayCancel = (db: Database, user: CompanyUser, po: PurchaseOrderRow): boolean =>
  po.company_id === user.companyId && (po.creator_id === user.customerId || managesCreator(db, user, po));

/**
 * Whether the user may place its order (`Customer\Authorization\PlaceOrder`): paid offline, the company
 * administrator (the store places it on approval; this is a second try); paid later, its creator once the
 * payment is due or the order failed.
 */
export function mayPlaceOrder(user: CompanyUser, po: PurchaseOrderRow): boolean {
  if (po.company_id !== user.companyId) return false;
  if (!isDeferredPayment(po)) return user.isAdmin;
  const due: readonly Status[] = [STATUS.approvedPendingPayment, STATUS.orderFailed];
  return due.includes(po.status) && po.creator_id === user.customerId;
}
