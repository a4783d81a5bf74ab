/**
 * InventoryDistanceBasedSourceSelection's offline postcode table, `inventory_geoname`, and its lookup
 * (`GetGeoNamesDataByAddress`): what the in-store pickup search by area measures from. The table holds
 * the UK's outward codes (seed/data/gb-outward-codes.ts, from GeoNames, as `inventory-geonames:import GB`
 * brings them), written on start and rewritten, as `UpdateGeoNames` does, when the data changes.
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { sqlNumber, type Database } from '../db.ts';
import { insertRows } from '../seed/bulk.ts';
import { GB_OUTWARD_CODES, GB_REGIONS } from '../seed/data/gb-outward-codes.ts';

/**
 * The module's own table, kept beside it (schema.ts holds the core's). MySQL compares these columns
 * without case, so the postcode and city do so here.
 */
const GEONAME_TABLE = `
CREATE TABLE IF NOT EXISTS inventory_geoname (
  entity_id INTEGER PRIMARY KEY,
  country_code TEXT NOT NULL,
  postcode TEXT NOT NULL COLLATE NOCASE,
  city TEXT NOT NULL COLLATE NOCASE,
  region TEXT NOT NULL,
  province TEXT NOT NULL,
  latitude REAL NOT NULL,
  longitude REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS inventory_geoname_postcode ON inventory_geoname (country_code, postcode);
`;

/** The data's edition in the table: a new edition of the data file replaces GB's rows. */
const IMPORTED = 'inventory_geoname_gb';
const EDITION = createHash('sha256').update(JSON.stringify(GB_OUTWARD_CODES)).digest('hex').slice(0, 16);

/** Creates the table and writes GB's rows unless this edition of them is there. */
export function ensureGeonames(db: Database): boolean {
  db.exec(GEONAME_TABLE);
  if (db.meta(IMPORTED) === EDITION) return false;
  db.transaction(() => {
    db.run("DELETE FROM inventory_geoname WHERE country_code = 'GB'");
    insertRows(
      db,
      'inventory_geoname',
      ['country_code', 'postcode', 'city', 'region', 'province', 'latitude', 'longitude'],
      GB_OUTWARD_CODES.map(([code, latitude, longitude, place, region]) => [
        'GB',
        code,
        place,
        GB_REGIONS[region],
        '',
        latitude,
        longitude,
      ]),
    );
    db.setMeta(IMPORTED, EDITION);
  });
  return true;
}

/** `AddressInterface` as the search term gives it (street and region are always empty there). */
export interface GeoAddress {
  readonly country: string;
  readonly postcode: string;
  readonly city: string;
  readonly region: string;
}

export const latLngRow = z.object({ latitude: sqlNumber, longitude: sqlNumber });
export type LatLng = z.output<typeof latLngRow>;

const FROM = 'SELECT latitude, longitude FROM inventory_geoname WHERE country_code = ?';

/**
 * (derived) A full UK postcode's outward code. GeoNames' GB file, which Magento imports, holds outward
 * codes only, so Magento itself finds no full postcode there (magento/inventory#3308) and answers one only
 * from a table of full postcodes or from Google's geocoder. The embedded back end answers as that Magento
 * does, a full postcode at its outward code's position.
 */
const outwardCode = (address: GeoAddress): string | undefined => {
  const compact = address.postcode.replace(/\s/g, '').toUpperCase();
  return address.country === 'GB' && compact.length > 3 ? compact.slice(0, -3) : undefined;
};

/**
 * `GetGeoNamesDataByAddress::execute`: the postcode's row; else every row whose city starts with the
 * address's; else every row of its region. None is Magento's NoSuchEntityException "Unknown geoname",
 * which the area search swallows (`GetDistanceToSources`): here an empty list.
 */
export function geonamePoints(db: Database, address: GeoAddress): LatLng[] {
  const { country, postcode, city, region } = address;
  const byPostcode = (code: string) => db.get(latLngRow, `${FROM} AND postcode = ? LIMIT 1`, country, code);
  const outward = outwardCode(address);
  const row = byPostcode(postcode) ?? (outward === undefined ? undefined : byPostcode(outward));
  if (row) return [row];
  // A city of "0" is none, as PHP reads it; LIKE takes the term's own % and _ as wildcards, unescaped.
  const inCity =
    city && city !== '0'
      ? db.all(latLngRow, `${FROM} AND city LIKE ? ORDER BY entity_id`, country, `${city}%`)
      : [];
  if (inCity.length > 0) return inCity;
  return db.all(latLngRow, `${FROM} AND region = ? ORDER BY entity_id`, country, region);
}
