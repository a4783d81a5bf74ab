/**
 * Starts a real embedded back end on a throwaway SQLite file and a free port, and talks to it over HTTP,
 * as the storefront does. Each test file gets its own instance, so tests never share state by accident.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  startEmbeddedMagento,
  type EmbeddedMagentoConfig,
  type RunningMagento,
} from '@cleaning-shop/embedded-magento/server.ts';
import { shopDemoBlocks } from '../../src/content/demo-cms-blocks.ts';
import { CUSTOMER_ADDRESS } from './addresses.ts';

export const ADMIN = { username: 'admin', password: 'Admin123!' } as const;

/** The heaviest product (kg) the helpers pick: six of them still go as one standard parcel (≤ 30 kg). */
export const PARCEL_ITEM_KG = 5;
export const INTEGRATION_TOKEN = 'test-integration-token-0123456789';

export interface TestBackend extends RunningMagento {
  readonly dir: string;
  readonly config: EmbeddedMagentoConfig;
  call(method: string, path: string, options?: CallOptions): Promise<Reply>;
  /** A new customer with a unique e-mail, signed in. */
  /** A new customer, with `email` when given (a deleted customer's, say), else a unique one. */
  newCustomer(email?: string): Promise<{ email: string; password: string; token: string; id: number }>;
  /** A customer's token, as their sign-in gets one; fails the test when it is refused. */
  customerToken(email: string, password: string): Promise<string>;
  stop(): Promise<void>;
}

export interface CallOptions {
  token?: string | undefined;
  body?: unknown;
  /** Raw body text, sent as is (with `contentType`). */
  raw?: string;
  contentType?: string | null;
}

export interface Reply {
  status: number;
  // Parsed JSON body; tests assert on its shape.
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
  headers: Headers;
}

export function testConfig(
  dir: string,
  overrides: Partial<EmbeddedMagentoConfig> = {},
): EmbeddedMagentoConfig {
  return {
    host: '127.0.0.1',
    port: 0,
    dbFile: join(dir, 'magento.sqlite'),
    mediaDir: join(dir, 'media'),
    admin: ADMIN,
    integrationToken: INTEGRATION_TOKEN,
    tokenLifetimes: { customer: 3600, admin: 14400 },
    catalogue: { seed: 7, productCount: 120, brand: 'Clearwater' },
    writeImages: false,
    demoBlocks: shopDemoBlocks(),
    ...overrides,
  };
}

let customerCounter = 0;

export async function startTestBackend(
  overrides: Partial<EmbeddedMagentoConfig> = {},
  dir?: string,
): Promise<TestBackend> {
  const folder = dir ?? mkdtempSync(join(tmpdir(), 'magento-test-'));
  const config = testConfig(folder, overrides);
  const running = await startEmbeddedMagento(config);

  async function call(method: string, path: string, options: CallOptions = {}): Promise<Reply> {
    const headers: Record<string, string> = {};
    if (options.token) headers['Authorization'] = `Bearer ${options.token}`;
    let body: string | undefined;
    if (options.raw !== undefined) body = options.raw;
    else if (options.body !== undefined) body = JSON.stringify(options.body);
    if (body !== undefined && options.contentType !== null)
      headers['Content-Type'] = options.contentType ?? 'application/json';
    const response = await fetch(`${running.url}${path}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body }),
    });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON (e.g. media); keep the text
    }
    return { status: response.status, body: parsed, headers: response.headers };
  }

  async function newCustomer(email = `customer${++customerCounter}.${Date.now()}@example.com`) {
    const password = 'Sw33p!ngFloors';
    const created = await call('POST', '/rest/V1/customers', {
      body: {
        customer: {
          email,
          firstname: 'Robin',
          lastname: 'Hale',
          addresses: [CUSTOMER_ADDRESS],
        },
        password,
      },
    });
    if (created.status !== 200) throw new Error(`customer not created: ${JSON.stringify(created.body)}`);
    return { email, password, token: await customerToken(email, password), id: created.body.id as number };
  }

  async function customerToken(email: string, password: string): Promise<string> {
    const token = await call('POST', '/rest/V1/integration/customer/token', {
      body: { username: email, password },
    });
    if (token.status !== 200) throw new Error(`no token: ${JSON.stringify(token.body)}`);
    return String(token.body);
  }

  return {
    ...running,
    dir: folder,
    config,
    call,
    newCustomer,
    customerToken,
    stop: async () => {
      await running.close();
      if (!dir) rmSync(folder, { recursive: true, force: true });
    },
  };
}

/**
 * An enabled, visible, in-stock product with at least `minQty` in stock, light enough that a few of them
 * go by standard delivery (the demo carriers send a parcel up to 30 kg; heavier goes on a pallet).
 */
export async function pickProduct(
  backend: Pick<TestBackend, 'call'>,
  minQty = 5,
  maxWeight = PARCEL_ITEM_KG,
): Promise<{ sku: string; price: number; qty: number; name: string }> {
  const reply = await backend.call(
    'GET',
    '/rest/V1/products?searchCriteria[filterGroups][0][filters][0][field]=status&searchCriteria[filterGroups][0][filters][0][value]=1&searchCriteria[filterGroups][1][filters][0][field]=visibility&searchCriteria[filterGroups][1][filters][0][value]=4&searchCriteria[pageSize]=0',
    { token: INTEGRATION_TOKEN },
  );
  const products = (
    reply.body.items as {
      sku: string;
      price: number;
      name: string;
      weight?: number;
      extension_attributes: { stock_item: { qty: number; is_in_stock: boolean } };
    }[]
  ).filter(
    (p) =>
      p.extension_attributes.stock_item.is_in_stock &&
      p.extension_attributes.stock_item.qty >= minQty &&
      (p.weight ?? 0) <= maxWeight,
  );
  const product = products[0];
  if (!product) throw new Error('no product in stock');
  return {
    sku: product.sku,
    price: product.price,
    qty: product.extension_attributes.stock_item.qty,
    name: product.name,
  };
}
