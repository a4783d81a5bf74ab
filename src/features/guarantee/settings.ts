/**
 * The retailer's guarantee rules as `src/content/after-sale/guarantee.json` sets them, checked once where they
 * are read: a mistake names the field and how to put it right (the build and the server stop on it).
 */
import { z } from 'zod';
import { parseContent } from '../../config/parse-content.ts';
import file from '../../content/after-sale/guarantee.json' with { type: 'json' };

const comment = z.string().optional();
const years = z.number().int('must be a whole number of years').min(0).max(10);
const audience = z.enum(['home-garden', 'professional'], 'must be "home-garden" or "professional"');

/** A regular expression as the settings write it; anchored, so a longer serial is not half-matched. */
const pattern = z
  .string()
  .min(2)
  .refine((source) => source.startsWith('^') && source.endsWith('$'), 'must start with ^ and end with $')
  .refine((source) => {
    try {
      new RegExp(source);
      return true;
    } catch {
      return false;
    }
  }, 'must be a valid regular expression, e.g. "^[0-9]{6}$"');

const serialShape = z.object({
  /** What the family is called in messages. @example "Pressure washers" */
  name: z.string().trim().min(1).max(60),
  /** The serial number's shape. @example "^[0-9]{6}$" */
  serial: pattern,
  /** A serial of that shape, shown in the message. @example "012345" */
  example: z.string().trim().min(1).max(30),
});

const family = serialShape.extend({
  /** The models of the family, matched against the machine's model. @example "^(K|HD)\\b" */
  models: z.string().min(1),
});

/** A day as `YYYY-MM-DD`. */
export const isoDay = z.iso.date('must be a date written YYYY-MM-DD, e.g. "2024-03-01"');

export const guaranteeSettingsSchema = z
  .object({
    $comment: comment,
    standardYears: z.object({ 'home-garden': years, professional: years }),
    extraYear: z.object({
      audiences: z.array(audience),
      years: years.min(1),
      withinDaysOfDelivery: z.number().int().min(1).max(365),
    }),
    serialFamilies: z.array(family),
    serialDefault: serialShape,
    /** Launch dates by model, where the catalogue's creation date is not the launch. @example {"K 5": "2019-02-01"} */
    earliestPurchase: z.record(z.string(), isoDay),
  })
  .superRefine((settings, context) => {
    settings.serialFamilies.forEach((entry, index) => {
      if (!new RegExp(entry.serial).test(entry.example))
        context.addIssue({
          code: 'custom',
          path: ['serialFamilies', index, 'example'],
          message: `must have the family's serial shape ${entry.serial}`,
        });
    });
  });
export type GuaranteeSettings = z.infer<typeof guaranteeSettingsSchema>;
export type SerialShape = z.infer<typeof serialShape>;

/** The shop's guarantee settings, checked. */
export const guaranteeSettings: GuaranteeSettings = parseContent(
  guaranteeSettingsSchema,
  file,
  'src/content/after-sale/guarantee.json',
);
