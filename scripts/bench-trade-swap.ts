/**
 * `node scripts/bench-trade-swap.ts`: issue 38's trade-price budgets, measured and printed, not asserted.
 * 1. The Trade price file at 10,000 products (site/trade-price-files.ts): the e2e snapshot's products repeated
 *    under new skus up to `--products`, every Professional product given Trade prices (a tier of group 5 at 1,
 *    5 and 10), then a fifth of them; the file's size raw, gzip and brotli, the time to make it, and to make
 *    it again with nothing changed (a warm rebuild's run keeps the rows of unchanged products).
 * 2. The swap in Chromium (a phone's viewport, 'Pixel 7'): the Trade customer (`--email`, `--password`; the
 *    demo's by default) signs in through the form, opens a product page with Trade prices once (cold: the
 *    file is fetched) and `--runs` times again (warm: the visit's copy, the swap's code cached); for each,
 *    the time from the page's script starting (`trade:start`, the shell's first line) to the prices swapped
 *    (`trade:swapped`), budget ≤ 100 ms warm, and the page's CLS (budget 0).
 * The shop: `--url` (default the end-to-end shop, E2E_PORT_OFFSET honoured, started here when nothing
 * answers). `--path` names the product page; by default the first product of the Trade file with a page in
 * the e2e snapshot. Chromium: CHROME_PATH, else /usr/bin/chromium.
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { parseArgs } from 'node:util';
import { chromium, devices, type Page } from 'playwright';
import { catalogue as e2eCatalogue } from '../e2e/support/catalogue.ts';
import { SHOP_URL } from '../e2e/support/ports.ts';
import { indexCatalogue } from '../src/catalogue/snapshot.ts';
import { ALL_GROUPS, type Product, type TierPrice } from '../src/catalogue/types.ts';
import { SESSION_COOKIE } from '../src/http/index.ts';
import { tradePriceFiles } from '../src/site/trade-price-files.ts';
import { kb, median, table, verdict } from './bench/proc.ts';
import { openShop } from './bench/shop.ts';

const { values } = parseArgs({
  options: {
    url: { type: 'string', default: SHOP_URL },
    email: { type: 'string', default: 'trade@example.com' },
    password: { type: 'string', default: 'Trade123!' },
    path: { type: 'string' },
    runs: { type: 'string', default: '5' },
    products: { type: 'string', default: '10000' },
  },
});
const runs = Math.max(1, Number(values.runs) || 5);
const SWAP_BUDGET_MS = 100;

const cents = (amount: number): number => Math.round(amount * 100) / 100;
const tier = (qty: number, price: number): TierPrice => ({
  customerGroupId: 5,
  qty,
  priceInclVat: Math.round(price * 100) / 100,
  priceExclVat: Math.round((price / 1.2) * 100) / 100,
});

/** The e2e products repeated up to `count`, every `share`-th Professional one with Trade prices. */
function scaledProducts(count: number, share: number): Product[] {
  const base = e2eCatalogue().products.filter(
    (product) => !product.configurable && product.parentSku === null,
  );
  const products: Product[] = [];
  for (let at = 0; products.length < count; at++) {
    const source = base[at % base.length];
    if (!source) break;
    const sku = `${source.sku}-${Math.floor(at / base.length)}`;
    // Each copy at its own price (0–9.6 % above the source's), so the file compresses as a real one would.
    const price = source.regularPriceInclVat && source.regularPriceInclVat * (1 + (at % 97) / 1000);
    const trade = price !== null && sku.startsWith('PRO-') && at % share === 0;
    const tiers = source.tierPrices.filter((t) => t.customerGroupId === ALL_GROUPS);
    const own =
      price === null ? {} : { regularPriceInclVat: cents(price), regularPriceExclVat: cents(price / 1.2) };
    products.push({
      ...source,
      ...own,
      id: at + 1,
      sku,
      urlKey: `${source.urlKey}-${at}`,
      tierPrices: trade
        ? [...tiers, tier(1, price * 0.9), tier(5, price * 0.85), tier(10, price * 0.8)]
        : tiers,
    });
  }
  return products.sort((a, b) => (a.sku < b.sku ? -1 : 1));
}

function fileSizes(count: number): string[][] {
  return [1, 5].map((share) => {
    const stored = { ...e2eCatalogue(), products: scaledProducts(count, share), rulePrices: {} };
    const index = indexCatalogue(stored);
    const started = performance.now();
    const [entry] = tradePriceFiles(index).filter(([path]) => path.endsWith('group-5.json'));
    const text = JSON.stringify(entry?.[1] ?? {});
    const ms = performance.now() - started;
    // A warm renderer's next run, nothing changed: the kept rows and file.
    const again = performance.now();
    tradePriceFiles(index);
    const warmMs = performance.now() - again;
    const rows = Object.keys(entry?.[1].rows ?? {}).length;
    const br = brotliCompressSync(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
    return [
      share === 1 ? 'every Professional product' : `1 in ${share} Professional products`,
      String(count),
      String(rows),
      kb(text.length),
      kb(gzipSync(text, { level: 9 }).length),
      kb(br),
      ms.toFixed(0),
      warmMs.toFixed(0),
    ];
  });
}

interface Swap {
  ms: number | undefined;
  fromNavigation: number | undefined;
  cls: number;
}

async function measure(page: Page, url: string): Promise<Swap> {
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForSelector('html[data-trade-swapped]', { timeout: 10_000 }).catch(() => undefined);
  return page.evaluate(
    () =>
      new Promise<Swap>((resolve) =>
        requestAnimationFrame(() =>
          requestAnimationFrame(() => {
            const start = performance.getEntriesByName('trade:start').at(-1)?.startTime;
            const swapped = performance.getEntriesByName('trade:swapped').at(-1)?.startTime;
            const cls = (
              performance.getEntriesByType('layout-shift') as unknown as { value: number }[]
            ).reduce((sum, entry) => sum + entry.value, 0);
            resolve({
              ms: start === undefined || swapped === undefined ? undefined : swapped - start,
              fromNavigation: swapped,
              cls,
            });
          }),
        ),
      ),
  );
}

/** The page of the first product the Trade customer's file names that has a page in the e2e snapshot. */
async function tradeProductPath(base: string, cookie: string): Promise<string | undefined> {
  const file = (await (
    await fetch(`${base}/trade-prices/trade.json`, { headers: { Cookie: cookie } })
  ).json()) as {
    rows?: Record<string, unknown>;
  };
  const pages = new Map(
    e2eCatalogue()
      .products.filter((product) => product.visibility !== 1)
      .map((product) => [product.sku, product.urlKey]),
  );
  const sku = Object.keys(file.rows ?? {}).find((candidate) => pages.has(candidate));
  return sku === undefined ? undefined : `/${pages.get(sku)}`;
}

async function swaps(base: string): Promise<void> {
  const signedIn = await fetch(`${base}/session`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: base },
    body: JSON.stringify({ email: values.email, password: values.password }),
  });
  const cookie = signedIn.headers.getSetCookie().find((line) => line.startsWith(`${SESSION_COOKIE}=`));
  if (!signedIn.ok || !cookie) throw new Error(`${values.email} cannot sign in (${signedIn.status}).`);
  const path = values.path ?? (await tradeProductPath(base, cookie.split(';')[0] ?? ''));
  if (!path) throw new Error('The Trade file names no product with a page: give one with --path.');
  const browser = await chromium.launch({
    executablePath: process.env['CHROME_PATH'] ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const context = await browser.newContext({ ...devices['Pixel 7'] });
    await context.addInitScript(() => localStorage.setItem('privacy', 'true'));
    const page = await context.newPage();
    await page.goto(`${base}/customer/sign-in`);
    await page.waitForSelector('html[data-shell="ready"]');
    await page.getByLabel('Email', { exact: true }).fill(values.email);
    await page.getByLabel('Password', { exact: true }).fill(values.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(`${base}/customer`);
    const cold = await measure(page, `${base}${path}`);
    const warm: Swap[] = [];
    for (let run = 0; run < runs; run++) warm.push(await measure(page, `${base}${path}`));
    const times = warm.flatMap((swap) => (swap.ms === undefined ? [] : [swap.ms]));
    const shown = (swap: Swap) => [
      swap.ms === undefined ? 'not swapped' : swap.ms.toFixed(1),
      swap.fromNavigation === undefined ? '' : swap.fromNavigation.toFixed(0),
      swap.cls.toFixed(4),
    ];
    console.info(`\n## The swap on ${path} (Pixel 7, no throttling)`);
    console.info(
      table(
        ['visit', 'script start → swapped ms', 'navigation → swapped ms', 'CLS'],
        [
          ['cold (file fetched)', ...shown(cold)],
          ...warm.map((swap, at) => [`warm ${at + 1}`, ...shown(swap)]),
        ],
      ),
    );
    const middle = median(times);
    const worstCls = Math.max(cold.cls, ...warm.map((swap) => swap.cls));
    console.info(
      `warm median ${middle.toFixed(1)} ms (budget ≤ ${SWAP_BUDGET_MS} ms: ${verdict(middle, SWAP_BUDGET_MS)}); ` +
        `largest CLS ${worstCls.toFixed(4)} (budget 0: ${worstCls === 0 ? 'pass' : 'OVER'})`,
    );
  } finally {
    await browser.close();
  }
}

const count = Math.max(1, Number(values.products) || 10_000);
console.info(`## The Trade price file at ${count} products (one file per group: site/trade-price-files.ts)`);
console.info(
  table(
    ['Trade-priced', 'products', 'rows', 'raw KB', 'gzip KB', 'brotli KB', 'made in ms', 'again ms'],
    fileSizes(count),
  ),
);
const shop = await openShop({ url: values.url });
try {
  await swaps(shop.base);
} finally {
  await shop.stop();
}
