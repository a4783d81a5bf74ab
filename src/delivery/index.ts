/**
 * Delivery in UK working days, as product pages, the basket and checkout describe it (pure, browser-safe:
 * no DOM, no zod). The build's check of the merchant's file is `config-schema.ts`, imported on its own.
 */
export { deliveryConfig, type DeliveryConfig, type DeliveryMethod, type WorkingDayRange } from './config.ts';
export {
  deliveryMethod,
  dispatchDay,
  estimateDelivery,
  freeDelivery,
  handlingDays,
  isParcel,
  productDeliveryMethods,
  spendForFreeDelivery,
  type DeliveryEstimate,
} from './delivery.ts';
export { formatDeliveryDay, formatEstimate, formatTime, formatWorkingDays } from './format.ts';
export {
  addWorkingDays,
  BANK_HOLIDAYS_LAST_YEAR,
  isBankHoliday,
  isWorkingDay,
  nextWorkingDay,
  wallClock,
  type IsoDay,
} from '../calendar/working-days.ts';
