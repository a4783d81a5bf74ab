/**
 * The company's approval rules (Magento_PurchaseOrderRuleGraphQl): create, update, delete, list, one and
 * the form's metadata. Reading needs "View Approval Rules", writing "Create, Edit and Delete"; a rule of
 * another company is not found. `approvers` are company role uids, and two that are no role: the company
 * administrator and the buyer's manager, whose uids here are base64 of "admin" and "manager" (derived: Adobe
 * does not document them; its metadata lists them as "Company Administrator" and "Purchaser's Manager").
 */
import { z } from 'zod';
import type { CompanyUser } from '../company/index.ts';
import { magentoDate, sqlNumber, type Database } from '../db.ts';
import type { GraphQlContext } from '../graphql/context.ts';
import { RESOURCE, userAllowed } from './access.ts';
import { condition, conditionInput, conditionOf, type Condition } from './conditions.ts';
import { actionErrors, poErrors } from './errors.ts';
import { decodeUid, encodeUid, fullName, personById } from './store.ts';

export const ADMIN_UID = Buffer.from('admin').toString('base64');
export const MANAGER_UID = Buffer.from('manager').toString('base64');
export const ADMIN_ROLE = { id: ADMIN_UID, name: 'Company Administrator' };
export const MANAGER_ROLE = { id: MANAGER_UID, name: "Purchaser's Manager" };

const roleRow = z.object({ role_id: sqlNumber, role_name: z.string() });
export const ruleRow = z.object({
  rule_id: sqlNumber,
  name: z.string(),
  description: z.string().nullable(),
  is_active: sqlNumber,
  company_id: sqlNumber,
  conditions_serialized: z.string().transform((text) => condition.parse(JSON.parse(text))),
  applies_to_all: sqlNumber,
  admin_approval_required: sqlNumber,
  manager_approval_required: sqlNumber,
  created_by: sqlNumber.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type RuleRow = z.output<typeof ruleRow>;

export const companyRoles = (db: Database, companyId: number) =>
  db.all(
    roleRow,
    'SELECT role_id, role_name FROM company_roles WHERE company_id = ? ORDER BY sort_order, role_id',
    companyId,
  );

export const roleNode = (role: z.output<typeof roleRow>) => ({
  id: encodeUid(role.role_id),
  name: role.role_name,
});

export const rolesOf = (db: Database, rule: RuleRow, table: 'applies_to' | 'approver') =>
  db.all(
    roleRow,
    `SELECT r.role_id, r.role_name FROM purchase_order_rule_${table} t
       JOIN company_roles r ON r.role_id = t.role_id WHERE t.rule_id = ? ORDER BY r.role_id`,
    rule.rule_id,
  );

export const activeRules = (db: Database, companyId: number): RuleRow[] =>
  db.all(
    ruleRow,
    'SELECT * FROM purchase_order_rule WHERE company_id = ? AND is_active = 1 ORDER BY rule_id',
    companyId,
  );

function conditionNode(rule: Condition) {
  return rule.kind === 'amount'
    ? {
        __typename: 'PurchaseOrderApprovalRuleConditionAmount',
        attribute: rule.attribute,
        operator: rule.operator,
        amount: { value: rule.value, currency: rule.currency },
      }
    : { __typename: 'PurchaseOrderApprovalRuleConditionQuantity', ...rule };
}

/** `PurchaseOrderApprovalRule`. */
export function ruleNode(db: Database, rule: RuleRow) {
  return {
    uid: encodeUid(rule.rule_id),
    name: rule.name,
    description: rule.description,
    status: rule.is_active === 1 ? 'ENABLED' : 'DISABLED',
    created_at: rule.created_at,
    updated_at: rule.updated_at,
    created_by: fullName(rule.created_by === null ? undefined : personById(db, rule.created_by)),
    applies_to_roles: () => rolesOf(db, rule, 'applies_to').map(roleNode),
    approver_roles: () => [
      ...(rule.admin_approval_required ? [ADMIN_ROLE] : []),
      ...(rule.manager_approval_required ? [MANAGER_ROLE] : []),
      ...rolesOf(db, rule, 'approver').map(roleNode),
    ],
    condition: conditionNode(rule.conditions_serialized),
  };
}

export function companyRule(db: Database, user: CompanyUser, uid: string): RuleRow | undefined {
  const id = decodeUid(uid);
  if (id === undefined) return undefined;
  return db.get(
    ruleRow,
    'SELECT * FROM purchase_order_rule WHERE rule_id = ? AND company_id = ?',
    id,
    user.companyId,
  );
}

/** Role uids as the company's role ids; an unknown one refuses the input. */
function roleIds(db: Database, user: CompanyUser, uids: readonly (string | null)[]): number[] {
  const known = new Set(companyRoles(db, user.companyId).map((role) => role.role_id));
  return uids.map((uid) => {
    const id = decodeUid(uid ?? '');
    if (id === undefined || !known.has(id))
      throw poErrors.ruleInvalid(`Role with ID "${uid ?? ''}" does not exist.`);
    return id;
  });
}

const ruleFields = z.object({
  name: z.string(),
  description: z.string().nullish(),
  status: z.enum(['ENABLED', 'DISABLED']),
  applies_to: z.array(z.string().nullable()),
  approvers: z.array(z.string().nullable()),
  condition: conditionInput,
});
type RuleFields = z.output<typeof ruleFields>;

/** The rule's role lists replaced: whom it applies to, who approves. */
function saveRoleLists(
  db: Database,
  ruleId: number,
  appliesTo: readonly number[],
  approvers: readonly number[],
) {
  for (const table of ['applies_to', 'approver'] as const) {
    db.run(`DELETE FROM purchase_order_rule_${table} WHERE rule_id = ?`, ruleId);
    for (const roleId of table === 'applies_to' ? appliesTo : approvers)
      db.run(
        `INSERT OR IGNORE INTO purchase_order_rule_${table} (rule_id, role_id) VALUES (?, ?)`,
        ruleId,
        roleId,
      );
  }
}

/** Writes the rule's columns and role lists (a new rule when `ruleId` is undefined); its id. */
function saveRule(
  db: Database,
  user: CompanyUser,
  fields: RuleFields,
  currency: string,
  ruleId?: number,
): number {
  const name = fields.name.trim();
  if (name === '') throw poErrors.ruleInvalid('Required field "name" is missing.');
  const approverUids = fields.approvers.filter((uid) => uid !== ADMIN_UID && uid !== MANAGER_UID);
  if (fields.approvers.length === 0) throw poErrors.ruleInvalid('Required field "approvers" is missing.');
  const approvers = roleIds(db, user, approverUids);
  const appliesTo = roleIds(db, user, fields.applies_to);
  const taken = db.get(
    z.object({ rule_id: sqlNumber }),
    'SELECT rule_id FROM purchase_order_rule WHERE company_id = ? AND name = ? AND rule_id <> ?',
    user.companyId,
    name,
    ruleId ?? 0,
  );
  if (taken) throw poErrors.ruleNameTaken();
  const now = magentoDate();
  const columns = [
    name,
    fields.description ?? null,
    fields.status === 'ENABLED' ? 1 : 0,
    JSON.stringify(conditionOf(fields.condition, currency)),
    appliesTo.length === 0 ? 1 : 0,
    fields.approvers.includes(ADMIN_UID) ? 1 : 0,
    fields.approvers.includes(MANAGER_UID) ? 1 : 0,
  ] as const;
  const id =
    ruleId ??
    db.run(
      `INSERT INTO purchase_order_rule (name, description, is_active, conditions_serialized, applies_to_all,
         admin_approval_required, manager_approval_required, company_id, created_by, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ...columns,
      user.companyId,
      user.customerId,
      now,
      now,
    ).lastInsertRowid;
  if (ruleId !== undefined)
    db.run(
      `UPDATE purchase_order_rule SET name = ?, description = ?, is_active = ?, conditions_serialized = ?,
         applies_to_all = ?, admin_approval_required = ?, manager_approval_required = ?, updated_at = ?
       WHERE rule_id = ?`,
      ...columns,
      now,
      ruleId,
    );
  saveRoleLists(db, id, appliesTo, approvers);
  return id;
}

const ruleById = (db: Database, id: number) =>
  db.get(ruleRow, 'SELECT * FROM purchase_order_rule WHERE rule_id = ?', id);

/** `createPurchaseOrderApprovalRule`. */
export function createRule(args: unknown, context: GraphQlContext) {
  const user = userAllowed(context, RESOURCE.manageRules);
  const input = z.object({ input: ruleFields }).parse(args).input;
  const { db } = context;
  const id = db.transaction(() => saveRule(db, user, input, context.store.currency));
  const rule = ruleById(db, id);
  return rule && ruleNode(db, rule);
}

const updateInput = z.object({
  input: ruleFields.partial().extend({ uid: z.string() }),
});

/** The rule id a uid names, as Adobe's messages give it (the uid itself when it names none). */
const idOf = (uid: string): string => String(decodeUid(uid) ?? uid);

/** `updatePurchaseOrderApprovalRule`: the fields sent replace the rule's, the others stay. */
export function updateRule(args: unknown, context: GraphQlContext) {
  const user = userAllowed(context, RESOURCE.manageRules);
  const input = updateInput.parse(args).input;
  const { db } = context;
  const id = db.transaction(() => {
    const rule = companyRule(db, user, input.uid);
    if (!rule) throw poErrors.ruleNotFound(idOf(input.uid));
    const kept = rule.conditions_serialized;
    const fields: RuleFields = {
      name: input.name ?? rule.name,
      description: input.description === undefined ? rule.description : input.description,
      status: input.status ?? (rule.is_active === 1 ? 'ENABLED' : 'DISABLED'),
      applies_to: input.applies_to ?? rolesOf(db, rule, 'applies_to').map((role) => encodeUid(role.role_id)),
      approvers: input.approvers ?? [
        ...(rule.admin_approval_required ? [ADMIN_UID] : []),
        ...(rule.manager_approval_required ? [MANAGER_UID] : []),
        ...rolesOf(db, rule, 'approver').map((role) => encodeUid(role.role_id)),
      ],
      condition:
        input.condition ??
        (kept.kind === 'amount'
          ? {
              attribute: kept.attribute,
              operator: kept.operator,
              amount: { value: kept.value, currency: kept.currency },
            }
          : { attribute: kept.attribute, operator: kept.operator, quantity: kept.quantity }),
    };
    return saveRule(db, user, fields, context.store.currency, rule.rule_id);
  });
  const rule = ruleById(db, id);
  return rule && ruleNode(db, rule);
}

/** `deletePurchaseOrderApprovalRule`: each uid deleted, or a NOT_FOUND entry for it. */
export function deleteRules(args: unknown, context: GraphQlContext) {
  const user = userAllowed(context, RESOURCE.manageRules);
  const uids = z
    .object({ input: z.object({ approval_rule_uids: z.array(z.string().nullable()) }) })
    .parse(args).input.approval_rule_uids;
  const errors: { message: string; type: string }[] = [];
  context.db.transaction(() => {
    for (const uid of uids) {
      const rule = companyRule(context.db, user, uid ?? '');
      if (!rule) errors.push(actionErrors.ruleNotFound(idOf(uid ?? '')));
      else context.db.run('DELETE FROM purchase_order_rule WHERE rule_id = ?', rule.rule_id);
    }
  });
  return { errors };
}
