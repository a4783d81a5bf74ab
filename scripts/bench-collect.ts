/**
 * `npm run bench:collect`: click & collect's live answers (issue 55), against a real embedded back end of
 * 10,000 products (temp folder, loopback only) behind the storefront server's collect routes, with the
 * reservations in an SQLite shared store. Prints, for a product page's availability at the shop (the
 * budget: ≤ 50 ms p95 from the storefront server, ≤ 1 KB), the answer's time for products asked for the
 * first time (a Magento call each) and asked again within seconds (kept), its size, and the time of a
 * "Collect today" list; then 50 shoppers reserving the last unit at once: exactly one must get it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchBackend, percentile, routesOnlyStorefront, timedCall } from './bench/http.ts';
import { systemClock } from '@cleaning-shop/kit/clock.ts';
import { collectMagento } from '../src/features/collect/magento.server.ts';
import { collectSettings } from '../src/features/collect/settings.ts';
import { createMagentoCheckout } from '../src/payments/magento-checkout.ts';
import { createCollectRoutes } from '../src/server/shopper/collect.ts';
import { openSqliteStore } from '../src/store/sqlite.ts';

const PRODUCTS = Number(process.env['BENCH_PRODUCTS'] ?? 10_000);
const RUNS = 300;
const SHOPPERS = 50;
const SITE = 'http://127.0.0.1:4321';
const TOKEN = 'bench-integration-token-0123456789';

const dir = mkdtempSync(join(tmpdir(), 'bench-collect-'));
const agent = new Agent({ keepAlive: true, maxSockets: 8 });

function call(url: string, options: { method?: string; body?: unknown; token?: string } = {}) {
  const headers: Record<string, string> = { Origin: SITE };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.token) headers['Authorization'] = `Bearer ${options.token}`;
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  return timedCall(agent, url, {
    method: options.method ?? 'GET',
    headers,
    ...(body === undefined ? {} : { body }),
  });
}

const line = (label: string, times: number[], extra = '') =>
  console.info(
    `${label.padEnd(44)} n=${times.length}  p50 ${percentile(times, 50).toFixed(2)} ms  p95 ${percentile(times, 95).toFixed(2)} ms  max ${Math.max(...times).toFixed(2)} ms${extra}`,
  );

try {
  const seeding = performance.now();
  const magento = await benchBackend(dir, { products: PRODUCTS, token: TOKEN });
  console.info(`${PRODUCTS} products seeded in ${((performance.now() - seeding) / 1000).toFixed(1)} s\n`);
  const settings = collectSettings();
  const integration = { baseUrl: magento.url, token: TOKEN };
  const store = openSqliteStore(join(dir, 'shop.sqlite'));
  const shop = await routesOnlyStorefront(dir, magento.url, SITE, [
    createCollectRoutes({
      deps: {
        magento: collectMagento(integration, settings.website),
        store,
        lock: (name) => store.tryLock(name),
        clock: systemClock,
        settings,
        log: () => undefined,
      },
      checkout: createMagentoCheckout(integration),
      siteUrl: SITE,
      shop: { name: 'Clearwater Cleaning', phone: '0800 123 4567' },
    }),
  ]);

  const items = JSON.parse(
    (
      await call(
        `${magento.url}/rest/V1/inventory/source-items?searchCriteria[filterGroups][0][filters][0][field]=source_code&searchCriteria[filterGroups][0][filters][0][value]=shop&searchCriteria[pageSize]=${RUNS}`,
        { token: TOKEN },
      )
    ).body,
  ) as { items: { sku: string }[]; total_count: number };
  const skus = items.items.map((item) => item.sku);
  console.info(`the shop stocks ${items.total_count} SKUs; asking for ${skus.length} of them\n`);

  const availability = (sku: string) =>
    call(`${shop.url}/collect/availability?point=shop&sku=${encodeURIComponent(sku)}`);
  await availability(skus[0] ?? '');
  const first: number[] = [];
  let bytes = 0;
  for (const sku of skus) {
    const reply = await availability(sku);
    if (reply.status !== 200) throw new Error(`availability answered ${reply.status}: ${reply.body}`);
    bytes = Math.max(bytes, Buffer.byteLength(reply.body));
    first.push(reply.ms);
  }
  line('availability, first ask (Magento + store)', first, `  (largest ${bytes} B)`);
  const again: number[] = [];
  for (const sku of skus) again.push((await availability(sku)).ms);
  line('availability, asked again (shelf kept 5 s)', again);
  const mixed: number[] = [];
  await Promise.all(
    Array.from({ length: 8 }, async (_, worker) => {
      for (let i = worker; i < skus.length; i += 8) mixed.push((await availability(skus[i] ?? '')).ms);
    }),
  );
  line('availability, 8 at once', mixed);
  const today: number[] = [];
  let count = 0;
  for (let run = 0; run < 20; run++) {
    const reply = await call(`${shop.url}/collect/today?point=shop`);
    count = (JSON.parse(reply.body) as { skus: string[] }).skus.length;
    today.push(reply.ms);
  }
  line('collect today list (kept 30 s)', today, `  (${count} SKUs)`);

  const sku = skus[0] ?? '';
  await call(`${magento.url}/rest/V1/inventory/source-items`, {
    method: 'POST',
    token: TOKEN,
    body: {
      sourceItems: [
        { sku, source_code: 'shop', quantity: 1, status: 1 },
        { sku, source_code: 'depot', quantity: 0, status: 0 },
      ],
    },
  });
  const carts = await Promise.all(
    Array.from({ length: SHOPPERS }, async () => {
      const code = JSON.parse(
        (await call(`${magento.url}/rest/V1/guest-carts`, { method: 'POST' })).body,
      ) as string;
      await call(`${magento.url}/rest/V1/guest-carts/${code}/items`, {
        method: 'POST',
        body: { cartItem: { sku, qty: 1 } },
      });
      return code;
    }),
  );
  const started = performance.now();
  const holds = await Promise.all(
    carts.map((guestCode) =>
      call(`${shop.url}/collect/hold`, { method: 'POST', body: { point: 'shop', guestCode } }),
    ),
  );
  const kinds = holds.map((reply) =>
    reply.status === 200 ? (JSON.parse(reply.body) as { kind: string }).kind : String(reply.status),
  );
  const held = kinds.filter((kind) => kind === 'held').length;
  console.info(
    `\n${SHOPPERS} shoppers reserving the last unit at once: ${held} held, ${kinds.filter((k) => k === 'short').length} told it is gone, ${kinds.filter((k) => k === '409').length} asked to try again, in ${(performance.now() - started).toFixed(0)} ms (p95 ${percentile(
      holds.map((h) => h.ms),
      95,
    ).toFixed(0)} ms each)`,
  );
  if (held !== 1) process.exitCode = 1;
  console.info(
    '\n(client-side over loopback HTTP/1.1 keep-alive; the storefront and the back end on one machine)',
  );
  agent.destroy();
  await shop.close();
  await store.close();
  await magento.close();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
