/**
 * What click & collect reads from Magento, through MSI's own APIs (src/magento/wire/pickup.ts): the
 * website's pickup locations, the quantities on their shelves (source items), and which placed pickup
 * orders Magento has since shipped to the counter or cancelled. Each read is kept a short while in this
 * process, so a product page's availability costs a Magento call at most every few seconds per product;
 * a read that must be true now (reserving, paying) asks again.
 */
import { magentoFetch, searchCriteria, type IntegrationConfig } from '../../magento/client.ts';
import { keptFor } from '../../magento/kept.ts';
import {
  pickupLocationsSchema,
  pickupOrdersSchema,
  sourceItemsSchema,
  type PickupLocation,
  type PickupOrder,
} from '../../magento/wire/pickup.ts';

/** What the routes and reservations need of Magento; tests may give another. */
export interface CollectMagento {
  /** The website's active pickup locations. */
  pickupLocations(): Promise<PickupLocation[]>;
  /** Units on the shelf per source and SKU (0 for an item out of stock); `fresh` skips what is kept. */
  shelf(sources: readonly string[], skus: readonly string[], fresh?: boolean): Promise<Shelf>;
  /** Every SKU with units on the source's shelf, and how many. */
  wholeShelf(source: string): Promise<Map<string, number>>;
  /**
   * Of these placed orders, those Magento has shipped to the counter (the shipment took the units off the
   * point's own quantity), completed, closed or cancelled.
   */
  settledOrders(orderIds: readonly number[]): Promise<number[]>;
  /** Forgets the shelves kept: their reservations were let go as Magento's own quantities fell. */
  forget(): void;
}

/** Units by source, then by SKU; a SKU the source has no item for is missing (0). */
export type Shelf = Map<string, Map<string, number>>;

export const unitsOn = (shelf: Shelf, source: string, sku: string): number =>
  shelf.get(source)?.get(sku) ?? 0;

const KEEP_LOCATIONS_MS = 5 * 60_000;
const KEEP_SHELF_MS = 5_000;
const KEEP_WHOLE_SHELF_MS = 30_000;
const PAGE = 500;
const ORDERS_A_SEARCH = 100;
/** Kept shelf entries (source × SKU) before they are all forgotten: a bound on memory, whatever the catalogue. */
const MAX_KEPT = 100_000;
const SETTLED_STATES = new Set(['complete', 'closed', 'canceled']);

const inList = (field: string, values: readonly string[] | readonly number[]) => ({
  field,
  value: values.join(','),
  conditionType: 'in',
});

/** The website's active pickup locations (anonymous in Magento; asked as the integration here). */
async function readPickupLocations(config: IntegrationConfig, website: string) {
  const query = new URLSearchParams({
    'searchRequest[scopeType]': 'website',
    'searchRequest[scopeCode]': website,
    'searchRequest[currentPage]': '1',
    'searchRequest[pageSize]': '50',
  });
  const found = await magentoFetch(config, {
    path: `/inventory/in-store-pickup/pickup-locations/?${query.toString()}`,
    schema: pickupLocationsSchema,
  });
  return found.items;
}

/** Units of `skus` on the shelves of `sources`: one source-items search. */
async function readShelf(
  config: IntegrationConfig,
  sources: readonly string[],
  skus: readonly string[],
): Promise<Shelf> {
  const found = await magentoFetch(config, {
    path: `/inventory/source-items?${searchCriteria({
      filters: [inList('source_code', sources), inList('sku', skus)],
      pageSize: sources.length * skus.length,
    })}`,
    schema: sourceItemsSchema,
  });
  const shelf: Shelf = new Map(sources.map((source) => [source, new Map<string, number>()]));
  for (const item of found.items)
    shelf.get(item.source_code)?.set(item.sku, item.status === 1 ? Math.max(0, item.quantity) : 0);
  return shelf;
}

/** Every SKU with units on the source's shelf, page by page. */
async function readWholeShelf(config: IntegrationConfig, source: string): Promise<Map<string, number>> {
  const units = new Map<string, number>();
  for (let page = 1; ; page += 1) {
    const found = await magentoFetch(config, {
      path: `/inventory/source-items?${searchCriteria({
        filters: [
          { field: 'source_code', value: source },
          { field: 'status', value: '1' },
          { field: 'quantity', value: '0', conditionType: 'gt' },
        ],
        pageSize: PAGE,
        currentPage: page,
      })}`,
      schema: sourceItemsSchema,
    });
    for (const item of found.items) units.set(item.sku, item.quantity);
    if (found.items.length < PAGE || page * PAGE >= found.total_count) return units;
  }
}

/** Of these orders, those shipped (any of it), completed, closed, cancelled, or no longer in Magento. */
async function readSettledOrders(config: IntegrationConfig, orderIds: readonly number[]): Promise<number[]> {
  const settled: number[] = [];
  // A hundred ids a search: a week of orders never makes a URL too long for Magento or a proxy.
  for (let at = 0; at < orderIds.length; at += ORDERS_A_SEARCH) {
    const ids = orderIds.slice(at, at + ORDERS_A_SEARCH);
    const found = await magentoFetch(config, {
      path: `/orders?${searchCriteria({ filters: [inList('entity_id', ids)], pageSize: ids.length })}`,
      schema: pickupOrdersSchema,
    });
    const known = new Set(found.items.map((order) => order.entity_id));
    for (const order of found.items) if (isSettled(order)) settled.push(order.entity_id);
    // An order Magento no longer has (deleted) holds nothing either.
    settled.push(...ids.filter((id) => !known.has(id)));
  }
  return settled;
}

const isSettled = (order: PickupOrder): boolean =>
  SETTLED_STATES.has(order.state ?? '') ||
  (order.extension_attributes?.notification_sent ?? 0) > 0 ||
  (order.items ?? []).some((item) => (item.qty_shipped ?? 0) > 0);

/** Shelves read from Magento, each source and SKU kept `KEEP_SHELF_MS`. */
function keptShelves(config: IntegrationConfig): Pick<CollectMagento, 'shelf' | 'forget'> {
  const shelfKept = new Map<string, { at: number; units: number }>();
  async function readAndKeep(sources: readonly string[], skus: readonly string[]): Promise<Shelf> {
    const shelf = await readShelf(config, sources, skus);
    const at = performance.now();
    if (shelfKept.size > MAX_KEPT) shelfKept.clear();
    for (const source of sources)
      for (const sku of skus) shelfKept.set(`${source}\n${sku}`, { at, units: unitsOn(shelf, source, sku) });
    return shelf;
  }
  return {
    async shelf(sources, skus, fresh = false) {
      if (skus.length === 0) return new Map();
      const now = performance.now();
      const cached = (source: string, sku: string) => {
        const entry = shelfKept.get(`${source}\n${sku}`);
        return entry && now - entry.at < KEEP_SHELF_MS ? entry.units : undefined;
      };
      const all = sources.every((source) => skus.every((sku) => cached(source, sku) !== undefined));
      if (fresh || !all) return readAndKeep(sources, skus);
      return new Map(
        sources.map((source) => [source, new Map(skus.map((sku) => [sku, cached(source, sku) ?? 0]))]),
      );
    },
    forget: () => shelfKept.clear(),
  };
}

export function collectMagento(config: IntegrationConfig, website: string): CollectMagento {
  const wholeShelves = new Map<string, () => Promise<Map<string, number>>>();
  return {
    pickupLocations: keptFor(KEEP_LOCATIONS_MS, () => readPickupLocations(config, website)),
    ...keptShelves(config),
    wholeShelf(source) {
      let read = wholeShelves.get(source);
      if (!read) {
        read = keptFor(KEEP_WHOLE_SHELF_MS, () => readWholeShelf(config, source));
        wholeShelves.set(source, read);
      }
      return read();
    },
    settledOrders: (orderIds) => readSettledOrders(config, orderIds),
  };
}
