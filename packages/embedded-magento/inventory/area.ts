/**
 * InventoryInStorePickup's search by area (`AreaInterface`: a radius in km and a search term such as
 * "WF2 7AA:GB"), as the offline distance provider answers it: the term read as an address (`Area\Pipeline`:
 * `CountryParser`, `PostcodeParser`, `CityParser`), its positions from the postcode table
 * (inventory/geonames.ts), each enabled source's great-circle distance to them within the radius
 * (`GetOrderedDistanceToSources`), and a page of locations ordered by it (`ResolveMeta`, `DistanceBased`).
 */
import { z } from 'zod';
import { sqlNumber, type Database } from '../db.ts';
import { geonamePoints, type GeoAddress, type LatLng } from './geonames.ts';

/** `AreaInterface::DISTANCE_FIELD`: the sort field that means the distance to the area. */
export const DISTANCE = 'distance';
/** `advanced/in_store_pickup_api/search_term_delimiter` (InventoryInStorePickupApi's config.xml). */
const DELIMITER = ':';
/** `general/country/default`, the country of a term without one: the demo shop's, the UK. */
const DEFAULT_COUNTRY = 'GB';
/** Directory's zip_codes.xml for GB: full postcodes only, so an outward code alone is no postcode. */
const GB_POSTCODE = [
  /^[a-zA-Z]{2}[0-9]{2}\s?[0-9]{1}[a-zA-Z]{2}$/,
  /^[a-zA-Z]{1}[0-9]{1}[a-zA-Z]{1}\s?[0-9]{1}[a-zA-Z]{2}$/,
  /^[a-zA-Z]{2}[0-9]{1}\s?[0-9]{1}[a-zA-Z]{2}$/,
  /^[a-zA-Z]{2}[0-9]{1}[a-zA-Z]{1}\s?[0-9]{1}[a-zA-Z]{2}$/,
  /^[a-zA-Z]{1}[0-9]{2}\s?[0-9]{1}[a-zA-Z]{2}$/,
  /^[a-zA-Z]{1}[0-9]{1}\s?[0-9]{1}[a-zA-Z]{2}$/,
];

/**
 * `Postcode\Validator::validate` for GB. (derived) Other countries: the table holds none of their
 * places, so whether the term is their postcode changes nothing (Magento throws for a country without
 * patterns, a 500).
 */
const isPostcode = (query: string, country: string): boolean =>
  country === 'GB' && GB_POSTCODE.some((pattern) => pattern.test(query));

/**
 * `Area\Pipeline::execute` then `GetDistanceToSources::toSourceSelectionAddress`: the country after the
 * last delimiter (the default country without one), the text before the first a postcode when it is one
 * for that country, a city otherwise; no street, no region.
 */
export function searchTermAddress(term: string): GeoAddress {
  const parts = term.split(DELIMITER);
  const delimited = parts.length > 1;
  const country = delimited ? (parts.at(-1) ?? '').trim() : DEFAULT_COUNTRY;
  const query = delimited ? (parts[0] ?? '').trim() : term;
  const postcode = isPostcode(query, country) ? query : '';
  return { country, postcode, city: postcode === '' ? query : '', region: '' };
}

const EARTH_RADIUS_KM = 6372.797;
/** Positions per query: a city or region can have many rows. */
const CHUNK = 30;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** The spherical law of cosines as the query has it: NaN where its ACOS is NULL (never within a radius). */
export const distanceKm = (from: LatLng, to: LatLng): number =>
  EARTH_RADIUS_KM *
  Math.acos(
    Math.cos(radians(from.latitude)) *
      Math.cos(radians(to.latitude)) *
      Math.cos(radians(to.longitude) - radians(from.longitude)) +
      Math.sin(radians(from.latitude)) * Math.sin(radians(to.latitude)),
  );

const sourcePosition = z.object({
  source_code: z.string(),
  latitude: sqlNumber.nullable(),
  longitude: sqlNumber.nullable(),
});

/**
 * `GetOrderedDistanceToSources::execute`: each enabled source with a position within `radius` km of one of
 * the positions, 30 positions a query. Its distance is the query's first column, the one to the query's
 * first position (`fetchPairs`; a NULL there reads 0), and a later query's replaces an earlier one's.
 */
function distancesWithin(db: Database, points: readonly LatLng[], radius: number): Map<string, number> {
  const sources = db
    .all(sourcePosition, 'SELECT source_code, latitude, longitude FROM inventory_sources WHERE enabled != 0')
    .flatMap(({ source_code, latitude, longitude }) =>
      latitude === null || longitude === null ? [] : [{ source_code, position: { latitude, longitude } }],
    );
  const found = new Map<string, number>();
  for (let at = 0; at < points.length; at += CHUNK) {
    const chunk = points.slice(at, at + CHUNK);
    for (const { source_code, position } of sources) {
      const distances = chunk.map((point) => distanceKm(point, position));
      const first = distances[0] ?? Number.NaN;
      if (distances.some((distance) => distance <= radius))
        found.set(source_code, Number.isNaN(first) ? 0 : first);
    }
  }
  return found;
}

/** `GetDistanceToSources::execute`: the sources within the area and their distances in km (none for an unknown term). */
export const distanceToSources = (
  db: Database,
  area: { radius: number; search_term: string },
): Map<string, number> =>
  distancesWithin(db, geonamePoints(db, searchTermAddress(area.search_term)), area.radius);

interface SortOrder {
  readonly field: string;
  readonly direction: string;
}

/**
 * `ResolveMeta::addSortOrders`: the sort orders the sources are read in. A distance sort with an area
 * drops them all (the page is then ordered by distance alone); without an area it is skipped.
 */
export function databaseSort(sort: readonly SortOrder[] | undefined, hasArea: boolean): SortOrder[] {
  const orders: SortOrder[] = [];
  for (const order of sort ?? []) {
    if (order.field !== DISTANCE) orders.push(order);
    else if (hasArea) return [];
  }
  return orders;
}

/**
 * `DistanceBased::getSources`: the page of an area search by distance, in a distance sort's direction,
 * or nearest first when no sort was asked for; as read otherwise.
 */
export function byDistance<T extends { source_code: string }>(
  rows: readonly T[],
  distances: ReadonlyMap<string, number>,
  sort: readonly SortOrder[] | undefined,
): T[] {
  const order = sort === undefined ? 'ASC' : sort.find((each) => each.field === DISTANCE)?.direction;
  if (order === undefined) return [...rows];
  const of = (row: T) => distances.get(row.source_code) ?? 0;
  return [...rows].sort((a, b) => (order === 'ASC' ? of(a) - of(b) : of(b) - of(a)));
}
