/**
 * The create-order request body as Orders v2 declares it (`order_request`, `purchase_unit_request`,
 * `amount_with_breakdown`, `item`, `paypal_wallet_experience_context`), and its schema violations turned
 * into PayPal's 400 INVALID_REQUEST details: a missing field is MISSING_REQUIRED_PARAMETER, a bad length
 * INVALID_STRING_LENGTH, a value outside an enum INVALID_PARAMETER_VALUE, a bad pattern or type
 * INVALID_PARAMETER_SYNTAX, an array too long or short INVALID_ARRAY_MAX_ITEMS / INVALID_ARRAY_MIN_ITEMS.
 */
import { z } from 'zod';
import type { IssueDetail } from './errors.ts';

const text = (max: number, min = 1) => z.string().min(min).max(max);

export const moneySchema = z.object({
  /** ISO 4217, three letters. */
  currency_code: z.string().length(3),
  /** `"10.00"`: a string, as PayPal takes amounts. */
  value: z
    .string()
    .max(32)
    .regex(/^((-?[0-9]+)|(-?([0-9]+)?[.][0-9]+))$/),
});
export type Money = z.infer<typeof moneySchema>;

export const itemSchema = z.object({
  name: text(127),
  unit_amount: moneySchema,
  tax: moneySchema.optional(),
  quantity: z
    .string()
    .max(10)
    .regex(/^[1-9][0-9]{0,9}$/),
  description: text(127, 0).optional(),
  sku: text(127, 0).optional(),
  category: z.enum(['DIGITAL_GOODS', 'PHYSICAL_GOODS', 'DONATION']).optional(),
});
export type Item = z.infer<typeof itemSchema>;

export const BREAKDOWN_ADDS = ['item_total', 'shipping', 'handling', 'tax_total', 'insurance'] as const;
export const BREAKDOWN_SUBTRACTS = ['shipping_discount', 'discount'] as const;

export const breakdownSchema = z.object({
  item_total: moneySchema.optional(),
  shipping: moneySchema.optional(),
  handling: moneySchema.optional(),
  tax_total: moneySchema.optional(),
  insurance: moneySchema.optional(),
  shipping_discount: moneySchema.optional(),
  discount: moneySchema.optional(),
});

export const purchaseUnitSchema = z.object({
  reference_id: text(256).optional(),
  amount: moneySchema.extend({ breakdown: breakdownSchema.optional() }),
  description: text(127).optional(),
  custom_id: text(127).optional(),
  invoice_id: text(127).optional(),
  soft_descriptor: text(22).optional(),
  items: z.array(itemSchema).optional(),
  /** Echoed back as given: the sandbox does not check addresses. */
  shipping: z.record(z.string(), z.unknown()).optional(),
});
export type PurchaseUnit = z.infer<typeof purchaseUnitSchema>;

export const experienceContextSchema = z.object({
  brand_name: text(127).optional(),
  locale: z
    .string()
    .min(2)
    .max(10)
    .regex(/^[a-z]{2}(?:-[A-Z][a-z]{3})?(?:-(?:[A-Z]{2}|[0-9]{3}))?$/)
    .optional(),
  shipping_preference: z.enum(['GET_FROM_FILE', 'NO_SHIPPING', 'SET_PROVIDED_ADDRESS']).optional(),
  return_url: z.url().max(4000).optional(),
  cancel_url: z.url().max(4000).optional(),
  landing_page: z.enum(['LOGIN', 'GUEST_CHECKOUT', 'NO_PREFERENCE']).optional(),
  user_action: z.enum(['CONTINUE', 'PAY_NOW']).optional(),
  payment_method_preference: z.enum(['UNRESTRICTED', 'IMMEDIATE_PAYMENT_REQUIRED']).optional(),
});
export type ExperienceContext = z.infer<typeof experienceContextSchema>;

export const orderRequestSchema = z.object({
  intent: z.enum(['CAPTURE', 'AUTHORIZE']),
  purchase_units: z.array(purchaseUnitSchema).min(1).max(10),
  payment_source: z
    .object({ paypal: z.object({ experience_context: experienceContextSchema.optional() }) })
    .optional(),
});
export type OrderRequest = z.infer<typeof orderRequestSchema>;

const DESCRIPTIONS: Readonly<Record<string, string>> = {
  MISSING_REQUIRED_PARAMETER: 'A required field / parameter is missing.',
  INVALID_STRING_LENGTH: 'The value of a field is either too short or too long.',
  INVALID_PARAMETER_VALUE: 'The value of a field is invalid.',
  INVALID_PARAMETER_SYNTAX: 'The value of a field does not conform to the expected format.',
  INVALID_ARRAY_MIN_ITEMS: 'The number of items in an array parameter is too small.',
  INVALID_ARRAY_MAX_ITEMS: 'The number of items in an array parameter is too large.',
};

/** PayPal names a purchase unit by its reference id in field pointers: `@reference_id=='default'`. */
export function pointer(path: readonly PropertyKey[], body: unknown): string {
  const parts = path.map((key, index) => {
    if (path[index - 1] !== 'purchase_units' || typeof key !== 'number') return String(key);
    const unit = valueAt(body, path.slice(0, index + 1));
    const ref = isRecord(unit) && typeof unit['reference_id'] === 'string' ? unit['reference_id'] : 'default';
    return `@reference_id=='${ref}'`;
  });
  return `/${parts.join('/')}`;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function valueAt(body: unknown, path: readonly PropertyKey[]): unknown {
  let here: unknown = body;
  for (const key of path) {
    if (Array.isArray(here) && typeof key === 'number') here = here[key];
    else if (isRecord(here) && typeof key === 'string') here = here[key];
    else return undefined;
  }
  return here;
}

function issueOf(issue: z.core.$ZodIssue, present: boolean): string {
  if (!present) return 'MISSING_REQUIRED_PARAMETER';
  switch (issue.code) {
    case 'too_small':
      return issue.origin === 'array' ? 'INVALID_ARRAY_MIN_ITEMS' : 'INVALID_STRING_LENGTH';
    case 'too_big':
      return issue.origin === 'array' ? 'INVALID_ARRAY_MAX_ITEMS' : 'INVALID_STRING_LENGTH';
    case 'invalid_value':
      return 'INVALID_PARAMETER_VALUE';
    default:
      return 'INVALID_PARAMETER_SYNTAX';
  }
}

/** The request's schema violations as PayPal lists them, one detail per field. */
export function schemaDetails(error: z.ZodError, body: unknown): IssueDetail[] {
  const seen = new Set<string>();
  const details: IssueDetail[] = [];
  for (const issue of error.issues) {
    const value = valueAt(body, issue.path);
    const field = pointer(issue.path, body);
    if (seen.has(field)) continue;
    seen.add(field);
    const code = issueOf(issue, value !== undefined);
    details.push({
      field,
      ...(value === undefined || isRecord(value) || Array.isArray(value) ? {} : { value: String(value) }),
      location: 'body',
      issue: code,
      description: DESCRIPTIONS[code] ?? issue.message,
    });
  }
  return details;
}
