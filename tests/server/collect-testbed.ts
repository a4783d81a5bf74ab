/**
 * Click & collect's tests' common ground: a real embedded back end with MSI's pickup locations and source
 * items, the storefront server's collect routes (and any others a test adds) on an SQLite shared store, on
 * a fixed shop clock (Wednesday 25 November 2026, 10:00 in London). Stock at a point is set as staff set
 * it in Magento (`POST /V1/inventory/source-items`); baskets are guests' carts filled over Magento's REST,
 * and collected as the checkout saves a collection (the point's address, carrier `instore`).
 */
import { rmSync } from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import type { Hono } from 'hono';
import { expect } from 'vitest';
import { manualClock } from '@cleaning-shop/kit/clock.ts';
import type { CollectDeps } from '../../src/features/collect/collect.server.ts';
import { collectMagento } from '../../src/features/collect/magento.server.ts';
import { collectAtPayment } from '../../src/features/collect/payment.server.ts';
import { PaymentRefused } from '../../src/payments/checks.ts';
import { collectSettings, type CollectSettings } from '../../src/features/collect/settings.ts';
import { createMagentoCheckout } from '../../src/payments/magento-checkout.ts';
import type { RunningStorefront } from '../../src/server/server.ts';
import { createCollectRoutes } from '../../src/server/shopper/collect.ts';
import { INTEGRATION_TOKEN, startTestBackend, type TestBackend } from '../support/backend.ts';
import { ORDER_ADDRESS } from '../support/orders.ts';
import { sqliteTestStore, type TestStore } from '../support/stores.ts';
import { makeFakeSite, raw, startFakeSite, type FakeSite } from './helpers.ts';

export const SITE = 'http://127.0.0.1:4321';
export const SHOP = 'Clearwater Cleaning Leeds';

export interface JsonReply {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly size: number;
  // Parsed JSON body; tests assert on its shape.
  readonly body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

export interface CollectTestbed {
  readonly backend: TestBackend;
  readonly store: TestStore;
  readonly deps: CollectDeps;
  readonly shop: RunningStorefront;
  readonly site: FakeSite;
  readonly controller: AbortController;
  /** A same-origin JSON request to the storefront server. */
  json(path: string, init?: { method?: string; body?: unknown }): Promise<JsonReply>;
  admin(method: string, path: string, body?: unknown): ReturnType<TestBackend['call']>;
  /** Units on the shop's and the depot's shelves, as staff set them. */
  stock(sku: string, units: { shop: number; depot: number }): Promise<void>;
  /** A guest's cart holding `qty` of `sku`: its masked id. */
  guestCart(sku: string, qty?: number): Promise<string>;
  /** A simple, enabled, in-stock product no other test of the file has used. */
  take(): string;
  /** The availability line of `sku` at `point`. */
  lineFor(sku: string, point?: string): Promise<string>;
  /**
   * The guest cart's shipping information saved for collection from `point`, as the checkout saves it:
   * the point's address (with `street` replaced when given), the pickup location's code, carrier `instore`.
   */
  collectAt(guestCart: string, point: string, street?: string): Promise<void>;
  /** The guest cart read as the payment step reads it and reserved to pay (throws the check's PaymentRefused). */
  payToCollect(guestCart: string): Promise<void>;
  close(): Promise<void>;
}

export async function startCollectTestbed(
  options: {
    settings?: Partial<CollectSettings>;
    /** More routes beside the collect routes, built with the collect deps. */
    routes?: (deps: CollectDeps, backend: TestBackend) => Hono[];
  } = {},
): Promise<CollectTestbed> {
  const backend = await startTestBackend();
  const site = makeFakeSite();
  const store = sqliteTestStore();
  const controller = new AbortController();
  const magento = { baseUrl: backend.url, token: INTEGRATION_TOKEN };
  const settings = { ...collectSettings(), ...options.settings };
  const deps: CollectDeps = {
    magento: collectMagento(magento, settings.website),
    store: store.store,
    lock: (name) => store.store.tryLock(name),
    clock: manualClock('2026-11-25T10:00:00Z'),
    settings,
    log: () => undefined,
  };
  const collect = createCollectRoutes({
    deps,
    checkout: createMagentoCheckout(magento),
    siteUrl: SITE,
    shop: { name: 'Clearwater Cleaning', phone: '0800 123 4567' },
    signal: controller.signal,
  });
  const shop = await startFakeSite(site, {
    siteUrl: SITE,
    routes: [collect, ...(options.routes?.(deps, backend) ?? [])],
  });
  const admin: CollectTestbed['admin'] = (method, path, body) =>
    backend.call(method, `/rest/V1${path}`, {
      token: INTEGRATION_TOKEN,
      ...(body === undefined ? {} : { body }),
    });
  const skus = await simpleSkus(admin);
  const json: CollectTestbed['json'] = async (path, init = {}) => {
    const reply = await raw(shop.url, path, {
      method: init.method ?? 'GET',
      headers: { 'Content-Type': 'application/json', Origin: SITE },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });
    const text = reply.body.toString();
    return {
      status: reply.status,
      headers: reply.headers,
      size: reply.body.length,
      body: JSON.parse(text || 'null'),
    };
  };
  return {
    backend,
    store,
    deps,
    shop,
    site,
    controller,
    json,
    admin,
    stock: (sku, units) => stock(admin, sku, units),
    guestCart: (sku, qty = 1) => guestCart(backend, sku, qty),
    take: () => {
      const sku = skus.shift();
      if (!sku) throw new Error('no product left to test with');
      return sku;
    },
    lineFor: async (sku, point = 'shop') =>
      (await json(`/collect/availability?point=${point}&sku=${encodeURIComponent(sku)}`)).body.items[sku]
        .text,
    collectAt: async (cart, point, street) => collectAt(backend, json, cart, point, street),
    payToCollect: async (guestCart) => {
      const cart = await createMagentoCheckout(magento).readCart({ kind: 'guest', guestCart });
      const refusal = await collectAtPayment(deps).beforePayment(cart);
      if (refusal) throw new PaymentRefused(refusal);
    },
    close: async () => {
      controller.abort();
      await shop.close();
      await backend.stop();
      await store.dispose();
      rmSync(site.root, { recursive: true, force: true });
    },
  };
}

/** Simple, enabled products with twenty or more in the catalogue's stock. */
async function simpleSkus(admin: CollectTestbed['admin']): Promise<string[]> {
  const reply = await admin(
    'GET',
    '/products?searchCriteria[filterGroups][0][filters][0][field]=type_id&searchCriteria[filterGroups][0][filters][0][value]=simple&searchCriteria[filterGroups][1][filters][0][field]=status&searchCriteria[filterGroups][1][filters][0][value]=1&searchCriteria[pageSize]=40',
  );
  const items = reply.body.items as { sku: string; extension_attributes: { stock_item: { qty: number } } }[];
  return items.filter((item) => item.extension_attributes.stock_item.qty >= 20).map((item) => item.sku);
}

async function stock(admin: CollectTestbed['admin'], sku: string, units: { shop: number; depot: number }) {
  const saved = await admin('POST', '/inventory/source-items', {
    sourceItems: [
      { sku, source_code: 'shop', quantity: units.shop, status: units.shop > 0 ? 1 : 0 },
      { sku, source_code: 'depot', quantity: units.depot, status: units.depot > 0 ? 1 : 0 },
    ],
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
}

async function guestCart(backend: TestBackend, sku: string, qty: number): Promise<string> {
  const code = String((await backend.call('POST', '/rest/V1/guest-carts')).body);
  const added = await backend.call('POST', `/rest/V1/guest-carts/${code}/items`, {
    body: { cartItem: { sku, qty } },
  });
  expect(added.status, JSON.stringify(added.body)).toBe(200);
  return code;
}

async function collectAt(
  backend: TestBackend,
  json: CollectTestbed['json'],
  cart: string,
  code: string,
  street?: string,
): Promise<void> {
  const points = (await json('/collect/points')).body.points as {
    code: string;
    address: Record<string, unknown>;
  }[];
  const point = points.find((each) => each.code === code);
  if (!point) throw new Error(`no point ${code}`);
  const { street: pointStreet, ...where } = point.address;
  const email = `collect.${Date.now()}.${Math.random().toString(36).slice(2)}@example.com`;
  const saved = await backend.call('POST', `/rest/V1/guest-carts/${cart}/shipping-information`, {
    body: {
      addressInformation: {
        shipping_address: {
          ...ORDER_ADDRESS,
          email,
          ...where,
          street: [street ?? pointStreet],
          same_as_billing: 0,
          save_in_address_book: 0,
          extension_attributes: { pickup_location_code: code },
        },
        billing_address: { ...ORDER_ADDRESS, email },
        shipping_carrier_code: 'instore',
        shipping_method_code: 'pickup',
      },
    },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
}
