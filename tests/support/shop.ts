/**
 * The storefront's browser state under test, against the real thing: a throwaway embedded back end, the
 * storefront server's shopper routes (session and the /rest proxy) in front of it on a port, and the
 * stores' client (`createShopApi`) pointed at that server with a cookie jar and the site's Origin, as a
 * browser on the site would send. Nothing of our own client is mocked.
 */
import { rmSync } from 'node:fs';
import { createShopApi, useShopApi } from '../../src/shop-api/shop-api.ts';
import type { RunningStorefront } from '../../src/server/server.ts';
import { createRestProxy } from '../../src/server/shopper/proxy.ts';
import { createSessionRoutes } from '../../src/server/shopper/session.ts';
import { makeFakeSite, startFakeSite, type FakeSite } from '../server/helpers.ts';
import { INTEGRATION_TOKEN, startTestBackend, type TestBackend } from './backend.ts';

const SITE = 'http://127.0.0.1:4321';

export interface TestShop {
  readonly backend: TestBackend;
  readonly shop: RunningStorefront;
  /** Forget the session cookie (a new browser). */
  clearCookies(): void;
  stop(): Promise<void>;
}

/** Starts the back end and the storefront server, and points the stores' calls at them. */
export async function startTestShop(): Promise<TestShop> {
  const backend = await startTestBackend();
  const site: FakeSite = makeFakeSite();
  const shop = await startFakeSite(site, {
    siteUrl: SITE,
    routes: [
      createSessionRoutes({ magento: { baseUrl: backend.url }, siteUrl: SITE, tokenLifetime: 3600 }),
      createRestProxy({ magentoBaseUrl: backend.url, siteUrl: SITE }),
    ],
  });
  const cookies = new Map<string, string>();
  const browserFetch: typeof fetch = async (input, init) => {
    const headers = new Headers(init?.headers);
    headers.set('Origin', SITE);
    if (cookies.size > 0)
      headers.set('Cookie', [...cookies].map(([name, value]) => `${name}=${value}`).join('; '));
    const response = await fetch(input, { ...init, headers });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at);
      const value = pair.slice(at + 1);
      if (value === '' || /Max-Age=0/i.test(line)) cookies.delete(name);
      else cookies.set(name, value);
    }
    return response;
  };
  const restore = useShopApi(createShopApi(browserFetch, shop.url));
  return {
    backend,
    shop,
    clearCookies: () => cookies.clear(),
    stop: async () => {
      restore();
      await shop.close();
      await backend.stop();
      rmSync(site.root, { recursive: true, force: true });
    },
  };
}

export interface TestProduct {
  readonly sku: string;
  readonly price: number;
  readonly weight: number;
  readonly qty: number;
}

/** The back end's enabled, visible products in stock, with price and weight. */
export async function productsInStock(backend: TestBackend): Promise<TestProduct[]> {
  const reply = await backend.call(
    'GET',
    '/rest/V1/products?searchCriteria[filterGroups][0][filters][0][field]=status&searchCriteria[filterGroups][0][filters][0][value]=1&searchCriteria[filterGroups][1][filters][0][field]=visibility&searchCriteria[filterGroups][1][filters][0][value]=4&searchCriteria[pageSize]=0',
    { token: INTEGRATION_TOKEN },
  );
  const items = reply.body.items as {
    sku: string;
    price: number;
    weight?: number;
    type_id: string;
    extension_attributes: { stock_item: { qty: number; is_in_stock: boolean } };
  }[];
  return items
    .filter((p) => p.type_id === 'simple' && p.extension_attributes.stock_item.is_in_stock)
    .map((p) => ({
      sku: p.sku,
      price: p.price,
      weight: p.weight ?? 0,
      qty: p.extension_attributes.stock_item.qty,
    }));
}

/** The first product that `fits`, or a clear failure naming what was wanted. */
export function productWhere(
  products: readonly TestProduct[],
  what: string,
  fits: (p: TestProduct) => boolean,
) {
  const found = products.find(fits);
  if (!found) throw new Error(`no product in stock: ${what}`);
  return found;
}
