/** The door of features/collect: what the rest of the shop may use of it (eslint/doors.js). */
export { collectionInThisTab, pickupPointOf, rememberCollection } from './after-order.ts';
export { collectAfterTexts } from './after-texts.ts';
export type { Availability } from './availability.ts';
export { collectBrowserTexts } from './browser-texts.ts';
export { basketAtPoints, holdAt, releaseHold, saveCollection, untilText } from './checkout.ts';
export type { BasketAtPoints, HoldAnswer, PointView } from './checkout.ts';
export { fetchPoints, fetchToday } from './collect-calls.ts';
export type { PointInfo } from './collect-calls.ts';
export { $collectPoint, choosePoint, shownPoint } from './collect-state.ts';
export { bringBackSetAside, canSetAside, setAsideLacking } from './set-aside.ts';
export { collectSettings } from './settings.ts';
export { availabilityText, collectDayText, collectTexts } from './texts.ts';
