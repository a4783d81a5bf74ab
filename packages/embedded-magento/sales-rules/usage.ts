/**
 * Uses of cart price rules and coupons, counted when an order is placed (`Coupon\Usage\Processor`): the
 * rules' and the coupon's `times_used`, and, for a signed-in customer, the customer's uses of each rule
 * (`salesrule_customer`) and of the coupon (`salesrule_coupon_usage`).
 */
import { z } from 'zod';
import { sqlNumber, type Database } from '../db.ts';

const timesUsedRow = z.object({ times_used: sqlNumber });

/** How often the customer has used the rule or the coupon. */
export function timesUsedByCustomer(
  db: Database,
  of: { readonly ruleId: number } | { readonly couponId: number },
  customerId: number,
): number {
  const row =
    'ruleId' in of
      ? db.get(
          timesUsedRow,
          'SELECT times_used FROM salesrule_customer WHERE rule_id = ? AND customer_id = ?',
          of.ruleId,
          customerId,
        )
      : db.get(
          timesUsedRow,
          'SELECT times_used FROM salesrule_coupon_usage WHERE coupon_id = ? AND customer_id = ?',
          of.couponId,
          customerId,
        );
  return row?.times_used ?? 0;
}

/** One more use of each applied rule and of the coupon, by the customer when there is one. */
export function recordUsage(
  db: Database,
  usage: {
    readonly ruleIds: readonly number[];
    readonly couponId: number | undefined;
    readonly customerId: number | null;
  },
): void {
  const { ruleIds, couponId, customerId } = usage;
  for (const ruleId of ruleIds) {
    db.run('UPDATE salesrule SET times_used = times_used + 1 WHERE rule_id = ?', ruleId);
    if (customerId !== null)
      db.run(
        `INSERT INTO salesrule_customer (rule_id, customer_id, times_used) VALUES (?, ?, 1)
         ON CONFLICT (rule_id, customer_id) DO UPDATE SET times_used = times_used + 1`,
        ruleId,
        customerId,
      );
  }
  if (couponId === undefined) return;
  db.run('UPDATE salesrule_coupon SET times_used = times_used + 1 WHERE coupon_id = ?', couponId);
  if (customerId !== null)
    db.run(
      `INSERT INTO salesrule_coupon_usage (coupon_id, customer_id, times_used) VALUES (?, ?, 1)
       ON CONFLICT (coupon_id, customer_id) DO UPDATE SET times_used = times_used + 1`,
      couponId,
      customerId,
    );
}
