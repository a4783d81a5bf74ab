/**
 * The route table: every REST call the storefront makes (COVERAGE.md) plus the admin calls an editor's
 * change and the payment bridge need, each with Magento's ACL resource (CONTRACT.md §2.3).
 */
import {
  authorize,
  checkCredentials,
  issueToken,
  USER_TYPE,
  type Caller,
  type TokenLifetimes,
} from './auth.ts';
import {
  addItem,
  assignGuestCart,
  computeTotals,
  createCustomerCart,
  createGuestCart,
  deleteItem,
  listItems,
  quoteByMask,
  requireCustomerQuote,
  activeQuoteForCustomer,
  serializeCart,
  updateItem,
  type CartSettings,
} from './carts.ts';
import {
  categoryTree,
  getAttribute,
  getCategory,
  getProduct,
  saveProduct,
  searchAttributes,
  searchProducts,
} from './catalog.ts';
import { createCustomer, findCustomerByEmail, serializeCustomer, updateCustomer } from './customers.ts';
import type { Database } from './db.ts';
import { listCountries } from './directory.ts';
import { errors } from './errors.ts';
import {
  cartItemDto,
  customerDto,
  orderDto,
  paymentMethodDto,
  processParams,
  productDto,
  quoteAddressDto,
  shippingInformationDto,
  type Input,
} from './input.ts';
import { getOrder, paymentDetails, placeOrder, saveOrder, saveShippingInformation } from './orders.ts';
import { parsePhpQuery } from './query.ts';
import type { Route, RouteRequest } from './router.ts';
import { parseSearchCriteria } from './search-criteria.ts';

export interface RouteContext {
  readonly db: Database;
  readonly cart: CartSettings;
  readonly tokens: TokenLifetimes;
  readonly admin: { readonly username: string };
}

const customerId = (caller: Caller): number => {
  if (caller.kind !== 'customer') throw errors.unauthorized('self');
  return caller.customerId;
};

const intParam = (value: string | undefined, field: string): number => {
  if (value === undefined || !/^-?\d+$/.test(value)) throw errors.typeInvalid(field, value ?? '', 'int');
  return Number(value);
};

const optionalInt = (value: string | undefined, field: string): number | undefined =>
  value === undefined || value === '' ? undefined : intParam(value, field);

const queryValue = (request: RouteRequest, key: string): string | undefined => {
  const value = parsePhpQuery(request.query)[key];
  return typeof value === 'string' ? value : undefined;
};

const input = (value: unknown): Input => (value ?? {}) as Input;

export function createRoutes(ctx: RouteContext): Route[] {
  const { db } = ctx;

  const guestCart = (request: RouteRequest) => quoteByMask(db, request.params['cartId'] ?? '');
  const mineCart = (request: RouteRequest) => requireCustomerQuote(db, customerId(request.caller));

  return [
    // ---- Directory and tokens ----
    { method: 'GET', path: '/V1/directory/countries', resource: 'anonymous', handle: () => listCountries() },
    {
      method: 'GET',
      path: '/V1/directory/countries/:countryId',
      resource: 'anonymous',
      handle: (request) => {
        const country = listCountries().find((c) => c.id === request.params['countryId']?.toUpperCase());
        if (!country) throw errors.countryNotAvailable();
        return country;
      },
    },
    {
      method: 'POST',
      path: '/V1/integration/customer/token',
      resource: 'anonymous',
      handle: async (request) => {
        const body = processParams(request.body, {
          username: { type: 'string', required: true },
          password: { type: 'string', required: true },
        });
        const username = String(body['username']);
        const customer = findCustomerByEmail(db, username);
        const ok = await checkCredentials(
          db,
          USER_TYPE.customer,
          username,
          customer?.password_hash ?? undefined,
          String(body['password']),
        );
        if (!ok || !customer) throw errors.invalidCredentials();
        return issueToken(db, USER_TYPE.customer, customer.id, ctx.tokens.customer);
      },
    },
    {
      method: 'POST',
      path: '/V1/integration/admin/token',
      resource: 'anonymous',
      handle: async (request) => {
        const body = processParams(request.body, {
          username: { type: 'string', required: true },
          password: { type: 'string', required: true },
        });
        const username = String(body['username']);
        const admin = db.get<{ id: number; password_hash: string }>(
          'SELECT id, password_hash FROM admins WHERE username = ?',
          username,
        );
        const ok = await checkCredentials(
          db,
          USER_TYPE.admin,
          username,
          admin?.password_hash,
          String(body['password']),
        );
        if (!ok || !admin) throw errors.invalidCredentials();
        return issueToken(db, USER_TYPE.admin, admin.id, ctx.tokens.admin);
      },
    },

    // ---- Catalogue (admin or integration token) ----
    {
      method: 'GET',
      path: '/V1/categories',
      resource: 'Magento_Catalog::categories',
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
      resource: 'Magento_Catalog::categories',
      handle: (request) => getCategory(db, intParam(request.params['categoryId'], 'categoryId')),
    },
    {
      method: 'GET',
      path: '/V1/products',
      resource: 'Magento_Catalog::products',
      handle: (request) =>
        searchProducts(db, parseSearchCriteria(parsePhpQuery(request.query)['searchCriteria'])),
    },
    {
      method: 'GET',
      path: '/V1/products/:sku',
      resource: 'Magento_Catalog::products',
      handle: (request) => getProduct(db, request.params['sku'] ?? ''),
    },
    {
      method: 'POST',
      path: '/V1/products',
      resource: 'Magento_Catalog::products',
      handle: (request) => {
        const body = processParams(request.body, {
          product: { type: { dto: productDto }, required: true },
          saveOptions: { type: 'bool' },
        });
        return saveProduct(db, input(body['product']));
      },
    },
    {
      method: 'PUT',
      path: '/V1/products/:sku',
      resource: 'Magento_Catalog::products',
      handle: (request) => {
        const body = processParams(request.body, {
          product: { type: { dto: productDto }, required: true },
          saveOptions: { type: 'bool' },
        });
        return saveProduct(db, input(body['product']), request.params['sku']);
      },
    },
    {
      method: 'GET',
      path: '/V1/products/attributes',
      resource: 'Magento_Catalog::attributes',
      handle: (request) =>
        searchAttributes(db, parseSearchCriteria(parsePhpQuery(request.query)['searchCriteria'])),
    },
    {
      method: 'GET',
      path: '/V1/products/attributes/:attributeCode',
      resource: 'Magento_Catalog::attributes',
      handle: (request) => getAttribute(db, request.params['attributeCode'] ?? ''),
    },

    // ---- Guest carts (the masked id is the only secret) ----
    { method: 'POST', path: '/V1/guest-carts', resource: 'anonymous', handle: () => createGuestCart(db) },
    {
      method: 'GET',
      path: '/V1/guest-carts/:cartId',
      resource: 'anonymous',
      handle: (request) => serializeCart(db, guestCart(request), ctx.cart),
    },
    {
      method: 'PUT',
      path: '/V1/guest-carts/:cartId',
      resource: 'self',
      handle: (request) => {
        const body = processParams(request.body, {
          customerId: { type: 'int' },
          storeId: { type: 'int', required: true },
        });
        return assignGuestCart(
          db,
          request.params['cartId'] ?? '',
          customerId(request.caller),
          body['customerId'],
          body['storeId'],
        );
      },
    },
    {
      method: 'GET',
      path: '/V1/guest-carts/:cartId/items',
      resource: 'anonymous',
      handle: (request) => listItems(db, guestCart(request), request.params['cartId'] ?? ''),
    },
    {
      method: 'POST',
      path: '/V1/guest-carts/:cartId/items',
      resource: 'anonymous',
      handle: (request) => {
        const body = processParams(request.body, {
          cartItem: { type: { dto: cartItemDto }, required: true },
        });
        return addItem(db, guestCart(request), input(body['cartItem']));
      },
    },
    {
      method: 'PUT',
      path: '/V1/guest-carts/:cartId/items/:itemId',
      resource: 'anonymous',
      handle: (request) => {
        const body = processParams(request.body, {
          cartItem: { type: { dto: cartItemDto }, required: true },
        });
        return updateItem(
          db,
          guestCart(request),
          intParam(request.params['itemId'], 'itemId'),
          input(body['cartItem']),
        );
      },
    },
    {
      method: 'DELETE',
      path: '/V1/guest-carts/:cartId/items/:itemId',
      resource: 'anonymous',
      handle: (request) => deleteItem(db, guestCart(request), intParam(request.params['itemId'], 'itemId')),
    },
    {
      method: 'GET',
      path: '/V1/guest-carts/:cartId/totals',
      resource: 'anonymous',
      handle: (request) => computeTotals(db, guestCart(request), ctx.cart),
    },
    {
      method: 'POST',
      path: '/V1/guest-carts/:cartId/shipping-information',
      resource: 'anonymous',
      handle: (request) => {
        const body = processParams(request.body, {
          addressInformation: { type: { dto: shippingInformationDto }, required: true },
        });
        return saveShippingInformation(db, guestCart(request), input(body['addressInformation']), ctx.cart);
      },
    },
    {
      method: 'GET',
      path: '/V1/guest-carts/:cartId/payment-information',
      resource: 'anonymous',
      handle: (request) => paymentDetails(db, guestCart(request), ctx.cart),
    },
    {
      method: 'POST',
      path: '/V1/guest-carts/:cartId/payment-information',
      resource: 'anonymous',
      handle: (request) => {
        const body = processParams(request.body, {
          email: { type: 'string', required: true },
          paymentMethod: { type: { dto: paymentMethodDto }, required: true },
          billingAddress: { type: { dto: quoteAddressDto } },
        });
        return placeOrder(
          db,
          guestCart(request),
          {
            email: String(body['email']),
            paymentMethod: input(body['paymentMethod']),
            ...(body['billingAddress'] ? { billingAddress: input(body['billingAddress']) } : {}),
          },
          ctx.cart,
        );
      },
    },

    // ---- Customer carts (the cart is forced from the token) ----
    {
      method: 'POST',
      path: '/V1/carts/mine',
      resource: 'self',
      handle: (request) => createCustomerCart(db, customerId(request.caller)),
    },
    {
      method: 'GET',
      path: '/V1/carts/mine',
      resource: 'self',
      handle: (request) => {
        const id = customerId(request.caller);
        const quote = activeQuoteForCustomer(db, id);
        if (!quote) throw errors.noSuchEntity('customerId', id);
        return serializeCart(db, quote, ctx.cart);
      },
    },
    {
      method: 'GET',
      path: '/V1/carts/mine/items',
      resource: 'self',
      handle: (request) => {
        const quote = mineCart(request);
        return listItems(db, quote, String(quote.id));
      },
    },
    {
      method: 'POST',
      path: '/V1/carts/mine/items',
      resource: 'self',
      handle: (request) => {
        const body = processParams(request.body, {
          cartItem: { type: { dto: cartItemDto }, required: true },
        });
        return addItem(db, mineCart(request), input(body['cartItem']));
      },
    },
    {
      method: 'PUT',
      path: '/V1/carts/mine/items/:itemId',
      resource: 'self',
      handle: (request) => {
        const body = processParams(request.body, {
          cartItem: { type: { dto: cartItemDto }, required: true },
        });
        return updateItem(
          db,
          mineCart(request),
          intParam(request.params['itemId'], 'itemId'),
          input(body['cartItem']),
        );
      },
    },
    {
      method: 'DELETE',
      path: '/V1/carts/mine/items/:itemId',
      resource: 'self',
      handle: (request) => deleteItem(db, mineCart(request), intParam(request.params['itemId'], 'itemId')),
    },
    {
      method: 'GET',
      path: '/V1/carts/mine/totals',
      resource: 'self',
      handle: (request) => computeTotals(db, mineCart(request), ctx.cart),
    },
    {
      method: 'POST',
      path: '/V1/carts/mine/shipping-information',
      resource: 'self',
      handle: (request) => {
        const body = processParams(request.body, {
          addressInformation: { type: { dto: shippingInformationDto }, required: true },
        });
        return saveShippingInformation(db, mineCart(request), input(body['addressInformation']), ctx.cart);
      },
    },
    {
      method: 'GET',
      path: '/V1/carts/mine/payment-information',
      resource: 'self',
      handle: (request) => paymentDetails(db, mineCart(request), ctx.cart),
    },
    {
      method: 'POST',
      path: '/V1/carts/mine/payment-information',
      resource: 'self',
      handle: (request) => {
        const body = processParams(request.body, {
          paymentMethod: { type: { dto: paymentMethodDto }, required: true },
          billingAddress: { type: { dto: quoteAddressDto } },
        });
        return placeOrder(
          db,
          mineCart(request),
          {
            paymentMethod: input(body['paymentMethod']),
            ...(body['billingAddress'] ? { billingAddress: input(body['billingAddress']) } : {}),
          },
          ctx.cart,
        );
      },
    },

    // ---- Customers ----
    {
      method: 'POST',
      path: '/V1/customers',
      resource: 'anonymous',
      handle: (request) => {
        const body = processParams(request.body, {
          customer: { type: { dto: customerDto }, required: true },
          password: { type: 'string' },
          redirectUrl: { type: 'string' },
        });
        const caller = request.caller;
        return createCustomer(
          db,
          input(body['customer']),
          typeof body['password'] === 'string' ? body['password'] : undefined,
          caller.kind === 'admin' || caller.kind === 'integration',
        );
      },
    },
    {
      method: 'GET',
      path: '/V1/customers/me',
      resource: 'self',
      handle: (request) => serializeCustomer(db, customerId(request.caller)),
    },
    {
      method: 'PUT',
      path: '/V1/customers/me',
      resource: 'self',
      handle: (request) => {
        const body = processParams(request.body, {
          customer: { type: { dto: customerDto }, required: true },
          passwordHash: { type: 'string' },
        });
        return updateCustomer(db, customerId(request.caller), input(body['customer']));
      },
    },
    {
      method: 'GET',
      path: '/V1/customers/:customerId',
      resource: 'Magento_Customer::customer',
      handle: (request) => serializeCustomer(db, intParam(request.params['customerId'], 'customerId')),
    },
    {
      method: 'PUT',
      path: '/V1/customers/:customerId',
      resource: 'Magento_Customer::manage',
      handle: (request) => {
        const body = processParams(request.body, {
          customer: { type: { dto: customerDto }, required: true },
          passwordHash: { type: 'string' },
        });
        return updateCustomer(
          db,
          intParam(request.params['customerId'], 'customerId'),
          input(body['customer']),
        );
      },
    },

    // ---- Orders (admin or integration token) ----
    {
      method: 'GET',
      path: '/V1/orders/:id',
      resource: 'Magento_Sales::actions_view',
      handle: (request) => getOrder(db, intParam(request.params['id'], 'id'), ctx.cart),
    },
    {
      method: 'POST',
      path: '/V1/orders/',
      resource: 'Magento_Sales::create',
      handle: (request) => {
        const body = processParams(request.body, { entity: { type: { dto: orderDto }, required: true } });
        return saveOrder(db, input(body['entity']), ctx.cart);
      },
    },
  ];
}

export { authorize };
