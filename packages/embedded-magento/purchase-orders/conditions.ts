/**
 * An approval rule's condition (Magento_PurchaseOrderRule's `conditions_serialized`): one attribute
 * compared with an amount or a quantity, as `CreatePurchaseOrderApprovalRuleConditionInput` gives it, and
 * whether a purchase order meets it. The attributes are Adobe's three: the grand total, the delivery incl
 * VAT and the number of different skus. "Contains a Professional machine" (issue 68) is not one: the
 * catalogue has no audience attribute to compare (a product is Professional by its category and its sku's
 * `PRO-` prefix), and Adobe's enum has no such value, so no rule of this back end can say it.
 */
import { z } from 'zod';
import { poErrors } from './errors.ts';
import type { Snapshot } from './store.ts';

export const ATTRIBUTES = ['GRAND_TOTAL', 'SHIPPING_INCL_TAX', 'NUMBER_OF_SKUS'] as const;
export const OPERATORS = [
  'MORE_THAN',
  'LESS_THAN',
  'MORE_THAN_OR_EQUAL_TO',
  'LESS_THAN_OR_EQUAL_TO',
] as const;

export const conditionInput = z.object({
  attribute: z.enum(ATTRIBUTES),
  operator: z.enum(OPERATORS),
  amount: z.object({ currency: z.string(), value: z.number() }).nullish(),
  quantity: z.number().int().nullish(),
});

/** The condition as the rule keeps it. */
export const condition = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('amount'),
    attribute: z.enum(['GRAND_TOTAL', 'SHIPPING_INCL_TAX']),
    operator: z.enum(OPERATORS),
    value: z.number(),
    currency: z.string(),
  }),
  z.object({
    kind: z.literal('quantity'),
    attribute: z.literal('NUMBER_OF_SKUS'),
    operator: z.enum(OPERATORS),
    quantity: z.number().int(),
  }),
]);
export type Condition = z.output<typeof condition>;

/** The input's condition, checked: an amount for the money attributes, a quantity for the skus. */
export function conditionOf(input: z.output<typeof conditionInput>, currency: string): Condition {
  if (input.attribute === 'NUMBER_OF_SKUS') {
    if (input.quantity === null || input.quantity === undefined || input.quantity < 0)
      throw poErrors.ruleInvalid('Required field "quantity" is missing or not a positive number.');
    return {
      kind: 'quantity',
      attribute: input.attribute,
      operator: input.operator,
      quantity: input.quantity,
    };
  }
  if (!input.amount || input.amount.value < 0)
    throw poErrors.ruleInvalid('Required field "amount" is missing or not a positive number.');
  if (input.amount.currency !== currency)
    throw poErrors.ruleInvalid(
      `The currency "${input.amount.currency}" is not available for approval rules.`,
    );
  return {
    kind: 'amount',
    attribute: input.attribute,
    operator: input.operator,
    value: input.amount.value,
    currency: input.amount.currency,
  };
}

const compare = (operator: Condition['operator'], left: number, right: number): boolean => {
  switch (operator) {
    case 'MORE_THAN':
      return left > right;
    case 'LESS_THAN':
      return left < right;
    case 'MORE_THAN_OR_EQUAL_TO':
      return left >= right;
    case 'LESS_THAN_OR_EQUAL_TO':
      return left <= right;
  }
};

/** Whether the purchase order's cart, as snapshotted, meets the condition. */
export function meets(rule: Condition, cart: Snapshot): boolean {
  if (rule.kind === 'quantity')
    return compare(rule.operator, new Set(cart.lines.map((l) => l.sku)).size, rule.quantity);
  const measured = rule.attribute === 'GRAND_TOTAL' ? cart.grand_total : cart.shipping_incl_tax;
  return compare(rule.operator, measured, rule.value);
}
