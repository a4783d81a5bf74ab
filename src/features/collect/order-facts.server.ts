/**
 * What the order pages show of a click & collect order beyond Magento's own fields: the point's name,
 * address, phone, hours and map (Magento's pickup location with the shop's hours), the days an order is
 * kept there and what to bring (`collect.json`). A point that cannot be read leaves the page with its
 * code and the settings' texts: the order still shows, logged.
 */
import type { CollectionPlace, CollectionFacts } from '../orders/index.ts';
import type { OrderCollections } from '../orders/index.server.ts';
import type { CollectDeps } from './collect.server.ts';
import { collectionPoints, type Point } from './points.server.ts';
import { hoursLines } from './views.server.ts';

/** A point as an order page shows it. */
export const placeOf = (point: Point): CollectionPlace => ({
  name: point.name,
  lines: [point.address.street, point.address.city, point.address.postcode],
  phone: point.phone ?? null,
  hours: hoursLines(point),
  mapUrl: point.mapUrl,
});

export function orderCollections(deps: Pick<CollectDeps, 'magento' | 'settings' | 'log'>): OrderCollections {
  const { settings } = deps;
  return {
    async factsOf(code): Promise<CollectionFacts> {
      let place: CollectionPlace | null = null;
      try {
        const point = (await collectionPoints(deps)).find((each) => each.code === code);
        place = point ? placeOf(point) : null;
      } catch (error) {
        deps.log(`Collection point ${code} not read for an order: ${String(error)}`);
      }
      return { place, keptForDays: settings.collectWithinDays, bring: settings.bring };
    },
  };
}
