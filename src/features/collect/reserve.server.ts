/**
 * Reserving a basket at a collection point, under one lock among every replica with the shelf read afresh
 * (two shoppers never both take the last unit), on the shop's rules for it, as a shop counter keeps them:
 *
 * - one basket takes at most `mostPerLine` units of a product (what one shopper may buy to collect);
 * - its reservations end `reserveAtMostMinutes` after its first at the latest, however often it holds
 *   again or pays (after that it may still pay, while the shelf has the units, but nothing is set aside);
 * - a shopper paying, or an order placed, takes units another basket merely holds: that shopper is told
 *   when they come to pay, before any money is taken.
 */
import type { IsoDay, WallClock } from '../../calendar/working-days.ts';
import { lockWithin } from '../../store/locks.ts';
import { availabilityOf, basketReadyDay, type Availability } from './availability.ts';
import { freeUnits, nowOf, type CollectDeps } from './collect.server.ts';
import { basketClock, keepForOrder, makeRoomForPayer, replaceHolds, type HeldLine } from './holds.server.ts';
import { LOOK_AHEAD_DAYS } from './hours.ts';
import { unitsOn, type Shelf } from './magento.server.ts';
import type { CollectSettings, PointSettings } from './settings.ts';

/** A basket line as Magento holds it. */
export interface CartLine {
  readonly sku: string;
  readonly qty: number;
}

/** A basket as reserving reads it: Magento's quote id and its lines. */
export interface ReservedBasket {
  readonly id: number;
  readonly lines: readonly CartLine[];
}

/** A line that cannot be collected from the point: how many of it can be. */
export interface ShortLine {
  readonly sku: string;
  readonly wanted: number;
  /** Units of it the basket could collect there (free there, and no more than `most`). */
  readonly free: number;
  /** Set when the line is for more than one basket may collect: that most. */
  readonly most?: number;
}

/** Why a basket is reserved: held while the shopper chooses, reserved to pay, or kept for a placed order. */
export type Purpose = 'hold' | 'pay' | 'order';

export type Reservation =
  | { readonly kind: 'held'; readonly until: number; readonly day: IsoDay }
  /** Paying after the basket's reservations have ended: the shelf has it, but nothing is set aside. */
  | { readonly kind: 'free'; readonly day: IsoDay }
  | { readonly kind: 'short'; readonly lines: readonly ShortLine[] }
  /** The basket has been reserved for as long as one may be: it is not held again. */
  | { readonly kind: 'spent'; readonly minutes: number }
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

/** The lines by SKU, quantities added (a basket may hold one SKU twice, with other options). */
function bySku(lines: readonly CartLine[]): CartLine[] {
  const qty = new Map<string, number>();
  for (const line of lines) qty.set(line.sku, (qty.get(line.sku) ?? 0) + line.qty);
  return [...qty].map(([sku, wanted]) => ({ sku, qty: wanted }));
}

/** Where each line is held, or the lines that cannot be collected (`most`: units one basket may take). */
function allocate(point: PointSettings, now: WallClock, lines: CartLine[], free: Shelf, most?: number) {
  const held: HeldLine[] = [];
  const short: ShortLine[] = [];
  const days: Availability[] = [];
  for (const line of lines) {
    const here = unitsOn(free, point.code, line.sku);
    const transfer = point.transfer && unitsOn(free, point.transfer.from, line.sku);
    if (most !== undefined && line.qty > most) {
      short.push({
        sku: line.sku,
        wanted: line.qty,
        free: Math.min(most, Math.max(here, transfer ?? 0)),
        most,
      });
      continue;
    }
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
  cart: ReservedBasket,
  point: PointSettings,
): Promise<{ readonly day: IsoDay | undefined; readonly short: readonly ShortLine[] }> {
  const lines = bySku(cart.lines);
  const skus = lines.map((line) => line.sku);
  const free = await freeUnits(deps, point, skus, { exceptCart: cart.id });
  const { short, day } = allocate(point, nowOf(deps), lines, free, deps.settings.mostPerLine);
  return { day: short.length > 0 ? undefined : day, short };
}

/**
 * Reserves the basket's lines at `point` to hold them while the shopper chooses, or to pay, replacing the
 * basket's earlier reservation; or answers why not (nothing is then changed). The shelf is read afresh
 * under the reservations' lock.
 */
export async function reserve(
  deps: CollectDeps,
  cart: ReservedBasket,
  point: PointSettings,
  purpose: 'hold' | 'pay',
): Promise<Reservation> {
  const lock = await lockWithin(deps.lock, HOLDS_LOCK, LOCK_WAIT_MS, LOCK_RETRY_MS);
  if (!lock) return { kind: 'busy' };
  try {
    return await reserveLocked(deps, cart, point, purpose);
  } finally {
    await lock.release();
  }
}

/** How long a reservation for `purpose` lasts: a placed order's, the days to collect after the latest day it could be ready. */
function reservedForMs(settings: CollectSettings, purpose: Purpose): number {
  if (purpose === 'order') return (settings.collectWithinDays + LOOK_AHEAD_DAYS) * DAY_MS;
  return (purpose === 'pay' ? settings.payingMinutes : settings.holdMinutes) * MINUTE_MS;
}

/** Others' plain holds of what a payer takes trimmed to what the shelf has left beside it. */
async function makeRoom(deps: CollectDeps, cartId: number, held: readonly HeldLine[], free: Shelf) {
  for (const line of held)
    await makeRoomForPayer(
      deps.store,
      line.point,
      line.sku,
      unitsOn(free, line.point, line.sku) - line.qty,
      cartId,
    );
}

/**
 * `reserve`'s work, the lock held: the basket's own reservation counted as free; a payer's or an order's
 * view of the shelf counts only others' firm reservations, and takes what plain holds it needs.
 */
async function reserveLocked(
  deps: CollectDeps,
  cart: ReservedBasket,
  point: PointSettings,
  purpose: Purpose,
): Promise<Reservation> {
  const { settings } = deps;
  const lifetimeMs = settings.reserveAtMostMinutes * MINUTE_MS;
  const { now, since } = await basketClock(deps.store, cart.id);
  const spent = purpose !== 'order' && since !== undefined && now >= since + lifetimeMs;
  if (spent && purpose === 'hold') return { kind: 'spent', minutes: settings.reserveAtMostMinutes };
  const firm = purpose !== 'hold';
  const lines = bySku(cart.lines);
  const skus = lines.map((line) => line.sku);
  const free = await freeUnits(deps, point, skus, { fresh: true, exceptCart: cart.id, firm });
  const most = purpose === 'order' ? undefined : settings.mostPerLine;
  const { held, short, day } = allocate(point, nowOf(deps), lines, free, most);
  if (short.length > 0 || !day) return { kind: 'short', lines: short };
  if (spent) return { kind: 'free', day };
  if (firm) await makeRoom(deps, cart.id, held, free);
  const forMs = reservedForMs(settings, purpose);
  const terms = purpose === 'order' ? { firm } : { firm, lifetimeMs };
  const until = await replaceHolds(deps.store, cart.id, point.code, held, forMs, terms);
  return { kind: 'held', until, day };
}

/**
 * A placed order's reservation: reserved once more under the lock (a payment may outlast the paying
 * reservation, which another basket may then have taken), then kept for the order until Magento ships it
 * to the counter, or for the days to collect after the latest day it could be ready (three weeks ahead at
 * most, hours.ts) when nobody does. Answers the lines the point no longer has: the order stands, and the
 * shop is told in the log; what is still held is kept.
 */
export async function keepForPlacedOrder(
  deps: CollectDeps,
  cart: ReservedBasket,
  point: PointSettings,
  orderId: number,
): Promise<readonly ShortLine[]> {
  const forMs = reservedForMs(deps.settings, 'order');
  const lock = await lockWithin(deps.lock, HOLDS_LOCK, ORDER_LOCK_WAIT_MS, LOCK_RETRY_MS);
  try {
    const reservation = lock ? await reserveLocked(deps, cart, point, 'order') : undefined;
    await keepForOrder(deps.store, cart.id, orderId, forMs);
    return reservation?.kind === 'short' ? reservation.lines : [];
  } finally {
    await lock?.release();
  }
}
