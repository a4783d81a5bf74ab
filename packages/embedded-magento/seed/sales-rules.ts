/**
 * The demo shop's discount codes, written through the very functions the admin's `POST /V1/salesRules`
 * and `POST /V1/coupons` run (COMMERCE-BASICS.md §1.5: the rule first, with its final settings, then its
 * coupon). Every customer group (0 NOT LOGGED IN to 3 Retailer) on the main website. A database seeded
 * before discount codes existed gets them on its next start; they are written once, so a rule the
 * merchant deletes stays deleted.
 */
import type { Database } from '../db.ts';
import { ADDRESS, COMBINE } from '../sales-rules/conditions.ts';
import { saveCoupon } from '../sales-rules/coupons.ts';
import type { RuleInput } from '../sales-rules/dto.ts';
import { saveRule } from '../sales-rules/write.ts';
import { WEBSITE_ID } from '../store-view.ts';

const SEEDED = 'sales_rules_seeded_at';

const everyone = {
  website_ids: [WEBSITE_ID],
  customer_group_ids: [0, 1, 2, 3],
  is_active: true,
  coupon_type: 'SPECIFIC_COUPON',
  use_auto_generation: false,
  uses_per_coupon: 0,
  uses_per_customer: 0,
  stop_rules_processing: false,
  sort_order: 0,
  simple_free_shipping: '0',
} satisfies RuleInput;

const labelled = (label: string) => ({ name: label, store_labels: [{ store_id: 0, store_label: label }] });

/** Each demo code and its rule. */
export const DEMO_COUPONS: readonly { readonly code: string; readonly rule: RuleInput }[] = [
  {
    code: 'WELCOME10',
    rule: {
      ...everyone,
      ...labelled('Welcome 10% off'),
      description: 'A first order: 10% off, once per customer.',
      simple_action: 'by_percent',
      discount_amount: 10,
      uses_per_customer: 1,
    },
  },
  {
    code: 'SAVE20',
    rule: {
      ...everyone,
      ...labelled('£20 off orders over £200'),
      description: '£20 off a basket of £200 or more.',
      simple_action: 'cart_fixed',
      discount_amount: 20,
      condition: {
        condition_type: COMBINE,
        aggregator_type: 'all',
        operator: null,
        value: '1',
        conditions: [
          { condition_type: ADDRESS, attribute_name: 'base_subtotal', operator: '>=', value: '200' },
        ],
      },
    },
  },
  {
    code: 'FREEDELIVERY',
    rule: {
      ...everyone,
      ...labelled('Free standard delivery'),
      description: 'Standard delivery free on any basket (next-day and pallet delivery still charged).',
      simple_action: 'by_percent',
      discount_amount: 0,
      simple_free_shipping: '2',
    },
  },
  {
    code: 'SUMMER24',
    rule: {
      ...everyone,
      ...labelled('Summer sale 10% off'),
      description: 'Summer 2024: 10% off. Expired.',
      simple_action: 'by_percent',
      discount_amount: 10,
      from_date: '2024-06-01',
      to_date: '2024-08-31',
    },
  },
];

/** Writes the demo codes unless they were written before; runs in the caller's transaction, if any. */
export function ensureDemoSalesRules(db: Database, now: string): void {
  if (db.meta(SEEDED) !== undefined) return;
  db.transaction(() => {
    for (const { code, rule } of DEMO_COUPONS) {
      const saved = saveRule(db, rule);
      saveCoupon(db, { rule_id: saved.rule_id, code, is_primary: true });
    }
    db.setMeta(SEEDED, now);
  });
}
