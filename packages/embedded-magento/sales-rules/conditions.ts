/**
 * A cart price rule's conditions in Magento's own shape (`ConditionInterface`): a Combine
 * (`aggregator_type` all/any, `value` "1" for "are TRUE", "0" for "are FALSE") of Address conditions on
 * the cart's subtotal, subtotal after discount, item quantity or weight, or of further Combines. Checked
 * when a rule is saved (anything else is refused, naming the field), evaluated on every totals
 * collection (`Rule\Condition\Combine::validate`, `Address::validate`).
 */
import { z } from 'zod';
import { errors } from '../errors.ts';
import type { ConditionInput } from './dto.ts';
import { isOneOf } from '@cleaning-shop/kit/reader.ts';

export const COMBINE = 'Magento\\SalesRule\\Model\\Rule\\Condition\\Combine';
export const ADDRESS = 'Magento\\SalesRule\\Model\\Rule\\Condition\\Address';
export const PRODUCT_COMBINE = 'Magento\\SalesRule\\Model\\Rule\\Condition\\Product\\Combine';

/** The address attributes a condition may test, as the quote address holds them during collection. */
export interface AddressFacts {
  /** Σ row totals. */
  readonly base_subtotal: number;
  /** The subtotal less the discounts of the rules applied before this one. */
  readonly base_subtotal_with_discount: number;
  /** Σ item quantities. */
  readonly total_qty: number;
  /** Σ product weight × quantity, in kg. */
  readonly weight: number;
}

const ATTRIBUTES: readonly (keyof AddressFacts)[] = [
  'base_subtotal',
  'base_subtotal_with_discount',
  'total_qty',
  'weight',
];
const OPERATORS = ['==', '!=', '>=', '<=', '>', '<'] as const;
type Operator = (typeof OPERATORS)[number];

/** A condition as it is stored and answered: the fields Magento keeps, in `ConditionInterface` order. */
export interface Condition {
  readonly condition_type: string;
  readonly conditions?: readonly Condition[] | undefined;
  readonly aggregator_type?: string | undefined;
  readonly operator: string | null;
  readonly attribute_name?: string | undefined;
  readonly value: string | null;
}

/** A condition read back from the rule's column. */
export const storedCondition: z.ZodType<Condition> = z.object({
  condition_type: z.string(),
  conditions: z.array(z.lazy(() => storedCondition)).optional(),
  aggregator_type: z.string().optional(),
  operator: z.string().nullable(),
  attribute_name: z.string().optional(),
  value: z.string().nullable(),
});

const isOperator = (value: string): value is Operator => isOneOf(OPERATORS, value);
const isAttribute = (value: string): value is keyof AddressFacts => isOneOf(ATTRIBUTES, value);

/** The saved form of a rule's `condition`; refuses a type, attribute, operator or value it cannot evaluate. */
export function parseCondition(input: ConditionInput, combineType = COMBINE): Condition {
  const type = input.condition_type ?? '';
  if (type === combineType) {
    const children = (input.conditions ?? []).flatMap((child) => (child ? [parseCondition(child)] : []));
    const aggregator = input.aggregator_type ?? 'all';
    if (aggregator !== 'all' && aggregator !== 'any')
      throw errors.invalidFieldValue('aggregator_type', aggregator);
    return {
      condition_type: type,
      ...(children.length > 0 ? { conditions: children } : {}),
      aggregator_type: aggregator,
      operator: input.operator ?? null,
      value: input.value ?? null,
    };
  }
  if (type !== ADDRESS || combineType !== COMBINE) throw errors.invalidFieldValue('condition_type', type);
  const attribute = input.attribute_name ?? '';
  if (!isAttribute(attribute)) throw errors.invalidFieldValue('attribute_name', attribute);
  const operator = input.operator ?? '';
  if (!isOperator(operator)) throw errors.invalidFieldValue('operator', operator);
  const value = (input.value ?? '').trim();
  if (value === '' || !Number.isFinite(Number(value))) throw errors.invalidFieldValue('value', value);
  return { condition_type: type, operator, attribute_name: attribute, value };
}

/**
 * The saved form of `action_condition`: which items a rule's action reaches. Only "every item" (an empty
 * product Combine) is served here; a rule narrowed to some products is refused rather than applied to
 * all of them.
 */
export function parseActionCondition(input: ConditionInput): Condition {
  const first = (input.conditions ?? []).find((child) => child !== null);
  if (first) throw errors.invalidFieldValue('action_condition', first.condition_type ?? '');
  return parseCondition(input, PRODUCT_COMBINE);
}

/** A Combine's "are TRUE"/"are FALSE": anything but "0" reads as TRUE, as a new Combine starts. */
const wantsTrue = (value: string | null): boolean => value !== '0' && value !== '';

function compare(actual: number, operator: Operator, expected: number): boolean {
  // Money and weights to four decimals, as Magento's decimal(12,4) columns hold them.
  const a = Math.round(actual * 10_000);
  const b = Math.round(expected * 10_000);
  switch (operator) {
    case '==':
      return a === b;
    case '!=':
      return a !== b;
    case '>=':
      return a >= b;
    case '<=':
      return a <= b;
    case '>':
      return a > b;
    case '<':
      return a < b;
  }
}

/** `Combine::validate` / `Address::validate` against the cart's facts. */
export function conditionHolds(condition: Condition, facts: AddressFacts): boolean {
  if (condition.condition_type !== COMBINE && condition.condition_type !== PRODUCT_COMBINE) {
    const attribute = condition.attribute_name ?? '';
    const operator = condition.operator ?? '';
    if (!isAttribute(attribute) || !isOperator(operator)) return false;
    return compare(facts[attribute], operator, Number(condition.value));
  }
  const children = condition.conditions ?? [];
  if (children.length === 0) return true;
  const all = condition.aggregator_type !== 'any';
  const want = wantsTrue(condition.value);
  for (const child of children) {
    const holds = conditionHolds(child, facts);
    if (all && holds !== want) return false;
    if (!all && holds === want) return true;
  }
  return all;
}
