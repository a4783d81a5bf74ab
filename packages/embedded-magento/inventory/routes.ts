/**
 * MSI's REST routes with the ACL resources of their webapi.xml: sources, source items and the stock, read
 * only (InventoryApi: `Magento_InventoryApi::source`, `source_edit`, `stock_source_item_assign`, `stock`,
 * `stock_source_link`), pickup locations
 * (InventoryInStorePickupApi: anonymous) and the ready-for-pickup notification (InventoryInStorePickupSalesApi:
 * `Magento_InventoryInStorePickupApi::notify_orders_are_ready_for_pickup`). The save services return void,
 * which Magento's REST answers as `[]`.
 */
import type { Database } from '../db.ts';
import { intParam, searchCriteriaParam } from '../http/params.ts';
import { withBody, type Route } from '../http/route.ts';
import { m } from '../input.ts';
import { parsePhpQuery } from '../query.ts';
import type { OnSaved } from '@cleaning-shop/contracts/rebuild-hook.ts';
import type { ReturnsRuntime } from '../returns/runtime.ts';
import { NO_MAILER } from '../email/mailer.ts';
import { parseSearchCriteria } from '../search-criteria.ts';
import { notifyOrdersAreReadyForPickup } from './notify.ts';
import { parseSearchRequest, searchPickupLocations } from './pickup-locations.ts';
import {
  deleteSourceItems,
  saveSourceItems,
  searchSourceItems,
  sourceItemDto,
  type SourceItemInput,
} from './source-items.ts';
import {
  DEFAULT_SOURCE,
  getSource,
  saveSource,
  searchSources,
  serializeSource,
  sourceDto,
} from './sources.ts';
import { getStock, searchStocks, searchStockSourceLinks } from './stocks.ts';

const SOURCE = 'Magento_InventoryApi::source';
const SOURCE_EDIT = 'Magento_InventoryApi::source_edit';
const ASSIGN = 'Magento_InventoryApi::stock_source_item_assign';

function sourceRoutes(db: Database): Route[] {
  return [
    {
      method: 'GET',
      path: '/V1/inventory/sources',
      resource: SOURCE,
      handle: (request) => searchSources(db, parseSearchCriteria(searchCriteriaParam(request))),
    },
    {
      method: 'GET',
      path: '/V1/inventory/sources/:sourceCode',
      resource: SOURCE,
      handle: ({ params }) => serializeSource(getSource(db, params['sourceCode'] ?? '')),
    },
    {
      method: 'POST',
      path: '/V1/inventory/sources',
      resource: SOURCE_EDIT,
      ...withBody(m.params({ source: sourceDto }), (_, { source }) => {
        saveSource(db, source);
        return [];
      }),
    },
    {
      method: 'PUT',
      path: '/V1/inventory/sources/:sourceCode',
      resource: SOURCE_EDIT,
      ...withBody(m.params({ source: sourceDto }), ({ params }, { source }) => {
        saveSource(db, source, params['sourceCode']);
        return [];
      }),
    },
  ];
}

/**
 * A change to the default source's items is a change to the products' own stock (the catalogue's "In
 * stock"): the storefront is told, as of a product save. Other sources' (the collection points') are not:
 * no page shows them baked in.
 */
function tellCatalogueStock(onSaved: OnSaved, items: readonly (SourceItemInput | null)[]): void {
  for (const item of items)
    if (item?.source_code === DEFAULT_SOURCE && item.sku) onSaved({ entity: 'product', sku: item.sku });
}

function sourceItemRoutes(db: Database, onSaved: OnSaved): Route[] {
  const items = m.params({ sourceItems: m.array(sourceItemDto) });
  return [
    {
      method: 'GET',
      path: '/V1/inventory/source-items',
      resource: SOURCE,
      handle: (request) => searchSourceItems(db, parseSearchCriteria(searchCriteriaParam(request))),
    },
    {
      method: 'POST',
      path: '/V1/inventory/source-items',
      resource: ASSIGN,
      ...withBody(items, (_, { sourceItems }) => {
        const saved = saveSourceItems(db, sourceItems);
        tellCatalogueStock(onSaved, sourceItems);
        return saved;
      }),
    },
    {
      method: 'POST',
      path: '/V1/inventory/source-items-delete',
      resource: ASSIGN,
      ...withBody(items, (_, { sourceItems }) => {
        const deleted = deleteSourceItems(db, sourceItems);
        tellCatalogueStock(onSaved, sourceItems);
        return deleted;
      }),
    },
  ];
}

/** The one stock and its links, read only (`stocks.ts`). */
function stockRoutes(db: Database): Route[] {
  return [
    {
      method: 'GET',
      path: '/V1/inventory/stocks',
      resource: 'Magento_InventoryApi::stock',
      handle: (request) => searchStocks(db, parseSearchCriteria(searchCriteriaParam(request))),
    },
    {
      method: 'GET',
      path: '/V1/inventory/stocks/:stockId',
      resource: 'Magento_InventoryApi::stock',
      handle: ({ params }) => getStock(intParam(params['stockId'], 'stockId')),
    },
    {
      method: 'GET',
      path: '/V1/inventory/stock-source-links',
      resource: 'Magento_InventoryApi::stock_source_link',
      handle: (request) => searchStockSourceLinks(db, parseSearchCriteria(searchCriteriaParam(request))),
    },
  ];
}

export function inventoryRoutes(db: Database, runtime: ReturnsRuntime, onSaved: OnSaved): Route[] {
  return [
    ...sourceRoutes(db),
    ...sourceItemRoutes(db, onSaved),
    ...stockRoutes(db),
    {
      method: 'GET',
      path: '/V1/inventory/in-store-pickup/pickup-locations/',
      resource: 'anonymous',
      handle: (request) =>
        searchPickupLocations(db, parseSearchRequest(parsePhpQuery(request.query)['searchRequest'])),
    },
    {
      method: 'POST',
      path: '/V1/order/notify-orders-are-ready-for-pickup',
      resource: 'Magento_InventoryInStorePickupApi::notify_orders_are_ready_for_pickup',
      ...withBody(m.params({ orderIds: m.array(m.int()) }), (_, { orderIds }) =>
        notifyOrdersAreReadyForPickup(
          db,
          orderIds.filter((id): id is number => id !== null),
          runtime,
          runtime.mailer !== NO_MAILER,
        ),
      ),
    },
  ];
}
