/**
 * The SalesRule module's data interfaces as request bodies bind them (`RuleInterface`,
 * `ConditionInterface`, `RuleLabelInterface`, `CouponInterface`; COMMERCE-BASICS.md §1.5), with the
 * casts and refusals of `../input.ts`.
 */
import { z } from 'zod';
import { m } from '../input.ts';

/** `ConditionInterface`: a Combine with its conditions, or one condition on an attribute. */
export interface ConditionInput {
  condition_type?: string | null | undefined;
  conditions?: (ConditionInput | null)[] | null | undefined;
  aggregator_type?: string | null | undefined;
  operator?: string | null | undefined;
  attribute_name?: string | null | undefined;
  value?: string | null | undefined;
  extension_attributes?: unknown;
}

// Named, so that the OpenAPI document refers to the recursion instead of unrolling it.
export const conditionDto: z.ZodType<ConditionInput> = m
  .dto({
    condition_type: m.string(),
    conditions: m.array(z.lazy(() => conditionDto)),
    aggregator_type: m.string(),
    operator: m.string(),
    attribute_name: m.string(),
    value: m.string(),
    extension_attributes: m.mixed(),
  })
  .meta({ id: 'sales-rule-data-condition-interface' });

export const ruleLabelDto = m.dto({
  store_id: m.int(),
  store_label: m.string(),
  extension_attributes: m.mixed(),
});

export const ruleDto = m.dto({
  rule_id: m.int(),
  name: m.string(),
  store_labels: m.array(ruleLabelDto),
  description: m.string(),
  website_ids: m.array(m.int()),
  customer_group_ids: m.array(m.int()),
  from_date: m.string(),
  to_date: m.string(),
  uses_per_customer: m.int(),
  is_active: m.bool(),
  condition: conditionDto,
  action_condition: conditionDto,
  stop_rules_processing: m.bool(),
  is_advanced: m.bool(),
  product_ids: m.array(m.int()),
  sort_order: m.int(),
  simple_action: m.string(),
  discount_amount: m.float(),
  discount_qty: m.float(),
  discount_step: m.int(),
  apply_to_shipping: m.bool(),
  times_used: m.int(),
  is_rss: m.bool(),
  coupon_type: m.string(),
  use_auto_generation: m.bool(),
  uses_per_coupon: m.int(),
  simple_free_shipping: m.string(),
  extension_attributes: m.mixed(),
});
export type RuleInput = z.output<typeof ruleDto>;

export const couponDto = m.dto({
  coupon_id: m.int(),
  rule_id: m.int(),
  code: m.string(),
  usage_limit: m.int(),
  usage_per_customer: m.int(),
  times_used: m.int(),
  expiration_date: m.string(),
  is_primary: m.bool(),
  created_at: m.string(),
  type: m.int(),
  extension_attributes: m.mixed(),
});
export type CouponInput = z.output<typeof couponDto>;
