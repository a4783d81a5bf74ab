/**
 * The company's approval rules in Magento (Magento_PurchaseOrderRule through Adobe's GraphQL): the list with
 * the roles a rule may name, and creating, editing and deleting a rule, always with the token of the
 * customer asking. Money goes to Magento in the shop's currency (GBP).
 */
import { magentoGraphql, type MagentoGraphqlConfig } from '../../magento/graphql.ts';
import {
  CREATE_APPROVAL_RULE,
  DELETE_APPROVAL_RULE,
  READ_APPROVAL_RULES,
  UPDATE_APPROVAL_RULE,
  type ApprovalRuleInput,
  type ApprovalRuleWire,
} from '../../magento/wire/purchase-order-rules.ts';
import { PurchaseOrderRefused } from './purchase-orders.server.ts';
import type { ApprovalRule, CompanyRole, RuleBody, RulesAnswer } from './rules.ts';

const CURRENCY = 'GBP';

const rolesOf = (roles: readonly (CompanyRole | null)[]): CompanyRole[] =>
  roles.flatMap((each) => (each ? [{ id: each.id, name: each.name }] : []));

function conditionOf(wire: ApprovalRuleWire): ApprovalRule['condition'] {
  const condition = wire.condition;
  if (!condition?.attribute || !condition.operator) return null;
  const { attribute, operator } = condition;
  if (attribute === 'NUMBER_OF_SKUS')
    return condition.quantity == null ? null : { attribute, operator, quantity: condition.quantity };
  const amount = condition.amount?.value;
  return amount == null ? null : { attribute, operator, amount };
}

const toRule = (wire: ApprovalRuleWire): ApprovalRule => ({
  uid: wire.uid,
  name: wire.name,
  description: wire.description ?? '',
  enabled: wire.status === 'ENABLED',
  appliesTo: rolesOf(wire.applies_to_roles),
  approvers: rolesOf(wire.approver_roles),
  condition: conditionOf(wire),
});

/** The rules and the roles a rule may name; `canManage` is the caller's to say (it knows the role). */
export async function readApprovalRules(
  magento: MagentoGraphqlConfig,
  token: string,
  canManage: boolean,
): Promise<RulesAnswer> {
  const data = await magentoGraphql(magento, READ_APPROVAL_RULES, { token });
  const rules = data.customer?.purchase_order_approval_rules?.items ?? [];
  const metadata = data.customer?.purchase_order_approval_rule_metadata;
  return {
    rules: rules.flatMap((each) => (each ? [toRule(each)] : [])),
    appliesTo: rolesOf(metadata?.available_applies_to ?? []),
    approvers: rolesOf(metadata?.available_requires_approval_from ?? []),
    canManage,
  };
}

function inputOf(body: RuleBody): ApprovalRuleInput {
  const { attribute, operator, amount, quantity } = body.condition;
  return {
    name: body.name,
    description: body.description,
    status: body.enabled ? 'ENABLED' : 'DISABLED',
    applies_to: body.appliesTo,
    approvers: body.approvers,
    condition:
      attribute === 'NUMBER_OF_SKUS'
        ? { attribute, operator, quantity: quantity ?? 0 }
        : { attribute, operator, amount: { value: amount ?? 0, currency: CURRENCY } },
  };
}

export async function createApprovalRule(
  magento: MagentoGraphqlConfig,
  token: string,
  body: RuleBody,
): Promise<ApprovalRule> {
  const data = await magentoGraphql(magento, CREATE_APPROVAL_RULE, {
    token,
    variables: { input: inputOf(body) },
  });
  return toRule(data.createPurchaseOrderApprovalRule);
}

export async function updateApprovalRule(
  magento: MagentoGraphqlConfig,
  token: string,
  uid: string,
  body: RuleBody,
): Promise<ApprovalRule> {
  const input = { uid, ...inputOf(body) };
  const data = await magentoGraphql(magento, UPDATE_APPROVAL_RULE, { token, variables: { input } });
  return toRule(data.updatePurchaseOrderApprovalRule);
}

export async function deleteApprovalRule(
  magento: MagentoGraphqlConfig,
  token: string,
  uid: string,
): Promise<void> {
  const data = await magentoGraphql(magento, DELETE_APPROVAL_RULE, { token, variables: { uid } });
  const error = data.deletePurchaseOrderApprovalRule.errors.find((each) => each !== null);
  if (!error) return;
  throw new PurchaseOrderRefused(error.type === 'NOT_FOUND' ? 'not-found' : 'refused', error.message);
}
