/**
 * Drift from Magento's contract fails here: the back end's own OpenAPI document (`GET /openapi.json`) is
 * compared with the storefront subset of Magento 2.4's schema (`../shared/contracts/magento-openapi/`):
 * the same path templates and methods, and the same required top-level request-body fields. Every
 * difference is listed below by name, so adding, dropping or changing an operation means editing a list.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createMagentoApp } from '../app.ts';
import { Database } from '../db.ts';

const SUBSET = fileURLToPath(
  new URL('../../../../../shared/contracts/magento-openapi/storefront-subset.openapi.json', import.meta.url),
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
  'POST /V1/integration/customer/revoke-customer-token',
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
  const db = new Database(':memory:');
  afterAll(() => db.close());
  const app = createMagentoApp({
    db,
    mediaDir: '/nonexistent',
    cart: { currency: 'GBP', flatRatePerItem: 0 },
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

  it('serves nothing outside the subset except the listed extensions', async () => {
    const extra = [...(await ours()).keys()].filter((key) => !subset.has(key)).sort();
    expect(extra).toEqual(EXTENSIONS);
  });

  it('keeps the document off every Magento URL', async () => {
    const reply = await app.request('/rest/V1/openapi.json');
    expect(reply.status).toBe(404);
    expect(await reply.json()).toEqual({ message: 'Request does not match any route.' });
  });
});
