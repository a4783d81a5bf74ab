/**
 * Click & collect on the storefront server: the collection points (Magento's pickup locations with the
 * shop's hours, `collect.json`), what is free to collect at one (its shelf in Magento, less what baskets and
 * placed orders hold there), the collect-today list, and letting go of reservations: delivery chosen, or
 * an order Magento has shipped to the counter. Reserving itself, under one lock among every replica, is
 * reserve.server.ts. Availability is a live answer: nothing here is baked into a page.
 */
import type { Clock } from '@cleaning-shop/kit/clock.ts';
import { wallClock, type IsoDay } from '../../calendar/working-days.ts';
import type { TryLock } from '../../store/locks.ts';
import type { SharedStore } from '../../store/shared-store.ts';
import { availabilityOf, type Availability } from './availability.ts';
import {
  heldAt,
  heldEverywhere,
  heldOrders,
  orderHolds,
  releaseHolds,
  pickupOfHolds,
  sweepHolds,
} from './holds.server.ts';
import { shelfReadyAt, transferReady } from './hours.ts';
import { unitsOn, type CollectMagento, type Shelf } from './magento.server.ts';
import type { Point } from './points.server.ts';
import type { CollectSettings, PointSettings } from './settings.ts';
import type { MailSender } from '../../mail/compose.ts';
import type { Outbox } from '../../mail/outbox.ts';

/** The shop's mail as click & collect sends it: the outbox, who signs, and the site the link goes to. */
export interface CollectMail {
  readonly outbox: Outbox;
  readonly sender: MailSender;
  readonly siteUrl: string;
}

export interface CollectDeps {
  readonly magento: CollectMagento;
  readonly store: SharedStore;
  readonly lock: TryLock;
  readonly clock: Clock;
  readonly settings: CollectSettings;
  readonly log: (message: string) => void;
  /** Where a collection order's confirmation is queued; without it none is sent. */
  readonly mail?: CollectMail | undefined;
}

/** The sources a point's availability reads: its own, and the one it brings stock over from. */
const sourcesOf = (point: PointSettings): string[] =>
  point.transfer ? [point.code, point.transfer.from] : [point.code];

/**
 * Free units per source and SKU: the shelf less what others hold there (`firm`: less only what placed
 * orders and paying baskets hold, as a payer sees it); `fresh` reads the shelf from Magento now.
 */
export async function freeUnits(
  deps: CollectDeps,
  point: PointSettings,
  skus: readonly string[],
  options: { fresh?: boolean; exceptCart?: number; firm?: boolean } = {},
): Promise<Shelf> {
  const sources = sourcesOf(point);
  const which = options.firm ? 'firm' : 'all';
  const [shelf, ...held] = await Promise.all([
    deps.magento.shelf(sources, skus, options.fresh),
    ...sources.map((source) => heldAt(deps.store, source, skus, options.exceptCart, which)),
  ]);
  const free: Shelf = new Map();
  sources.forEach((source, index) => {
    const heldHere = held[index] ?? new Map<string, number>();
    free.set(
      source,
      new Map(skus.map((sku) => [sku, Math.max(0, unitsOn(shelf, source, sku) - (heldHere.get(sku) ?? 0))])),
    );
  });
  return free;
}

/** The shop's wall clock now, in the UK. */
export const nowOf = (deps: Pick<CollectDeps, 'clock' | 'settings'>) =>
  wallClock(new Date(deps.clock.now()), deps.settings.timeZone);

/** The shop's day now, in the UK. */
export const todayAt = (deps: Pick<CollectDeps, 'clock' | 'settings'>): IsoDay => nowOf(deps).day;

/** Each SKU's availability at the point (one unit); every one `unknown` when Magento or the store cannot be read. */
export async function availabilityAt(
  deps: CollectDeps,
  point: Point,
  skus: readonly string[],
): Promise<Map<string, Availability>> {
  const { settings } = point;
  let free: Shelf | undefined;
  try {
    free = await freeUnits(deps, settings, skus);
  } catch (error) {
    deps.log(
      `Collection stock at ${point.code} not read: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const now = nowOf(deps);
  return new Map(
    skus.map((sku) => [
      sku,
      availabilityOf(settings, now, {
        here: free && unitsOn(free, settings.code, sku),
        transfer: free && settings.transfer && unitsOn(free, settings.transfer.from, sku),
      }),
    ]),
  );
}

/** The basket's reservation let go: the shopper chose delivery. */
export const release = (deps: CollectDeps, cartId: number): Promise<void> => releaseHolds(deps.store, cartId);

/** The point a basket's live reservation is for, if it has one. */
export const reservedPickup = (deps: CollectDeps, cartId: number): Promise<string | undefined> =>
  pickupOfHolds(deps.store, cartId);

/**
 * The day a placed order is ready at `point`, worked out again from where its lines are held: on the
 * point's own shelf, ready as goods on the shelf are; any brought over from another point, ready the day
 * those arrive. Undefined when nothing is held for it (the reservation was not kept) or no day is open.
 */
export async function readyDayOfOrder(
  deps: CollectDeps,
  point: PointSettings,
  orderId: number,
): Promise<IsoDay | undefined> {
  const held = await orderHolds(deps.store, orderId);
  if (held.length === 0) return undefined;
  const now = nowOf(deps);
  const brought = held.some((row) => row.point !== row.pickup);
  return brought ? transferReady(point, now)?.day : shelfReadyAt(point, now)?.day;
}

/**
 * The SKUs a shopper can collect from the point today: units free on its shelf, and the point open long
 * enough today to get them ready. Empty when it cannot be collected from today at all.
 */
export async function collectableToday(deps: CollectDeps, point: PointSettings): Promise<string[]> {
  const now = nowOf(deps);
  if (shelfReadyAt(point, now)?.day !== now.day) return [];
  const [shelf, held] = await Promise.all([deps.magento.wholeShelf(point.code), heldEverywhere(deps.store)]);
  const heldHere = held.get(point.code);
  return [...shelf].filter(([sku, units]) => units - (heldHere?.get(sku) ?? 0) > 0).map(([sku]) => sku);
}

/**
 * Lets go of lapsed reservations and of placed orders' once Magento has shipped them to the counter (the
 * point's own quantity then falls) or they were cancelled.
 */
export async function settleHolds(deps: CollectDeps): Promise<void> {
  const orders = await heldOrders(deps.store);
  const settled = orders.length > 0 ? await deps.magento.settledOrders(orders) : [];
  await sweepHolds(deps.store, settled);
  // This replica's kept shelves still show the shipped units: read them afresh (others' within seconds).
  if (settled.length > 0) deps.magento.forget();
}
