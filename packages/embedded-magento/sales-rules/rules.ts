/**
 * Cart price rules (`RuleRepositoryInterface`, COMMERCE-BASICS.md §1.5): the stored row and the rule the
 * cart reads from it, read back in `RuleInterface`'s getter order, searched with searchCriteria, deleted
 * with their coupons; saved from `RuleInterface` by `write.ts`. A rule holds no coupon code: its coupons are
 * `coupons.ts`'s.
 */
import { z } from 'zod';
import { sqlNumber, type Database } from '../db.ts';
import { errors } from '../errors.ts';
import { isRecord, jsonArray } from '../json.ts';
import { searchPage, type FieldMapping, type SearchCriteria } from '../search-criteria.ts';
import { COMBINE, PRODUCT_COMBINE, storedCondition, type Condition } from './conditions.ts';
import { isOneOf } from '@cleaning-shop/kit/reader.ts';

export const ruleRow = z.object({
  rule_id: sqlNumber,
  name: z.string().nullable(),
  description: z.string().nullable(),
  from_date: z.string().nullable(),
  to_date: z.string().nullable(),
  uses_per_customer: sqlNumber,
  is_active: sqlNumber,
  conditions_serialized: z.string().nullable(),
  actions_serialized: z.string().nullable(),
  stop_rules_processing: sqlNumber,
  is_advanced: sqlNumber,
  product_ids: z.string().nullable(),
  sort_order: sqlNumber,
  simple_action: z.string().nullable(),
  discount_amount: sqlNumber,
  discount_qty: sqlNumber.nullable(),
  discount_step: sqlNumber,
  apply_to_shipping: sqlNumber,
  times_used: sqlNumber,
  is_rss: sqlNumber,
  coupon_type: sqlNumber,
  use_auto_generation: sqlNumber,
  uses_per_coupon: sqlNumber,
  simple_free_shipping: z.string().nullable(),
  website_ids: z.string(),
  customer_group_ids: z.string(),
  store_labels: z.string(),
});
export type RuleRow = z.output<typeof ruleRow>;

/** `RuleInterface::COUPON_TYPE_*` and the model's numbers for them (`ToModel::mapCouponType`). */
export const COUPON_TYPES = { NO_COUPON: 1, SPECIFIC_COUPON: 2, AUTO: 3 } as const;
type CouponTypeName = keyof typeof COUPON_TYPES;
const couponTypeName = (value: number): CouponTypeName =>
  value === 2 ? 'SPECIFIC_COUPON' : value === 3 ? 'AUTO' : 'NO_COUPON';
export const isCouponType = (value: string): value is CouponTypeName => value in COUPON_TYPES;

export const SIMPLE_ACTIONS = ['by_percent', 'by_fixed', 'cart_fixed', 'buy_x_get_y'] as const;
export type SimpleAction = (typeof SIMPLE_ACTIONS)[number];
export const isSimpleAction = (value: string): value is SimpleAction => isOneOf(SIMPLE_ACTIONS, value);

/** A store label: the text shown for the rule in one store view (0: all of them). */
export interface RuleLabel {
  readonly store_id: number;
  readonly store_label: string;
}

export const numbers = (text: string): number[] =>
  jsonArray(text).filter((value): value is number => typeof value === 'number');
const labels = (text: string): RuleLabel[] =>
  jsonArray(text).flatMap((value) => {
    if (!isRecord(value)) return [];
    const { store_id: store, store_label: label } = value;
    return typeof store === 'number' && typeof label === 'string'
      ? [{ store_id: store, store_label: label }]
      : [];
  });
const condition = (text: string | null): Condition | undefined =>
  text === null ? undefined : storedCondition.parse(JSON.parse(text));

/** The empty Combine Magento gives a rule saved without conditions. */
const emptyCombine = (type: string): Condition => ({
  condition_type: type,
  aggregator_type: 'all',
  operator: null,
  value: '1',
});

/** A saved rule as the cart reads it. */
export interface SalesRule {
  readonly id: number;
  readonly name: string | null;
  readonly description: string | null;
  readonly labels: readonly RuleLabel[];
  readonly websiteIds: readonly number[];
  readonly customerGroupIds: readonly number[];
  readonly usesPerCustomer: number;
  readonly condition: Condition;
  readonly stopRulesProcessing: boolean;
  readonly sortOrder: number;
  readonly simpleAction: SimpleAction | null;
  readonly discountAmount: number;
  readonly discountQty: number | null;
  readonly discountStep: number;
  readonly couponType: CouponTypeName;
  /** "0", "1" (matching items) or "2" (the whole shipment); null when never set. */
  readonly simpleFreeShipping: string | null;
}

export function toSalesRule(row: RuleRow): SalesRule {
  return {
    id: row.rule_id,
    name: row.name,
    description: row.description,
    labels: labels(row.store_labels),
    websiteIds: numbers(row.website_ids),
    customerGroupIds: numbers(row.customer_group_ids),
    usesPerCustomer: row.uses_per_customer,
    condition: condition(row.conditions_serialized) ?? emptyCombine(COMBINE),
    stopRulesProcessing: row.stop_rules_processing === 1,
    sortOrder: row.sort_order,
    simpleAction: row.simple_action !== null && isSimpleAction(row.simple_action) ? row.simple_action : null,
    discountAmount: row.discount_amount,
    discountQty: row.discount_qty,
    discountStep: row.discount_step,
    couponType: couponTypeName(row.coupon_type),
    simpleFreeShipping: row.simple_free_shipping,
  };
}

/** The rule's label for the store view: its own, else the all-stores one (`Rule::getStoreLabel`). */
export function storeLabel(rule: Pick<SalesRule, 'labels'>, storeId: number): string | undefined {
  const own = rule.labels.find((label) => label.store_id === storeId && label.store_label !== '');
  return (own ?? rule.labels.find((label) => label.store_id === 0 && label.store_label !== ''))?.store_label;
}

const present = <T>(key: string, value: T | null | undefined) =>
  value === null || value === undefined ? {} : { [key]: value };

/** `RuleInterface` in its getter order; getters without `|null` stay when null (CONTRACT.md §1.4). */
export function serializeRule(row: RuleRow) {
  const productIds = row.product_ids === null ? undefined : numbers(row.product_ids);
  return {
    rule_id: row.rule_id,
    ...present('name', row.name),
    store_labels: labels(row.store_labels),
    ...present('description', row.description),
    website_ids: numbers(row.website_ids),
    customer_group_ids: numbers(row.customer_group_ids),
    ...present('from_date', row.from_date),
    ...present('to_date', row.to_date),
    uses_per_customer: row.uses_per_customer,
    is_active: row.is_active === 1,
    condition: condition(row.conditions_serialized) ?? emptyCombine(COMBINE),
    action_condition: condition(row.actions_serialized) ?? emptyCombine(PRODUCT_COMBINE),
    stop_rules_processing: row.stop_rules_processing === 1,
    is_advanced: row.is_advanced === 1,
    ...present('product_ids', productIds),
    sort_order: row.sort_order,
    ...present('simple_action', row.simple_action),
    discount_amount: row.discount_amount,
    ...present('discount_qty', row.discount_qty),
    discount_step: row.discount_step,
    apply_to_shipping: row.apply_to_shipping === 1,
    times_used: row.times_used,
    is_rss: row.is_rss === 1,
    coupon_type: couponTypeName(row.coupon_type),
    use_auto_generation: row.use_auto_generation === 1,
    uses_per_coupon: row.uses_per_coupon,
    ...present('simple_free_shipping', row.simple_free_shipping),
  };
}

export function findRule(db: Database, ruleId: number): RuleRow | undefined {
  return db.get(ruleRow, 'SELECT * FROM salesrule WHERE rule_id = ?', ruleId);
}

export function requireRule(db: Database, ruleId: number): RuleRow {
  const row = findRule(db, ruleId);
  if (!row) throw errors.noSuchEntityBare();
  return row;
}

export const getRule = (db: Database, ruleId: number) => serializeRule(requireRule(db, ruleId));

/** `DELETE /V1/salesRules/:ruleId`: the rule and, through the foreign key, its coupons and usage. */
export function deleteRule(db: Database, ruleId: number): true {
  return db.transaction(() => {
    requireRule(db, ruleId);
    db.run('DELETE FROM salesrule WHERE rule_id = ?', ruleId);
    return true;
  });
}

const RULE_COLUMNS: Readonly<Record<string, string>> = Object.fromEntries(
  Object.keys(ruleRow.shape).map((column) => [column, `r.${column}`]),
);

/** Any other field is a column `salesrule` lacks: SQLite refuses it, and the caller gets the masked 500. */
const ruleFields: FieldMapping = {
  expression: (field) => RULE_COLUMNS[field] ?? `r.[${field.replace(/\W/g, '')}]`,
};

/** `GET /V1/salesRules/search`. */
export function searchRules(db: Database, criteria: SearchCriteria) {
  const { rows, total } = searchPage(
    db,
    { table: 'salesrule', alias: 'r', mapping: ruleFields, tieBreak: 'r.rule_id ASC', row: ruleRow },
    criteria,
  );
  return { items: rows.map(serializeRule), search_criteria: criteria, total_count: total };
}
