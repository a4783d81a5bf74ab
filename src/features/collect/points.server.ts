/**
 * The collection points: Magento's pickup locations (name, address, phone, position) that the shop's
 * settings describe (hours, readiness, transfers), in the settings' order, each with a map link.
 */
import type { PickupLocation } from '../../magento/wire/pickup.ts';
import type { CollectMagento } from './magento.server.ts';
import type { CollectSettings, PointSettings } from './settings.ts';

/** The address fields Magento compares with an in-store pickup quote's shipping address. */
export interface PointAddress {
  readonly street: string;
  readonly city: string;
  readonly postcode: string;
  readonly region: string | undefined;
  readonly region_id: number | undefined;
  readonly country_id: string;
}

/** A collection point: Magento's pickup location and the shop's settings for it. */
export interface Point {
  readonly code: string;
  readonly name: string;
  readonly phone: string | undefined;
  readonly email: string | undefined;
  readonly description: string | undefined;
  readonly address: PointAddress;
  readonly mapUrl: string;
  readonly settings: PointSettings;
}

function mapUrl(location: PickupLocation, address: PointAddress): string {
  if (typeof location.latitude === 'number' && typeof location.longitude === 'number')
    return `https://www.openstreetmap.org/?mlat=${location.latitude}&mlon=${location.longitude}#map=17/${location.latitude}/${location.longitude}`;
  const query = [address.street, address.city, address.postcode].join(', ');
  return `https://www.openstreetmap.org/search?query=${encodeURIComponent(query)}`;
}

function toPoint(location: PickupLocation, settings: PointSettings): Point | undefined {
  const { street, city, postcode, country_id: country } = location;
  if (!street || !city || !postcode || !country) return undefined;
  const address: PointAddress = {
    street,
    city,
    postcode,
    region: location.region ?? undefined,
    region_id: location.region_id ?? undefined,
    country_id: country,
  };
  return {
    code: location.pickup_location_code,
    name: location.name ?? location.pickup_location_code,
    phone: location.phone ?? undefined,
    email: location.email ?? undefined,
    description: location.description ?? undefined,
    address,
    mapUrl: mapUrl(location, address),
    settings,
  };
}

/** The points Magento lists as pickup locations and the settings describe, in the settings' order. */
export async function collectionPoints(deps: {
  readonly magento: Pick<CollectMagento, 'pickupLocations'>;
  readonly settings: Pick<CollectSettings, 'points'>;
}): Promise<Point[]> {
  const locations = await deps.magento.pickupLocations();
  return deps.settings.points.flatMap((settings) => {
    const location = locations.find((each) => each.pickup_location_code === settings.code);
    const point = location && toPoint(location, settings);
    return point ? [point] : [];
  });
}
