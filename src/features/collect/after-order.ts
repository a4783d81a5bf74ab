/**
 * A click & collect order's confirmation in the browser (issue 55): the point this tab's checkout paid to
 * collect from is kept in sessionStorage at the shipping step's Confirm and at Pay (and the day it is
 * ready, as the checkout's reservation said it), so the paid page and the on-account confirmation can say where, when and what to bring; the
 * points themselves come from the storefront server (`GET /collect/points`), checked with zod. A stored
 * value that does not read is no collection: the page then says what every order's says.
 */
import { z } from '../../magento/wire/zod.ts';
import { isIsoDay } from '../../calendar/working-days.ts';
import type { CheckoutCartWire } from '../../magento/wire/cart.ts';
import { PICKUP_SHIPPING_METHOD } from '../../magento/wire/pickup-codes.ts';
import { shopFetch } from '../../shop-api/shop-api.ts';

/** sessionStorage: per tab, so another tab's checkout never changes this one's confirmation. */
export const COLLECT_ORDER_KEY = 'collectOrder';

const keptSchema = z.object({
  point: z.string().min(1).max(64),
  /** The day the checkout's reservation said it is ready (YYYY-MM-DD). */
  day: z.string().refine(isIsoDay).optional(),
});
export type CollectingOrder = z.infer<typeof keptSchema>;

/** The point the cart is to be collected from; undefined for a cart to be delivered. */
export function pickupPointOf(cart: Pick<CheckoutCartWire, 'extension_attributes'>): string | undefined {
  const shipping = cart.extension_attributes?.shipping_assignments?.[0]?.shipping;
  if (shipping?.method !== PICKUP_SHIPPING_METHOD) return undefined;
  return shipping.address?.extension_attributes?.pickup_location_code ?? undefined;
}

/** The collection this tab is paying for, or undefined when none reads. */
export function collectionInThisTab(): CollectingOrder | undefined {
  try {
    const kept = keptSchema.safeParse(JSON.parse(sessionStorage.getItem(COLLECT_ORDER_KEY) ?? 'null'));
    return kept.success ? kept.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * At Pay: the point this order is collected from (its ready day kept when the same point's was given
 * before, or given now); none for a delivered order, so an earlier collection is never shown for it.
 */
export function rememberCollection(point: string | undefined, day?: string): void {
  try {
    if (!point) return sessionStorage.removeItem(COLLECT_ORDER_KEY);
    const before = collectionInThisTab();
    const kept = day ?? (before?.point === point ? before.day : undefined);
    sessionStorage.setItem(COLLECT_ORDER_KEY, JSON.stringify({ point, ...(kept ? { day: kept } : {}) }));
  } catch {
    // storage unavailable: the confirmation then says what every order's says
  }
}

const pointSchema = z.object({
  code: z.string(),
  name: z.string(),
  phone: z.string().nullable(),
  address: z.object({ street: z.string(), city: z.string(), postcode: z.string() }).loose(),
  mapUrl: z.string(),
  hours: z.array(z.string()),
});

const pointsSchema = z.object({
  points: z.array(pointSchema.loose()),
  bring: z.string(),
  keptForDays: z.number(),
});
export type CollectionPointsAnswer = z.infer<typeof pointsSchema>;

/** The collection points with what to bring and the days an order is kept (`GET /collect/points`). */
export const fetchCollectionPoints = (): Promise<CollectionPointsAnswer> =>
  shopFetch('/collect/points', { schema: pointsSchema });
