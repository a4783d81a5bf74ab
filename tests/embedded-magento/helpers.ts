/**
 * Shared assertions and plumbing for the embedded back end's behaviour tests: Magento error bodies checked
 * against the recorded fixtures, raw HTTP requests (headers and bytes exactly as given, which `fetch`
 * cannot do), and small catalogue helpers that go through the admin API like an editor would.
 */
import { request } from 'node:http';
import { expect } from 'vitest';
import { INTEGRATION_TOKEN, PARCEL_ITEM_KG, type Reply, type TestBackend } from '../support/backend.ts';
import { loadFixture } from '../support/openapi.ts';

export interface ErrorFixture {
  message: string;
  parameters?: unknown;
  errors?: unknown;
}

/** Magento's error body never carries a trace outside developer mode, nor a Node stack. */
export function expectNoTrace(reply: Reply): void {
  const text = typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
  if (typeof reply.body === 'object' && reply.body !== null) expect(reply.body).not.toHaveProperty('trace');
  expect(text).not.toMatch(/\n\s+at |#0 |\.ts:\d+|node:internal|Error: /);
}

/**
 * The reply is exactly the fixture's error: status from the file name, same keys in the same order, same
 * message, and `parameters` equal to the fixture's or to `parameters` when the fixture's are illustrative.
 */
export function expectFixtureError(reply: Reply, fixture: string, parameters?: unknown): void {
  const expected = { ...(loadFixture(fixture) as ErrorFixture) };
  if (parameters !== undefined) expected.parameters = parameters;
  const status = Number(/^error-(\d{3})/.exec(fixture)?.[1]);
  expect(reply.status, JSON.stringify(reply.body)).toBe(status);
  expect(reply.headers.get('content-type') ?? '').toMatch(/^application\/json/);
  expect(reply.body).toEqual(expected);
  expect(Object.keys(reply.body as object)).toEqual(Object.keys(expected));
  expectNoTrace(reply);
}

/** A Magento error that has no fixture: status, message and (when given) parameters, nothing else. */
export function expectError(reply: Reply, status: number, message: string, parameters?: unknown): void {
  expect(reply.status, JSON.stringify(reply.body)).toBe(status);
  expect(reply.body).toEqual(parameters === undefined ? { message } : { message, parameters });
  expectNoTrace(reply);
}

export interface RawReply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  bytes: Buffer;
  text: string;
  /** The parsed JSON body, or undefined when it is not JSON. */
  json: unknown;
}

export interface RawOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Send the body with chunked transfer encoding instead of a Content-Length. */
  chunked?: boolean;
}

/**
 * One HTTP request with the path sent byte for byte (no URL normalisation, so `..` reaches the server) and
 * only the headers given (no Content-Type added for a body).
 */
export function rawRequest(baseUrl: string, path: string, options: RawOptions = {}): Promise<RawReply> {
  const url = new URL(baseUrl);
  const body = options.body === undefined ? undefined : Buffer.from(options.body);
  const headers: Record<string, string> = { ...options.headers };
  if (body !== undefined && !options.chunked) headers['Content-Length'] = String(body.length);
  return new Promise((resolve, reject) => {
    const req = request(
      { host: url.hostname, port: url.port, method: options.method ?? 'GET', path, headers, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const bytes = Buffer.concat(chunks);
          const text = bytes.toString('utf8');
          let json: unknown;
          try {
            json = JSON.parse(text);
          } catch {
            json = undefined;
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes, text, json });
        });
      },
    );
    req.on('error', reject);
    if (body !== undefined) {
      // Write in pieces so a chunked body really is sent in several chunks.
      for (let start = 0; start < body.length; start += 64 * 1024)
        req.write(body.subarray(start, start + 64 * 1024));
    }
    req.end();
  });
}

/** A raw reply viewed as the helper's `Reply`, so the same assertions apply. */
export const asReply = (raw: RawReply): Reply => ({
  status: raw.status,
  body: raw.json ?? raw.text,
  headers: new Headers(
    Object.entries(raw.headers).flatMap(([key, value]) =>
      value === undefined ? [] : [[key, Array.isArray(value) ? value.join(', ') : value] as [string, string]],
    ),
  ),
});

export interface ProductSummary {
  sku: string;
  name: string;
  price: number;
  status: number;
  visibility: number;
  /** kg; 0 when the product has none. */
  weight: number;
  qty: number;
  inStock: boolean;
  categoryIds: string[];
  attributes: Record<string, unknown>;
}

interface WireProduct {
  sku: string;
  name: string;
  price: number;
  status: number;
  visibility: number;
  weight?: number;
  extension_attributes: {
    stock_item: { qty: number; is_in_stock: boolean };
    category_links?: { category_id: string }[];
  };
  custom_attributes: { attribute_code: string; value: unknown }[];
}

export const summarize = (product: WireProduct): ProductSummary => ({
  sku: product.sku,
  name: product.name,
  price: product.price,
  status: product.status,
  visibility: product.visibility,
  weight: product.weight ?? 0,
  qty: product.extension_attributes.stock_item.qty,
  inStock: product.extension_attributes.stock_item.is_in_stock,
  categoryIds: (product.extension_attributes.category_links ?? []).map((link) => link.category_id),
  attributes: Object.fromEntries(product.custom_attributes.map((a) => [a.attribute_code, a.value])),
});

/** The whole catalogue through the admin API (`pageSize=0`: no limit), in id order. */
export async function allProducts(backend: TestBackend): Promise<ProductSummary[]> {
  const reply = await backend.call('GET', '/rest/V1/products?searchCriteria[pageSize]=0', {
    token: INTEGRATION_TOKEN,
  });
  expect(reply.status).toBe(200);
  return (reply.body.items as WireProduct[]).map(summarize);
}

/**
 * Sellable products (enabled, visible, in stock) with at least `minQty` in stock, light enough for
 * standard delivery a few at a time (`PARCEL_ITEM_KG`).
 */
export async function sellableProducts(
  backend: TestBackend,
  minQty = 1,
  maxWeight = PARCEL_ITEM_KG,
): Promise<ProductSummary[]> {
  return (await allProducts(backend)).filter(
    (p) => p.status === 1 && p.visibility === 4 && p.inStock && p.qty >= minQty && p.weight <= maxWeight,
  );
}

/** Sets a product's stock through `PUT /V1/products/:sku`, as an editor's change would arrive. */
export async function setStock(backend: TestBackend, sku: string, qty: number): Promise<void> {
  const reply = await backend.call('PUT', `/rest/V1/products/${encodeURIComponent(sku)}`, {
    token: INTEGRATION_TOKEN,
    body: { product: { sku, extension_attributes: { stock_item: { qty, is_in_stock: qty > 0 } } } },
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  expect(reply.body.extension_attributes.stock_item.qty).toBe(qty);
}

/** Quote address used for shipping and billing. */
export const ADDRESS = {
  region: 'Greater Manchester',
  region_id: 0,
  region_code: '',
  country_id: 'GB',
  street: ['12 Mill Lane'],
  telephone: '0161 496 0123',
  postcode: 'M1 2AB',
  city: 'Manchester',
  firstname: 'Sam',
  lastname: 'Patel',
  email: 'sam.patel@example.com',
} as const;

export const SHIPPING_INFORMATION = {
  addressInformation: {
    shipping_address: ADDRESS,
    billing_address: ADDRESS,
    shipping_carrier_code: 'flatrate',
    shipping_method_code: 'flatrate',
  },
} as const;

/** Waits until just after a wall-clock second starts, so second-granular expiry is predictable. */
export async function atStartOfSecond(): Promise<void> {
  const ms = Date.now() % 1000;
  if (ms > 50) await sleep(1000 - ms + 20);
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
