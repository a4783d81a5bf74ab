/**
 * `Query.products` as Magento 2.4's CatalogGraphQl answers it (Model/Resolver/Products.php and
 * DataProvider/Product/SearchCriteriaBuilder.php), reduced to finding given products and paging them:
 *
 * - the page number is checked, then the size, then that a `search` or a `filter` was given, each with
 *   Magento's message; a page past the last (of a result that has products) is refused too;
 * - a filter lists products visible in the catalogue (visibility 2 or 4), a search those visible in search
 *   (3 or 4); either way only enabled products in stock, as Magento's index holds them while "Display Out
 *   of Stock Products" is off (`../catalog/render-info.ts`);
 * - `filter` takes `sku` and `url_key` with `eq` or `in`, exactly (Magento's other filter attributes are
 *   not offered); `search` finds products whose name or sku holds every word of it, whatever the case (a
 *   stand-in for OpenSearch's full-text match, which also weighs and stems words);
 * - without `sort`, a filter's products come newest id first (the `_id` DESC sort Magento adds), a
 *   search's best match first (here: the sku as typed, then the name starting with the words, then the
 *   name holding them); `name` and `price` sort as asked (a configurable by its cheapest salable child),
 *   `position` (a category's order, and no category is filtered on here) and `relevance` without a search
 *   leave the order alone; ties go by id in the last sort's direction (DESC after `position`).
 *
 * A page costs one statement, or two when it is full or empty (its count), whatever its size.
 */
import type { SQLInputValue } from 'node:sqlite';
import { z } from 'zod';
import { SELLABLE } from '../catalog/render-info.ts';
import { productRow } from '../catalog/products.ts';
import { countRow } from '../db.ts';
import type { GraphQlContext } from './context.ts';
import { inputError } from './errors.ts';
import { productView } from './product.ts';

const productErrors = {
  currentPageBelowOne: () => inputError('currentPage value must be greater than 0.'),
  pageSizeBelowOne: () => inputError('pageSize value must be greater than 0.'),
  searchOrFilterRequired: () => inputError("'search' or 'filter' input argument is required."),
  pageTooHigh: (currentPage: number, totalPages: number) =>
    inputError(
      `currentPage value ${currentPage} specified is greater than the ${totalPages} page(s) available.`,
    ),
};

const equalFilter = z.object({ eq: z.string().nullish(), in: z.array(z.string().nullable()).nullish() });
const direction = z.enum(['ASC', 'DESC']).nullish();

const productsArgs = z.object({
  search: z.string().nullish(),
  filter: z.object({ sku: equalFilter.nullish(), url_key: equalFilter.nullish() }).nullish(),
  pageSize: z.number().nullable(),
  currentPage: z.number().nullable(),
  sort: z.object({ name: direction, position: direction, price: direction, relevance: direction }).nullish(),
});
type ProductsArgs = z.output<typeof productsArgs>;

/**
 * Magento's `Visibility::getVisibleInCatalogIds()` and `getVisibleInSearchIds()`. The unary `+` keeps
 * SQLite off the visibility index (nearly every product is visible), so a batch of skus is found through
 * the sku index instead of a scan of the catalogue: 2 ms instead of 130 at 10,000 products.
 */
const VISIBLE_IN_CATALOG = '+p.visibility IN (2, 4)';
const VISIBLE_IN_SEARCH = '+p.visibility IN (3, 4)';

const URL_KEY = "json_extract(p.attributes, '$.url_key')";

/** A configurable is priced by its cheapest salable child, as Magento's price index has it. */
const PRICE = `CASE WHEN p.type_id = 'configurable' THEN (SELECT MIN(c.price) FROM configurable_links l
  JOIN products c ON c.id = l.child_id WHERE l.parent_id = p.id AND c.status = 1 AND c.is_in_stock = 1 AND c.qty > 0)
  ELSE p.price END`;

const likeWord = (word: string): string => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

interface Query {
  readonly where: string[];
  readonly params: SQLInputValue[];
  readonly order: string[];
  readonly orderParams: SQLInputValue[];
}

/** `sku`/`url_key` with `eq` (one value) and `in` (any of the values, none for an empty list). */
function addEqualFilter(
  query: Query,
  column: string,
  filter: z.output<typeof equalFilter> | null | undefined,
) {
  if (filter?.eq !== undefined && filter.eq !== null) {
    query.where.push(`${column} = ?`);
    query.params.push(filter.eq);
  }
  if (filter?.in !== undefined && filter.in !== null) {
    query.where.push(`${column} IN (SELECT value FROM json_each(?))`);
    query.params.push(JSON.stringify(filter.in.filter((value) => value !== null)));
  }
}

function addSearch(query: Query, search: string): void {
  const words = search.trim().split(/\s+/).filter(Boolean);
  for (const word of words) {
    query.where.push("(p.name LIKE ? ESCAPE '\\' OR p.sku LIKE ? ESCAPE '\\')");
    query.params.push(likeWord(word), likeWord(word));
  }
}

/** The ORDER BY of `sort` (or the default one) and the id tie-break in the last sort's direction. */
function addOrder(query: Query, args: ProductsArgs): void {
  const search = args.search ?? undefined;
  const sorts = Object.entries(args.sort ?? {}).flatMap(([field, dir]) =>
    dir ? [[field, dir] as const] : [],
  );
  const effective = sorts.length > 0 ? sorts : search !== undefined ? [['relevance', 'DESC'] as const] : [];
  for (const [field, dir] of effective) {
    if (field === 'name') query.order.push(`p.name COLLATE NOCASE ${dir}`);
    if (field === 'price') query.order.push(`${PRICE} ${dir}`);
    if (field === 'relevance' && search !== undefined) {
      const phrase = search.trim();
      query.order.push(
        `(p.sku = ?) ${dir}, (p.name LIKE ? ESCAPE '\\') ${dir}, (p.name LIKE ? ESCAPE '\\') ${dir}`,
      );
      query.orderParams.push(phrase, likeWord(phrase).slice(1), likeWord(phrase));
    }
  }
  const last = effective.at(-1);
  query.order.push(`p.id ${last && last[0] !== 'position' ? last[1] : 'DESC'}`);
}

export function productsQuery(rawArgs: unknown, context: GraphQlContext) {
  const args = productsArgs.parse(rawArgs);
  const { currentPage, pageSize } = args;
  if (currentPage === null || currentPage < 1) throw productErrors.currentPageBelowOne();
  if (pageSize === null || pageSize < 1) throw productErrors.pageSizeBelowOne();
  const search = args.search ?? undefined;
  if (search === undefined && !args.filter) throw productErrors.searchOrFilterRequired();

  const query: Query = {
    where: [search === undefined ? VISIBLE_IN_CATALOG : VISIBLE_IN_SEARCH, SELLABLE],
    params: [],
    order: [],
    orderParams: [],
  };
  addEqualFilter(query, 'p.sku', args.filter?.sku);
  addEqualFilter(query, URL_KEY, args.filter?.url_key);
  if (search !== undefined) addSearch(query, search);
  addOrder(query, args);

  const { db } = context;
  const where = query.where.join(' AND ');
  // The page's ids are sorted and cut first, then their rows read: sorting whole rows (descriptions and
  // all) cost more than the rest of the query.
  const order = query.order.join(', ');
  const rows = db.all(
    productRow,
    `SELECT p.* FROM products p WHERE p.id IN (
       SELECT p.id FROM products p WHERE ${where} ORDER BY ${order} LIMIT ? OFFSET ?)
     ORDER BY ${order}`,
    ...query.params,
    ...query.orderParams,
    pageSize,
    (currentPage - 1) * pageSize,
    ...query.orderParams,
  );
  // A page that is neither empty nor full is the last: its products say how many there are (a batch of
  // skus read in one page, the storefront's case, needs no count).
  const total =
    rows.length > 0 && rows.length < pageSize
      ? (currentPage - 1) * pageSize + rows.length
      : (db.get(countRow, `SELECT COUNT(*) AS n FROM products p WHERE ${where}`, ...query.params)?.n ?? 0);
  const totalPages = Math.ceil(total / pageSize);
  if (currentPage > totalPages && total > 0) throw productErrors.pageTooHigh(currentPage, totalPages);
  return {
    total_count: total,
    items: rows.map((row) => productView(db, row, context.product)),
    page_info: { page_size: pageSize, current_page: currentPage, total_pages: totalPages },
  };
}
