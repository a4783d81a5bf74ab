/**
 * What a product's availability at a collection point is, as a pure function of the units free there
 * (its shelf less what others have reserved), the units free at the point it is brought over from, the
 * point's hours and the clock: on the shelf (collect today, or on its next open day), brought over (order
 * by the cut-off, collect on the day it arrives), delivery only, or unknown (the stock could not be read:
 * the shopper is asked to call). The storefront server answers with it; the checkout uses it per line.
 */
import type { IsoDay, WallClock } from '../../calendar/working-days.ts';
import { shelfReadyAt, transferReady } from './hours.ts';
import type { PointSettings } from './settings.ts';

export type Availability =
  /** `free` units on the point's shelf, ready on `day` (today or its next open day). */
  | { readonly kind: 'shelf'; readonly free: number; readonly day: IsoDay }
  /** Brought over from another point: ordered by `orderBy` on `orderByDay`, ready on `day`. */
  | { readonly kind: 'transfer'; readonly orderBy: string; readonly orderByDay: IsoDay; readonly day: IsoDay }
  | { readonly kind: 'none' }
  | { readonly kind: 'unknown' };

/** Units free at the point and at its transfer source; undefined where the stock could not be read. */
export interface FreeUnits {
  readonly here: number | undefined;
  readonly transfer?: number | undefined;
}

/** Availability of `wanted` units (1 on a product page; a line's quantity at checkout). */
export function availabilityOf(
  point: PointSettings,
  now: WallClock,
  free: FreeUnits,
  wanted = 1,
): Availability {
  if (free.here === undefined) return { kind: 'unknown' };
  if (free.here >= wanted) {
    const ready = shelfReadyAt(point, now);
    if (ready) return { kind: 'shelf', free: free.here, day: ready.day };
  }
  if (point.transfer && free.transfer === undefined) return { kind: 'unknown' };
  if (point.transfer && (free.transfer ?? 0) >= wanted) {
    const ready = transferReady(point, now);
    if (ready) return { kind: 'transfer', ...ready };
  }
  return { kind: 'none' };
}

/** The day a whole basket is ready: the latest of its lines' days; undefined when a line cannot be collected. */
export function basketReadyDay(lines: readonly Availability[]): IsoDay | undefined {
  let latest: IsoDay | undefined;
  for (const line of lines) {
    if (line.kind !== 'shelf' && line.kind !== 'transfer') return undefined;
    if (!latest || line.day > latest) latest = line.day;
  }
  return latest;
}
