/**
 * The approval-rule operations the storefront's server sends to Magento's GraphQL: B2B for Adobe Commerce's
 * Magento_PurchaseOrderRule (developer.adobe.com/commerce/webapi/graphql/schema/b2b/purchase-order-rule):
 * the company's rules with what a rule may name, and creating, changing and deleting one, each with the zod
 * schema of its `data`.
 */
import { z } from 'zod';
import type { GraphqlOperation } from '../graphql.ts';
import { actionError, money } from './purchase-orders.ts';

/** `PurchaseOrderApprovalRuleType`: what a rule's condition looks at. */
export const RULE_ATTRIBUTES = ['GRAND_TOTAL', 'SHIPPING_INCL_TAX', 'NUMBER_OF_SKUS'] as const;
export type RuleAttribute = (typeof RULE_ATTRIBUTES)[number];
/** `PurchaseOrderApprovalRuleConditionOperator`. */
export const RULE_OPERATORS = [
  'MORE_THAN',
  'LESS_THAN',
  'MORE_THAN_OR_EQUAL_TO',
  'LESS_THAN_OR_EQUAL_TO',
] as const;
export type RuleOperator = (typeof RULE_OPERATORS)[number];

const role = z.object({ id: z.string(), name: z.string() });
const rule = z.object({
  uid: z.string(),
  name: z.string(),
  description: z.string().nullish(),
  status: z.enum(['ENABLED', 'DISABLED']),
  created_by: z.string().nullish(),
  created_at: z.string().nullish(),
  applies_to_roles: z.array(role.nullable()),
  approver_roles: z.array(role.nullable()),
  condition: z
    .object({
      attribute: z.enum(RULE_ATTRIBUTES).nullish(),
      operator: z.enum(RULE_OPERATORS).nullish(),
      amount: money.nullish(),
      quantity: z.number().int().nullish(),
    })
    .nullish(),
});
export type ApprovalRuleWire = z.infer<typeof rule>;

const RULE_FIELDS = `uid name description status created_by created_at
  applies_to_roles { id name } approver_roles { id name }
  condition { attribute operator
    ... on PurchaseOrderApprovalRuleConditionAmount { amount { value currency } }
    ... on PurchaseOrderApprovalRuleConditionQuantity { quantity } }`;

const metadata = z.object({
  available_applies_to: z.array(role.nullable()),
  available_requires_approval_from: z.array(role.nullable()),
  available_condition_currencies: z
    .array(z.object({ code: z.string(), symbol: z.string().nullish() }).nullable())
    .nullish(),
});
export type ApprovalRuleMetadataWire = z.infer<typeof metadata>;

/** The company's rules and what a rule may name (`purchase_order_approval_rule_metadata`). */
export const READ_APPROVAL_RULES = {
  query: `query StorefrontApprovalRules {
  customer {
    purchase_order_approval_rules(currentPage: 1, pageSize: 100) { items { ${RULE_FIELDS} } }
    purchase_order_approval_rule_metadata {
      available_applies_to { id name } available_requires_approval_from { id name }
      available_condition_currencies { code symbol }
    }
  }
}`,
  reads: true,
  data: z.object({
    customer: z
      .object({
        purchase_order_approval_rules: z.object({ items: z.array(rule.nullable()) }).nullable(),
        purchase_order_approval_rule_metadata: metadata.nullable(),
      })
      .nullable(),
  }),
} satisfies GraphqlOperation<unknown>;

/** `PurchaseOrderApprovalRuleInput` (with `uid`: `UpdatePurchaseOrderApprovalRuleInput`). */
export interface ApprovalRuleInput {
  readonly uid?: string;
  readonly name: string;
  readonly description: string;
  readonly applies_to: readonly string[];
  readonly approvers: readonly string[];
  readonly status: 'ENABLED' | 'DISABLED';
  readonly condition: {
    readonly attribute: RuleAttribute;
    readonly operator: RuleOperator;
    readonly amount?: { readonly value: number; readonly currency: string };
    readonly quantity?: number;
  };
}

export const CREATE_APPROVAL_RULE = {
  query: `mutation StorefrontCreateApprovalRule($input: PurchaseOrderApprovalRuleInput!) {
  createPurchaseOrderApprovalRule(input: $input) { ${RULE_FIELDS} }
}`,
  reads: false,
  data: z.object({ createPurchaseOrderApprovalRule: rule }),
} satisfies GraphqlOperation<unknown>;

export const UPDATE_APPROVAL_RULE = {
  query: `mutation StorefrontUpdateApprovalRule($input: UpdatePurchaseOrderApprovalRuleInput!) {
  updatePurchaseOrderApprovalRule(input: $input) { ${RULE_FIELDS} }
}`,
  reads: false,
  data: z.object({ updatePurchaseOrderApprovalRule: rule }),
} satisfies GraphqlOperation<unknown>;

export const DELETE_APPROVAL_RULE = {
  query: `mutation StorefrontDeleteApprovalRule($uid: ID!) {
  deletePurchaseOrderApprovalRule(input: { approval_rule_uids: [$uid] }) { errors { message type } }
}`,
  reads: false,
  data: z.object({
    deletePurchaseOrderApprovalRule: z.object({ errors: z.array(actionError.nullable()) }),
  }),
} satisfies GraphqlOperation<unknown>;
