/**
 * Cart price rules (`RuleRepositoryInterface`, COMMERCE-BASICS.md §1.5): saved from `RuleInterface` with
 * Magento's validation (`AbstractModel::validateData` through `ToModel::toModel`), read back in
 * `RuleInterface`'s getter order, searched with searchCriteria, deleted with their coupons. A rule holds
 * no coupon code: its coupons are `coupons.ts`'s.
 */
import { z } from 'zod';
import { sqlNumber, type Database } from '../db.ts';
import { errors } from '../errors.ts';
import { isRecord, jsonArray } from '../json.ts';
import { searchPage, type FieldMapping, type SearchCriteria } from '../search-criteria.ts';
import {
  COMBINE,
  parseActionCondition,
  parseCondition,
  PRODUCT_COMBINE,
  storedCondition,
  type Condition,
} from './conditions.ts';
import type { RuleInput } from './dto.ts';
import { isOneOf } from '../../../parse/reader.ts';

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
const isCouponType = (value: string): value is CouponTypeName => value in COUPON_TYPES;

export const SIMPLE_ACTIONS = ['by_percent', 'by_fixed', 'cart_fixed', 'buy_x_get_y'] as const;
export type SimpleAction = (typeof SIMPLE_ACTIONS)[number];
const isSimpleAction = (value: string): value is SimpleAction => isOneOf(SIMPLE_ACTIONS, value);

/** A store label: the text shown for the rule in one store view (0: all of them). */
export interface RuleLabel {
  readonly store_id: number;
  readonly store_label: string;
}

const numbers = (text: string): number[] =>
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

function requireRule(db: Database, ruleId: number): RuleRow {
  const row = findRule(db, ruleId);
  if (!row) throw errors.noSuchEntityBare();
  return row;
}

export const getRule = (db: Database, ruleId: number) => serializeRule(requireRule(db, ruleId));

/** A date as the rule's `date` column keeps it: the day, `YYYY-MM-DD`; anything else is refused. */
function day(field: string, value: string | null | undefined): string | null | undefined {
  if (value === undefined || value === null || value.trim() === '')
    return value === undefined ? undefined : null;
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/.exec(value.trim());
  const date = match ? new Date(`${match[1]}-${match[2]}-${match[3]}T00:00:00Z`) : undefined;
  if (
    !match ||
    !date ||
    Number.isNaN(date.getTime()) ||
    date.toISOString().slice(0, 10) !== value.trim().slice(0, 10)
  )
    throw errors.invalidFieldValue(field, value);
  return value.trim().slice(0, 10);
}

const flag = (value: boolean | null | undefined): number | undefined =>
  value === undefined || value === null ? undefined : value ? 1 : 0;
const ints = (value: readonly (number | null)[] | null | undefined): number[] | undefined =>
  value === undefined ? undefined : (value ?? []).filter((item): item is number => item !== null);

/** The columns a `RuleInterface` body sets (left-out fields are not in the result). */
function columnsFrom(rule: RuleInput): Partial<Record<keyof RuleRow, string | number | null>> {
  const columns: Partial<Record<keyof RuleRow, string | number | null>> = {};
  const set = (key: keyof RuleRow, value: string | number | null | undefined) => {
    if (value !== undefined) columns[key] = value;
  };
  set('name', rule.name);
  set('description', rule.description);
  set('from_date', day('from_date', rule.from_date));
  set('to_date', day('to_date', rule.to_date));
  set('uses_per_customer', rule.uses_per_customer);
  set('is_active', flag(rule.is_active));
  if (rule.condition !== undefined)
    set('conditions_serialized', rule.condition ? JSON.stringify(parseCondition(rule.condition)) : null);
  if (rule.action_condition !== undefined)
    set(
      'actions_serialized',
      rule.action_condition ? JSON.stringify(parseActionCondition(rule.action_condition)) : null,
    );
  set('stop_rules_processing', flag(rule.stop_rules_processing));
  set('is_advanced', flag(rule.is_advanced));
  const productIds = ints(rule.product_ids);
  if (productIds !== undefined)
    set('product_ids', rule.product_ids === null ? null : JSON.stringify(productIds));
  set('sort_order', rule.sort_order);
  if (rule.simple_action !== undefined && rule.simple_action !== null && !isSimpleAction(rule.simple_action))
    throw errors.invalidFieldValue('simple_action', rule.simple_action);
  set('simple_action', rule.simple_action);
  set('discount_amount', rule.discount_amount);
  set('discount_qty', rule.discount_qty);
  set('discount_step', rule.discount_step);
  set('apply_to_shipping', flag(rule.apply_to_shipping));
  set('times_used', rule.times_used);
  set('is_rss', flag(rule.is_rss));
  if (rule.coupon_type !== undefined && rule.coupon_type !== null) {
    if (!isCouponType(rule.coupon_type)) throw errors.invalidFieldValue('coupon_type', rule.coupon_type);
    set('coupon_type', COUPON_TYPES[rule.coupon_type]);
  }
  set('use_auto_generation', flag(rule.use_auto_generation));
  set('uses_per_coupon', rule.uses_per_coupon);
  const free = rule.simple_free_shipping;
  if (free !== undefined && free !== null && !['0', '1', '2'].includes(free))
    throw errors.invalidFieldValue('simple_free_shipping', free);
  set('simple_free_shipping', free);
  const websites = ints(rule.website_ids);
  if (websites !== undefined) set('website_ids', JSON.stringify(websites));
  const groups = ints(rule.customer_group_ids);
  if (groups !== undefined) set('customer_group_ids', JSON.stringify(groups));
  if (rule.store_labels !== undefined)
    set(
      'store_labels',
      JSON.stringify(
        (rule.store_labels ?? []).flatMap((label) =>
          label ? [{ store_id: label.store_id ?? 0, store_label: label.store_label ?? '' }] : [],
        ),
      ),
    );
  return columns;
}

/** `AbstractModel::validateData`: the dates in order, a website and a customer group; each message once. */
function validateData(rule: {
  from_date: string | null;
  to_date: string | null;
  website_ids: string;
  customer_group_ids: string;
}): void {
  const messages: string[] = [];
  if (rule.from_date && rule.to_date && rule.from_date > rule.to_date)
    messages.push('End Date must follow Start Date.');
  if (numbers(rule.website_ids).length === 0) messages.push('Please specify a website.');
  if (numbers(rule.customer_group_ids).length === 0) messages.push('Please specify Customer Groups.');
  if (messages.length > 0) throw errors.ruleNotValid(messages);
}

/** The columns of a new rule before the body's: Magento's table defaults. */
const NEW_RULE = {
  name: null,
  description: null,
  from_date: null,
  to_date: null,
  uses_per_customer: 0,
  is_active: 0,
  conditions_serialized: null,
  actions_serialized: null,
  stop_rules_processing: 1,
  is_advanced: 1,
  product_ids: null,
  sort_order: 0,
  simple_action: null,
  discount_amount: 0,
  discount_qty: null,
  discount_step: 0,
  apply_to_shipping: 0,
  times_used: 0,
  is_rss: 1,
  coupon_type: 1,
  use_auto_generation: 0,
  uses_per_coupon: 0,
  simple_free_shipping: null,
  website_ids: '[]',
  customer_group_ids: '[]',
  store_labels: '[]',
} satisfies Omit<RuleRow, 'rule_id'>;
/** The defaults by column name, for the columns a request sends. */
const RULE_DEFAULTS: Readonly<Record<string, string | number | null>> = NEW_RULE;
/** The columns a save writes: every one but the id. */
const SAVED_COLUMNS = ruleRow.omit({ rule_id: true }).keyof().options;

/**
 * `POST /V1/salesRules` (no `rule_id`) or `PUT /V1/salesRules/:ruleId`: a new rule from Magento's
 * defaults, or the stored one with the fields sent laid over it. A NOT NULL column sent as null keeps its
 * default. The rule's coupons take its usage limits and end date (`Coupon::updateSpecificCoupons`).
 */
export function saveRule(db: Database, rule: RuleInput) {
  return db.transaction(() => {
    const id = rule.rule_id ?? undefined;
    const base: Omit<RuleRow, 'rule_id'> = id === undefined ? NEW_RULE : requireRule(db, id);
    const sent = columnsFrom(rule);
    const merged: Record<string, string | number | null> = { ...base };
    for (const [key, value] of Object.entries(sent)) {
      const fallback = RULE_DEFAULTS[key];
      merged[key] =
        value === null && fallback !== null && fallback !== undefined ? fallback : (value ?? null);
    }
    const row = ruleRow.omit({ rule_id: true }).parse(merged);
    validateData(row);
    const columns = SAVED_COLUMNS;
    const values = columns.map((column) => row[column]);
    let ruleId: number;
    if (id === undefined) {
      ruleId = db.run(
        `INSERT INTO salesrule (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`,
        ...values,
      ).lastInsertRowid;
    } else {
      db.run(
        `UPDATE salesrule SET ${columns.map((column) => `${column} = ?`).join(', ')} WHERE rule_id = ?`,
        ...values,
        id,
      );
      ruleId = id;
    }
    db.run(
      'UPDATE salesrule_coupon SET usage_limit = ?, usage_per_customer = ?, expiration_date = ? WHERE rule_id = ?',
      row.uses_per_coupon,
      row.uses_per_customer,
      row.to_date,
      ruleId,
    );
    return getRule(db, ruleId);
  });
}

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
