/**
 * The demo shop's click & collect (inventory/): two pickup locations in the default stock, the shop in
 * Leeds and the Wakefield depot, and what each holds. From the seeded random generator, so the same
 * catalogue always gets the same stock: the shop about a third of the simple products at 1–6 units, the
 * depot about two thirds at 2–20; both every variant of the catalogue's best-known machines (the
 * machine kits sold as configurables, `seed/configurables.ts`). Written in batches: fast at 100,000
 * products. A database seeded before click & collect existed gets them on start (`server.ts`), and the
 * postcode table the search by area measures from (inventory/geonames.ts) on every start.
 */
import type { SQLInputValue } from 'node:sqlite';
import { z } from 'zod';
import type { Database } from '../db.ts';
import { ensureGeonames } from '../inventory/geonames.ts';
import { insertRows } from './bulk.ts';
import { createRandom, type Random } from './random.ts';

const SEEDED = 'demo_pickup_locations_seeded';
const SEED = 0x5eed_c0c0;

/** The machine kits every pickup location stocks, each variant of them (their children's skus start so). */
export const BEST_KNOWN_MACHINES = ['HG-PW-K5KIT', 'HG-SC-SC3KIT', 'PRO-VC-NT30KIT'] as const;

interface DemoLocation {
  readonly code: string;
  readonly name: string;
  readonly description: string;
  readonly street: string;
  readonly city: string;
  readonly postcode: string;
  readonly phone: string;
  /** Within its postcode's outward code, a few km from the position the postcode table gives that code. */
  readonly latitude: number;
  readonly longitude: number;
  /** The share of simple products it stocks, and how many of each. */
  readonly share: number;
  readonly units: readonly [number, number];
}

export const DEMO_PICKUP_LOCATIONS: readonly DemoLocation[] = [
  {
    code: 'shop',
    name: 'Clearwater Cleaning Leeds',
    description: 'Our shop and service centre',
    street: 'Unit 4, Riverside Park',
    city: 'Leeds',
    postcode: 'LS10 1AB',
    phone: '0113 496 0123',
    latitude: 53.78,
    longitude: -1.538,
    share: 1 / 3,
    units: [1, 6],
  },
  {
    code: 'depot',
    name: 'Clearwater Cleaning Wakefield depot',
    description: 'Our depot and trade counter',
    street: 'Unit 12, Calder Park',
    city: 'Wakefield',
    postcode: 'WF2 7AA',
    phone: '01924 496 0456',
    latitude: 53.66,
    longitude: -1.52,
    share: 2 / 3,
    units: [2, 20],
  },
];

const SOURCE_COLUMNS = [
  'source_code',
  'name',
  'enabled',
  'description',
  'latitude',
  'longitude',
  'country_id',
  'region',
  'city',
  'street',
  'postcode',
  'phone',
  'is_pickup_location_active',
  'frontend_name',
  'frontend_description',
];

const sourceValues = (location: DemoLocation): SQLInputValue[] => [
  location.code,
  location.name,
  1,
  location.description,
  location.latitude,
  location.longitude,
  'GB',
  'West Yorkshire',
  location.city,
  location.street,
  location.postcode,
  location.phone,
  1,
  location.name,
  location.description,
];

const skuRow = z.object({ sku: z.string() });

const isBestKnown = (sku: string): boolean =>
  BEST_KNOWN_MACHINES.some((parent) => sku.startsWith(`${parent}-`));

/** One location's items: each simple product by chance (the best-known machines always), in id order. */
function* itemRows(location: DemoLocation, skus: readonly string[], r: Random): Generator<SQLInputValue[]> {
  for (const sku of skus) {
    const stocked = r.chance(location.share);
    const units = r.int(location.units[0], location.units[1]);
    if (stocked || isBestKnown(sku)) yield [location.code, sku, units, 1];
  }
}

/**
 * Writes the demo pickup locations and their stock once (a no-op on a database that has them), after the
 * postcode table they are searched by.
 */
export function ensureDemoPickupLocations(db: Database): boolean {
  ensureGeonames(db);
  if (db.meta(SEEDED) !== undefined) return false;
  db.transaction(() => {
    insertRows(
      db,
      'inventory_sources',
      SOURCE_COLUMNS,
      DEMO_PICKUP_LOCATIONS.map(sourceValues),
      'ON CONFLICT DO NOTHING',
    );
    const skus = db
      .all(skuRow, "SELECT sku FROM products WHERE type_id = 'simple' ORDER BY id")
      .map((row) => row.sku);
    for (const [index, location] of DEMO_PICKUP_LOCATIONS.entries()) {
      const columns = ['source_code', 'sku', 'quantity', 'status'];
      insertRows(
        db,
        'inventory_source_items',
        columns,
        itemRows(location, skus, createRandom(SEED + index)),
        'ON CONFLICT DO NOTHING',
      );
    }
    db.setMeta(SEEDED, '1');
  });
  return true;
}
