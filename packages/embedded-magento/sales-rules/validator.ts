/**
 * Which cart price rules a cart may use before its conditions are looked at:
 * `Rule\Collection::setValidationFilter` (active, this website and customer group, today within the
 * rule's days, no coupon or the cart's coupon) and the usage checks of `Utility::canProcessRule` (the
 * coupon's uses in all and per customer, the rule's uses per customer). A guest has no customer id, so no
 * per-customer limit holds for a guest.
 */
import type { Database } from '../db.ts';
import { couponByCode, type CouponRow } from './coupons.ts';
import { ruleRow, toSalesRule, type SalesRule } from './rules.ts';
import { timesUsedByCustomer } from './usage.ts';

/** Who the cart is for: the store's website, the customer's group (0 NOT LOGGED IN), the customer. */
export interface CartParty {
  readonly websiteId: number;
  readonly customerGroupId: number;
  readonly customerId: number | null;
}

export interface RuleCandidates {
  /** In the order they are applied: sort order, then id. */
  readonly rules: readonly SalesRule[];
  /** The coupon the cart's code names, if any (whether or not its rule is among `rules`). */
  readonly coupon: CouponRow | undefined;
}

/** The coupon's limits: in all, then for this customer. */
function couponUsable(db: Database, coupon: CouponRow, party: CartParty): boolean {
  if (coupon.usage_limit && coupon.times_used >= coupon.usage_limit) return false;
  if (party.customerId === null || !coupon.usage_per_customer) return true;
  return (
    timesUsedByCustomer(db, { couponId: coupon.coupon_id }, party.customerId) < coupon.usage_per_customer
  );
}

/** The rule's uses per customer. */
function withinCustomerUses(db: Database, rule: SalesRule, party: CartParty): boolean {
  if (party.customerId === null || !rule.usesPerCustomer) return true;
  return timesUsedByCustomer(db, { ruleId: rule.id }, party.customerId) < rule.usesPerCustomer;
}

/** `today` is the store's day (`YYYY-MM-DD`); a rule's `to_date` is the last day it applies. */
export function rulesForCart(
  db: Database,
  party: CartParty,
  couponCode: string | null,
  today: string,
): RuleCandidates {
  const coupon = couponCode ? couponByCode(db, couponCode) : undefined;
  const rows = db.all(
    ruleRow,
    `SELECT * FROM salesrule WHERE is_active = 1
       AND (from_date IS NULL OR from_date <= ?) AND (to_date IS NULL OR to_date >= ?)
     ORDER BY sort_order, rule_id`,
    today,
    today,
  );
  const rules = rows
    .map(toSalesRule)
    .filter(
      (rule) =>
        rule.websiteIds.includes(party.websiteId) && rule.customerGroupIds.includes(party.customerGroupId),
    )
    .filter(
      (rule) =>
        rule.couponType === 'NO_COUPON' ||
        (coupon !== undefined && coupon.rule_id === rule.id && couponUsable(db, coupon, party)),
    )
    .filter((rule) => withinCustomerUses(db, rule, party));
  return { rules, coupon };
}
