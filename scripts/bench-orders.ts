/**
 * `npm run bench:orders`: how long a signed-in customer with 1,000 orders waits for them (issue 14),
 * against a real embedded back end (temp folder, loopback only) behind the storefront server's own order
 * routes: My Account's latest 3, the first and the last page of 10 of My orders, one order. Each answer is
 * what the browser gets (the server asks `customers/me`, then `GET /V1/orders` with the integration token).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchBackend, percentile, routesOnlyStorefront, timedCall } from './bench/http.ts';
import { seedCustomerOrders } from '@cleaning-shop/embedded-magento/seed/orders.ts';
import { trustedProxies } from '../src/http/index.ts';
import { invoiceSeller } from '../src/config/shop.ts';
import { loadEnv } from '../src/config/env.ts';
import { createOrdersRoutes } from '../src/server/shopper/orders.ts';
import { createSessionRoutes } from '../src/server/shopper/session.ts';

const ORDERS = 1_000;
const RUNS = 200;
const SITE = 'http://127.0.0.1:4321';
const TOKEN = 'bench-integration-token-0123456789';

const dir = mkdtempSync(join(tmpdir(), 'bench-orders-'));
const agent = new Agent({ keepAlive: true, maxSockets: 1 });

const call = (
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
) => timedCall(agent, url, options);

try {
  const magento = await benchBackend(dir, { products: 200, token: TOKEN });
  const json = { 'Content-Type': 'application/json' };
  const password = 'Sw33p!ngFloors';
  const email = `bench.${Date.now()}@example.com`;
  const created = await call(`${magento.url}/rest/V1/customers`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({
      customer: {
        email,
        firstname: 'Bench',
        lastname: 'Buyer',
        addresses: [
          {
            firstname: 'Bench',
            lastname: 'Buyer',
            street: ['1 High Street'],
            city: 'Leeds',
            postcode: 'LS1 4AB',
            country_id: 'GB',
            telephone: '0113 496 0000',
            default_billing: true,
            default_shipping: true,
          },
        ],
      },
      password,
    }),
  });
  const customerId = (JSON.parse(created.body) as { id: number }).id;
  const seeding = performance.now();
  seedCustomerOrders(magento.db, customerId, ORDERS);
  const seedMs = performance.now() - seeding;

  const shop = await routesOnlyStorefront(dir, magento.url, SITE, [
    createSessionRoutes({ magento: { baseUrl: magento.url }, siteUrl: SITE, tokenLifetime: 3600 }),
    createOrdersRoutes({
      magento: { baseUrl: magento.url, token: TOKEN },
      seller: invoiceSeller(loadEnv({})),
      siteUrl: SITE,
      trustedProxies: trustedProxies([]),
    }),
  ]);
  const signedIn = await call(`${shop.url}/session`, {
    method: 'POST',
    headers: { ...json, Origin: SITE },
    body: JSON.stringify({ email, password }),
  });
  const session = signedIn.cookies.find((cookie) => cookie.startsWith('shop_session='))?.split(';')[0] ?? '';
  const first = JSON.parse(
    (await call(`${shop.url}/orders/mine`, { headers: { Cookie: session } })).body,
  ) as {
    orders: { number: string }[];
    pages: number;
    total: number;
  };
  console.info(
    `${first.total} orders for one customer (written in ${seedMs.toFixed(0)} ms), ${first.pages} pages of 10\n`,
  );

  const cases: [string, string][] = [
    ["My Account's latest 3", '/orders/mine?size=3'],
    ['My orders, page 1 of 10', '/orders/mine?page=1'],
    [`My orders, last page (${first.pages})`, `/orders/mine?page=${first.pages}`],
    ['one order', `/orders/mine/${first.orders[0]?.number ?? ''}`],
  ];
  for (const [label, path] of cases) {
    const times: number[] = [];
    let bytes = 0;
    for (let run = 0; run < RUNS + 10; run++) {
      const reply = await call(`${shop.url}${path}`, { headers: { Cookie: session } });
      if (reply.status !== 200) throw new Error(`${path} answered ${reply.status}: ${reply.body}`);
      bytes = reply.body.length;
      if (run >= 10) times.push(reply.ms);
    }
    console.info(
      `${label.padEnd(28)} n=${times.length}  p50 ${percentile(times, 50).toFixed(2)} ms  p95 ${percentile(times, 95).toFixed(2)} ms  max ${Math.max(...times).toFixed(2)} ms  (${bytes} B JSON)`,
    );
  }
  console.info(
    '\n(client-side over loopback HTTP/1.1 keep-alive, one request at a time; each is customers/me + one orders search)',
  );
  agent.destroy();
  await shop.close();
  await magento.close();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
