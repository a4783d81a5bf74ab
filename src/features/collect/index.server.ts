/** The door of features/collect for the server: what the rest of the shop may use of it that runs only in Node. */
export { availabilityAt, collectableToday, release, settleHolds, todayAt } from './collect.server.ts';
export type { CollectDeps } from './collect.server.ts';
export { collectMagento } from './magento.server.ts';
export { orderCollections } from './order-facts.server.ts';
export { collectAtPayment } from './payment.server.ts';
export { collectionPoints } from './points.server.ts';
export type { Point } from './points.server.ts';
export { basketAt, reserve } from './reserve.server.ts';
export type { ShortLine } from './reserve.server.ts';
export { hoursLines, pointView } from './views.server.ts';
