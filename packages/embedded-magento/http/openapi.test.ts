/**
 * Drift from Magento's contract fails here: the back end's own OpenAPI document (`GET /openapi.json`) is
 * compared with the storefront subset of Magento 2.4's schema (`../shared/contracts/magento-openapi/`):
 * the same path templates and methods, and the same required top-level request-body fields. Every
 * operation outside the subset is listed below by name, and must be one of Magento Open Source 2.4's own
 * (`magento-open-source-2.4/schema.json`) with the same path, method and required body fields, so adding,
 * dropping or changing an operation means editing a list. The back end's own operations (what Magento does
 * only in its admin) are listed apart: under `/V1/embedded/` and none of Magento's.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createMagentoApp } from '../app.ts';
import { openApiPath } from './openapi.ts';
import { DEMO_CARRIERS } from '../checkout/carrier-config.ts';
import { openDatabase } from '../schema.ts';
import { DEFAULT_REVIEW_SETTINGS } from '../reviews/settings.ts';
import { quietReturnsRuntime } from '../returns/runtime.ts';
import { systemClock } from '@cleaning-shop/kit/clock.ts';

const SUBSET = fileURLToPath(
  new URL('../../../../shared/contracts/magento-openapi/storefront-subset.openapi.json', import.meta.url),
);
const OPEN_SOURCE = fileURLToPath(
  new URL(
    '../../../../shared/contracts/magento-openapi/magento-open-source-2.4/schema.json',
    import.meta.url,
  ),
);

/** Operations we serve that the subset does not hold (COVERAGE.md lists most as "not requested"). */
const EXTENSIONS = [
  'GET /V1/directory/countries/{countryId}',
  'GET /V1/categories/{categoryId}',
  'POST /V1/products',
  'PUT /V1/products/{sku}',
  'GET /V1/guest-carts/{cartId}/items',
  'GET /V1/guest-carts/{cartId}/payment-information',
  'GET /V1/carts/mine/items',
  'GET /V1/carts/mine/totals',
  'GET /V1/carts/mine/payment-information',
  'GET /V1/customers/{customerId}',
  // An account's deletion, for the shopper's own "Delete my account" (issue 41).
  'DELETE /V1/customers/{customerId}',
  'POST /V1/integration/customer/revoke-customer-token',
  // Cart price rules and coupons for the admin (COMMERCE-BASICS.md §1.5).
  'POST /V1/salesRules',
  'GET /V1/salesRules/search',
  'GET /V1/salesRules/{ruleId}',
  'PUT /V1/salesRules/{ruleId}',
  'DELETE /V1/salesRules/{ruleId}',
  'POST /V1/coupons',
  'GET /V1/coupons/search',
  'GET /V1/coupons/{couponId}',
  'PUT /V1/coupons/{couponId}',
  'DELETE /V1/coupons/{couponId}',
  // A cart's discount code (COMMERCE-BASICS.md §1.1): GET and DELETE carry no code in the path.
  'GET /V1/guest-carts/{cartId}/coupons',
  'PUT /V1/guest-carts/{cartId}/coupons/{couponCode}',
  'DELETE /V1/guest-carts/{cartId}/coupons',
  'GET /V1/carts/mine/coupons',
  'PUT /V1/carts/mine/coupons/{couponCode}',
  'DELETE /V1/carts/mine/coupons',
  'GET /V1/carts/{cartId}/coupons',
  'PUT /V1/carts/{cartId}/coupons/{couponCode}',
  'DELETE /V1/carts/{cartId}/coupons',
  // Delivery methods and totals previews (§2.1).
  'POST /V1/guest-carts/{cartId}/estimate-shipping-methods',
  'POST /V1/carts/mine/estimate-shipping-methods',
  'POST /V1/carts/{cartId}/estimate-shipping-methods',
  'POST /V1/carts/mine/estimate-shipping-methods-by-address-id',
  'POST /V1/carts/{cartId}/estimate-shipping-methods-by-address-id',
  'GET /V1/guest-carts/{cartId}/shipping-methods',
  'GET /V1/carts/mine/shipping-methods',
  'GET /V1/carts/{cartId}/shipping-methods',
  'POST /V1/guest-carts/{cartId}/totals-information',
  'POST /V1/carts/mine/totals-information',
  'POST /V1/carts/{cartId}/totals-information',
  // A configurable's children and options (COMMERCE-BASICS.md §3.2).
  'GET /V1/configurable-products/{sku}/children',
  'GET /V1/configurable-products/{sku}/options/all',
  'GET /V1/configurable-products/{sku}/options/{id}',
  'POST /V1/configurable-products/{sku}/options',
  'POST /V1/configurable-products/{sku}/child',
  'DELETE /V1/configurable-products/{sku}/children/{childSku}',
  // A product's links (related products, up-sells, cross-sells), as a merchant's tools edit them (issue 50).
  'GET /V1/products/links/types',
  'GET /V1/products/{sku}/links/{type}',
  'POST /V1/products/{sku}/links',
  'PUT /V1/products/{sku}/links',
  'DELETE /V1/products/{sku}/links/{type}/{linkedProductSku}',
  // Tier prices in bulk, Magento's price storage (§4.2).
  'POST /V1/products/tier-prices-information',
  'POST /V1/products/tier-prices',
  'PUT /V1/products/tier-prices',
  'POST /V1/products/tier-prices-delete',
  // Special prices in bulk, Magento's price storage (§5.1).
  'POST /V1/products/special-price-information',
  'POST /V1/products/special-price',
  'POST /V1/products/special-price-delete',
  // Magento's final prices, which the shop's price reconciliation reads (§5.3).
  'GET /V1/products-render-info',
  // CMS blocks: the home page's and the landings' content, which editors keep in Magento (§6).
  'GET /V1/cmsBlock/search',
  'GET /V1/cmsBlock/{blockId}',
  'POST /V1/cmsBlock',
  'PUT /V1/cmsBlock/{id}',
  'DELETE /V1/cmsBlock/{blockId}',
  // The admin's customer list: how the merchant finds the trade applicants to approve (issue 38).
  'GET /V1/customers/search',
  // Customer groups, which trade accounts are made of (COMMERCE-BASICS.md §10).
  'GET /V1/customerGroups/search',
  'GET /V1/customerGroups/default',
  'GET /V1/customerGroups/default/{storeId}',
  'PUT /V1/customerGroups/default/{id}',
  'GET /V1/customerGroups/{id}/permissions',
  'GET /V1/customerGroups/{id}',
  'POST /V1/customerGroups',
  'PUT /V1/customerGroups/{id}',
  'DELETE /V1/customerGroups/{id}',
  // The payment methods a cart is offered (pay on account for the Trade group) and the one chosen (§10).
  'GET /V1/guest-carts/{cartId}/payment-methods',
  'GET /V1/carts/mine/payment-methods',
  'GET /V1/carts/{cartId}/payment-methods',
  'GET /V1/guest-carts/{cartId}/selected-payment-method',
  'GET /V1/carts/mine/selected-payment-method',
  'GET /V1/carts/{cartId}/selected-payment-method',
  'PUT /V1/guest-carts/{cartId}/selected-payment-method',
  'PUT /V1/carts/mine/selected-payment-method',
  // Invoices: made for an order, read, searched, their comments (issue 38's VAT invoices).
  'POST /V1/order/{orderId}/invoice',
  'GET /V1/invoices',
  'GET /V1/invoices/{id}',
  'GET /V1/invoices/{id}/comments',
  // An order's status-history comments: the payment bridge notes the provider's reference (issue 53).
  'POST /V1/orders/{id}/comments',
  'GET /V1/orders/{id}/comments',
  // MSI's sources and source items, pickup locations and ready-for-pickup (click & collect: inventory/).
  'GET /V1/inventory/sources',
  'GET /V1/inventory/sources/{sourceCode}',
  'POST /V1/inventory/sources',
  'PUT /V1/inventory/sources/{sourceCode}',
  'GET /V1/inventory/source-items',
  'POST /V1/inventory/source-items',
  'POST /V1/inventory/source-items-delete',
  'GET /V1/inventory/stocks',
  'GET /V1/inventory/stocks/{stockId}',
  'GET /V1/inventory/stock-source-links',
  'GET /V1/inventory/in-store-pickup/pickup-locations',
  'POST /V1/order/notify-orders-are-ready-for-pickup',
].sort();

/** The back end's own operations: review moderation, which Magento 2.4 has only in its admin. */
const OWN = ['GET /V1/embedded/reviews', 'PUT /V1/embedded/reviews/{id}'].sort();

/**
 * B2B for Adobe Commerce's operations (Magento_Company, Magento_CompanyCredit, Magento_NegotiableQuote: their
 * etc/webapi.xml as Adobe's REST reference lists them; `company/routes.ts`, `negotiable-quotes/routes.ts`):
 * Adobe Commerce modules, so in neither the subset nor Magento Open Source's own schema.
 */
const B2B_MODULES = [
  'GET /V1/company',
  'POST /V1/company',
  'GET /V1/company/{companyId}',
  'PUT /V1/company/{companyId}',
  'DELETE /V1/company/{companyId}',
  'GET /V1/company/role',
  'POST /V1/company/role',
  'GET /V1/company/role/{roleId}',
  'PUT /V1/company/role/{id}',
  'DELETE /V1/company/role/{roleId}',
  'GET /V1/team',
  'POST /V1/team/{companyId}',
  'GET /V1/team/{teamId}',
  'PUT /V1/team/{teamId}',
  'DELETE /V1/team/{teamId}',
  'PUT /V1/company/assignRoles',
  'GET /V1/companyCredits/company/{companyId}',
  'PUT /V1/companyCredits/{creditId}',
  'PUT /V1/customers/{customerId}/companies/{companyId}',
  'GET /V1/hierarchy/{id}',
  'PUT /V1/hierarchy/move/{id}',
  'GET /V1/negotiableQuote',
  'POST /V1/negotiableQuote/request',
  'GET /V1/negotiableQuote/{quoteId}/comments',
  'PUT /V1/negotiableQuote/{quoteId}',
  'POST /V1/negotiableQuote/submitToCustomer',
  'POST /V1/negotiableQuote/decline',
].sort();

/**
 * Mage-OS's returns module's operations (its etc/webapi.xml, `returns/routes.ts`): a module's, so in
 * neither the subset nor Magento Open Source's own schema.
 */
const RETURNS_MODULE = [
  ...['GET', 'PUT', 'DELETE'].map((method) => `${method} /V1/rma/{entityId}`),
  'GET /V1/rma/increment-id/{incrementId}',
  'POST /V1/rma',
  'GET /V1/rma/search',
  'GET /V1/rma/{rmaId}/items',
  'POST /V1/rma/{rmaId}/items',
  'DELETE /V1/rma/{rmaId}/items/{itemId}',
  'GET /V1/rma/{rmaId}/comments',
  'POST /V1/rma/{rmaId}/comments',
  ...['status', 'reason', 'resolution-type', 'item-condition'].flatMap((lookup) => [
    `GET /V1/rma/${lookup}/{entityId}`,
    `POST /V1/rma/${lookup}`,
    `PUT /V1/rma/${lookup}/{entityId}`,
    `DELETE /V1/rma/${lookup}/{entityId}`,
    `GET /V1/rma/${lookup}/search`,
  ]),
].sort();

/** Subset operations the back end does not serve yet (none: rows 28–38 of COVERAGE.md are served too). */
const NOT_SERVED_YET: string[] = [];

const bodySchema = z.object({ required: z.array(z.string()).optional() });
const operationSchema = z.object({
  requestBody: z
    .object({ content: z.object({ 'application/json': z.object({ schema: bodySchema }) }) })
    .optional(),
});
const documentSchema = z.object({
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
});
const METHODS = ['get', 'post', 'put', 'delete'];

/** Swagger 2.0 (Magento's own output): the body is the `in: body` parameter. */
const swaggerOperationSchema = z.object({
  parameters: z.array(z.object({ in: z.string(), schema: bodySchema.optional() })).optional(),
});
const swaggerDocumentSchema = z.object({ paths: z.record(z.string(), z.record(z.string(), z.unknown())) });

/** The same map for a Swagger 2.0 document (its paths as ours are written: no trailing slash, `openApiPath`). */
function swaggerOperations(document: unknown): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const [path, item] of Object.entries(swaggerDocumentSchema.parse(document).paths)) {
    for (const [method, value] of Object.entries(item)) {
      if (!METHODS.includes(method)) continue;
      const body = swaggerOperationSchema
        .parse(value)
        .parameters?.find((parameter) => parameter.in === 'body');
      found.set(`${method.toUpperCase()} ${openApiPath(path)}`, [...(body?.schema?.required ?? [])].sort());
    }
  }
  return found;
}

/** `METHOD /path` → the sorted required top-level body fields (empty without a body). */
function operations(document: unknown): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const [path, item] of Object.entries(documentSchema.parse(document).paths)) {
    for (const [method, value] of Object.entries(item)) {
      if (!METHODS.includes(method)) continue;
      const body = operationSchema.parse(value).requestBody?.content['application/json'].schema;
      found.set(`${method.toUpperCase()} ${path}`, [...(body?.required ?? [])].sort());
    }
  }
  return found;
}

describe('the OpenAPI document against Magento’s storefront subset', () => {
  const db = openDatabase(':memory:');
  afterAll(() => db.close());
  const app = createMagentoApp({
    db,
    mediaDir: '/nonexistent',
    checkout: { currency: 'GBP', timezone: 'Europe/London', carriers: DEMO_CARRIERS },
    reviews: DEFAULT_REVIEW_SETTINGS,
    returns: quietReturnsRuntime(systemClock),
    tokens: { customer: 3600, admin: 3600 },
    maxBodyBytes: 1024,
  });
  const subset = operations(JSON.parse(readFileSync(SUBSET, 'utf8')));

  async function ours(): Promise<Map<string, string[]>> {
    const reply = await app.request('/openapi.json');
    expect(reply.status).toBe(200);
    return operations(await reply.json());
  }

  it('serves every subset operation (bar the listed gaps) with the same required body fields', async () => {
    const served = await ours();
    const missing = [...subset.keys()].filter((key) => !served.has(key)).sort();
    expect(missing).toEqual(NOT_SERVED_YET);
    for (const [key, required] of subset) {
      if (served.has(key)) expect({ [key]: served.get(key) }).toEqual({ [key]: required });
    }
  });

  it('serves nothing outside the subset except the listed extensions and its own operations', async () => {
    const extra = [...(await ours()).keys()].filter((key) => !subset.has(key)).sort();
    expect(extra).toEqual([...EXTENSIONS, ...OWN, ...RETURNS_MODULE, ...B2B_MODULES].sort());
  });

  it('serves the returns and B2B modules’ operations where Magento Open Source 2.4 declares none', () => {
    const magento = swaggerOperations(JSON.parse(readFileSync(OPEN_SOURCE, 'utf8')));
    expect([...RETURNS_MODULE, ...B2B_MODULES].filter((key) => magento.has(key))).toEqual([]);
  });

  it('keeps its own operations under /V1/embedded/, where Magento declares none', async () => {
    const magento = swaggerOperations(JSON.parse(readFileSync(OPEN_SOURCE, 'utf8')));
    for (const key of OWN) {
      expect(key).toMatch(/^[A-Z]+ \/V1\/embedded\//);
      expect(magento.has(key), `${key} is an operation of Magento Open Source 2.4`).toBe(false);
    }
    expect([...magento.keys()].filter((key) => key.includes('/V1/embedded/'))).toEqual([]);
  });

  it('serves each extension as Magento Open Source 2.4 declares it, with the same required body fields', async () => {
    const served = await ours();
    const magento = swaggerOperations(JSON.parse(readFileSync(OPEN_SOURCE, 'utf8')));
    for (const key of EXTENSIONS) {
      expect(magento.has(key), `${key} is not an operation of Magento Open Source 2.4`).toBe(true);
      expect({ [key]: served.get(key) }).toEqual({ [key]: magento.get(key) });
    }
  });

  it('keeps the document off every Magento URL', async () => {
    const reply = await app.request('/rest/V1/openapi.json');
    expect(reply.status).toBe(404);
    expect(await reply.json()).toEqual({ message: 'Request does not match any route.' });
  });
});
