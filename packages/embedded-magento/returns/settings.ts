/**
 * The returns module's settings, configured in code as Mage-OS's `rma/*` paths configure them (Stores >
 * Configuration > Sales > RMA; MageOS_RMA etc/config.xml, Helper/ModuleConfig.php), and checked at
 * start-up (`server.ts`) so that a wrong value stops the back end with the field named.
 */
import { z } from 'zod';

export const returnSettings = z.strictObject({
  /**
   * `rma/general/enabled`. Off, no order is eligible: both create mutations answer "This order is not
   * eligible for a return." and no new-return e-mail is sent; existing returns stay readable.
   * @example true
   */
  enabled: z.boolean('must be true (returns open) or false (no new returns)'),
  /**
   * `rma/general/return_period`: days after the order was placed during which it can be returned; 0 or
   * less: no limit.
   * @example 30
   */
  returnPeriodDays: z.number('must be a number of days').int('must be a whole number of days'),
  /**
   * `rma/general/increment_id_prefix`: a return's number is this and its id padded to 9 digits.
   * @example "RMA-"
   */
  incrementIdPrefix: z.string('must be text such as RMA-').max(40, 'must be at most 40 characters'),
  /**
   * `rma/policy/auto_approve`: a new return starts Approved instead of New Request.
   * @example false
   */
  autoApprove: z.boolean('must be true (approve on creation) or false (an admin approves)'),
  /**
   * `rma/policy/allowed_order_statuses`: the order statuses a return may be made for.
   * @example ["processing", "complete"]
   */
  allowedOrderStatuses: z.array(z.string().min(1), 'must list order statuses such as complete'),
  /**
   * `rma/email/admin_notify_email`: who is told of each new return; empty: no admin e-mail (the module's
   * default).
   * @example "shop@example.com"
   */
  adminNotifyEmail: z.union([z.literal(''), z.email('must be an e-mail address or empty')]),
});
export type ReturnSettings = z.output<typeof returnSettings>;

/**
 * The module's defaults (etc/config.xml) except where this shop differs, each said below. The return
 * period stays the module's 30 days.
 */
export const MODULE_RETURN_SETTINGS: ReturnSettings = {
  enabled: true,
  returnPeriodDays: 30,
  incrementIdPrefix: 'RMA-',
  autoApprove: false,
  allowedOrderStatuses: ['complete'],
  adminNotifyEmail: '',
};

/**
 * This shop's: a paid order not yet dispatched (`processing`) can be returned (or, in effect, cancelled)
 * through the same path as a delivered one (`complete`); the module allows `complete` only. The admin's
 * new-return e-mail goes to the store's general contact (set by `server.ts` from the store's e-mail).
 */
export const SHOP_RETURN_SETTINGS: ReturnSettings = {
  ...MODULE_RETURN_SETTINGS,
  allowedOrderStatuses: ['processing', 'complete'],
};

/** The settings, or an error naming each wrong field (`returns.<field>: <what is wrong>`). */
export function checkReturnSettings(value: unknown): ReturnSettings {
  const parsed = returnSettings.safeParse(value);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => `returns.${issue.path.join('.')}: ${issue.message}`);
  throw new Error(`The embedded back end's returns settings are not valid:\n${problems.join('\n')}`);
}
