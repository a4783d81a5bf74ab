/**
 * InventoryInStorePickup's pickup locations (`GetPickupLocationsInterface`, `GetPickupLocation`): the
 * enabled sources with `is_pickup_location_active` (ResolveDefaultFilters) linked to the scope's stock
 * (ResolveScopeFilter: here every source is in the one stock, sold on website `base`), narrowed by the
 * request's filters (ResolveFilters), by the products every location must carry (ResolveIntersection,
 * GetPickupLocationIntersectionForSkus: a source item row for each sku, whatever its quantity) and by
 * area (ResolveArea, inventory/area.ts), then paged and sorted (ResolveMeta; an area's page by distance,
 * DistanceBased) and mapped to `PickupLocationInterface`.
 */
import type { SQLInputValue } from 'node:sqlite';
import { z } from 'zod';
import type { Database } from '../db.ts';
import { MagentoError, errors } from '../errors.ts';
import { magentoError } from '../input.ts';
import type { PhpValue } from '../query.ts';
import { filterSql, limitSql, orderSql, type FieldMapping, type SearchCriteria } from '../search-criteria.ts';
import { countRow } from '../db.ts';
import { sourceRow, type SourceRow } from './sources.ts';
import { ALL_SOURCE_ITEMS } from './source-items.ts';
import { byDistance, databaseSort, distanceToSources } from './area.ts';

/** The one sales channel: website `base` (`SalesChannelInterface::TYPE_WEBSITE`), selling the default stock. */
export const WEBSITE_CHANNEL = { type: 'website', code: 'base' } as const;

/** `SearchRequestFiltersInterface`'s filters in its getters' order: query key, snake key, source column. */
const FILTERS = [
  ['country', 'country', 'country_id'],
  ['postcode', 'postcode', 'postcode'],
  ['region', 'region', 'region'],
  ['regionId', 'region_id', 'region_id'],
  ['city', 'city', 'city'],
  ['street', 'street', 'street'],
  ['name', 'name', 'frontend_name'],
  ['pickupLocationCode', 'pickup_location_code', 'source_code'],
] as const;

const text = z.string().optional();
const filterQuery = z.object({ value: text, conditionType: text, condition_type: text }).optional();
const listOf = <T extends z.ZodType>(item: T) => z.record(z.string(), item).optional();

/** `searchRequest[...]` as the query string carries it (PHP's bracket syntax, `query.ts`). */
const searchRequestQuery = z.object({
  scopeType: text,
  scopeCode: text,
  currentPage: text,
  pageSize: text,
  area: z.object({ radius: text, searchTerm: text }).optional(),
  filters: listOf(filterQuery),
  sort: listOf(z.object({ field: text, direction: text })),
  extensionAttributes: z.object({ productsInfo: listOf(z.object({ sku: text })) }).optional(),
});
type SearchRequestQuery = z.output<typeof searchRequestQuery>;

interface Filter {
  readonly value: string;
  readonly condition_type: string;
}

/** `SearchRequestInterface` as parsed: what the search runs on and echoes. */
export interface SearchRequest {
  readonly area?: { radius: number; search_term: string };
  readonly filters?: Record<string, Filter>;
  readonly page_size?: number;
  readonly current_page: number;
  readonly scope_type: string;
  readonly scope_code: string;
  readonly sort?: { field: string; direction: string }[];
  readonly extension_attributes?: { products_info: { sku: string }[] };
}

const integer = (value: string | undefined, field: string): number | undefined => {
  if (value === undefined || value === '') return undefined;
  if (!/^-?\d+$/.test(value.trim())) throw errors.typeInvalid(field, value, 'int');
  return Number(value);
};

const entries = <T>(record: Record<string, T> | undefined): T[] =>
  Object.entries(record ?? {})
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([, value]) => value);

function parsedFilters(query: SearchRequestQuery): Record<string, Filter> | undefined {
  const sent = query.filters ?? {};
  const filters: Record<string, Filter> = {};
  for (const [key, snake] of FILTERS) {
    const filter = sent[key] ?? sent[snake];
    if (filter?.value === undefined) continue;
    filters[snake] = {
      value: filter.value,
      condition_type: (filter.conditionType ?? filter.condition_type ?? 'eq') || 'eq',
    };
  }
  return Object.keys(filters).length > 0 ? filters : undefined;
}

/**
 * `searchRequest` from the parsed query: the scope code required, the rest optional; the scope type and
 * current page default as `SearchRequest`'s constructor has them (website, 1).
 */
export function parseSearchRequest(node: PhpValue | undefined): SearchRequest {
  if (node === undefined) throw errors.required(['searchRequest']);
  const result = searchRequestQuery.safeParse(node, { reportInput: true });
  if (!result.success) throw magentoError(result.error.issues);
  const query = result.data;
  if (!query.scopeCode) throw errors.required(['scopeCode']);
  const pageSize = integer(query.pageSize, 'pageSize');
  const filters = parsedFilters(query);
  const sort = entries(query.sort).map((order) => ({
    field: order.field ?? '',
    direction: (order.direction ?? 'ASC').toUpperCase(),
  }));
  const skus = entries(query.extensionAttributes?.productsInfo).flatMap((info) =>
    info.sku === undefined ? [] : [{ sku: info.sku }],
  );
  const area = query.area?.searchTerm
    ? { radius: integer(query.area.radius, 'radius') ?? 0, search_term: query.area.searchTerm }
    : undefined;
  return {
    ...(area ? { area } : {}),
    ...(filters ? { filters } : {}),
    ...(pageSize === undefined ? {} : { page_size: pageSize }),
    current_page: integer(query.currentPage, 'currentPage') ?? 1,
    scope_type: query.scopeType ?? WEBSITE_CHANNEL.type,
    scope_code: query.scopeCode,
    ...(sort.length > 0 ? { sort } : {}),
    ...(skus.length > 0 ? { extension_attributes: { products_info: skus } } : {}),
  };
}

/** `StockResolver` → `GetStockBySalesChannel`: only website `base` has a stock. */
function assertLinkedStock(request: Pick<SearchRequest, 'scope_type' | 'scope_code'>): void {
  if (request.scope_type !== WEBSITE_CHANNEL.type || request.scope_code !== WEBSITE_CHANNEL.code)
    throw new MagentoError(404, 'No linked stock found');
}

/** A pickup location's field as the source's column (a sort names the location's fields). */
const COLUMN_OF: Readonly<Record<string, string>> = {
  pickup_location_code: 'source_code',
  name: 'frontend_name',
  description: 'frontend_description',
};
const locationFields: FieldMapping = {
  expression: (field) => `s.[${(COLUMN_OF[field] ?? field).replace(/\W/g, '')}]`,
};

/** `GetPickupLocationIntersectionForSkus`: the sources holding a source item for every sku. */
const intersection = (skus: readonly string[]): { sql: string; params: SQLInputValue[] } => ({
  sql: `s.source_code IN (SELECT i.source_code FROM ${ALL_SOURCE_ITEMS} i WHERE i.sku IN (${skus
    .map(() => '?')
    .join(', ')}) GROUP BY i.source_code HAVING COUNT(DISTINCT i.sku) = ?)`,
  params: [...skus, skus.length],
});

/** The WHERE of a search: the default filters, the request's, the intersection, the sources in the area. */
function whereOf(
  request: SearchRequest,
  inArea: ReadonlyMap<string, number> | undefined,
): { sql: string; params: SQLInputValue[] } {
  const parts = ['s.enabled = 1', 's.is_pickup_location_active = 1'];
  const params: SQLInputValue[] = [];
  for (const [, snake, column] of FILTERS) {
    const filter = request.filters?.[snake];
    if (!filter) continue;
    const part = filterSql({ field: column, ...filter }, locationFields);
    parts.push(part.sql);
    params.push(...part.params);
  }
  const skus = [...new Set(request.extension_attributes?.products_info.map((info) => info.sku))];
  if (skus.length > 0) {
    const part = intersection(skus);
    parts.push(part.sql);
    params.push(...part.params);
  }
  if (inArea) {
    parts.push('s.source_code IN (SELECT value FROM json_each(?))');
    params.push(JSON.stringify([...inArea.keys()]));
  }
  return { sql: `WHERE ${parts.join(' AND ')}`, params };
}

/** `PickupLocationInterface` in its getters' order, nulls left out (the Mapper's frontend fields). */
export const serializePickupLocation = (row: SourceRow) => {
  const fields = {
    pickup_location_code: row.source_code,
    name: row.frontend_name ?? row.name,
    email: row.email,
    fax: row.fax,
    contact_name: row.contact_name,
    description: row.frontend_description,
    latitude: row.latitude,
    longitude: row.longitude,
    country_id: row.country_id,
    region_id: row.region_id,
    region: row.region,
    city: row.city,
    street: row.street,
    postcode: row.postcode,
    phone: row.phone,
  };
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== null));
};

/** The matching sources, one page of them, and how many match. */
export function findPickupLocations(
  db: Database,
  request: SearchRequest,
): { rows: SourceRow[]; total: number } {
  assertLinkedStock(request);
  const inArea = request.area ? distanceToSources(db, request.area) : undefined;
  const where = whereOf(request, inArea);
  const total =
    db.get(countRow, `SELECT COUNT(*) AS n FROM inventory_sources s ${where.sql}`, ...where.params)?.n ?? 0;
  const criteria: SearchCriteria = {
    filter_groups: [],
    sort_orders: databaseSort(request.sort, inArea !== undefined),
    ...(request.page_size === undefined ? {} : { page_size: request.page_size }),
    current_page: request.current_page,
  };
  const rows = db.all(
    sourceRow,
    `SELECT s.* FROM inventory_sources s ${where.sql} ${orderSql(criteria, locationFields, 's.source_code')} ${limitSql(criteria, total)}`,
    ...where.params,
  );
  return { rows: inArea ? byDistance(rows, inArea, request.sort) : rows, total };
}

/** `GET /V1/inventory/in-store-pickup/pickup-locations/`: `SearchResultInterface`. */
export function searchPickupLocations(db: Database, request: SearchRequest) {
  const { rows, total } = findPickupLocations(db, request);
  return { items: rows.map(serializePickupLocation), search_request: request, total_count: total };
}

/**
 * `GetPickupLocation::execute($code, 'website', <the store's website>)`: the active pickup location of
 * that code, or the NoSuchEntityException it throws.
 */
export function getPickupLocation(db: Database, code: string): SourceRow {
  const { rows } = findPickupLocations(db, {
    filters: { pickup_location_code: { value: code, condition_type: 'eq' } },
    page_size: 1,
    current_page: 1,
    scope_type: WEBSITE_CHANNEL.type,
    scope_code: WEBSITE_CHANNEL.code,
  });
  const [location] = rows;
  if (!location)
    throw new MagentoError(404, 'Can not find Pickup Location with code %1 for %2 Sales Channel "%3".', [
      code,
      WEBSITE_CHANNEL.type,
      WEBSITE_CHANNEL.code,
    ]);
  return location;
}

/** `PickupLocationsAvailabilityValidator::isAnyPickupLocationAvailable`: one location carries every sku. */
export function isAnyPickupLocationAvailable(db: Database, skus: readonly string[]): boolean {
  const { total } = findPickupLocations(db, {
    page_size: 1,
    current_page: 1,
    scope_type: WEBSITE_CHANNEL.type,
    scope_code: WEBSITE_CHANNEL.code,
    ...(skus.length > 0 ? { extension_attributes: { products_info: skus.map((sku) => ({ sku })) } } : {}),
  });
  return total > 0;
}
