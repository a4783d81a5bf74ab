/**
 * Click & collect on the storefront server: the collection points (Magento's pickup locations with the
 * shop's hours, `collect.json`), what is free to collect at one (its shelf in Magento, less what baskets and
 * placed orders hold there), and reservations: a basket's lines held at the point when the shopper
 * chooses to collect, held again when they pay (or they are told, before any money is taken, what has
 * gone), and kept for the order once placed until Magento ships it to the counter.
 *
 * Reserving is done under one lock among every replica, reading the shelf afresh, so two shoppers never
 * both take the last unit. Availability is a live answer: nothing here is baked into a page.
 */
import type { Clock } from '../../config/clock.ts';
import { wallClock, type IsoDay } from '../../delivery/working-days.ts';
import { lockWithin, type TryLock } from '../../store/locks.ts';
import type { SharedStore } from '../../store/shared-store.ts';
import { availabilityOf, basketReadyDay, type Availability } from './availability.ts';
import {
  heldAt,
  heldEverywhere,
  heldOrders,
  keepForOrder,
  orderHolds,
  releaseHolds,
  pickupOfHolds,
  replaceHolds,
  sweepHolds,
  type HeldLine,
} from './holds.server.ts';
import { LOOK_AHEAD_DAYS, shelfReadyAt, transferReady } from './hours.ts';
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

/** A basket line as Magento holds it. */
export interface CartLine {
  readonly sku: string;
  readonly qty: number;
}

/** A line that cannot be collected from the point: how many of it are free there. */
export interface ShortLine {
  readonly sku: string;
  readonly wanted: number;
  readonly free: number;
}

export type Reservation =
  | { readonly kind: 'held'; readonly until: number; readonly day: IsoDay }
  | { readonly kind: 'short'; readonly lines: readonly ShortLine[] }
  | { readonly kind: 'busy' };

/** The reservations' one lock among every replica: changes to them are made under it. */
const HOLDS_LOCK = 'collect-holds';
/** Tried for this long to take the lock before the shopper is asked to try again. */
const LOCK_WAIT_MS = 3_000;
/** A placed order waits longer: it is not refused, whatever the wait. */
const ORDER_LOCK_WAIT_MS = 10_000;
/** How often the lock is asked for while another holds it (each ask may be a connection to the store). */
const LOCK_RETRY_MS = 50;
const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/** The sources a point's availability reads: its own, and the one it brings stock over from. */
const sourcesOf = (point: PointSettings): string[] =>
  point.transfer ? [point.code, point.transfer.from] : [point.code];

/** Free units per source and SKU: the shelf less what others hold there. */
async function freeUnits(
  deps: CollectDeps,
  point: PointSettings,
  skus: readonly string[],
  options: { fresh?: boolean; exceptCart?: number } = {},
): Promise<Shelf> {
  const sources = sourcesOf(point);
  const [shelf, ...held] = await Promise.all([
    deps.magento.shelf(sources, skus, options.fresh),
    ...sources.map((source) => heldAt(deps.store, source, skus, options.exceptCart)),
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

const nowOf = (deps: Pick<CollectDeps, 'clock' | 'settings'>) =>
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

/** The lines by SKU, quantities added (a basket may hold one SKU twice, with other options). */
function bySku(lines: readonly CartLine[]): CartLine[] {
  const qty = new Map<string, number>();
  for (const line of lines) qty.set(line.sku, (qty.get(line.sku) ?? 0) + line.qty);
  return [...qty].map(([sku, wanted]) => ({ sku, qty: wanted }));
}

/** Where each line is held, or the lines that cannot be collected. */
function allocate(point: PointSettings, now: ReturnType<typeof nowOf>, lines: CartLine[], free: Shelf) {
  const held: HeldLine[] = [];
  const short: ShortLine[] = [];
  const days: Availability[] = [];
  for (const line of lines) {
    const here = unitsOn(free, point.code, line.sku);
    const transfer = point.transfer && unitsOn(free, point.transfer.from, line.sku);
    const availability = availabilityOf(point, now, { here, transfer }, line.qty);
    days.push(availability);
    if (availability.kind === 'shelf') held.push({ ...line, point: point.code });
    else if (availability.kind === 'transfer' && point.transfer)
      held.push({ ...line, point: point.transfer.from });
    else short.push({ sku: line.sku, wanted: line.qty, free: here });
  }
  return { held, short, day: basketReadyDay(days) };
}

/** Whether the basket could be collected from `point` now (nothing is reserved): the day, or its lines that could not. */
export async function basketAt(
  deps: CollectDeps,
  cart: { readonly id: number; readonly lines: readonly CartLine[] },
  point: PointSettings,
): Promise<{ readonly day: IsoDay | undefined; readonly short: readonly ShortLine[] }> {
  const lines = bySku(cart.lines);
  const free = await freeUnits(
    deps,
    point,
    lines.map((line) => line.sku),
    { exceptCart: cart.id },
  );
  const { short, day } = allocate(point, nowOf(deps), lines, free);
  return { day: short.length > 0 ? undefined : day, short };
}

/**
 * Reserves the basket's lines at `point` for `forMinutes`, replacing the basket's earlier reservation, or
 * answers which lines cannot be collected there (nothing is then changed). The shelf is read afresh under
 * the reservations' lock.
 */
export async function reserve(
  deps: CollectDeps,
  cart: { readonly id: number; readonly lines: readonly CartLine[] },
  point: PointSettings,
  forMinutes: number,
): Promise<Reservation> {
  const lock = await lockWithin(deps.lock, HOLDS_LOCK, LOCK_WAIT_MS, LOCK_RETRY_MS);
  if (!lock) return { kind: 'busy' };
  try {
    return await reserveLocked(deps, cart, point, forMinutes * MINUTE_MS);
  } finally {
    await lock.release();
  }
}

/** `reserve`'s work, the lock held: the shelf read afresh, the basket's own reservation counted as free. */
async function reserveLocked(
  deps: CollectDeps,
  cart: { readonly id: number; readonly lines: readonly CartLine[] },
  point: PointSettings,
  forMs: number,
): Promise<Reservation> {
  const lines = bySku(cart.lines);
  const skus = lines.map((line) => line.sku);
  const free = await freeUnits(deps, point, skus, { fresh: true, exceptCart: cart.id });
  const { held, short, day } = allocate(point, nowOf(deps), lines, free);
  if (short.length > 0 || !day) return { kind: 'short', lines: short };
  const until = await replaceHolds(deps.store, cart.id, point.code, held, forMs);
  return { kind: 'held', until, day };
}

/** The basket's reservation let go: the shopper chose delivery. */
export const release = (deps: CollectDeps, cartId: number): Promise<void> => releaseHolds(deps.store, cartId);

/**
 * A placed order's reservation: reserved once more under the lock (a payment may outlast the paying
 * reservation, which another basket may then have taken), then kept for the order until Magento ships it
 * to the counter, or for the days to collect after the latest day it could be ready (three weeks ahead at
 * most, hours.ts) when nobody does. Answers the lines the point no longer has: the order stands, and the
 * shop is told in the log; what is still held is kept.
 */
export async function keepForPlacedOrder(
  deps: CollectDeps,
  cart: { readonly id: number; readonly lines: readonly CartLine[] },
  point: PointSettings,
  orderId: number,
): Promise<readonly ShortLine[]> {
  const forMs = (deps.settings.collectWithinDays + LOOK_AHEAD_DAYS) * DAY_MS;
  const lock = await lockWithin(deps.lock, HOLDS_LOCK, ORDER_LOCK_WAIT_MS, LOCK_RETRY_MS);
  try {
    const reservation = lock ? await reserveLocked(deps, cart, point, forMs) : undefined;
    await keepForOrder(deps.store, cart.id, orderId, forMs);
    return reservation?.kind === 'short' ? reservation.lines : [];
  } finally {
    await lock?.release();
  }
}

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
