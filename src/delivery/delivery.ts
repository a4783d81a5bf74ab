/**
 * Delivery as the shop describes it before Magento prices a basket: which of the methods in
 * `src/content/delivery.json` a product alone is offered, whether it alone reaches free delivery, how much
 * more a basket needs for it, and when an order placed now arrives, in UK working days. Pure: the clock is
 * an argument, nothing touches the page, and nothing here is zod (the product page runs it in the browser).
 */
import { deliveryConfig, type DeliveryConfig, type DeliveryMethod, type WorkingDayRange } from './config.ts';
import {
  addWorkingDays,
  isWorkingDay,
  minutesOf,
  nextWorkingDay,
  wallClock,
  type IsoDay,
} from '../calendar/working-days.ts';

/** The days an order placed now is expected, first and last (the same day for next-day delivery). */
export interface DeliveryEstimate {
  earliest: IsoDay;
  latest: IsoDay;
}

/** The method Magento knows by these codes, if the shop describes it. */
export const deliveryMethod = (
  carrierCode: string,
  methodCode: string,
  config: DeliveryConfig = deliveryConfig,
): DeliveryMethod | undefined =>
  Object.values(config.methods).find(
    (method) => method.carrierCode === carrierCode && method.methodCode === methodCode,
  );

/**
 * Whether this weight travels as a parcel (the parcel carriers' limit, inclusive). A product Magento holds
 * no weight for weighs 0 to its weight-based table rates, so it counts as a parcel here too.
 */
export const isParcel = (weightKg: number | null, config: DeliveryConfig = deliveryConfig): boolean =>
  (weightKg ?? 0) <= config.parcelMaxWeightKg;

/** Whether a product on its own is delivered free: a parcel priced at the threshold or more, incl VAT. */
export const freeDelivery = (
  priceInclVat: number | null,
  weightKg: number | null,
  config: DeliveryConfig = deliveryConfig,
): boolean =>
  priceInclVat !== null && priceInclVat >= config.freeDeliveryThreshold && isParcel(weightKg, config);

/**
 * Pounds a basket still needs for free delivery, from its subtotal incl VAT after discounts (what Magento's
 * Free Shipping carrier compares with its threshold); 0 once it qualifies.
 */
export function spendForFreeDelivery(
  subtotalInclVatAfterDiscount: number,
  config: DeliveryConfig = deliveryConfig,
): number {
  const short = Math.round((config.freeDeliveryThreshold - subtotalInclVatAfterDiscount) * 100) / 100;
  return short > 0 ? short : 0;
}

/**
 * The methods a product on its own is offered, its usual one first: standard delivery (free from the
 * threshold) and next working day for a parcel, pallet delivery for anything heavier.
 */
export function productDeliveryMethods(
  priceInclVat: number | null,
  weightKg: number | null,
  config: DeliveryConfig = deliveryConfig,
): DeliveryMethod[] {
  const { methods } = config;
  if (!isParcel(weightKg, config)) return [methods.pallet];
  return [
    freeDelivery(priceInclVat, weightKg, config) ? methods.freeStandard : methods.standard,
    methods.nextDay,
  ];
}

/**
 * The working days from an order to its dispatch, without a clock (what search engines and the shopping feed
 * are told): the dispatch days, one more when the order misses the cut-off.
 */
export const handlingDays = (config: DeliveryConfig = deliveryConfig): WorkingDayRange => ({
  min: config.dispatch.workingDays,
  max: config.dispatch.workingDays + 1,
});

/**
 * The working day an order placed at `now` leaves the warehouse: it counts from today when today is a
 * working day and the cut-off has not passed, else from the next working day.
 */
export function dispatchDay(now: Date, config: DeliveryConfig = deliveryConfig): IsoDay {
  const { cutOff, timeZone, workingDays } = config.dispatch;
  const clock = wallClock(now, timeZone);
  const counted =
    isWorkingDay(clock.day) && clock.minutes < minutesOf(cutOff) ? clock.day : nextWorkingDay(clock.day);
  return addWorkingDays(counted, workingDays);
}

/**
 * When an order placed at `now` and sent by this Magento carrier and method arrives; undefined for a
 * method the shop does not describe.
 */
export function estimateDelivery(
  carrierCode: string,
  methodCode: string,
  now: Date,
  config: DeliveryConfig = deliveryConfig,
): DeliveryEstimate | undefined {
  const method = deliveryMethod(carrierCode, methodCode, config);
  if (!method) return undefined;
  const dispatched = dispatchDay(now, config);
  return {
    earliest: addWorkingDays(dispatched, method.transitDays.min),
    latest: addWorkingDays(dispatched, method.transitDays.max),
  };
}
