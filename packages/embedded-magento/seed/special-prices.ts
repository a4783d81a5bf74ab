/**
 * The demo shop's sales: special prices with dates, as a merchant schedules them (COMMERCE-BASICS §5.1),
 * on configurable children (where Magento keeps a configurable's prices). One sale is on from the day the
 * database is seeded, for three weeks; another starts the next day (London), so the shop shows a price
 * that changes at midnight with nobody saving anything. The dates are days relative to the seed day; the
 * rest is fixed data, so a seed stays deterministic apart from the day it was made.
 */
import { z } from 'zod';
import { sqlNumber, type Database } from '../db.ts';
import { jsonRecord } from '../json.ts';
import { storedSpecialValue } from '../catalog/special-price.ts';
import { demoChild, demoFamily } from './configurables.ts';

export interface DemoSpecialPrice {
  readonly sku: string;
  readonly price: number;
  /** The sale's first day: days after the seed day (0 is the seed day itself). */
  readonly startsInDays: number;
  /** The sale's last day, whole: days after the seed day. */
  readonly endsInDays: number;
}

export const DEMO_SPECIAL_PRICES: readonly DemoSpecialPrice[] = [
  // The entry kit of the pressure washer, on sale now: the family's "from" price drops with it.
  {
    sku: demoChild(demoFamily('HG-PW-K5KIT'), 'Standard').sku,
    price: 219.99,
    startsInDays: 0,
    endsInDays: 21,
  },
  // The professional wet & dry vacuum, on sale from tomorrow for a fortnight.
  {
    sku: demoChild(demoFamily('PRO-VC-NT30KIT'), 'Standard').sku,
    price: 379.99,
    startsInDays: 1,
    endsInDays: 14,
  },
];

/** `YYYY-MM-DD` `days` after `day`. */
export function addDays(day: string, days: number): string {
  const at = new Date(`${day}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

/** A demo sale's `special_from_date` and `special_to_date` for a database seeded on `seedDay` (London). */
export const demoSaleDates = (sale: DemoSpecialPrice, seedDay: string) => ({
  from: `${addDays(seedDay, sale.startsInDays)} 00:00:00`,
  to: `${addDays(seedDay, sale.endsInDays)} 00:00:00`,
});

const productAttributes = z.object({ id: sqlNumber, attributes: z.string() });

/** Writes the demo sales onto their products, when the catalogue has them (small ones have no families). */
export function writeDemoSpecialPrices(db: Database, seedDay: string): void {
  for (const sale of DEMO_SPECIAL_PRICES) {
    const { from, to } = demoSaleDates(sale, seedDay);
    const row = db.get(productAttributes, 'SELECT id, attributes FROM products WHERE sku = ?', sale.sku);
    if (!row) continue;
    const attributes = {
      ...jsonRecord(row.attributes),
      special_price: storedSpecialValue('special_price', sale.price),
      special_from_date: from,
      special_to_date: to,
    };
    db.run('UPDATE products SET attributes = ? WHERE id = ?', JSON.stringify(attributes), row.id);
  }
}
