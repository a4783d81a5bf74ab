/**
 * `npm run bench:basket`: issue 24's budgets for discount codes and delivery choices, measured in
 * Chromium with a phone's viewport (Playwright's 'Pixel 7') and printed, not asserted:
 * 1. applying a code in the basket at 4× CPU throttling, `--runs` times in fresh contexts (default 5): a
 *    guest cart with one parcel (in stock, £20–£45, at most 5 kg, from the e2e catalogue snapshot) made
 *    through the shop's proxy, /basket opened and left to settle, WELCOME10 typed into 'Discount code',
 *    then timed in the page from Apply's pointerdown until the discount row (`[data-discount-row]`) shows
 *    and the Total (the dd after the dt 'Total' in `.basket__totals`) has changed; then Remove ('Remove
 *    discount code WELCOME10') until the row is hidden again and the Total changed back (budget ≤ 300 ms,
 *    "after the click on loopback"). The time to the next painted frame is shown beside it;
 * 2. changing the delivery method on the shipping step, the same way: the cart as above, 'United Kingdom'
 *    in the shipping address's Country, the 'Delivery' radios waited for, then from the pointerdown on
 *    'Next working day' until the Total of the delivery's totals (`.checkout-delivery .checkout-totals`)
 *    reads differently, and back to 'Standard delivery' (budget ≤ 300 ms);
 * 3. the basket's JavaScript before any interaction (budget ≤ 60 KB), as bench:shell measures it
 *    (scripts/bench/untouched.ts): /basket empty, /basket with the cart's line, and /basket/shipping.
 * It relies only on those texts, selectors and Magento's WELCOME10 rule (seeded by the embedded back end).
 * The shop: `--url` (default the end-to-end shop, E2E_PORT_OFFSET honoured, started here when nothing
 * answers); products come from var/e2e/catalogue.db, the catalogue that shop was built from. Chromium:
 * CHROME_PATH, else /usr/bin/chromium. Figures also go to var/bench/basket.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium, type Browser, type Locator, type Page } from 'playwright';
import { productPages, type Product } from '../e2e/support/catalogue.ts';
import { form, guestCart } from '../e2e/support/checkout.ts';
import { SHOP_URL } from '../e2e/support/ports.ts';
import { recordNetwork, settle, type NetworkLog } from './bench/page-probe.ts';
import { loadLine, machineLoad, median, table, verdict } from './bench/proc.ts';
import { openShop, type Shop } from './bench/shop.ts';
import { DEVICE, loadUntouched, newContext, printLoaded, type Loaded } from './bench/untouched.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const { values } = parseArgs({
  options: {
    url: { type: 'string', default: SHOP_URL },
    runs: { type: 'string', default: '5' },
  },
});
const runs = Math.max(1, Number(values.runs) || 1);
const chromePath = process.env['CHROME_PATH'] ?? '/usr/bin/chromium';
const KB = 1024;
const JS_BUDGET = 60 * KB;
const REDRAW_BUDGET_MS = 300;
const THROTTLE = 4;
/** How long a throttled redraw may take before the run counts as failed. */
const REDRAW_TIMEOUT_MS = 20_000;
const CODE = 'WELCOME10';
const LOADING = 'Loading…';
const BASKET_TOTALS = '.basket__totals';
const DELIVERY_TOTALS = '.checkout-delivery .checkout-totals';
const DISCOUNT_ROW = '[data-discount-row]';
const STANDARD = 'Standard delivery';
const NEXT_DAY = 'Next working day';

/** The parcel the carts hold: in stock with a page, £20–£45 (so delivery is not free), at most 5 kg. */
function parcel(): Product {
  const [found] = productPages()
    .filter((p) => p.inStock && p.priceInclVat !== null && p.weight !== null)
    .filter((p) => (p.priceInclVat ?? 0) >= 20 && (p.priceInclVat ?? 0) <= 45 && (p.weight ?? 0) <= 5)
    .sort((a, b) => (a.priceInclVat ?? 0) - (b.priceInclVat ?? 0));
  if (!found)
    throw new Error('The e2e catalogue has no parcel in stock from £20 to £45: the demo catalogue changed.');
  return found;
}

/** What the page recorded of one click: epoch ms, read in the page. */
interface Redraw {
  input?: number;
  redrawn?: number;
  painted?: number;
  before?: string;
  total?: string;
}

declare global {
  interface Window {
    benchBasket?: Redraw;
  }
}

/** What counts as redrawn: the Total under `totals` reads differently, and `row`'s `hidden` is as given. */
interface Watch {
  totals: string;
  loading: string;
  row?: { selector: string; hidden: boolean };
}

/**
 * Runs in the page before the click: notes the button's first pointerdown, then watches the document
 * until the totals are redrawn (a MutationObserver, so the moment is the DOM change itself) and the first
 * task after that frame was painted.
 */
function arm([button, watch]: readonly [Element, Watch]): void {
  const now = () => performance.timeOrigin + performance.now();
  const totalText = () => {
    const term = [...(document.querySelector(watch.totals)?.querySelectorAll('dt') ?? [])].find(
      (dt) => dt.textContent?.trim() === 'Total',
    );
    const value = term?.nextElementSibling;
    return value?.tagName === 'DD' ? (value.textContent ?? '').trim() : undefined;
  };
  const state: Redraw = { before: totalText() ?? '' };
  window.benchBasket = state;
  button.addEventListener('pointerdown', () => (state.input ??= now()), { capture: true, passive: true });
  const observer = new MutationObserver(() => {
    if (state.input === undefined || state.redrawn !== undefined) return;
    const total = totalText();
    if (total === undefined || total === state.before || total === watch.loading) return;
    if (watch.row) {
      const row = document.querySelector(watch.row.selector);
      if (!row || row.hasAttribute('hidden') !== watch.row.hidden) return;
    }
    state.redrawn = now();
    state.total = total;
    observer.disconnect();
    requestAnimationFrame(() => setTimeout(() => (state.painted = now()), 0));
  });
  observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
}

interface Step {
  /** Click to the totals redrawn, and to the next painted frame (ms). */
  ms?: number;
  paintedMs?: number;
  /** The Total before and after. */
  before?: string | undefined;
  after?: string | undefined;
  /** The paths the page requested between the click and the redraw, in order (the cart's id left out). */
  requests: string[];
  error?: string;
}

const firstLine = (error: unknown) =>
  error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error);

/**
 * Clicks `target` once the page is quiet and waits in the page until `watch` says the totals were
 * redrawn; `button` names it in messages.
 */
async function timeClick(
  page: Page,
  log: NetworkLog,
  target: Locator,
  button: string,
  watch: Watch,
): Promise<Step> {
  const step: Step = { requests: [] };
  try {
    await settle(page, log);
    const element = await target.elementHandle({ timeout: 10_000 });
    if (!element) throw new Error(`No '${button}' on the page.`);
    await page.evaluate(arm, [element, watch] as const);
    await target.click();
    const deadline = Date.now() + REDRAW_TIMEOUT_MS;
    let state = await page.evaluate(() => window.benchBasket);
    while (state?.painted === undefined && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
      state = await page.evaluate(() => window.benchBasket);
    }
    const { input, redrawn, painted, before, total } = state ?? {};
    step.before = before;
    if (input === undefined) throw new Error(`The click on '${button}' never reached the page.`);
    if (redrawn === undefined)
      throw new Error(`The totals were not redrawn within ${REDRAW_TIMEOUT_MS / 1000} s of '${button}'.`);
    step.ms = redrawn - input;
    if (painted !== undefined) step.paintedMs = painted - input;
    step.after = total;
    step.requests = log
      .transfers()
      .filter((t) => t.sentAt >= input && t.sentAt <= redrawn)
      .map((t) => new URL(t.url).pathname.replace(/\/guest-carts\/[^/]+/, '/guest-carts/{cartId}'));
  } catch (error) {
    step.error = firstLine(error);
  }
  return step;
}

/** The Total under `totals`, as Playwright reads it. */
const totalOf = (page: Page, totals: string) =>
  page
    .locator(totals)
    .getByRole('term')
    .filter({ hasText: /^Total$/ })
    .locator('+ dd');

/** Once the page is quiet, its CPU slowed down as a mid-range phone's. */
async function throttled(page: Page, log: NetworkLog): Promise<void> {
  await settle(page, log);
  await log.cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
}

/** One fresh context: the cart, then the basket's Apply and Remove. */
async function couponRun(browser: Browser, base: string, sku: string): Promise<Step[]> {
  const context = await newContext(browser, base);
  try {
    const page = await context.newPage();
    await guestCart(page, sku, 1);
    const log = await recordNetwork(page);
    await page.goto('/basket');
    await totalOf(page, BASKET_TOTALS).filter({ hasNotText: LOADING }).waitFor({ timeout: 30_000 });
    await throttled(page, log);
    await page.getByLabel('Discount code', { exact: true }).fill(CODE);
    const watch = (hidden: boolean): Watch => ({
      totals: BASKET_TOTALS,
      loading: LOADING,
      row: { selector: DISCOUNT_ROW, hidden },
    });
    const button = (name: string) => page.getByRole('button', { name, exact: true });
    const apply = await timeClick(page, log, button('Apply'), 'Apply', watch(false));
    if (apply.error) return [apply, { requests: [], error: 'not run: Apply failed' }];
    const remove = `Remove discount code ${CODE}`;
    return [apply, await timeClick(page, log, button(remove), remove, watch(true))];
  } catch (error) {
    return [{ requests: [], error: firstLine(error) }];
  } finally {
    await context.close();
  }
}

/** One fresh context: the cart, then the shipping step's Next working day and back to Standard delivery. */
async function deliveryRun(browser: Browser, base: string, sku: string): Promise<Step[]> {
  const context = await newContext(browser, base);
  try {
    const page = await context.newPage();
    await guestCart(page, sku, 1);
    const log = await recordNetwork(page);
    await page.goto('/basket/shipping');
    // Typed before the island hydrates, the country would be in the field but not in its state.
    await page
      .locator(`astro-island[opts*='"name":"CheckoutShipping"']:not([ssr])`)
      .first()
      .waitFor({ state: 'attached', timeout: 30_000 });
    await form(page, 'Shipping address').getByLabel('Country', { exact: true }).fill('United Kingdom');
    const delivery = form(page, 'Delivery');
    for (const name of [STANDARD, NEXT_DAY])
      await delivery.getByRole('radio', { name: new RegExp(`^${name}`) }).waitFor({ timeout: 30_000 });
    await totalOf(page, DELIVERY_TOTALS).waitFor({ timeout: 30_000 });
    await throttled(page, log);
    const watch: Watch = { totals: DELIVERY_TOTALS, loading: LOADING };
    const radio = (name: string) => delivery.getByRole('radio', { name: new RegExp(`^${name}`) });
    const nextDay = await timeClick(page, log, radio(NEXT_DAY), NEXT_DAY, watch);
    if (nextDay.error) return [nextDay, { requests: [], error: `not run: ${NEXT_DAY} failed` }];
    return [nextDay, await timeClick(page, log, radio(STANDARD), STANDARD, watch)];
  } catch (error) {
    return [{ requests: [], error: firstLine(error) }];
  } finally {
    await context.close();
  }
}

interface Measure {
  name: string;
  steps: Step[];
}

function printRedraws(measures: readonly Measure[]): void {
  console.info(
    table(
      [
        'click → totals redrawn',
        'runs',
        'ms each',
        'median',
        'max',
        'budget',
        '',
        'median to paint',
        'requests',
      ],
      measures.map(({ name, steps }) => {
        const done = steps.filter((step) => step.ms !== undefined);
        const times = done.map((step) => step.ms ?? NaN);
        const painted = done.flatMap((step) => (step.paintedMs === undefined ? [] : [step.paintedMs]));
        return [
          name,
          `${done.length}/${steps.length}`,
          times.map((ms) => Math.round(ms)).join(' / ') || '–',
          done.length ? `${Math.round(median(times))} ms` : '–',
          done.length ? `${Math.round(Math.max(...times))} ms` : '–',
          `≤ ${REDRAW_BUDGET_MS} ms`,
          done.length ? verdict(median(times), REDRAW_BUDGET_MS) : '–',
          painted.length ? `${Math.round(median(painted))} ms` : '–',
          done.length ? String(median(done.map((step) => step.requests.length))) : '–',
        ];
      }),
    ),
  );
  console.info(
    'ms: from the pointerdown to the DOM change that showed the new totals (in the page, performance.now()); to paint: to the first task after the next frame. Requests: how many the page sent between the click and the redraw (median), those of the first run below.',
  );
  for (const { name, steps } of measures) {
    const first = steps.find((step) => step.ms !== undefined);
    if (first)
      console.info(
        `  ${name}: Total ${first.before} → ${first.after}; ${first.requests.join(', ') || 'no request'}`,
      );
    for (const error of new Set(steps.flatMap((step) => (step.error ? [step.error] : []))))
      console.info(`  ${name} failed: ${error}`);
  }
}

let shop: Shop | undefined;
let browser: Browser | undefined;
try {
  shop = await openShop({ url: values.url ?? SHOP_URL });
  const { base } = shop;
  const product = parcel();
  console.info(
    `Measuring ${base} in ${chromePath} as a ${DEVICE}: ${runs} run(s) of ${CODE} applied and removed, and of the delivery method changed, at ${THROTTLE}× CPU throttling, with a cart of 1 × ${product.sku} (£${product.priceInclVat?.toFixed(2)}, ${product.weight} kg); then the basket's JavaScript.\n${await loadLine()}`,
  );
  browser = await chromium.launch({ executablePath: chromePath, args: ['--no-sandbox'] });
  const cart = (page: Page) => guestCart(page, product.sku, 1).then(() => undefined);

  const coupon: Step[][] = [];
  const delivery: Step[][] = [];
  for (let index = 1; index <= runs; index += 1) {
    coupon.push(await couponRun(browser, base, product.sku));
    delivery.push(await deliveryRun(browser, base, product.sku));
    const line = (steps: Step[]) =>
      steps.map((step) => (step.ms === undefined ? `failed (${step.error})` : `${Math.round(step.ms)} ms`));
    console.info(
      `  run ${index}: apply ${line(coupon.at(-1) ?? []).join(', remove ')}; next day ${line(delivery.at(-1) ?? []).join(', standard ')}`,
    );
  }
  const measures: Measure[] = [
    { name: `Apply ${CODE} (basket)`, steps: coupon.map(([step]) => step ?? { requests: [] }) },
    { name: `Remove ${CODE} (basket)`, steps: coupon.map(([, step]) => step ?? { requests: [] }) },
    { name: 'Next working day (shipping)', steps: delivery.map(([step]) => step ?? { requests: [] }) },
    { name: 'Standard delivery (shipping)', steps: delivery.map(([, step]) => step ?? { requests: [] }) },
  ];
  console.info(
    `\n## Totals redrawn after a click (${DEVICE}, ${THROTTLE}× CPU throttling, loopback, a fresh context each run)`,
  );
  printRedraws(measures);
  console.info(`After the runs: ${await loadLine()}`);

  const loaded: Loaded[] = [];
  for (const spec of [
    { name: 'empty', path: '/basket', budget: JS_BUDGET },
    { name: 'one line', path: '/basket', budget: JS_BUDGET, prepare: cart },
    { name: 'shipping', path: '/basket/shipping', budget: JS_BUDGET, prepare: cart },
  ])
    loaded.push(await loadUntouched(browser, base, spec));
  printLoaded(loaded);

  mkdirSync(resolve(root, 'var/bench'), { recursive: true });
  const figures = resolve(root, 'var/bench/basket.json');
  writeFileSync(
    figures,
    JSON.stringify(
      { base, device: DEVICE, throttle: THROTTLE, product: product.sku, redraws: measures, loaded },
      null,
      2,
    ),
  );
  console.info(`\nFigures: ${figures}\n${machineLoad()}`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await browser?.close();
  await shop?.stop();
}
