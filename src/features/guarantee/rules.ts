/**
 * The retailer's guarantee rules as pure functions (settings.ts gives them their figures): which serial
 * number shape a model's family has, whether a purchase date can be true, and what guarantee a registration
 * earns: the standard years of its audience, one extra year for the audiences the settings name when it is
 * registered within the window after delivery, and the day it ends. No clock here: "today" is passed in,
 * read from the shop's clock by the caller.
 */
import type { Audience } from '../../catalogue/types.ts';
import { addDays, isIsoDay, type IsoDay } from '../../calendar/working-days.ts';
import type { GuaranteeSettings, SerialShape } from './settings.ts';
import { guaranteeTexts as t } from './texts.ts';

/** The most a serial number may be, however typed. */
export const MAX_SERIAL = 40;

/** A serial number as it is kept and compared: capitals, no spaces. "ab 12" is "AB12". */
export const normalSerial = (serial: string): string => serial.replace(/\s+/g, '').toUpperCase();

/** A model as it is compared: "K5", "k 5" and "K 5" are one model. */
export const modelKey = (model: string): string => model.replace(/\s+/g, '').toUpperCase();

/** The serial shape of the model's family (the first whose models match), else the default shape. */
export function serialShapeOf(model: string, settings: GuaranteeSettings): SerialShape {
  const name = model.trim();
  return (
    settings.serialFamilies.find((family) => new RegExp(family.models).test(name)) ?? settings.serialDefault
  );
}

/** What is wrong with the serial number for this model, or null when it has the family's shape. */
export function serialProblem(model: string, serial: string, settings: GuaranteeSettings): string | null {
  const normal = normalSerial(serial);
  const shape = serialShapeOf(model, settings);
  if (normal === '') return t.serialMissing(shape.example);
  if (normal.length > MAX_SERIAL || !new RegExp(shape.serial).test(normal))
    return t.serialShape(model, shape.example);
  return null;
}

/**
 * What is wrong with a purchase date, or null: it must be a date, not after `today` and not before
 * `earliest` (the day the model came out).
 */
export function purchaseDateProblem(day: string, today: IsoDay, earliest: IsoDay | null): string | null {
  if (day.trim() === '') return t.dateMissing;
  if (!isIsoDay(day)) return t.dateInvalid;
  if (day > today) return t.dateFuture;
  if (earliest !== null && day < earliest) return t.dateBeforeModel(earliest);
  return null;
}

/** The day the model came out: the settings' date for it, else the product's creation day, else none. */
export function earliestPurchase(
  model: string,
  createdAt: string | null,
  settings: GuaranteeSettings,
): IsoDay | null {
  const set = Object.entries(settings.earliestPurchase).find(([name]) => modelKey(name) === modelKey(model));
  if (set) return set[1];
  const day = createdAt?.slice(0, 10) ?? '';
  return isIsoDay(day) ? day : null;
}

/** `day` plus whole years; 29 February becomes 28 February in a year without it. */
export function addYears(day: IsoDay, years: number): IsoDay {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y + years, m - 1, d));
  if (date.getUTCMonth() !== m - 1) date.setUTCDate(0);
  return date.toISOString().slice(0, 10);
}

/** Why a registration has no extra year: a Professional machine, or registered after the window. */
export type NoExtraYear = 'professional' | 'late';

/** The guarantee a registration earns. */
export interface GuaranteeTerms {
  /** The day it runs from: the delivery. */
  readonly startsOn: IsoDay;
  readonly standardYears: number;
  /** 0, or the extra years registering earned. */
  readonly extraYears: number;
  /** The last day it covers. */
  readonly endsOn: IsoDay;
  /** Why there is no extra year, or null when there is one. */
  readonly noExtraYear: NoExtraYear | null;
  /** The last day registering would have earned the extra year (audiences that can earn it). */
  readonly registerBy: IsoDay | null;
}

export interface Registering {
  readonly audience: Audience;
  /** Delivered on (the shipment's day, else the purchase date the shopper gives). */
  readonly deliveredOn: IsoDay;
  /** Registered on: today by the shop's clock. */
  readonly registeredOn: IsoDay;
}

/** The guarantee of a machine of `audience` delivered and registered on those days. */
export function guaranteeTerms(
  { audience, deliveredOn, registeredOn }: Registering,
  settings: GuaranteeSettings,
): GuaranteeTerms {
  const standardYears = settings.standardYears[audience];
  const { audiences, years, withinDaysOfDelivery } = settings.extraYear;
  const earns = audiences.includes(audience);
  const registerBy = earns ? addDays(deliveredOn, withinDaysOfDelivery) : null;
  const noExtraYear: NoExtraYear | null = !earns
    ? 'professional'
    : registerBy !== null && registeredOn > registerBy
      ? 'late'
      : null;
  const extraYears = noExtraYear === null ? years : 0;
  return {
    startsOn: deliveredOn,
    standardYears,
    extraYears,
    endsOn: addDays(addYears(deliveredOn, standardYears + extraYears), -1),
    noExtraYear,
    registerBy,
  };
}
