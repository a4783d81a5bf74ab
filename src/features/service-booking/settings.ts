/**
 * The service team's booking settings, `src/content/after-sale/service.json`, checked with zod: a mistake
 * stops the build or the server's start with the field and how to put it right (parseContent). Read by the
 * storefront server's booking routes and by the booking page at build time, never by browser code (the page
 * hands its island the jobs and handovers as plain props).
 */
import { z } from 'zod';
import { parsedOnce } from '../../config/parse-content.ts';
import file from '../../content/after-sale/service.json' with { type: 'json' };

const comment = z.string().optional();
const code = z.string().regex(/^[a-z][a-z-]*$/, 'must be lower-case words joined by "-", e.g. drop-off');
const label = z.string().trim().min(1, 'must not be empty').max(60, 'must be 60 characters or fewer');

/** A job the service team offers. */
export const serviceJobSchema = z.object({
  /** What the booking keeps. @example "repair" */
  code,
  /** What shoppers read. @example "Repair" */
  label,
  /** A line under the choice. */
  hint: z.string().trim().max(160).optional(),
  /** The shopper must say what is wrong (a repair). */
  needsFault: z.boolean(),
});

/** How the machine reaches the workshop. */
export const handoverSchema = z.object({
  /** @example "collection" */
  code,
  /** @example "Collect it from my address" */
  label,
  /** The shopper gives the address to collect from. */
  needsAddress: z.boolean(),
});

const days = (most: number) =>
  z.number().int('must be a whole number of days').nonnegative('must be 0 or more').max(most);

export const serviceSettingsSchema = z.object({
  $comment: comment,
  timeZone: z.literal(
    'Europe/London',
    'must be Europe/London: working days skip England and Wales bank holidays',
  ),
  /** Working days between today and the first day one may book (2: booking on Monday gives Wednesday). */
  leadWorkingDays: days(20),
  /** Jobs the team takes a day: the day's slots. */
  slotsPerDay: z.number().int('must be a whole number').min(1, 'must be 1 or more').max(100),
  /** Calendar days from today to the last day one may book. */
  bookAheadDays: days(366).min(1, 'must be 1 day or more'),
  /** A booking is moved or cancelled until this many days before its day (1: until the day before). */
  changeUntilDaysBefore: days(30),
  jobs: z
    .array(serviceJobSchema)
    .min(1, 'must offer at least one job')
    .refine(
      (jobs) => new Set(jobs.map((job) => job.code)).size === jobs.length,
      'each job needs its own code',
    ),
  handovers: z
    .array(handoverSchema)
    .min(1, 'must offer at least one way to hand the machine over')
    .refine((list) => new Set(list.map((item) => item.code)).size === list.length, 'each needs its own code'),
  /** The workshop, for drop-off and the calendar's location. */
  shop: z.object({
    name: label,
    address: z.array(label).min(1, 'must have at least one line'),
    openingHours: z.string().trim().min(1).max(120),
  }),
});

export type ServiceSettings = z.infer<typeof serviceSettingsSchema>;
export type ServiceJob = z.infer<typeof serviceJobSchema>;
export type Handover = z.infer<typeof handoverSchema>;

/** The settings file, checked once. */
export const serviceSettings = parsedOnce(serviceSettingsSchema, file, 'src/content/after-sale/service.json');
