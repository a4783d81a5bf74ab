/**
 * The shop's returns rules as the merchant sets them (`src/content/after-sale/returns.json`), checked with
 * zod: a mistake stops the server with the field and how to put it right. Pure data, so the browser's
 * check and the server's read the same rules (the browser gets them with the return's facts, never the file).
 */
import { z } from 'zod';
import { parsedOnce } from '../../config/parse-content.ts';
import file from '../../content/after-sale/returns.json' with { type: 'json' };

const comment = z.string().optional();

const days = z
  .number()
  .int('must be a whole number of days')
  .min(0, 'must be 0 or more (0: no returns)')
  .max(3650, 'must be at most 3650 days');

/** A condition's code, as Magento's returns module keys its item conditions. @example "unopened" */
const conditionCode = z.string().regex(/^[a-z0-9_]+$/, 'must be an item condition code, e.g. unopened');

const categoryRule = z.object({
  $comment: comment,
  /** The category's name as the catalogue names it (case aside). @example "Detergents" */
  name: z.string().trim().min(1, 'must name a category, e.g. Detergents').max(100),
  /** Days from the order's date during which its products may be returned. @example 30 */
  windowDays: days,
  /** The only conditions its products may come back in; left out: any. @example ["unopened"] */
  conditions: z.array(conditionCode).min(1, 'must list at least one condition, or be left out').optional(),
});
export type CategoryRule = z.infer<typeof categoryRule>;

export const returnSettingsSchema = z.object({
  $comment: comment,
  /** Days from the order's date for products in no named category. @example 30 */
  windowDays: days,
  /** Magento's order statuses a return may be asked for. @example ["processing", "complete"] */
  orderStatuses: z
    .array(z.string().regex(/^[a-z_]+$/, 'must be a Magento order status code, e.g. complete'))
    .min(1, 'must list at least one order status, e.g. complete'),
  categories: z
    .array(categoryRule)
    .refine(
      (rules) => new Set(rules.map((rule) => rule.name.toLowerCase())).size === rules.length,
      'each category may be named once',
    ),
});
export type ReturnSettings = z.infer<typeof returnSettingsSchema>;

/** The returns file, checked once per process. */
export const checkedReturnSettings = parsedOnce(
  returnSettingsSchema,
  file,
  'src/content/after-sale/returns.json',
);
