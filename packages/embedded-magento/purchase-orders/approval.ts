/**
 * The approval flow (Magento_PurchaseOrderRule's validation and Magento_PurchaseOrder's approval): the
 * company's active rules that apply to the buyer's role and whose condition the purchase order meets are
 * recorded with the approvers each names; none applies, or the buyer's role auto-approves, and the purchase
 * order is approved at once. An approval is final when every approver of every applied rule has approved
 * (or a super approver approved it all); then an order paid offline is placed at once (Adobe does it by a
 * queue consumer; here in the same transaction), and one paid online waits for the buyer's payment. Who may
 * answer which approver line is `authority.ts`'s.
 *
 * Exactly once: the back end is one process on one SQLite connection (`../db.ts`), so a transaction cannot
 * interleave with another request's; within it the status moves only from the state it was read in
 * (`moveStatus`), so of two approvers approving at once the second finds the purchase order approved (or
 * the order placed) and is told it cannot be approved. `purchase_order.order_id` is UNIQUE besides.
 */
import { z } from 'zod';
import { allows, managerOf, type CompanyUser } from '../company/index.ts';
import { magentoDate, sqlNumber, type Database } from '../db.ts';
import { approverRows, RESOURCE, type ApproverRow } from './access.ts';
import { answersFor, isDeferredPayment, soleUserRole } from './authority.ts';
import { meets } from './conditions.ts';
import { activeRules, rolesOf, ADMIN_ROLE, MANAGER_ROLE } from './rules.ts';
import { log, moveStatus, STATUS, type PurchaseOrderRow, type Status } from './store.ts';

const appliesRow = z.object({ n: sqlNumber });

function ruleAppliesToRole(db: Database, ruleId: number, all: boolean, roleId: number | undefined): boolean {
  if (all) return true;
  if (roleId === undefined) return false;
  const row = db.get(
    appliesRow,
    'SELECT COUNT(*) AS n FROM purchase_order_rule_applies_to WHERE rule_id = ? AND role_id = ?',
    ruleId,
    roleId,
  );
  return (row?.n ?? 0) > 0;
}

/** Records the applied rules and their approvers; whether any applied. */
function applyRules(db: Database, po: PurchaseOrderRow, roleId: number | undefined): boolean {
  const now = magentoDate();
  let applied = false;
  for (const rule of activeRules(db, po.company_id)) {
    if (!ruleAppliesToRole(db, rule.rule_id, rule.applies_to_all === 1, roleId)) continue;
    if (!meets(rule.conditions_serialized, po.snapshot_quote)) continue;
    const appliedId = db.run(
      'INSERT INTO purchase_order_applied_rule (purchase_order_id, rule_id, rule_name, created_at) VALUES (?, ?, ?, ?)',
      po.entity_id,
      rule.rule_id,
      rule.name,
      now,
    ).lastInsertRowid;
    const approvers = [
      ...(rule.admin_approval_required ? [{ type: 'admin', roleId: null, name: ADMIN_ROLE.name }] : []),
      // A buyer with no manager (the administrator's own order) has nobody to wait for on this line.
      ...(rule.manager_approval_required && managerOf(db, po.creator_id) !== undefined
        ? [{ type: 'manager', roleId: null, name: MANAGER_ROLE.name }]
        : []),
      ...rolesOf(db, rule, 'approver').map((role) => ({
        type: 'role',
        roleId: role.role_id,
        name: role.role_name,
      })),
    ];
    for (const approver of approvers)
      db.run(
        'INSERT INTO purchase_order_applied_rule_approver (applied_rule_id, approver_type, role_id, role_name) VALUES (?, ?, ?, ?)',
        appliedId,
        approver.type,
        approver.roleId,
        approver.name,
      );
    log(db, po.entity_id, 'apply_rules', { rule: rule.name, increment_id: po.increment_id }, null);
    applied = true;
  }
  return applied;
}

/** What validating a pending purchase order ended in. */
export type Validated = 'approval_required' | 'approved';

/**
 * Validates a PENDING purchase order: auto-approved for a role allowed to, else approved when no rule
 * applies, else approved by its creator's own say (`creatorApproves`), else waiting for approval. Inside
 * the caller's transaction.
 */
export function validate(db: Database, po: PurchaseOrderRow, creator: CompanyUser): Validated {
  db.run('UPDATE purchase_order SET is_validate = 1 WHERE entity_id = ?', po.entity_id);
  if (allows(creator, RESOURCE.autoApprove)) return autoApproved(db, po);
  if (!applyRules(db, po, creator.roleId)) return autoApproved(db, po);
  if (creatorApproves(db, po, creator)) return autoApproved(db, po);
  moveStatus(db, po.entity_id, [STATUS.pending], STATUS.approvalRequired);
  return 'approval_required';
}

function autoApproved(db: Database, po: PurchaseOrderRow): Validated {
  db.run('UPDATE purchase_order SET auto_approve = 1 WHERE entity_id = ?', po.entity_id);
  log(db, po.entity_id, 'auto_approve', { increment_id: po.increment_id }, null);
  return 'approved';
}

/**
 * Adobe's same-role approval (`Validator::processSameRoleAutoApproval`): when a rule that applied names
 * the creator's own role as an approver, the creator's say is taken at once. It counts only for a role
 * whose only active user they are (with colleagues in the role, one of them must approve), and it
 * approves the purchase order outright if it leaves nothing pending or the creator is a super approver.
 */
function creatorApproves(db: Database, po: PurchaseOrderRow, creator: CompanyUser): boolean {
  const pending = approverRows(db, po.entity_id);
  if (!pending.some((row) => row.approver_type === 'role' && row.role_id === creator.roleId)) return false;
  // With colleagues in the role, the creator has no say at all, super approver or not.
  if (creator.roleId === undefined || !soleUserRole(db, creator.roleId)) return false;
  markAnswered(db, creator, po, 1, false);
  return fullyApproved(db, po.entity_id) || allows(creator, RESOURCE.superApprove);
}

/** The status an approved purchase order takes: APPROVED, or APPROVED_PENDING_PAYMENT for a deferred one. */
export const approvedStatus = (po: PurchaseOrderRow): Status =>
  isDeferredPayment(po) ? STATUS.approvedPendingPayment : STATUS.approved;

const pendingRow = z.object({
  applied_rule_approver_id: sqlNumber,
  approver_type: z.string(),
  role_id: sqlNumber.nullable(),
  status: sqlNumber,
  customer_id: sqlNumber.nullable(),
});

/** The purchase order's approver lines still waiting. */
export const pendingRows = (db: Database, poId: number) =>
  db.all(
    pendingRow,
    `SELECT a.applied_rule_approver_id, a.approver_type, a.role_id, a.status, a.customer_id
       FROM purchase_order_applied_rule_approver a
       JOIN purchase_order_applied_rule r ON r.applied_rule_id = a.applied_rule_id
      WHERE r.purchase_order_id = ? AND a.status = 0`,
    poId,
  );

/**
 * Marks the lines the user answers for approved (1) or rejected (2), every pending one for a super
 * approver (`everything`).
 */
function markAnswered(
  db: Database,
  user: CompanyUser,
  po: PurchaseOrderRow,
  status: 1 | 2,
  everything: boolean,
): void {
  const mine = (row: ApproverRow) => everything || answersFor(db, user, po, row);
  for (const row of pendingRows(db, po.entity_id).filter(mine))
    db.run(
      'UPDATE purchase_order_applied_rule_approver SET status = ?, customer_id = ?, updated_at = ? WHERE applied_rule_approver_id = ?',
      status,
      user.customerId,
      magentoDate(),
      row.applied_rule_approver_id,
    );
  db.run(
    `UPDATE purchase_order_applied_rule SET is_approved = 1 WHERE purchase_order_id = ? AND applied_rule_id NOT IN
       (SELECT applied_rule_id FROM purchase_order_applied_rule_approver WHERE status <> 1)`,
    po.entity_id,
  );
}

/**
 * The approval of a user who may answer (`authority.ts`), inside the caller's transaction: their lines (a
 * super approver's, all) approved, the user added to `approved_by`; whether it is final.
 */
export function recordApproval(db: Database, user: CompanyUser, po: PurchaseOrderRow): boolean {
  const superApprover = allows(user, RESOURCE.superApprove);
  markAnswered(db, user, po, 1, superApprover);
  db.run(
    `UPDATE purchase_order SET approved_by = json_insert(approved_by, '$[#]', ?) WHERE entity_id = ?`,
    user.customerId,
    po.entity_id,
  );
  return superApprover || fullyApproved(db, po.entity_id);
}

/** The rejection of a user who may answer, inside the caller's transaction: their lines rejected. */
export const recordRejection = (db: Database, user: CompanyUser, po: PurchaseOrderRow): void =>
  markAnswered(db, user, po, 2, false);

/** Whether every approver of every applied rule has approved. */
export const fullyApproved = (db: Database, poId: number): boolean =>
  approverRows(db, poId).every((row) => row.status === 1);
