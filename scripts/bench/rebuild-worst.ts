/**
 * The rebuild bench's worst cases (DESIGN.md §5's budget is for any one product, whatever its fan-out): the
 * most widely fitting accessory's and detergent's price, and a stock switch, each saved through the admin API
 * as an editor would, 5 times one after the other; the clock stops when the product page serves the change
 * (for the accessory, one of its parts pages too). Chosen from the catalogue the shop built, by how many
 * machine models a part fits (`fits_models`), ties broken by how many built pages show its card.
 */
import { readdirSync, readFileSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { modelSlug } from '../../src/catalogue/fits.ts';
import { formatPrice } from '../../src/catalogue/money.ts';
import type { Product } from '../../src/catalogue/types.ts';
import { partsPagePath } from '../../src/features/fits/paths.ts';
import { runPhases } from '../../src/publish/rebuild/status-page.ts';
import { spec } from '../../src/strings.ts';
import { median } from './proc.ts';
import {
  adminTokenOf,
  magento,
  runCovering,
  runLine,
  runRecord,
  s2,
  sleep,
  type RunRecord,
} from './rebuild-shop.ts';

/** Edits per case, one after the other. */
const EDITS = 5;
/** How long one edit may take to show before the bench records it as never live and goes on. */
const LIVE_LIMIT_MS = 5 * 60_000;
/** The `accessory_type` option a detergent has (the seed's data/fits.ts; a machine's page groups by it). */
const DETERGENTS = 'Detergents';

/** Issue 81's budget for any one product at a catalogue size: median and worst change-to-live. */
export function oneProductBudget(
  products: number,
): { medianMs: number; worstMs: number; at: string } | undefined {
  if (products <= 10_000) return { medianMs: 1000, worstMs: 2000, at: '10,000' };
  if (products <= 100_000) return { medianMs: 2000, worstMs: 4000, at: '100,000' };
  return undefined;
}

/**
 * Issue 81's budget for 1,000 prices saved at once, to all their pages live: 8 s at 10,000 products and
 * 30 s at 100,000 (one figure per size, not a median and a worst: the bulk is measured once).
 */
export function bulkBudget(products: number): { medianMs: number; worstMs: number } | undefined {
  if (products <= 10_000) return { medianMs: 8_000, worstMs: 8_000 };
  if (products <= 100_000) return { medianMs: 30_000, worstMs: 30_000 };
  return undefined;
}

/** `≤ 1.0 s / ≤ 2.0 s`, and whether the figures keep to it. */
export function budgetCells(
  budget: { medianMs: number; worstMs: number } | undefined,
  medianMs: number,
  worstMs: number,
): [string, string] {
  if (!budget) return ['–', '–'];
  const text = `≤ ${(budget.medianMs / 1000).toFixed(0)} s / ≤ ${(budget.worstMs / 1000).toFixed(0)} s`;
  return [text, medianMs <= budget.medianMs && worstMs <= budget.worstMs ? 'within' : 'OVER'];
}

/**
 * How many built HTML pages show each product's card (its name's link, card-html.ts), by url key: one pass
 * over the live build, so "pages rendered" can be set beside what the change had to re-render.
 */
export function cardPagesByUrlKey(dist: string): {
  byUrlKey: Map<string, number>;
  files: number;
  ms: number;
} {
  const started = performance.now();
  const root = realpathSync(dist);
  const byUrlKey = new Map<string, number>();
  let files = 0;
  for (const entry of readdirSync(root, { recursive: true, encoding: 'utf8' })) {
    if (!entry.endsWith('.html')) continue;
    files++;
    const html = readFileSync(join(root, entry), 'utf8');
    const keys = new Set(
      [...html.matchAll(/class="product-card__name"><a href="\/([^"?#]+)">/g)].map((match) => match[1] ?? ''),
    );
    for (const key of keys) {
      const count = byUrlKey.get(key);
      // A key met first is kept as a copy: V8 keeps a match's whole page alive while a slice of it lives
      // (152,637 pages at 100,000 products: the bench ran out of heap here).
      byUrlKey.set(count === undefined ? Buffer.from(key).toString() : key, (count ?? 0) + 1);
    }
  }
  return { byUrlKey, files, ms: performance.now() - started };
}

export interface WorstPick {
  product: Product;
  /** Why it was chosen, for the report. */
  why: string;
}

/** The products the worst cases change; a case is missing when the catalogue has no such product. */
export interface WorstPicks {
  accessory?: WorstPick;
  detergent?: WorstPick;
  stock?: WorstPick;
}

/**
 * The widest-fitting simple products with a page and a price (a configurable's page shows its children's
 * prices, not its own): most models in `fits_models`, then most pages with its card, then by sku. The stock
 * switch takes the widest in-stock part the price cases left.
 */
export function chooseWorstCases(
  products: readonly Product[],
  cardPages: ReadonlyMap<string, number>,
): WorstPicks {
  const parts = products.filter(
    (product) =>
      product.visibility === 4 &&
      product.typeId === 'simple' &&
      product.priceInclVat &&
      product.fit.fits.length > 0,
  );
  const cards = (product: Product) => cardPages.get(product.urlKey) ?? 0;
  const widest = (candidates: readonly Product[]): WorstPick | undefined => {
    const [first] = [...candidates].sort(
      (a, b) => b.fit.fits.length - a.fit.fits.length || cards(b) - cards(a) || a.sku.localeCompare(b.sku),
    );
    if (!first) return undefined;
    const others =
      candidates.filter((product) => product.fit.fits.length === first.fit.fits.length).length - 1;
    return {
      product: first,
      why: `${first.fit.type ?? 'no type'}, fits ${first.fit.fits.length} models (as do ${others} others), card on ${cards(first)} pages`,
    };
  };
  const accessory = widest(parts.filter(({ fit }) => fit.type !== null && fit.type !== DETERGENTS));
  const detergent = widest(parts.filter(({ fit }) => fit.type === DETERGENTS));
  const taken = new Set([accessory?.product.sku, detergent?.product.sku]);
  const stock = widest(parts.filter((product) => product.inStock && !taken.has(product.sku)));
  return {
    ...(accessory ? { accessory } : {}),
    ...(detergent ? { detergent } : {}),
    ...(stock ? { stock } : {}),
  };
}

/** One admin save and what the pages show once it is live. */
interface Edit {
  what: string;
  product: Record<string, unknown>;
  /** The product page serves it. */
  pageShows: (html: string) => boolean;
  /** The product's card (on a parts page) shows it. */
  cardShows: (card: string) => boolean;
}

const priceEdit = (price: number): Edit => {
  const shown = formatPrice(price);
  return {
    what: `price ${shown}`,
    product: { price, custom_attributes: [{ attribute_code: 'list_price', value: String(price) }] },
    pageShows: (html) => html.includes(shown),
    cardShows: (card) => card.includes(shown),
  };
};

/** The stock line of the product page (PurchasePanel.astro): `in` or `out`, undefined when there is none. */
export function stockShown(html: string): 'in' | 'out' | undefined {
  const line = /<p class="stock (in|out)"[^>]*>([\s\S]*?)<\/p>/.exec(html);
  if (!line) return undefined;
  const text = line[2] ?? '';
  if (line[1] === 'out' && text.includes(spec.product.unavailable)) return 'out';
  if (line[1] === 'in' && text.includes(spec.product.inStock)) return 'in';
  return undefined;
}

/** Out of stock, or back in with a quantity: Magento's stock item on the product save. */
const stockEdit = (inStock: boolean): Edit => ({
  what: inStock
    ? `back in stock ("${spec.product.inStock}")`
    : `out of stock ("${spec.product.unavailable}")`,
  product: { extension_attributes: { stock_item: { is_in_stock: inStock, qty: inStock ? 100 : 0 } } },
  pageShows: (html) => stockShown(html) === (inStock ? 'in' : 'out'),
  cardShows: () => true,
});

/** The card of the product (its `<li class="product-card">`) on a listing page, or undefined. */
function cardOf(html: string, urlKey: string): string | undefined {
  const link = html.indexOf(`class="product-card__name"><a href="/${urlKey}">`);
  if (link < 0) return undefined;
  const start = html.lastIndexOf('<li class="product-card"', link);
  const end = html.indexOf('<li class="product-card"', link);
  return html.slice(Math.max(0, start), end < 0 ? undefined : end);
}

const page = (shopUrl: string, path: string): Promise<string> =>
  // A connection the server closes between two polls (keep-alive) is no reason to stop waiting.
  fetch(`${shopUrl}${path}`)
    .then((response) => (response.ok ? response.text() : ''))
    .catch(() => '');

/** The page of the part's first model's parts listing (`…/page/{n}`) that holds its card, or undefined. */
export async function partsPageHolding(shopUrl: string, product: Product): Promise<string | undefined> {
  const [model] = product.fit.fits;
  if (!model) return undefined;
  const first = partsPagePath(modelSlug(model));
  for (let n = 1; n <= 100; n++) {
    const path = n === 1 ? first : `${first}/page/${n}`;
    const html = await page(shopUrl, path);
    if (html === '') return undefined;
    if (cardOf(html, product.urlKey)) return path;
  }
  return undefined;
}

/** One edit measured: the save → the product page (and the parts page) serving it. */
export interface WorstEdit {
  what: string;
  /** The save → the product page serving it; undefined when it did not within LIVE_LIMIT_MS. */
  ms: number | undefined;
  /** The save → the parts page's card showing it (the accessory only). */
  listingMs?: number | undefined;
  savedAt: string;
  /** The save → the start of the run that covered it. */
  queueMs?: number;
  run?: RunRecord;
}

export interface WorstCase {
  label: string;
  sku: string;
  urlKey: string;
  why: string;
  /** The parts page whose card was watched too (the accessory only). */
  listing?: string;
  /** Built HTML pages showing the product's card when the bench began (cardPagesByUrlKey). */
  cardPages: number;
  edits: WorstEdit[];
}

interface Shop {
  magentoUrl: string;
  shopUrl: string;
}

async function measureEdit(
  shop: Shop,
  token: string,
  target: { sku: string; urlKey: string; listing?: string | undefined },
  edit: Edit,
): Promise<WorstEdit> {
  const savedAt = Date.now();
  const started = performance.now();
  await magento(shop.magentoUrl, `/products/${encodeURIComponent(target.sku)}`, {
    method: 'PUT',
    token,
    body: JSON.stringify({ product: edit.product }),
  });
  let ms: number | undefined;
  let listingMs: number | undefined;
  const listing = target.listing;
  while (ms === undefined || (listing && listingMs === undefined)) {
    const [product, list] = await Promise.all([
      page(shop.shopUrl, `/${target.urlKey}`),
      listing && listingMs === undefined ? page(shop.shopUrl, listing) : Promise.resolve(''),
    ]);
    const now = performance.now() - started;
    if (ms === undefined && edit.pageShows(product)) ms = now;
    if (listing && listingMs === undefined && edit.cardShows(cardOf(list, target.urlKey) ?? ''))
      listingMs = now;
    if (now > LIVE_LIMIT_MS) break;
    await sleep(100);
  }
  // The rebuilder records its summary right after the switch.
  await sleep(1000);
  const run = await runCovering(shop.shopUrl, [`product ${target.sku} saved`], 10_000, savedAt);
  return {
    what: edit.what,
    ms,
    ...(listing ? { listingMs } : {}),
    savedAt: new Date(savedAt).toISOString(),
    ...(run ? { run: runRecord(run), queueMs: Date.parse(run.startedAt) - savedAt } : {}),
  };
}

const orNever = (ms: number | undefined): string => (ms === undefined ? 'never' : s2(ms));

/** One edit's line: its times, then its run's phases. */
export function editLine(edit: WorstEdit): string {
  const listing = 'listingMs' in edit ? `, parts page ${orNever(edit.listingMs)}` : '';
  return `${edit.what}: ${orNever(edit.ms)}${listing}; ${runLine(edit.run, edit.queueMs)}`;
}

async function measureCase(
  shop: Shop,
  pick: WorstPick,
  label: string,
  edits: readonly Edit[],
  cardPages: ReadonlyMap<string, number>,
  listing?: string,
): Promise<WorstCase> {
  const { sku, urlKey } = pick.product;
  console.info(`  ${label}: ${sku} (${pick.why})${listing ? `; its card watched on ${listing}` : ''}`);
  const token = await adminTokenOf(shop.magentoUrl);
  const measured: WorstEdit[] = [];
  for (const [index, edit] of edits.entries()) {
    const result = await measureEdit(shop, token, { sku, urlKey, listing }, edit);
    console.info(`    ${index + 1}. ${editLine(result)}`);
    measured.push(result);
  }
  return {
    label,
    sku,
    urlKey,
    why: pick.why,
    ...(listing ? { listing } : {}),
    cardPages: cardPages.get(urlKey) ?? 0,
    edits: measured,
  };
}

/** The three worst cases, one after the other, on a shop that is serving and idle. */
export async function measureWorstCases(
  shop: Shop,
  products: readonly Product[],
  cards: { byUrlKey: ReadonlyMap<string, number> },
): Promise<WorstCase[]> {
  const picks = chooseWorstCases(products, cards.byUrlKey);
  const prices = (from: number) => Array.from({ length: EDITS }, (_, index) => priceEdit(from + index));
  const cases: WorstCase[] = [];
  if (picks.accessory) {
    const listing = await partsPageHolding(shop.shopUrl, picks.accessory.product);
    if (!listing) console.info(`  (no parts page of ${picks.accessory.product.sku} shows its card)`);
    cases.push(
      await measureCase(
        shop,
        picks.accessory,
        'widest accessory, price',
        prices(3101.01),
        cards.byUrlKey,
        listing,
      ),
    );
  } else console.info('  no accessory with fits and a page: case skipped');
  if (picks.detergent)
    cases.push(
      await measureCase(shop, picks.detergent, 'widest detergent, price', prices(3201.01), cards.byUrlKey),
    );
  else console.info('  no detergent with fits and a page: case skipped');
  if (picks.stock) {
    const initially = stockShown(await page(shop.shopUrl, `/${picks.stock.product.urlKey}`));
    if (initially !== 'in')
      console.info(
        `  (${picks.stock.product.sku}'s page shows ${initially ?? 'no stock line'} before the switch)`,
      );
    const switches = Array.from({ length: EDITS }, (_, index) => stockEdit(index % 2 === 1));
    cases.push(await measureCase(shop, picks.stock, 'stock switch, out ⇄ in', switches, cards.byUrlKey));
  } else console.info('  no in-stock part with a page: stock switch skipped');
  return cases;
}

/** A case's times: median and worst, a never-live edit counting as endless. */
export function spread(times: readonly (number | undefined)[]): { medianMs: number; worstMs: number } {
  const known = times.map((ms) => ms ?? Number.POSITIVE_INFINITY);
  return { medianMs: median(known), worstMs: Math.max(...known) };
}

/** A run's phases as the status page gives them (queue, sync, plan, render, site pass, swap), compact. */
export function phaseCell(run: RunRecord | undefined): string {
  if (!run) return 'no run names the save';
  return runPhases(run)
    .map(([phase, ms]) => `${phase} ${(ms / 1000).toFixed(2)}`)
    .join(', ');
}

/** The edit whose time is the case's worst (for its phases). */
export const worstEdit = (edits: readonly WorstEdit[]): WorstEdit | undefined =>
  [...edits].sort((a, b) => (b.ms ?? Number.POSITIVE_INFINITY) - (a.ms ?? Number.POSITIVE_INFINITY))[0];

/** Pages rendered by each edit's run, in order: `12 / 12 / 12 / 12 / 12`. */
export const renderedCell = (runs: readonly (RunRecord | undefined)[]): string =>
  runs.map((run) => (run?.build ? String(run.build.rendered) : '–')).join(' / ');
