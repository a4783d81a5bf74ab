/**
 * Catalogue services (admin or integration token): categories, products and product attributes, product
 * links, price storage; and the products' render information (anonymous), priced by the store's clock.
 */
import type { Database } from '../db.ts';
import { intParam, optionalInt, queryValue, searchCriteriaParam } from '../http/params.ts';
import { withBody, type Route } from '../http/route.ts';
import { m, productDto } from '../input.ts';
import { requestedFields } from '../query.ts';
import { parseSearchCriteria } from '../search-criteria.ts';
import { getAttribute, getAttributeOptions, searchAttributes } from './attributes.ts';
import { assignedProducts, categoryTree, getCategory } from './categories.ts';
import { configurableRoutes } from './configurable-products.ts';
import { priceStorageRoutes } from './price-storage.ts';
import { productLinkRoutes } from './product-link-routes.ts';
import { deleteProduct, getProduct, searchProducts } from './products.ts';
import { renderInfoRoutes } from './render-info.ts';
import { saveProduct } from './save-product.ts';
import { specialPriceStorageRoutes } from './special-price-storage.ts';
import type { StoreSettings } from '../store-view.ts';

const productBody = m.params({ product: productDto, saveOptions: m.bool().optional() });

export function catalogRoutes(db: Database, store: StoreSettings): Route[] {
  const categories = 'Magento_Catalog::categories';
  const products = 'Magento_Catalog::products';
  // Catalog/etc/webapi.xml: Stores > Attributes > Product, not the products resource.
  const attributes = 'Magento_Catalog::attributes_attributes';
  return [
    {
      method: 'GET',
      path: '/V1/categories',
      resource: categories,
      handle: (request) =>
        categoryTree(
          db,
          request.scope.storeId,
          optionalInt(queryValue(request, 'rootCategoryId'), 'rootCategoryId'),
          optionalInt(queryValue(request, 'depth'), 'depth'),
        ),
    },
    {
      method: 'GET',
      path: '/V1/categories/:categoryId',
      resource: categories,
      handle: ({ params }) => getCategory(db, intParam(params['categoryId'], 'categoryId')),
    },
    {
      method: 'GET',
      path: '/V1/categories/:categoryId/products',
      resource: categories,
      handle: ({ params, scope }) =>
        assignedProducts(db, intParam(params['categoryId'], 'categoryId'), scope.storeId),
    },
    {
      method: 'GET',
      path: '/V1/products',
      resource: products,
      handle: (request) =>
        searchProducts(db, parseSearchCriteria(searchCriteriaParam(request)), requestedFields(request.query)),
    },
    {
      method: 'GET',
      path: '/V1/products/:sku',
      resource: products,
      handle: ({ params }) => getProduct(db, params['sku'] ?? ''),
    },
    {
      method: 'POST',
      path: '/V1/products',
      resource: products,
      ...withBody(productBody, (_, { product }) => saveProduct(db, product)),
    },
    {
      method: 'PUT',
      path: '/V1/products/:sku',
      resource: products,
      ...withBody(productBody, ({ params }, { product }) => saveProduct(db, product, params['sku'])),
    },
    {
      method: 'DELETE',
      path: '/V1/products/:sku',
      resource: products,
      handle: ({ params }) => deleteProduct(db, params['sku'] ?? ''),
    },
    {
      method: 'GET',
      path: '/V1/products/attributes',
      resource: attributes,
      handle: (request) => searchAttributes(db, parseSearchCriteria(searchCriteriaParam(request))),
    },
    {
      method: 'GET',
      path: '/V1/products/attributes/:attributeCode',
      resource: attributes,
      handle: ({ params }) => getAttribute(db, params['attributeCode'] ?? ''),
    },
    {
      method: 'GET',
      path: '/V1/products/attributes/:attributeCode/options',
      resource: attributes,
      handle: ({ params }) => getAttributeOptions(db, params['attributeCode'] ?? ''),
    },
    ...configurableRoutes(db),
    ...productLinkRoutes(db),
    ...priceStorageRoutes(db),
    ...specialPriceStorageRoutes(db),
    ...renderInfoRoutes(db, store),
  ];
}
