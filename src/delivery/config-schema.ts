/**
 * The check of `src/content/delivery.json`, for the build (the product pages read the file through
 * `checkedDeliveryConfig`) and the unit tests; a mistake stops the build with the field and how to put it
 * right. Never imported by browser code: the product page's estimate reads the same file through
 * `config.ts`, typed by hand, and `config.test.ts` proves that type and this schema's agree.
 */
import { z } from 'zod';
import { parsedOnce } from '../config/parse-content.ts';
import file from '../content/delivery.json' with { type: 'json' };
import type { DeliveryConfig } from './config.ts';

const comment = z.string().optional();

/** Pounds with at most two decimals. */
const pounds = z
  .number()
  .nonnegative('must be 0 or more')
  .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, 'must be in whole pence');

const workingDays = z.number().int('must be a whole number of working days').nonnegative().max(30);

const range = z
  .object({ min: workingDays, max: workingDays })
  .refine((value) => value.min <= value.max, 'min must not be more than max');

const method = z.object({
  $comment: comment,
  /** Magento's carrier code. @example "flatrate" */
  carrierCode: z.string().regex(/^[a-z0-9_]+$/, 'must be a Magento carrier code, e.g. flatrate'),
  /** Magento's method code. @example "flatrate" */
  methodCode: z.string().regex(/^[a-z0-9_]+$/, 'must be a Magento method code, e.g. flatrate'),
  /** What shoppers read. @example "Standard delivery" */
  title: z.string().trim().min(1).max(40),
  /** GBP incl VAT; 0 is free. @example 4.95 */
  price: pounds,
  transitDays: range,
});

export const deliveryConfigSchema = z
  .object({
    $comment: comment,
    country: z.literal('GB', 'must be GB: the bank holidays and the time zone are the UK’s'),
    currency: z.literal('GBP', 'must be GBP: Magento’s prices are in pounds'),
    freeDeliveryThreshold: pounds.refine((value) => value > 0, 'must be more than 0'),
    parcelMaxWeightKg: z.number().positive('must be more than 0 kg'),
    dispatch: z.object({
      $comment: comment,
      cutOff: z
        .string()
        .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a 24-hour time HH:MM, e.g. "14:00" for 2 pm'),
      timeZone: z.literal(
        'Europe/London',
        'must be Europe/London: working days skip England and Wales bank holidays',
      ),
      workingDays,
    }),
    methods: z.object({
      standard: method,
      freeStandard: method.refine((value) => value.price === 0, 'price must be 0: it is free delivery'),
      nextDay: method,
      pallet: method,
    }),
    returns: z.object({
      $comment: comment,
      applicableCountry: z.string().regex(/^[A-Z]{2}$/, 'must be a two-letter country code, e.g. GB'),
      merchantReturnDays: z.number().int().positive('must be 1 day or more'),
      returnFees: z.literal(
        'FreeReturn',
        'must be FreeReturn: returns that cost the shopper need returnShippingFeesAmount, which the shop does not describe yet',
      ),
      returnMethod: z.enum(['ReturnByMail', 'ReturnInStore', 'ReturnAtKiosk']),
    }),
  })
  .refine(
    (config) =>
      new Set(Object.values(config.methods).map((value) => `${value.carrierCode}/${value.methodCode}`))
        .size === Object.keys(config.methods).length,
    'each method needs carrier and method codes of its own',
  );

export type CheckedDeliveryConfig = z.infer<typeof deliveryConfigSchema>;

/** The delivery file, checked once per build. */
export const checkedDeliveryConfig: () => DeliveryConfig = parsedOnce(
  deliveryConfigSchema,
  file,
  'src/content/delivery.json',
);
