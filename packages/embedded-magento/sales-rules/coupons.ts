/**
 * Coupons (`CouponRepositoryInterface`, COMMERCE-BASICS.md §1.5): a code for a rule that takes coupons.
 * Saving checks the rule the way `CouponRepository::save` does, wrapping every refusal in "Error occurred
 * when saving coupon: %1", and copies the rule's limits and end date onto the coupon. Codes are unique
 * whatever their case.
 */
import { z } from 'zod';
import { magentoDate, sqlNumber, type Database } from '../db.ts';
import { errors, MagentoError } from '../errors.ts';
import { searchPage, type FieldMapping, type SearchCriteria } from '../search-criteria.ts';
import type { CouponInput } from './dto.ts';
import { COUPON_TYPES, findRule } from './rules.ts';

export const couponRow = z.object({
  coupon_id: sqlNumber,
  rule_id: sqlNumber,
  code: z.string().nullable(),
  usage_limit: sqlNumber.nullable(),
  usage_per_customer: sqlNumber.nullable(),
  times_used: sqlNumber,
  expiration_date: z.string().nullable(),
  is_primary: sqlNumber.nullable(),
  created_at: z.string().nullable(),
  type: sqlNumber.nullable(),
});
export type CouponRow = z.output<typeof couponRow>;

/** `Coupon::TYPE_MANUAL` and `TYPE_GENERATED`. */
const TYPE_MANUAL = 0;
const TYPE_GENERATED = 1;

const present = <T>(key: string, value: T | null | undefined) =>
  value === null || value === undefined ? {} : { [key]: value };

/** `CouponInterface` in its getter order (`rule_id`, `times_used`, `is_primary` stay when null). */
export const serializeCoupon = (row: CouponRow) => ({
  coupon_id: row.coupon_id,
  rule_id: row.rule_id,
  ...present('code', row.code),
  ...present('usage_limit', row.usage_limit),
  ...present('usage_per_customer', row.usage_per_customer),
  times_used: row.times_used,
  ...present('expiration_date', row.expiration_date),
  is_primary: row.is_primary === null ? null : row.is_primary === 1,
  ...present('created_at', row.created_at),
  ...present('type', row.type),
});

const findCoupon = (db: Database, couponId: number) =>
  db.get(couponRow, 'SELECT * FROM salesrule_coupon WHERE coupon_id = ?', couponId);

/** The coupon a shopper typed, whatever its case (MySQL's collation in Magento, NOCASE here). */
export const couponByCode = (db: Database, code: string): CouponRow | undefined =>
  db.get(couponRow, 'SELECT * FROM salesrule_coupon WHERE code = ?', code);

function requireCoupon(db: Database, couponId: number): CouponRow {
  const row = findCoupon(db, couponId);
  if (!row) throw errors.noSuchEntityBare();
  return row;
}

export const getCoupon = (db: Database, couponId: number) => serializeCoupon(requireCoupon(db, couponId));

/** The rule's checks of `CouponRepository::save`, each refusal's message as the wrapper's `%1`. */
function ruleFor(db: Database, ruleId: number | null | undefined, type: number | null) {
  const rule = ruleId === null || ruleId === undefined ? undefined : findRule(db, ruleId);
  if (!rule) return new MagentoError(404, `No such entity with rule_id = ${ruleId ?? ''}`);
  if (rule.coupon_type === COUPON_TYPES.NO_COUPON)
    return new MagentoError(400, 'Specified rule does not allow coupons');
  // PHP's `==`: a left-out type (null) counts as 0, a manual coupon.
  const generated = type === TYPE_GENERATED;
  if (rule.use_auto_generation === 1 && !generated)
    return new MagentoError(400, 'Specified rule only allows auto generated coupons');
  if (rule.use_auto_generation !== 1 && generated)
    return new MagentoError(400, 'Specified rule does not allow auto generated coupons');
  return rule;
}

/**
 * `POST /V1/coupons` or `PUT /V1/coupons/:couponId`: a coupon id names one that must exist (its stored
 * fields under the ones sent); the rule must take coupons of this type; the limits and the expiry come
 * from the rule whatever was sent (magento/magento2#8817).
 */
export function saveCoupon(db: Database, coupon: CouponInput) {
  return db.transaction(() => {
    const id = coupon.coupon_id ?? undefined;
    const existing = id === undefined ? undefined : requireCoupon(db, id);
    const pick = <K extends keyof CouponRow>(key: K, sent: CouponRow[K] | undefined): CouponRow[K] | null =>
      sent !== undefined ? sent : (existing?.[key] ?? null);
    const ruleId = pick('rule_id', coupon.rule_id ?? undefined);
    const type = pick('type', coupon.type) ?? TYPE_MANUAL;
    const rule = ruleFor(db, ruleId, type);
    if (rule instanceof MagentoError) throw errors.couponNotSaved(rule.message);
    const code = pick('code', coupon.code);
    if (code !== null) {
      const clash = couponByCode(db, code);
      if (clash && clash.coupon_id !== id) throw errors.alreadyExists('Coupon with the same code');
    }
    const isPrimary =
      coupon.is_primary === undefined
        ? existing?.is_primary
        : coupon.is_primary === null
          ? null
          : coupon.is_primary
            ? 1
            : 0;
    const values = [
      rule.rule_id,
      code,
      rule.uses_per_coupon,
      rule.uses_per_customer,
      pick('times_used', coupon.times_used ?? undefined) ?? 0,
      rule.to_date === null ? null : `${rule.to_date} 00:00:00`,
      isPrimary ?? null,
      existing?.created_at ?? magentoDate(),
      type,
    ] as const;
    let couponId: number;
    if (id === undefined) {
      couponId = db.run(
        `INSERT INTO salesrule_coupon (rule_id, code, usage_limit, usage_per_customer, times_used, expiration_date,
           is_primary, created_at, type) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        ...values,
      ).lastInsertRowid;
    } else {
      db.run(
        `UPDATE salesrule_coupon SET rule_id = ?, code = ?, usage_limit = ?, usage_per_customer = ?, times_used = ?,
           expiration_date = ?, is_primary = ?, created_at = ?, type = ? WHERE coupon_id = ?`,
        ...values,
        id,
      );
      couponId = id;
    }
    return getCoupon(db, couponId);
  });
}

/** `DELETE /V1/coupons/:couponId`. */
export function deleteCoupon(db: Database, couponId: number): true {
  return db.transaction(() => {
    requireCoupon(db, couponId);
    db.run('DELETE FROM salesrule_coupon WHERE coupon_id = ?', couponId);
    return true;
  });
}

const COUPON_COLUMNS: Readonly<Record<string, string>> = {
  ...Object.fromEntries(Object.keys(couponRow.shape).map((column) => [column, `c.${column}`])),
  code: 'c.code COLLATE NOCASE',
};

const couponFields: FieldMapping = {
  expression: (field) => COUPON_COLUMNS[field] ?? `c.[${field.replace(/\W/g, '')}]`,
};

/** `GET /V1/coupons/search`. */
export function searchCoupons(db: Database, criteria: SearchCriteria) {
  const { rows, total } = searchPage(
    db,
    {
      table: 'salesrule_coupon',
      alias: 'c',
      mapping: couponFields,
      tieBreak: 'c.coupon_id ASC',
      row: couponRow,
    },
    criteria,
  );
  return { items: rows.map(serializeCoupon), search_criteria: criteria, total_count: total };
}
