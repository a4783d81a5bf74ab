/**
 * InventoryInStorePickupGraphQl's `pickupLocations` query (its etc/schema.graphqls, as Magento 2.4.9's
 * executable schema shows it), resolved as its `Model\Resolver\PickupLocations` does: the arguments made a
 * search request for the store's website (`base`), searched as REST searches it (`pickup-locations.ts`),
 * answered with `page_info`. The catalogue part declares `SearchResultPageInfo` and `SortEnum`.
 */
import { z } from 'zod';
import type { SchemaPart } from '../graphql/schema-part.ts';
import { inputError } from '../graphql/errors.ts';
import type { GraphQlContext } from '../graphql/context.ts';
import {
  findPickupLocations,
  serializePickupLocation,
  WEBSITE_CHANNEL,
  type SearchRequest,
} from './pickup-locations.ts';

const PICKUP_SDL = `
extend type Query {
  "The pickup locations query searches for locations that match the search request requirements."
  pickupLocations(
    "Perform search by location using radius and search term."
    area: AreaInput
    "Apply filters by attributes."
    filters: PickupLocationFilterInput
    "Specifies which attribute to sort on, and whether to return the results in ascending or descending order."
    sort: PickupLocationSortInput
    "The maximum number of pickup locations to return at once. The attribute is optional."
    pageSize: Int = 20
    "Specifies which page of results to return. The default value is 1."
    currentPage: Int = 1
    "Information about products which should be delivered."
    productsInfo: [ProductInfoInput]
  ): PickupLocations
}

"AreaInput defines the parameters which will be used for filter by specified location."
input AreaInput {
  "The radius for the search in KM."
  radius: Int!
  "The country code where search must be performed. Required parameter together with region, city or postcode."
  search_term: String!
}

"Defines the comparison operators that can be used in a filter."
input FilterTypeInput {
  "Equals."
  eq: String
  finset: [String]
  "From. Must be used with the \`to\` field."
  from: String
  "Greater than."
  gt: String
  "Greater than or equal to."
  gteq: String
  "In. The value can contain a set of comma-separated values."
  in: [String]
  "Like. The specified value can contain % (percent signs) to allow matching of 0 or more characters."
  like: String
  "Less than."
  lt: String
  "Less than or equal to."
  lteq: String
  "More than or equal to."
  moreq: String
  "Not equal to."
  neq: String
  "Not in. The value can contain a set of comma-separated values."
  nin: [String]
  "Not null."
  notnull: String
  "Is null."
  null: String
  "To. Must be used with the \`from\` field."
  to: String
}

"PickupLocationFilterInput defines the list of attributes and filters for the search."
input PickupLocationFilterInput {
  "Filter by pickup location name."
  name: FilterTypeInput
  "Filter by pickup location code."
  pickup_location_code: FilterTypeInput
  "Filter by country."
  country_id: FilterTypeInput
  "Filter by postcode."
  postcode: FilterTypeInput
  "Filter by region."
  region: FilterTypeInput
  "Filter by region id."
  region_id: FilterTypeInput
  "Filter by city."
  city: FilterTypeInput
  "Filter by street."
  street: FilterTypeInput
}

"PickupLocationSortInput specifies attribute to use for sorting search results and indicates whether the results are sorted in ascending or descending order."
input PickupLocationSortInput {
  "The pickup location name. Customer use this to identify the pickup location."
  name: SortEnum
  "A code assigned to pickup location to identify the source."
  pickup_location_code: SortEnum
  "Distance to the address, requested by distance filter. Applicable only with distance filter. If distance sort order is present, all other sort orders will be ignored."
  distance: SortEnum
  "Id of the country in two letters."
  country_id: SortEnum
  "Name of the region."
  region: SortEnum
  "Id of the region."
  region_id: SortEnum
  "City where pickup location is placed."
  city: SortEnum
  "Street where pickup location is placed."
  street: SortEnum
  "Postcode where pickup location is placed."
  postcode: SortEnum
  "Geographic longitude where pickup location is placed."
  longitude: SortEnum
  "Geographic latitude where pickup location is placed."
  latitude: SortEnum
  "Contact email of the pickup location."
  email: SortEnum
  "Contact fax of the pickup location."
  fax: SortEnum
  "Contact phone number of the pickup location."
  phone: SortEnum
  "Name of the contact person."
  contact_name: SortEnum
  "Description of the pickup location."
  description: SortEnum
}

"Top level object returned in a pickup locations search."
type PickupLocations {
  "An array of pickup locations that match the specific search request."
  items: [PickupLocation]
  "An object that includes the page_info and currentPage values specified in the query."
  page_info: SearchResultPageInfo
  "The number of products returned."
  total_count: Int
}

"Defines Pickup Location information."
type PickupLocation {
  pickup_location_code: String
  name: String
  email: String
  fax: String
  contact_name: String
  description: String
  latitude: Float
  longitude: Float
  country_id: String
  region_id: Int
  region: String
  city: String
  street: String
  postcode: String
  phone: String
}

"Product Information used for Pickup Locations search."
input ProductInfoInput {
  "Product SKU."
  sku: String!
}
`;

const clause = z.record(z.string(), z.union([z.string(), z.array(z.string().nullable())]).nullable());
const pickupArgs = z.object({
  area: z.object({ radius: z.number(), search_term: z.string() }).nullish(),
  filters: z.record(z.string(), clause.nullable()).nullish(),
  sort: z.record(z.string(), z.string().nullable()).nullish(),
  pageSize: z.number().nullish(),
  currentPage: z.number().nullish(),
  productsInfo: z.array(z.object({ sku: z.string() }).nullable()).nullish(),
});

/** The search filter names of `SearchRequestBuilder` for the input's fields (`SearchRequest\Filter`). */
const FILTER_OF: Readonly<Record<string, string>> = {
  country_id: 'country_id',
  postcode: 'postcode',
  region: 'region',
  region_id: 'region_id',
  city: 'city',
  street: 'street',
  pickup_location_code: 'pickup_location_code',
  name: 'name',
};

/** Each filter's first clause (`AstConverter`): its operator the condition, a list comma-joined. */
function filtersOf(filters: z.output<typeof pickupArgs>['filters']): SearchRequest['filters'] {
  const found = Object.entries(filters ?? {}).flatMap(([field, clauses]) => {
    const [operator, value] = Object.entries(clauses ?? {})[0] ?? [];
    const name = FILTER_OF[field];
    if (!name || operator === undefined || value === undefined || value === null) return [];
    return [
      [name, { value: Array.isArray(value) ? value.join(',') : value, condition_type: operator }] as const,
    ];
  });
  return found.length > 0 ? Object.fromEntries(found) : undefined;
}

/** `Model\Resolver\PickupLocations::resolve`. */
function pickupLocations(args: unknown, context: GraphQlContext) {
  const parsed = pickupArgs.parse(args);
  const currentPage = parsed.currentPage ?? 1;
  const pageSize = parsed.pageSize ?? 20;
  if (currentPage < 1) throw inputError('currentPage value must be greater than 0.');
  if (pageSize < 1) throw inputError('pageSize value must be greater than 0.');
  const filters = filtersOf(parsed.filters);
  const skus = (parsed.productsInfo ?? []).flatMap((info) => (info ? [{ sku: info.sku }] : []));
  const sort = Object.entries(parsed.sort ?? {}).map(([field, direction]) => ({
    field,
    direction: direction === 'DESC' ? 'DESC' : 'ASC',
  }));
  const { rows, total } = findPickupLocations(context.db, {
    ...(parsed.area ? { area: { radius: parsed.area.radius, search_term: parsed.area.search_term } } : {}),
    ...(filters ? { filters } : {}),
    page_size: pageSize,
    current_page: currentPage,
    scope_type: WEBSITE_CHANNEL.type,
    scope_code: WEBSITE_CHANNEL.code,
    ...(sort.length > 0 ? { sort } : {}),
    ...(skus.length > 0 ? { extension_attributes: { products_info: skus } } : {}),
  });
  const totalPages = Math.ceil(total / pageSize);
  if (currentPage > totalPages && total > 0)
    throw inputError(
      `currentPage value ${String(currentPage)} specified is greater than the ${String(totalPages)} page(s) available.`,
    );
  return {
    items: rows.map(serializePickupLocation),
    page_info: { page_size: pageSize, current_page: currentPage, total_pages: totalPages },
    total_count: total,
  };
}

export const pickupPart: SchemaPart = { sdl: PICKUP_SDL, root: { pickupLocations } };
