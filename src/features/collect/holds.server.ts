/**
 * Reservations at collection points, in the shop's own store (PostgreSQL or SQLite, src/store/shared-store.ts)
 * so every replica sees the same: one row per basket line, held at the point whose shelf gives it (the
 * collection point, or the point it is brought over from), until `expires_at` by the store's clock.
 *
 * A basket's rows are held for a while when the shopper chooses to collect, held again (firmly) when they
 * pay, and kept for the order once it is placed (`order_id`) until Magento has shipped it to the counter,
 * when the point's own quantity falls instead. Expired rows count for nothing and are swept. Reserving
 * is done only under one lock (reserve.server.ts), so two shoppers never both take the last unit; letting
 * go (delivery chosen, an order shipped, a reservation lapsed) needs none.
 *
 * Each basket that ever reserved has a row in `collect_hold_baskets`: when it first reserved (its
 * reservations end a set time after, however often renewed) and whether it is paying (`firm`: a plain hold
 * gives way to it). It outlives the basket's reservations, or letting go and holding again would start the
 * clock afresh, and is swept a day after.
 */
import { z } from 'zod';
import type { SharedStore } from '../../store/shared-store.ts';

const TABLES = [
  `CREATE TABLE IF NOT EXISTS collect_holds (
    cart_id BIGINT NOT NULL,
    sku TEXT NOT NULL,
    point TEXT NOT NULL,
    pickup TEXT NOT NULL,
    qty INTEGER NOT NULL,
    order_id BIGINT,
    expires_at BIGINT NOT NULL,
    PRIMARY KEY (cart_id, sku)
  )`,
  'CREATE INDEX IF NOT EXISTS collect_holds_point ON collect_holds (point, sku, expires_at)',
  'CREATE INDEX IF NOT EXISTS collect_holds_order ON collect_holds (order_id)',
  `CREATE TABLE IF NOT EXISTS collect_hold_baskets (
    cart_id BIGINT PRIMARY KEY,
    since BIGINT NOT NULL,
    firm INTEGER NOT NULL
  )`,
];

/** A basket's record is kept this long after its first reservation (its reservations end well before). */
const BASKET_KEPT_MS = 86_400_000;

/** Rows that do not give way: placed orders' and paying baskets'. */
const FIRM = 'h.order_id IS NOT NULL OR b.firm = 1';
const WITH_BASKETS = 'collect_holds h LEFT JOIN collect_hold_baskets b ON b.cart_id = h.cart_id';

/** One reserved line: `qty` of `sku` held at `point` for collection from `pickup`. */
export interface HeldLine {
  readonly sku: string;
  readonly qty: number;
  readonly point: string;
}

const ready = (store: SharedStore) => store.ensure(TABLES);

const placeholders = (count: number): string => Array.from({ length: count }, () => '?').join(', ');

/**
 * Units of each of `skus` reserved at `point` by baskets and orders other than `exceptCart`: all of them,
 * or (`firm`) only placed orders' and paying baskets', which a payer cannot take.
 */
export async function heldAt(
  store: SharedStore,
  point: string,
  skus: readonly string[],
  exceptCart?: number,
  which: 'all' | 'firm' = 'all',
): Promise<Map<string, number>> {
  if (skus.length === 0) return new Map();
  await ready(store);
  const rows = await store.query(
    `SELECT h.sku AS sku, SUM(h.qty) AS held FROM ${WITH_BASKETS}
      WHERE h.point = ? AND h.sku IN (${placeholders(skus.length)}) AND h.expires_at > ${store.clock}
        AND h.cart_id <> ?${which === 'firm' ? ` AND (${FIRM})` : ''}
      GROUP BY h.sku`,
    [point, ...skus, exceptCart ?? -1],
  );
  const held = z.array(z.object({ sku: z.string(), held: z.coerce.number() })).parse(rows);
  return new Map(held.map((row) => [row.sku, row.held]));
}

/** Every point's reserved units of every SKU (the "collect today" list). */
export async function heldEverywhere(store: SharedStore): Promise<Map<string, Map<string, number>>> {
  await ready(store);
  const rows = await store.query(
    `SELECT point, sku, SUM(qty) AS held FROM collect_holds WHERE expires_at > ${store.clock} GROUP BY point, sku`,
  );
  const held = z.array(z.object({ point: z.string(), sku: z.string(), held: z.coerce.number() })).parse(rows);
  const byPoint = new Map<string, Map<string, number>>();
  for (const row of held) {
    const point = byPoint.get(row.point) ?? new Map<string, number>();
    point.set(row.sku, row.held);
    byPoint.set(row.point, point);
  }
  return byPoint;
}

/** How a basket's reservation is held. */
export interface HoldTerms {
  /** A paying basket's or a placed order's: plain holds give way to it. */
  readonly firm?: boolean;
  /** Its reservations end this long after the basket's first one at the latest, however often renewed. */
  readonly lifetimeMs?: number;
}

/** The store's clock now, and when the basket first reserved (undefined: never, or a day ago). */
export async function basketClock(
  store: SharedStore,
  cartId: number,
): Promise<{ readonly now: number; readonly since: number | undefined }> {
  await ready(store);
  const [row] = await store.query(
    `SELECT ${store.clock} AS now, (SELECT since FROM collect_hold_baskets WHERE cart_id = ?) AS since`,
    [cartId],
  );
  const read = z.object({ now: z.coerce.number(), since: z.coerce.number().nullable() }).parse(row);
  return { now: read.now, since: read.since ?? undefined };
}

/**
 * The basket's reservation replaced by `lines`, for collection from `pickup`, for `forMs` from now by the
 * store's clock (or less, to the end of its lifetime); answers when it lapses (ms since 1970). A placed
 * order's rows are never replaced.
 */
export async function replaceHolds(
  store: SharedStore,
  cartId: number,
  pickup: string,
  lines: readonly HeldLine[],
  forMs: number,
  terms: HoldTerms = {},
): Promise<number> {
  const { now, since = now } = await basketClock(store, cartId);
  const until =
    terms.lifetimeMs === undefined ? now + forMs : Math.min(now + forMs, since + terms.lifetimeMs);
  await store.run('DELETE FROM collect_holds WHERE cart_id = ? AND order_id IS NULL', [cartId]);
  if (lines.length > 0)
    await store.run(
      `INSERT INTO collect_holds (cart_id, sku, point, pickup, qty, order_id, expires_at)
        VALUES ${lines.map(() => '(?, ?, ?, ?, ?, NULL, ?)').join(', ')}`,
      lines.flatMap((line) => [cartId, line.sku, line.point, pickup, line.qty, until]),
    );
  await store.run(
    `INSERT INTO collect_hold_baskets (cart_id, since, firm) VALUES (?, ?, ?)
      ON CONFLICT (cart_id) DO UPDATE SET firm = excluded.firm`,
    [cartId, since, terms.firm ? 1 : 0],
  );
  return until;
}

/**
 * Plain holds of `sku` at `point` by baskets other than `forCart` let go until they hold `room` units or
 * fewer in all, the baskets that began reserving last first (those who have waited longest keep theirs).
 * Called under the reservations' lock, for a payer who needs what they hold.
 */
export async function makeRoomForPayer(
  store: SharedStore,
  point: string,
  sku: string,
  room: number,
  forCart: number,
): Promise<void> {
  await ready(store);
  const rows = await store.query(
    `SELECT h.cart_id AS cart_id, h.qty AS qty FROM ${WITH_BASKETS}
      WHERE h.point = ? AND h.sku = ? AND h.cart_id <> ? AND h.expires_at > ${store.clock}
        AND h.order_id IS NULL AND COALESCE(b.firm, 0) = 0
      ORDER BY COALESCE(b.since, 0) DESC, h.cart_id DESC`,
    [point, sku, forCart],
  );
  const holders = z.array(z.object({ cart_id: z.coerce.number(), qty: z.coerce.number() })).parse(rows);
  let over = holders.reduce((sum, holder) => sum + holder.qty, 0) - room;
  for (const holder of holders) {
    if (over <= 0) return;
    await store.run(
      'DELETE FROM collect_holds WHERE cart_id = ? AND sku = ? AND point = ? AND order_id IS NULL',
      [holder.cart_id, sku, point],
    );
    over -= holder.qty;
  }
}

/** The basket's reservation let go (the shopper chose delivery, or emptied it). */
export async function releaseHolds(store: SharedStore, cartId: number): Promise<void> {
  await ready(store);
  await store.run('DELETE FROM collect_holds WHERE cart_id = ? AND order_id IS NULL', [cartId]);
}

/**
 * The basket's live rows kept for its placed order, for `forMs` (the days it waits to be collected); a
 * lapsed one is not revived (it may have been given to another basket meanwhile).
 */
export async function keepForOrder(
  store: SharedStore,
  cartId: number,
  orderId: number,
  forMs: number,
): Promise<void> {
  await ready(store);
  await store.run(
    `UPDATE collect_holds SET order_id = ?, expires_at = ${store.clock} + ?
      WHERE cart_id = ? AND order_id IS NULL AND expires_at > ${store.clock}`,
    [orderId, forMs, cartId],
  );
}

/** Where a placed order's lines are held: each row's shelf (`point`) and its collection point (`pickup`). */
export async function orderHolds(
  store: SharedStore,
  orderId: number,
): Promise<{ readonly point: string; readonly pickup: string }[]> {
  await ready(store);
  const rows = await store.query('SELECT DISTINCT point, pickup FROM collect_holds WHERE order_id = ?', [
    orderId,
  ]);
  return z.array(z.object({ point: z.string(), pickup: z.string() })).parse(rows);
}

/** The collection point of a basket's live reservation, if it has one. */
export async function pickupOfHolds(store: SharedStore, cartId: number): Promise<string | undefined> {
  await ready(store);
  const rows = await store.query(
    `SELECT pickup FROM collect_holds WHERE cart_id = ? AND expires_at > ${store.clock} LIMIT 1`,
    [cartId],
  );
  return z.array(z.object({ pickup: z.string() })).parse(rows)[0]?.pickup;
}

/** The orders whose reservations are still kept. */
export async function heldOrders(store: SharedStore): Promise<number[]> {
  await ready(store);
  const rows = await store.query(
    `SELECT DISTINCT order_id FROM collect_holds WHERE order_id IS NOT NULL AND expires_at > ${store.clock}`,
  );
  return z
    .array(z.object({ order_id: z.coerce.number() }))
    .parse(rows)
    .map((row) => row.order_id);
}

/**
 * Lets go of the given orders' rows (shipped to the counter, or cancelled) and of every lapsed row, and
 * forgets baskets that first reserved over a day ago and hold nothing now.
 */
export async function sweepHolds(store: SharedStore, settledOrders: readonly number[]): Promise<void> {
  await ready(store);
  await store.run(`DELETE FROM collect_holds WHERE expires_at <= ${store.clock}`);
  await store.run(
    `DELETE FROM collect_hold_baskets WHERE since <= ${store.clock} - ?
      AND NOT EXISTS (SELECT 1 FROM collect_holds h WHERE h.cart_id = collect_hold_baskets.cart_id)`,
    [BASKET_KEPT_MS],
  );
  if (settledOrders.length > 0)
    await store.run(
      `DELETE FROM collect_holds WHERE order_id IN (${placeholders(settledOrders.length)})`,
      settledOrders,
    );
}
