/**
 * Approval rules (Magento_PurchaseOrderRule) as the company pages and the storefront server share them: the
 * conditions Adobe offers (the order total, delivery incl. VAT over an amount, the number of different
 * products), the rule the form sends, and the form's problems in the shopper's words. The "order
 * total over £2,500" and "delivery over £100" are the first two; "contains a Professional machine" has no
 * condition in Adobe's schema (`PurchaseOrderApprovalRuleType`), so it is not offered.
 */
import { z } from '../../magento/wire/zod.ts';
import { approvalRuleTexts as t } from './texts.ts';

// Adobe's condition types and operators, as the wire names them.
import {
  RULE_ATTRIBUTES,
  RULE_OPERATORS,
  type RuleAttribute,
  type RuleOperator,
} from '../../magento/wire/purchase-order-rules.ts';

export { RULE_ATTRIBUTES, RULE_OPERATORS, type RuleAttribute, type RuleOperator };

export const MAX_RULE_NAME = 255;
const MAX_AMOUNT = 100_000_000;

/** Whether a condition counts products (a whole number) rather than money (pounds). */
export const countsProducts = (attribute: RuleAttribute): boolean => attribute === 'NUMBER_OF_SKUS';

const role = z.object({ id: z.string(), name: z.string() });
export type CompanyRole = z.infer<typeof role>;

export const ruleCondition = z.object({
  attribute: z.enum(RULE_ATTRIBUTES),
  operator: z.enum(RULE_OPERATORS),
  /** Pounds, for the order total and delivery. */
  amount: z.number().positive().max(MAX_AMOUNT).optional(),
  /** Products, for the number of different products. */
  quantity: z.number().int().positive().max(100_000).optional(),
});
export type RuleCondition = z.infer<typeof ruleCondition>;

/** A rule as the form sends it (and the server checks it): roles by Adobe's ids. */
export const ruleBody = z
  .object({
    name: z.string().trim().min(1).max(MAX_RULE_NAME),
    description: z.string().max(2000).default(''),
    enabled: z.boolean(),
    appliesTo: z.array(z.string().min(1)).max(200),
    approvers: z.array(z.string().min(1)).min(1).max(200),
    condition: ruleCondition,
  })
  .refine(({ condition }) =>
    countsProducts(condition.attribute) ? condition.quantity !== undefined : condition.amount !== undefined,
  );
export type RuleBody = z.infer<typeof ruleBody>;

/** A rule as the list shows it. */
export const approvalRule = z.object({
  uid: z.string(),
  name: z.string(),
  description: z.string(),
  enabled: z.boolean(),
  appliesTo: z.array(role),
  approvers: z.array(role),
  condition: ruleCondition.nullable(),
});
export type ApprovalRule = z.infer<typeof approvalRule>;

export const rulesAnswer = z.object({
  rules: z.array(approvalRule),
  /** The roles a rule may apply to, and those it may ask to approve (Adobe's metadata). */
  appliesTo: z.array(role),
  approvers: z.array(role),
  /** Whether the customer may create, edit and delete rules. */
  canManage: z.boolean(),
});
export type RulesAnswer = z.infer<typeof rulesAnswer>;

/** What the form holds, as typed. */
export interface RuleForm {
  readonly name: string;
  readonly description: string;
  readonly enabled: boolean;
  readonly appliesTo: readonly string[];
  readonly approvers: readonly string[];
  readonly attribute: RuleAttribute;
  readonly operator: RuleOperator;
  /** Pounds or products, as typed. */
  readonly value: string;
}

export type RuleField = 'name' | 'value' | 'approvers';

/** The amount or count typed, if it is one the condition takes. */
function conditionValue(attribute: RuleAttribute, typed: string): number | undefined {
  const cleaned = typed.replace(/[£,\s]/g, '');
  if (countsProducts(attribute))
    return /^\d{1,6}$/.test(cleaned) && Number(cleaned) > 0 ? Number(cleaned) : undefined;
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(cleaned)) return undefined;
  const amount = Number(cleaned);
  return amount > 0 && amount <= MAX_AMOUNT ? amount : undefined;
}

/** What is wrong with the form, by field; empty when it can be sent. */
export function ruleProblems(form: RuleForm): Partial<Record<RuleField, string>> {
  const problems: Partial<Record<RuleField, string>> = {};
  const name = form.name.trim();
  if (name === '') problems.name = t.nameRequired;
  else if ([...name].length > MAX_RULE_NAME) problems.name = t.nameTooLong(MAX_RULE_NAME);
  if (conditionValue(form.attribute, form.value) === undefined)
    problems.value = countsProducts(form.attribute) ? t.quantityRequired : t.amountRequired;
  if (form.approvers.length === 0) problems.approvers = t.approversRequired;
  return problems;
}

/** The rule the form sends; undefined while it has problems. */
export function ruleFromForm(form: RuleForm): RuleBody | undefined {
  if (Object.keys(ruleProblems(form)).length > 0) return undefined;
  const value = conditionValue(form.attribute, form.value);
  if (value === undefined) return undefined;
  const { attribute, operator } = form;
  return {
    name: form.name.trim(),
    description: form.description.trim(),
    enabled: form.enabled,
    appliesTo: [...form.appliesTo],
    approvers: [...form.approvers],
    condition: countsProducts(attribute)
      ? { attribute, operator, quantity: value }
      : { attribute, operator, amount: value },
  };
}

/** The form filled from a rule, to edit it. */
export const formOfRule = (rule: ApprovalRule): RuleForm => ({
  name: rule.name,
  description: rule.description,
  enabled: rule.enabled,
  appliesTo: rule.appliesTo.map((each) => each.id),
  approvers: rule.approvers.map((each) => each.id),
  attribute: rule.condition?.attribute ?? 'GRAND_TOTAL',
  operator: rule.condition?.operator ?? 'MORE_THAN',
  value: String(rule.condition?.amount ?? rule.condition?.quantity ?? ''),
});

export const EMPTY_RULE_FORM: RuleForm = {
  name: '',
  description: '',
  enabled: true,
  appliesTo: [],
  approvers: [],
  attribute: 'GRAND_TOTAL',
  operator: 'MORE_THAN',
  value: '',
};

/** The condition in words: "Order total is more than £2,500.00". */
export function conditionText(condition: RuleCondition | null): string {
  if (!condition) return '';
  const value = countsProducts(condition.attribute)
    ? String(condition.quantity ?? '')
    : t.price(condition.amount ?? 0);
  return t.conditionText(t.attribute[condition.attribute], t.operator[condition.operator], value);
}
