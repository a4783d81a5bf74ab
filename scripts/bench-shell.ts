/**
 * `npm run bench:shell`: the shell's JavaScript budgets (DESIGN.md §5), measured in Chromium with a phone's
 * viewport (Playwright's 'Pixel 7') and printed, not asserted:
 * 1. the JavaScript loaded before any interaction on home, a landing, a listing, the first product of the
 *    sitemap, privacy, search results and the basket (plus any `--path`): each page in a fresh context,
 *    waited on until the network and then the main thread are idle (`client:idle` islands included),
 *    never scrolled, pointed at or focused. The figure is the scripts' compressed bodies as transferred
 *    (budget ≤ 15 KB; search and basket ≤ 60 KB; a `--path` under /search or /basket gets theirs, any
 *    other the catalogue's), with their header bytes beside it, the inline scripts' brotli size (part of
 *    the HTML), the HTML's own transfer, and the CSP violations and CSP console messages;
 * 2. the first add to cart on the product page at 4× CPU throttling, `--runs` times in fresh contexts
 *    (default 3): a tap on the main form's button, timed from its first pointer or touch event to
 *    'This product is now in your cart!' in a role=status region (budget ≤ 300 ms), with the JavaScript
 *    transferred meanwhile. A button below the fold is scrolled into view first (an island waiting for
 *    visibility loads then, shown apart) and the page left to settle again.
 * It relies only on those URLs, `form[data-add-to-cart]` with a submit button and the role=status notice,
 * so it measures any implementation of the shell. The shop: `--url` (default the end-to-end shop,
 * E2E_PORT_OFFSET honoured, started here when nothing answers) or `--bench <n>` for the build
 * `npm run bench:site` left in var/bench/<n>/. Chromium: CHROME_PATH, else /usr/bin/chromium.
 * Figures also go to var/bench/shell.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium, type Browser } from 'playwright';
import { SHOP_URL } from '../e2e/support/ports.ts';
import { strings } from '../src/strings.ts';
import {
  addProbe,
  bodies,
  fileName,
  fromCache,
  isCspMessage,
  isScript,
  readProbe,
  recordNetwork,
  settle,
  type Transfer,
} from './bench/page-probe.ts';
import { kb, loadLine, machineBusyMs, machineLoad, median, table, verdict } from './bench/proc.ts';
import { firstProductPath, openShop, type Shop } from './bench/shop.ts';
import {
  DEVICE,
  loadUntouched,
  newContext,
  printLoaded,
  type Loaded,
  type PageSpec,
} from './bench/untouched.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const { values } = parseArgs({
  options: {
    url: { type: 'string', default: SHOP_URL },
    runs: { type: 'string', default: '3' },
    path: { type: 'string', multiple: true, default: [] },
    bench: { type: 'string' },
  },
});
const runs = Math.max(1, Number(values.runs) || 1);
const chromePath = process.env['CHROME_PATH'] ?? '/usr/bin/chromium';
const NOTICE = strings.product.addedToCart;
const KB = 1024;
const SHELL_BUDGET = 15 * KB;
const SHOPPER_BUDGET = 60 * KB;
const ADD_BUDGET_MS = 300;
const THROTTLE = 4;
/** How long a throttled add to cart may take before the run counts as failed. */
const NOTICE_TIMEOUT_MS = 20_000;

/** The budget of a `--path`: the shopper pages' for search and basket, otherwise the catalogue's. */
const budgetOf = (path: string): number =>
  /^\/(search|basket)(\/|$)/.test(path) ? SHOPPER_BUDGET : SHELL_BUDGET;

interface AddRun {
  /** Input to the notice in the document, and to the first task after its frame was painted (ms). */
  ms?: number;
  paintedMs?: number;
  /** The button was below the fold and scrolled into view first; the scripts that loaded. */
  scrolled: boolean;
  scrollScripts: Transfer[];
  /** Scripts requested from just before the tap until the notice. */
  scripts: Transfer[];
  /** Where the notice appeared when the tap sent the plain form instead (the page was not ready). */
  landedOn?: string;
  csp: string[];
  /** Cores the whole machine kept busy on average during the run (ours and everyone else's). */
  busyCores?: number;
  error?: string;
}

/** The first add to cart on a fresh product page at 4× CPU throttling. */
async function firstAddToCart(browser: Browser, base: string, path: string): Promise<AddRun> {
  const context = await newContext(browser);
  const run: AddRun = { scrolled: false, scrollScripts: [], scripts: [], csp: [] };
  const started = performance.now();
  const busyAtStart = machineBusyMs();
  try {
    const page = await context.newPage();
    page.on('console', (message) => {
      if (isCspMessage(message.text())) run.csp.push(message.text());
    });
    await addProbe(page, NOTICE);
    const log = await recordNetwork(page);
    await log.cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
    await page.goto(`${base}${path}`, { waitUntil: 'networkidle', timeout: 60_000 });
    if (!(await settle(page, log))) run.error = 'the page was still loading after 30 s';
    const button = page.locator('form[data-add-to-cart]').first().locator('[type="submit"]').first();
    if ((await button.count()) === 0)
      throw new Error(`No form[data-add-to-cart] with a submit button on ${path}.`);
    if (!(await button.evaluate((element) => element.getBoundingClientRect().bottom <= innerHeight))) {
      const shown = new Set(log.transfers());
      await button.evaluate((element) => element.scrollIntoView({ block: 'center' }));
      await settle(page, log);
      run.scrolled = true;
      run.scrollScripts = log.transfers().filter((t) => isScript(t) && !shown.has(t));
    }
    const before = new Set(log.transfers());
    // A phone's tap (touch, then the compatibility mouse events and the click), as the viewport is a phone's.
    await button.tap();
    const deadline = Date.now() + NOTICE_TIMEOUT_MS;
    let probe = await readProbe(page);
    while (probe?.noticePainted === undefined && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
      probe = (await readProbe(page)) ?? probe;
    }
    const { input, notice, noticePainted } = probe ?? {};
    run.csp.push(...(probe?.csp ?? []));
    if (input === undefined) throw new Error('The tap never reached the page.');
    if (notice === undefined)
      throw new Error(`No '${NOTICE}' within ${NOTICE_TIMEOUT_MS / 1000} s of the tap.`);
    run.ms = notice - input;
    if (noticePainted !== undefined) run.paintedMs = noticePainted - input;
    // From just before the tap (code loaded on touch or hover counts) until the notice was in the document.
    run.scripts = log.transfers().filter((t) => isScript(t) && !before.has(t) && t.sentAt <= notice);
    const landed = new URL(page.url()).pathname;
    if (landed !== path) run.landedOn = landed;
  } catch (error) {
    run.error = error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error);
  } finally {
    run.busyCores = (machineBusyMs() - busyAtStart) / (performance.now() - started);
    await context.close();
  }
  return run;
}

/** One add-to-cart run in a line. */
function describe(run: AddRun): string {
  if (run.ms === undefined)
    return `failed: ${run.error ?? 'no notice'} (machine ${run.busyCores?.toFixed(1)} of ${availableParallelism()} cores busy)`;
  return [
    `${Math.round(run.ms)} ms to the notice`,
    run.paintedMs === undefined ? '' : `${Math.round(run.paintedMs)} ms to its paint`,
    `${kb(bodies(run.scripts))} KB JS in ${run.scripts.length - fromCache(run.scripts)} file(s) meanwhile${fromCache(run.scripts) ? ` (+ ${fromCache(run.scripts)} from the cache)` : ''}`,
    run.scrolled ? `scrolled into view first (${kb(bodies(run.scrollScripts))} KB JS loaded by that)` : '',
    run.landedOn ? `the plain form went to ${run.landedOn}` : '',
    run.busyCores === undefined
      ? ''
      : `machine ${run.busyCores.toFixed(1)} of ${availableParallelism()} cores busy`,
    run.error ?? '',
  ]
    .filter(Boolean)
    .join('; ');
}

function printAdds(product: string, adds: readonly AddRun[]): void {
  const done = adds.filter((run) => run.ms !== undefined);
  const times = done.map((run) => run.ms ?? NaN);
  const painted = done.flatMap((run) => (run.paintedMs === undefined ? [] : [run.paintedMs]));
  console.info(
    table(
      [
        'runs',
        'tap → notice ms',
        'median',
        'budget',
        '',
        'median to paint',
        'JS KB (br) tap → notice',
        'CSP',
      ],
      [
        [
          `${done.length}/${adds.length}`,
          times.map((ms) => Math.round(ms)).join(' / ') || '–',
          done.length ? `${Math.round(median(times))} ms` : '–',
          `≤ ${ADD_BUDGET_MS} ms`,
          done.length ? verdict(median(times), ADD_BUDGET_MS) : '–',
          painted.length ? `${Math.round(median(painted))} ms` : '–',
          done.length ? kb(median(done.map((run) => bodies(run.scripts)))) : '–',
          String(adds.reduce((total, run) => total + run.csp.length, 0)),
        ],
      ],
    ),
  );
  const scripts = new Map<string, number>();
  for (const run of done)
    for (const script of run.scripts) if (!script.cached) scripts.set(fileName(script.url), script.bodyBytes);
  if (scripts.size > 0)
    console.info(
      `Scripts between tap and notice (any run): ${[...scripts].map(([name, bytes]) => `${name} ${kb(bytes)}`).join(', ')}`,
    );
  for (const line of new Set(adds.flatMap((run) => run.csp))) console.info(`  CSP ${product}: ${line}`);
}

let shop: Shop | undefined;
let browser: Browser | undefined;
try {
  shop = await openShop({ url: values.url ?? SHOP_URL, bench: values.bench });
  const { base } = shop;
  const product = await firstProductPath(base);
  if (!product) console.warn('No product page found in the sitemap: no product page and no add to cart.');
  const pages: PageSpec[] = [
    { name: 'home', path: '/', budget: SHELL_BUDGET },
    { name: 'landing', path: '/home-garden', budget: SHELL_BUDGET },
    { name: 'listing', path: '/home-garden/pressure-washer', budget: SHELL_BUDGET },
    ...(product ? [{ name: 'product', path: product, budget: SHELL_BUDGET }] : []),
    { name: 'privacy', path: '/privacy-policy', budget: SHELL_BUDGET },
    { name: 'search', path: '/search/pressure', budget: SHOPPER_BUDGET },
    { name: 'basket', path: '/basket', budget: SHOPPER_BUDGET },
    ...(values.path ?? []).map((path) => ({ name: path, path, budget: budgetOf(path) })),
  ];
  console.info(
    `Measuring ${base} in ${chromePath} as a ${DEVICE}: ${pages.map((p) => p.path).join(', ')}; then ${runs} first add(s) to cart at ${THROTTLE}× CPU throttling.\n${await loadLine()}`,
  );
  browser = await chromium.launch({ executablePath: chromePath, args: ['--no-sandbox'] });

  const loaded: Loaded[] = [];
  for (const spec of pages) loaded.push(await loadUntouched(browser, base, spec, NOTICE));
  printLoaded(loaded);

  let addToCart: { path: string; throttle: number; runs: AddRun[] } | undefined;
  if (product) {
    console.info(
      `\n## First add to cart on ${product} (${DEVICE}, ${THROTTLE}× CPU throttling, a fresh context each run)`,
    );
    console.info(await loadLine());
    const adds: AddRun[] = [];
    for (let index = 1; index <= runs; index += 1) {
      const run = await firstAddToCart(browser, base, product);
      adds.push(run);
      console.info(`  run ${index}: ${describe(run)}`);
    }
    printAdds(product, adds);
    console.info(`After the runs: ${machineLoad()}`);
    addToCart = { path: product, throttle: THROTTLE, runs: adds };
  }
  mkdirSync(resolve(root, 'var/bench'), { recursive: true });
  const figures = resolve(root, 'var/bench/shell.json');
  writeFileSync(figures, JSON.stringify({ base, device: DEVICE, loaded, addToCart }, null, 2));
  console.info(`\nFigures: ${figures}`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await browser?.close();
  await shop?.stop();
}
