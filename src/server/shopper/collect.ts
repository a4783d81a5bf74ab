/**
 * Click & collect (issue 55) as routes of the storefront server, over Magento's pickup locations and
 * source items and the reservations in the shop's store (features/collect/). Every answer is live and
 * never cached: stock at a point changes all day, so no page bakes it in.
 *
 * - `GET /collect/points` → `{points: [{code, name, phone, address, mapUrl, hours, description}], bring,
 *   keptForDays}`: with what to bring and how many days an order is kept (the confirmations say both).
 * - `GET /collect/availability?point=&sku=…` (up to 24 SKUs; no point: the first) → `{point, name, items:
 *   {sku: {kind, text, free?}}}`, under 1 KB for a product page; with Magento or the store down each text
 *   says to call the point. 404 for a point that is not one.
 * - `GET /collect/availability/{sku}?point=`: the same as a small HTML page, for shoppers without
 *   JavaScript (the product page links to it), every point listed.
 * - `GET /collect/today?point=` → `{point, skus}`: what can be collected from the point today (a configurable's
 *   parent too, when one of its children can).
 * - `POST /collect/hold` `{point, guestCode?}` (same origin): the session's or guest's basket reserved at the
 *   point → `{kind: 'held', until, day, dayText, point}`, or `{kind: 'short', message, short, kept, others}`
 *   when a line cannot be collected there (nothing reserved; `kept`: how many of its products the point has;
 *   `others`: points that have all of it; a line for more than one basket may collect says so, with `most`);
 *   409 while another reservation is being made, or once the basket has been reserved as long as one may
 *   be (`reserveAtMostMinutes` from its first reservation), 503 when the shelf cannot be checked.
 * - `POST /collect/basket` `{guestCode?}` (same origin) → `{points: [{point, day?, dayText?, short}]}`: for each
 *   point, the day the basket could be collected there, or the lines it lacks (nothing is reserved).
 * - `DELETE /collect/hold` `{guestCode?}`: the reservation let go (the shopper chose delivery).
 */
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { type Availability, availabilityText, collectTexts as t } from '../../features/collect/index.ts';
import {
  availabilityAt,
  collectableToday,
  release,
  settleHolds,
  todayAt,
  type CollectDeps,
  collectionPoints,
  type Point,
  pointView,
} from '../../features/collect/index.server.ts';
import { availabilityPage } from './collect-page.ts';
import {
  clientAddress,
  customerSession,
  describeError,
  FailureCounter,
  tooManyAttempts,
  trustedProxies,
  type FailureLimit,
  type TrustedProxies,
  HttpError,
  jsonBody,
  jsonErrors,
  jsonOnly,
  jsonReply,
  limitBody,
  methodNotAllowed,
  sameOrigin,
} from '../../http/index.ts';
import type { MagentoCheckout } from '../../payments/magento-checkout.ts';
import { strings } from '../../strings.ts';
import type { ParentsOf } from '../collect-parents.ts';
import { basketAnswer, holdAnswer, pointNamed, shopperCart } from './collect-basket.ts';

export interface CollectRoutesConfig {
  readonly deps: CollectDeps;
  /** Reads the shopper's own cart (their token or guest code proves it is theirs). */
  readonly checkout: Pick<MagentoCheckout, 'readCart'>;
  readonly siteUrl: string;
  /** Who to call when the points cannot be read at all. */
  readonly shop: { readonly name: string; readonly phone: string };
  /** The parents of configurable children, so "Collect today" names the products listings show. */
  readonly parents?: ParentsOf | undefined;
  /** Who may say which address a request came from (the reservations' limit per shopper). */
  readonly trustedProxies?: TrustedProxies;
  /** Reservations one address may ask for (default 60 an hour): nobody can hold a whole shelf by script. */
  readonly holdLimit?: FailureLimit;
  /** How often lapsed reservations and collected orders' are let go (default a minute). */
  readonly settleEveryMs?: number;
  readonly signal?: AbortSignal | undefined;
}

const MAX_SKUS = 24;
const HOLDS_AN_HOUR: FailureLimit = { failures: 60, windowSeconds: 60 * 60 };
const SKU = /^[\w.\-/ ]{1,64}$/;
const POINT = /^[a-z0-9_-]{1,64}$/;
const holdBody = z.object({ point: z.string().max(64), guestCode: z.string().max(64).optional() });
const releaseBody = z.object({ guestCode: z.string().max(64).optional() }).optional();

/** The points, or none when Magento cannot be read (logged): availability then says to call. */
async function pointsOrNone(deps: CollectDeps): Promise<Point[] | undefined> {
  try {
    return await collectionPoints(deps);
  } catch (error) {
    deps.log(`Collection points not read: ${describeError(error)}`);
    return undefined;
  }
}

function itemAnswer(
  availability: Availability,
  point: { name: string; phone: string | undefined },
  day: string,
) {
  const text = availabilityText(availability, point, day);
  return availability.kind === 'shelf'
    ? { kind: availability.kind, free: availability.free, text }
    : { kind: availability.kind, text };
}

/** `GET /collect/availability`. */
async function availability(config: CollectRoutesConfig, c: Context): Promise<Response> {
  const { deps } = config;
  const code = c.req.query('point');
  const skus = [...new Set(c.req.queries('sku') ?? [])];
  const badSkus = skus.length === 0 || skus.length > MAX_SKUS || !skus.every((sku) => SKU.test(sku));
  if ((code !== undefined && !POINT.test(code)) || badSkus) throw new HttpError(400, t.noSuchProduct);
  const points = await pointsOrNone(deps);
  const day = todayAt(deps);
  if (!points || points.length === 0) {
    const unknown = itemAnswer({ kind: 'unknown' }, config.shop, day);
    const items = Object.fromEntries(skus.map((sku) => [sku, unknown]));
    return jsonReply(200, { point: code ?? '', name: config.shop.name, items });
  }
  const point = code === undefined ? points[0] : pointNamed(points, code);
  if (!point) throw new HttpError(404, t.noSuchPoint);
  const found = await availabilityAt(deps, point, skus);
  const items = Object.fromEntries(
    skus.map((sku) => [sku, itemAnswer(found.get(sku) ?? { kind: 'unknown' }, point, day)]),
  );
  return jsonReply(200, { point: point.code, name: point.name, items });
}

/** `GET /collect/availability/{sku}`: every point's answer as a page. */
async function availabilityHtml(config: CollectRoutesConfig, c: Context): Promise<Response> {
  const { deps } = config;
  // Hono gives the parameter decoded already.
  const sku = c.req.param('sku') ?? '';
  if (!SKU.test(sku)) throw new HttpError(404, t.noSuchProduct);
  const points = (await pointsOrNone(deps)) ?? [];
  const day = todayAt(deps);
  const rows = await Promise.all(
    points.map(async (point) => {
      const found = (await availabilityAt(deps, point, [sku])).get(sku) ?? { kind: 'unknown' as const };
      return { point, text: availabilityText(found, point, day) };
    }),
  );
  const html = availabilityPage({
    sku,
    rows,
    chosen: c.req.query('point'),
    shop: config.shop,
    back: c.req.query('back'),
  });
  return new Response(html, {
    headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' },
  });
}

function startSettling(config: CollectRoutesConfig): void {
  const { deps } = config;
  const timer = setInterval(() => {
    settleHolds(deps).catch((error: unknown) =>
      deps.log(`Collection reservations not settled: ${describeError(error)}`),
    );
  }, config.settleEveryMs ?? 60_000);
  timer.unref();
  config.signal?.addEventListener('abort', () => clearInterval(timer), { once: true });
}

export function createCollectRoutes(config: CollectRoutesConfig): Hono {
  const { deps, siteUrl } = config;
  const routes = new Hono();
  routes.onError(
    jsonErrors((error, c) => {
      deps.log(`Collect route ${c.req.method} ${c.req.path} failed: ${describeError(error)}`);
      return new HttpError(503, t.holdFailed);
    }),
  );
  const session = customerSession({ siteUrl, privateAnswers: false, malformedCookie: 'refuse' });

  routes.get('/collect/points', async () => {
    const points = await collectionPoints(deps).catch(() => {
      throw new HttpError(503, t.pointsUnavailable);
    });
    return jsonReply(200, {
      points: points.map(pointView),
      bring: deps.settings.bring,
      keptForDays: deps.settings.collectWithinDays,
    });
  });
  routes.get('/collect/availability', (c) => availability(config, c));
  routes.all('/collect/availability', methodNotAllowed('GET, HEAD'));
  routes.get('/collect/availability/:sku', (c) => availabilityHtml(config, c));
  routes.get('/collect/today', async (c) => {
    const point = pointNamed(await collectionPoints(deps), c.req.query('point') ?? '');
    const skus = await collectableToday(deps, point.settings);
    const parents = config.parents ? [...(await config.parents(skus)).values()] : [];
    return jsonReply(200, { point: point.code, skus: [...new Set([...skus, ...parents])] });
  });
  const holds = new FailureCounter(config.holdLimit ?? HOLDS_AN_HOUR, {
    name: 'collect-hold',
    store: deps.store,
  });
  const proxies = config.trustedProxies ?? trustedProxies([]);
  routes.post(
    '/collect/hold',
    sameOrigin(siteUrl),
    limitBody(2 * 1024),
    jsonOnly,
    jsonBody(holdBody, t.noSuchPoint),
    session,
    async (c) => {
      const wait = await holds.attempt(clientAddress(c, proxies));
      if (wait > 0) throw tooManyAttempts(t.tooManyHolds, wait);
      return holdAnswer(config, c.req.valid('json'), c.var.customerToken);
    },
  );
  routes.post(
    '/collect/basket',
    sameOrigin(siteUrl),
    limitBody(1024),
    jsonOnly,
    jsonBody(releaseBody, strings.checkout.emptyCart),
    session,
    (c) => basketAnswer(config, c.req.valid('json')?.guestCode ?? '', c.var.customerToken),
  );
  routes.all('/collect/basket', methodNotAllowed('POST'));
  routes.delete('/collect/hold', sameOrigin(siteUrl), limitBody(1024), session, async (c) => {
    const body = releaseBody.safeParse(await c.req.json().catch(() => undefined));
    const cart = await shopperCart(config, c.var.customerToken, (body.success && body.data?.guestCode) || '');
    await release(deps, cart.id);
    return jsonReply(204, undefined);
  });
  routes.all('/collect/hold', methodNotAllowed('POST, DELETE'));
  startSettling(config);
  return routes;
}
