/**
 * Click & collect's settings, `src/content/collect.json`, checked with zod: a mistake stops the build or the
 * server's start with the field and how to put it right (parseContent). The collection points themselves
 * (name, address, phone) are Magento's pickup locations; this file says what Magento has no field for:
 * opening hours, how soon an order is ready, and how stock comes over from another point.
 */
import { z } from 'zod';
import { parsedOnce } from '../../config/parse-content.ts';
import file from '../../content/collect.json' with { type: 'json' };

const time = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a 24-hour time, e.g. "08:30"')
  .describe('HH:MM');

/** A day's opening and closing time, or null when closed all day. */
const openingSchema = z
  .tuple([time, time])
  .refine(([opens, closes]) => opens < closes, 'must open before it closes')
  .nullable();

export const WEEKDAY_KEYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;
export type WeekdayKey = (typeof WEEKDAY_KEYS)[number];

const minutes = (most: number) =>
  z.number().int('must be a whole number of minutes').min(0, 'must be 0 or more').max(most);

export const pointSettingsSchema = z.object({
  /** Magento's pickup location code (the MSI source code). @example "shop" */
  code: z.string().regex(/^[a-z0-9_-]+$/, 'must be a pickup location code, e.g. shop'),
  hours: z.object({
    sun: openingSchema,
    mon: openingSchema,
    tue: openingSchema,
    wed: openingSchema,
    thu: openingSchema,
    fri: openingSchema,
    sat: openingSchema,
  }),
  openOnBankHolidays: z.boolean(),
  /** From an order to the goods being ready on the counter, when they are on the point's shelf. */
  readyMinutes: minutes(8 * 60),
  /** Stock the point does not have, brought from another point: ordered by `orderBy`, ready `workingDays` later. */
  transfer: z
    .object({
      from: z.string().min(1),
      orderBy: time,
      workingDays: z.number().int().min(1, 'must be 1 or more').max(10),
    })
    .optional(),
});

export const collectSettingsSchema = z
  .object({
    $comment: z.string().optional(),
    timeZone: z.literal('Europe/London', 'must be Europe/London: the shop’s hours are the UK’s'),
    /** Magento's website code whose stock the points belong to (the pickup locations' sales channel). */
    website: z.string().regex(/^[a-z0-9_]+$/, 'must be a Magento website code, e.g. base'),
    /** How long a basket's lines stay reserved at the point once the shopper chooses to collect. */
    holdMinutes: minutes(24 * 60).min(5, 'must be 5 minutes or more'),
    /** How long the reservation is kept while the shopper pays (from the moment Pay is pressed). */
    payingMinutes: minutes(24 * 60).min(5, 'must be 5 minutes or more'),
    /**
     * The longest a basket's lines stay reserved, from its first reservation: holding again or paying never
     * keeps them past it (a shopper may still pay after it, if the shelf still has them). @example 60
     */
    reserveAtMostMinutes: minutes(24 * 60),
    /**
     * The most units of one product one basket may reserve and collect: a line for more is offered to be
     * split or delivered. @example 10
     */
    mostPerLine: z.number().int('must be a whole number of units').min(1, 'must be 1 or more').max(10_000),
    /** Days a placed order waits at the point before it goes back on the shelf. */
    collectWithinDays: z.number().int().min(1).max(30),
    /** What to bring, on the confirmation, the order page and the e-mail. */
    bring: z.string().trim().min(1).max(300),
    points: z.array(pointSettingsSchema).min(1, 'must name at least one collection point'),
  })
  .refine(
    (settings) => settings.reserveAtMostMinutes >= Math.max(settings.holdMinutes, settings.payingMinutes),
    {
      message: 'reserveAtMostMinutes must be at least holdMinutes and payingMinutes',
      path: ['reserveAtMostMinutes'],
    },
  )
  .refine(
    (settings) => new Set(settings.points.map((point) => point.code)).size === settings.points.length,
    'each point needs its own code',
  )
  .refine(
    (settings) =>
      settings.points.every(
        (point) => !point.transfer || settings.points.some((other) => other.code === point.transfer?.from),
      ),
    'a transfer must come from another point listed here',
  );

export type CollectSettings = z.infer<typeof collectSettingsSchema>;
export type PointSettings = z.infer<typeof pointSettingsSchema>;

/** The settings file, checked once. */
export const collectSettings = parsedOnce(collectSettingsSchema, file, 'src/content/collect.json');
