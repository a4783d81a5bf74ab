/**
 * `GET /V1/products-render-info` (`Catalog\Model\ProductRenderList::getList`, anonymous): what a storefront
 * renders of each product Magento lists (visible in the catalogue or in search, enabled), with the FINAL
 * price its pricing works out now for a guest (NOT LOGGED IN): the lowest of the price, the tier price at
 * quantity 1 and the special price within its dates (COMMERCE-BASICS §5.3); a configurable's is its
 * cheapest salable child's. `storeId`, `currencyCode` and `searchCriteria` are required; the answer is
 * `{"items": [...]}` and nothing else.
 */
import { z } from 'zod';
import { NOT_LOGGED_IN, unitPrice } from '../carts/pricing.ts';
import { sqlNumber, type Database } from '../db.ts';
import { errors } from '../errors.ts';
import { intParam, queryValue, searchCriteriaParam } from '../http/params.ts';
import type { Route } from '../http/route.ts';
import { roundMoney } from '../money.ts';
import { parseSearchCriteria, type SearchCriteria } from '../search-criteria.ts';
import { productFields, productRow, type ProductRow } from './products.ts';
import { searchPage } from '../search-criteria.ts';

const childRow = z.object({
  parent_id: sqlNumber,
  id: sqlNumber,
  price: sqlNumber,
  is_in_stock: sqlNumber,
});

/** Visible in the catalogue or search (`ProductVisibilityCondition`) and enabled. */
const listed = (criteria: SearchCriteria): SearchCriteria => ({
  ...criteria,
  filter_groups: [
    ...criteria.filter_groups,
    { filters: [{ field: 'visibility', value: '2,3,4', condition_type: 'in' }] },
    { filters: [{ field: 'status', value: '1', condition_type: 'eq' }] },
  ],
});

interface Prices {
  final: number;
  regular: number;
  min: number;
  max: number;
  maxRegular: number;
  minRegular: number;
}

/** The configurables' enabled children, by parent id. */
function childrenOf(db: Database, parents: readonly number[]): Map<number, z.output<typeof childRow>[]> {
  const byParent = new Map<number, z.output<typeof childRow>[]>();
  if (parents.length === 0) return byParent;
  const rows = db.all(
    childRow,
    `SELECT l.parent_id, p.id, p.price, p.is_in_stock FROM configurable_links l
     JOIN products p ON p.id = l.child_id
     WHERE p.status = 1 AND l.parent_id IN (${parents.map(() => '?').join(',')})`,
    ...parents,
  );
  for (const row of rows) byParent.set(row.parent_id, [...(byParent.get(row.parent_id) ?? []), row]);
  return byParent;
}

function pricesOf(db: Database, row: ProductRow, children: readonly z.output<typeof childRow>[]): Prices {
  if (row.type_id !== 'configurable') {
    const final = unitPrice(db, row.id, row.price, NOT_LOGGED_IN, 1);
    return {
      final,
      regular: row.price,
      min: final,
      max: final,
      maxRegular: row.price,
      minRegular: row.price,
    };
  }
  // Magento leaves sold-out children out of a configurable's price.
  const salable = children.filter((child) => child.is_in_stock === 1);
  const priced = (salable.length > 0 ? salable : children).map((child) => ({
    final: unitPrice(db, child.id, child.price, NOT_LOGGED_IN, 1),
    regular: child.price,
  }));
  if (priced.length === 0) return { final: 0, regular: 0, min: 0, max: 0, maxRegular: 0, minRegular: 0 };
  const finals = priced.map((price) => price.final);
  const regulars = priced.map((price) => price.regular);
  const cheapest = priced.reduce((best, price) => (price.final < best.final ? price : best));
  return {
    final: cheapest.final,
    regular: cheapest.regular,
    min: Math.min(...finals),
    max: Math.max(...finals),
    maxRegular: Math.max(...regulars),
    minRegular: Math.min(...regulars),
  };
}

const GBP = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });
const formatted = (amount: number) => `<span class="price">${GBP.format(amount)}</span>`;

function renderItem(row: ProductRow, prices: Prices, storeId: number, currencyCode: string) {
  const urlKey = String((JSON.parse(row.attributes) as Record<string, unknown>)['url_key'] ?? '');
  const special = prices.final < prices.regular ? roundMoney(prices.final) : 0;
  return {
    add_to_cart_button: { post_data: '', url: '', required_options: row.type_id === 'configurable' },
    add_to_compare_button: { post_data: '', url: '', required_options: false },
    price_info: {
      final_price: roundMoney(prices.final),
      max_price: roundMoney(prices.max),
      max_regular_price: roundMoney(prices.maxRegular),
      minimal_regular_price: roundMoney(prices.minRegular),
      special_price: special,
      minimal_price: roundMoney(prices.min),
      regular_price: roundMoney(prices.regular),
      formatted_prices: {
        final_price: formatted(prices.final),
        max_price: formatted(prices.max),
        minimal_price: formatted(prices.min),
        max_regular_price: formatted(prices.maxRegular),
        minimal_regular_price: formatted(prices.minRegular),
        special_price: formatted(special),
        regular_price: formatted(prices.regular),
      },
      extension_attributes: {},
    },
    images: [],
    url: urlKey ? `/${urlKey}.html` : `/catalog/product/view/id/${row.id}/`,
    id: row.id,
    name: row.name,
    type: row.type_id,
    is_salable: row.is_in_stock === 1 ? '1' : '',
    store_id: storeId,
    currency_code: currencyCode,
    extension_attributes: {},
  };
}

export function productsRenderInfo(
  db: Database,
  criteria: SearchCriteria,
  storeId: number,
  currencyCode: string,
) {
  const { rows } = searchPage(
    db,
    { table: 'products', alias: 'p', mapping: productFields, tieBreak: 'p.id ASC', row: productRow },
    listed(criteria),
  );
  const children = childrenOf(
    db,
    rows.filter((row) => row.type_id === 'configurable').map((row) => row.id),
  );
  return {
    items: rows.map((row) =>
      renderItem(row, pricesOf(db, row, children.get(row.id) ?? []), storeId, currencyCode),
    ),
  };
}

export const renderInfoRoutes = (db: Database): Route[] => [
  {
    method: 'GET',
    path: '/V1/products-render-info',
    resource: 'anonymous',
    handle: (request) => {
      const criteria = searchCriteriaParam(request);
      const storeId = queryValue(request, 'storeId');
      const currencyCode = queryValue(request, 'currencyCode');
      const missing = [
        ...(criteria === undefined ? ['searchCriteria'] : []),
        ...(storeId === undefined ? ['storeId'] : []),
        ...(currencyCode === undefined ? ['currencyCode'] : []),
      ];
      if (missing.length > 0) throw errors.required(missing);
      return productsRenderInfo(
        db,
        parseSearchCriteria(criteria),
        intParam(storeId, 'storeId'),
        currencyCode ?? '',
      );
    },
  },
];
