/**
 * `GET /V1/products-render-info` (`Catalog\Model\ProductRenderList::getList`, anonymous; COMMERCE-BASICS
 * §5.3): what a storefront renders of each product Magento lists, with the price its runtime pricing works
 * out now for a guest (NOT LOGGED IN): the lowest of the price, the tier price at quantity 1 and the special
 * price within its dates; a configurable's is its cheapest salable child's. `GET /V1/products` never shows
 * that price. The answer is `{"items": [...]}` and nothing else (no total: read until a short page).
 *
 * Magento lists what its collection holds after the visibility condition (visible in the catalogue or in
 * search) and the price index join (enabled products; out-of-stock ones are dropped from the index while
 * "Display Out of Stock Products" is off, Magento's default and this shop's): so a configurable's children
 * (not visible on their own) and sold-out products are not listed. A page is read in a fixed number of
 * queries, however many products it holds.
 */
import { z } from 'zod';
import {
  finalPrice,
  minimalPrice,
  NOT_LOGGED_IN,
  priceFactsOf,
  type PriceFacts,
  type Priced,
} from '../carts/pricing.ts';
import { sqlNumber, type Database } from '../db.ts';
import { errors } from '../errors.ts';
import { intParam } from '../http/params.ts';
import type { Route, RouteRequest } from '../http/route.ts';
import { parsePhpQuery, type PhpValue } from '../query.ts';
import { parseSearchCriteria, searchPage, type SearchCriteria } from '../search-criteria.ts';
import { scopeTimestamp, type StoreSettings } from '../store-view.ts';
import {
  productRender,
  RENDER_COLUMNS,
  renderRow,
  type ProductRender,
  type RenderPrices,
  type RenderRequest,
} from './product-render.ts';
import { productFields } from './products.ts';
import { specialPriceAt } from './special-price.ts';

/** In stock as the stock index has it: flagged so and with some left (no backorders in this shop). */
const SALABLE = (alias: string) => `${alias}.status = 1 AND ${alias}.is_in_stock = 1 AND ${alias}.qty > 0`;

/**
 * Enabled and in stock, as Magento's price and stock indexes keep a product while "Display Out of Stock
 * Products" is off: a configurable while one of its enabled children sells (`Configurable::isSalable()`,
 * as the cart has it). `p` is the product's alias. GraphQL's `products` lists by it too.
 */
export const SELLABLE = `p.status = 1 AND p.is_in_stock = 1 AND CASE
  WHEN p.type_id = 'configurable' THEN EXISTS (SELECT 1 FROM configurable_links l
    JOIN products c ON c.id = l.child_id WHERE l.parent_id = p.id AND ${SALABLE('c')})
  ELSE p.qty > 0 END`;

/** Listed: visible in the catalogue or in search (`ProductVisibilityCondition`), and sellable. */
const LISTED = `p.visibility IN (2, 3, 4) AND ${SELLABLE}`;

const childRow = z.object({ parent_id: sqlNumber, id: sqlNumber, price: sqlNumber });

/** The configurables' salable children (id and price), by parent id; in chunks of 500 parents. */
function salableChildren(db: Database, parentIds: readonly number[]): Map<number, Priced[]> {
  const byParent = new Map<number, Priced[]>();
  for (let start = 0; start < parentIds.length; start += 500) {
    const chunk = parentIds.slice(start, start + 500);
    const rows = db.all(
      childRow,
      `SELECT l.parent_id, c.id, c.price FROM configurable_links l JOIN products c ON c.id = l.child_id
       WHERE l.parent_id IN (${chunk.map(() => '?').join(',')}) AND ${SALABLE('c')} ORDER BY c.id`,
      ...chunk,
    );
    for (const row of rows)
      byParent.set(row.parent_id, [...(byParent.get(row.parent_id) ?? []), { id: row.id, price: row.price }]);
  }
  return byParent;
}

function simplePrices(facts: PriceFacts, at: number): RenderPrices {
  const final = finalPrice(facts, NOT_LOGGED_IN, 1, at);
  return {
    final,
    max: final,
    maxRegular: facts.price,
    minimalRegular: facts.price,
    special: specialPriceAt(facts.special, at) ?? null,
    minimal: minimalPrice(facts, NOT_LOGGED_IN, at),
    regular: facts.price,
  };
}

/**
 * A configurable's prices are its salable children's (`ConfigurablePriceResolver`): the final and regular
 * price the lowest of theirs, the maximum the highest. The regular range is the children's own prices (the
 * interface's "excluding special price and catalog rules"); the configurable has no special price of its own.
 */
function configurablePrices(children: readonly PriceFacts[], own: number, at: number): RenderPrices {
  if (children.length === 0) return simplePrices({ price: own, tiers: [], special: undefined }, at);
  const finals = children.map((child) => finalPrice(child, NOT_LOGGED_IN, 1, at));
  const regulars = children.map((child) => child.price);
  return {
    final: Math.min(...finals),
    max: Math.max(...finals),
    maxRegular: Math.max(...regulars),
    minimalRegular: Math.min(...regulars),
    special: null,
    minimal: Math.min(...children.map((child) => minimalPrice(child, NOT_LOGGED_IN, at))),
    regular: Math.min(...regulars),
  };
}

/** The listed products the criteria find, one page, priced now by the store's clock. */
export function productsRenderInfo(
  db: Database,
  store: StoreSettings,
  criteria: SearchCriteria,
  request: RenderRequest,
): { items: ProductRender[] } {
  const { rows } = searchPage(
    db,
    {
      table: 'products',
      alias: 'p',
      mapping: productFields,
      tieBreak: 'p.id ASC',
      row: renderRow,
      columns: RENDER_COLUMNS,
      condition: LISTED,
    },
    criteria,
    { count: false },
  );
  const configurables = rows.filter((row) => row.type_id === 'configurable');
  const children = salableChildren(
    db,
    configurables.map((row) => row.id),
  );
  const priced = [
    ...rows.filter((row) => row.type_id !== 'configurable'),
    ...[...children.values()].flat(),
  ].map((product) => ({ id: product.id, price: product.price }));
  const facts = priceFactsOf(db, priced);
  const at = scopeTimestamp(store);
  const factsOf = (product: Priced): PriceFacts =>
    facts.get(product.id) ?? { price: product.price, tiers: [], special: undefined };
  return {
    items: rows.map((row) =>
      productRender(
        row,
        row.type_id === 'configurable'
          ? configurablePrices((children.get(row.id) ?? []).map(factsOf), row.price, at)
          : simplePrices(factsOf(row), at),
        request,
        store,
      ),
    ),
  };
}

/**
 * The service method's parameters as ServiceInputProcessor binds them, in the method's order
 * (`$searchCriteria, $storeId, $currencyCode`), by their camelCase or snake_case names: a value of the wrong
 * type is refused at once, and the missing ones are then reported together ("%fieldName" is required).
 */
function renderParams(request: RouteRequest): { criteria: SearchCriteria } & RenderRequest {
  const query = parsePhpQuery(request.query);
  const given = (camel: string, snake: string): PhpValue | undefined => query[camel] ?? query[snake];
  const criteriaValue = given('searchCriteria', 'search_criteria');
  const storeValue = given('storeId', 'store_id');
  const currencyValue = given('currencyCode', 'currency_code');
  const criteria = criteriaValue === undefined ? undefined : parseSearchCriteria(criteriaValue);
  // PHP reads an array where an int belongs as "Array".
  const storeId =
    storeValue === undefined
      ? undefined
      : intParam(typeof storeValue === 'string' ? storeValue : 'Array', 'storeId');
  const currencyCode = typeof currencyValue === 'string' ? currencyValue : undefined;
  if (criteria === undefined || storeId === undefined || currencyCode === undefined)
    throw errors.required([
      ...(criteria === undefined ? ['searchCriteria'] : []),
      ...(storeId === undefined ? ['storeId'] : []),
      ...(currencyCode === undefined ? ['currencyCode'] : []),
    ]);
  return { criteria, storeId, currencyCode };
}

export const renderInfoRoutes = (db: Database, store: StoreSettings): Route[] => [
  {
    method: 'GET',
    path: '/V1/products-render-info',
    resource: 'anonymous',
    handle: (request) => {
      const { criteria, ...rendering } = renderParams(request);
      return productsRenderInfo(db, store, criteria, rendering);
    },
  },
];
