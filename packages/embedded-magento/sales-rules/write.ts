/**
 * Saving a cart price rule (`RuleRepositoryInterface::save`, COMMERCE-BASICS.md §1.5): the columns a
 * `RuleInterface` body sets (`ToModel::toModel`), laid over Magento's defaults or the stored rule, checked as
 * `AbstractModel::validateData` checks them, and written with the rule's coupons' limits. Reading, searching
 * and deleting a rule are `rules.ts`'s.
 */
import type { Database } from '../db.ts';
import { errors } from '../errors.ts';
import { parseActionCondition, parseCondition } from './conditions.ts';
import type { RuleInput } from './dto.ts';
import {
  COUPON_TYPES,
  getRule,
  isCouponType,
  isSimpleAction,
  numbers,
  requireRule,
  ruleRow,
  type RuleRow,
} from './rules.ts';

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
