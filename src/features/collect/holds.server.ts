/**
 * Reservations at collection points, in the shop's own store (PostgreSQL or SQLite, src/store/shared-store.ts)
 * so every replica sees the same: one row per basket line, held at the point whose shelf gives it (the
 * collection point, or the point it is brought over from), until `expires_at` by the store's clock.
 *
 * A basket's rows are held for a while when the shopper chooses to collect, held again (longer) when they
 * pay, and kept for the order once it is placed (`order_id`) until Magento has shipped it to the counter,
 * when the point's own quantity falls instead. Expired rows count for nothing and are swept. Reserving
 * is done only under one lock (collect.server.ts), so two shoppers never both take the last unit; letting
 * go (delivery chosen, an order shipped, a reservation lapsed) needs none.
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
];

/** One reserved line: `qty` of `sku` held at `point` for collection from `pickup`. */
export interface HeldLine {
  readonly sku: string;
  readonly qty: number;
  readonly point: string;
}

const ready = (store: SharedStore) => store.ensure(TABLES);

const placeholders = (count: number): string => Array.from({ length: count }, () => '?').join(', ');

/** Units of each of `skus` reserved at `point` by baskets and orders other than `exceptCart`. */
export async function heldAt(
  store: SharedStore,
  point: string,
  skus: readonly string[],
  exceptCart?: number,
): Promise<Map<string, number>> {
  if (skus.length === 0) return new Map();
  await ready(store);
  const rows = await store.query(
    `SELECT sku, SUM(qty) AS held FROM collect_holds
      WHERE point = ? AND sku IN (${placeholders(skus.length)}) AND expires_at > ${store.clock} AND cart_id <> ?
      GROUP BY sku`,
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

/**
 * The basket's reservation replaced by `lines`, for collection from `pickup`, for `forMs` from now by the
 * store's clock; answers when it lapses (ms since 1970). A placed order's rows are never replaced.
 */
export async function replaceHolds(
  store: SharedStore,
  cartId: number,
  pickup: string,
  lines: readonly HeldLine[],
  forMs: number,
): Promise<number> {
  await ready(store);
  await store.run('DELETE FROM collect_holds WHERE cart_id = ? AND order_id IS NULL', [cartId]);
  if (lines.length > 0)
    await store.run(
      `INSERT INTO collect_holds (cart_id, sku, point, pickup, qty, order_id, expires_at)
        VALUES ${lines.map(() => `(?, ?, ?, ?, ?, NULL, ${store.clock} + ?)`).join(', ')}`,
      lines.flatMap((line) => [cartId, line.sku, line.point, pickup, line.qty, forMs]),
    );
  const [row] = await store.query(`SELECT ${store.clock} + ? AS until`, [forMs]);
  return z.object({ until: z.coerce.number() }).parse(row).until;
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

/** Lets go of the given orders' rows (shipped to the counter, or cancelled) and of every lapsed row. */
export async function sweepHolds(store: SharedStore, settledOrders: readonly number[]): Promise<void> {
  await ready(store);
  await store.run(`DELETE FROM collect_holds WHERE expires_at <= ${store.clock}`);
  if (settledOrders.length > 0)
    await store.run(
      `DELETE FROM collect_holds WHERE order_id IN (${placeholders(settledOrders.length)})`,
      settledOrders,
    );
}
