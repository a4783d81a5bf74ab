/**
 * The editors' status page, `/rebuild/status`, behind its own password (REBUILD_STATUS_PASSWORD, not the
 * hook's secret): `Authorization: Bearer <password>`, or HTTP Basic with any user name and the password,
 * so a browser can open it. A client that keeps giving a wrong password is held (10 failures in 15
 * minutes, src/http/throttle.ts), as sign-in is.
 * - `GET`: the status as JSON, or as the page when the browser asks for HTML;
 * - `POST` (the page's "Rebuild now" / "Full rebuild" / "Check prices now" / "Check reviews now" form,
 *   `run=now|full|reconcile|reviews`):
 *   same origin only (the
 *   browser resends Basic credentials on a cross-site form, so Origin is what stops forgery), then queues
 *   the run and sends the editor back to the page (303);
 * - `GET /rebuild/status.js`: the page's script that shows the run's progress live;
 * - `GET /metrics`: the figures the page shows, in Prometheus' text format (metrics.ts), behind the same
 *   password and throttle (Prometheus sends it as a bearer token), never stored.
 */
import { timingSafeEqual } from 'node:crypto';
import { Hono, type MiddlewareHandler } from 'hono';
import {
  clientAddress,
  FailureCounter,
  HttpError,
  jsonReply,
  limitBody,
  methodNotAllowed,
  sameOrigin,
  tooManyAttempts,
  trustedProxies,
  type TrustedProxies,
} from '../../http/index.ts';
import type { SharedStore } from '../../store/shared-store.ts';
import type { BuildInfo } from '../releases/build-info.ts';
import { readFigures, type Figures, type ShopCounts } from './figures.ts';
import { METRICS_CONTENT_TYPE, metricsScrape } from './metrics.ts';
import type { Rebuilder, TriggerOptions } from './rebuilder.ts';
import { renderStatusPage, STATUS_PAGE_SCRIPT, type RunRequest } from './status-page.ts';

export interface StatusRoutesOptions {
  readonly rebuilder: Rebuilder;
  /** The status page's password; undefined turns the page off. */
  readonly password: string | undefined;
  /** The shop's public URL: the buttons' POST must come from it. */
  readonly siteUrl: string;
  /** The live build's info, read when the status is asked for. */
  readonly liveBuild: () => BuildInfo | undefined;
  readonly trustedProxies?: TrustedProxies;
  /** Where wrong passwords are counted for every replica; without one, in this process. */
  readonly store?: SharedStore | undefined;
  /** The payment records and the e-mail outbox, counted for the figures; without it, not shown. */
  readonly shopCounts?: (() => Promise<ShopCounts>) | undefined;
  readonly log?: ((message: string) => void) | undefined;
}

const WRONG_PASSWORDS = { failures: 10, windowSeconds: 15 * 60 };

const ASK_FOR_PASSWORD =
  'Send the status page password: Authorization: Bearer <password>, or any user name and the password.';

function samePassword(given: string, password: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(password);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The password from `Authorization: Bearer …` or `Basic base64(user:password)`; undefined when none is sent. */
function givenPassword(header: string): string | undefined {
  const bearer = /^Bearer\s+(.+)$/i.exec(header)?.[1];
  if (bearer !== undefined) return bearer.trim();
  const basic = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(header)?.[1];
  if (basic === undefined) return undefined;
  const decoded = Buffer.from(basic, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon === -1 ? undefined : decoded.slice(colon + 1);
}

/** The page or its script, as text of `contentType` (the page is never stored; the script is revalidated). */
const textOf = (text: string, contentType: string, cacheControl: string): Response => {
  const body = Buffer.from(text);
  return new Response(body, {
    headers: {
      'Content-Type': `${contentType}; charset=utf-8`,
      'Content-Length': String(body.length),
      'Cache-Control': cacheControl,
    },
  });
};

const runRequest = (value: unknown): RunRequest | undefined =>
  value === 'now' || value === 'full' || value === 'reconcile' || value === 'reviews' ? value : undefined;

/** What each button queues: the reason the status page shows, and the run's options. */
const RUNS: Record<RunRequest, { reason: string; options: TriggerOptions }> = {
  now: { reason: 'rebuild from the status page', options: {} },
  full: { reason: 'full rebuild from the status page', options: { full: true } },
  reconcile: { reason: 'price check from the status page', options: { reconcile: true } },
  reviews: { reason: 'review check from the status page', options: { reviews: true } },
};

/** `GET /metrics` behind the status page's guard: the figures in Prometheus' text format. */
function metricsRoute(routes: Hono, editorOnly: MiddlewareHandler, figures: () => Promise<Figures>): void {
  const scrape = metricsScrape(figures);
  routes.get('/metrics', editorOnly, async () => textOf(await scrape(), METRICS_CONTENT_TYPE, 'no-store'));
  routes.all('/metrics', methodNotAllowed('GET, HEAD', 'Use GET.'));
}

export function createStatusRoutes(options: StatusRoutesOptions): Hono {
  const routes = new Hono();
  const { password } = options;
  if (!password) {
    const off = () =>
      jsonReply(404, { message: 'The status page is off: set REBUILD_STATUS_PASSWORD to turn it on.' });
    const metricsOff = () =>
      jsonReply(404, {
        message: 'The figures are off: set REBUILD_STATUS_PASSWORD, and send it as a bearer token.',
      });
    return routes.all('/rebuild/status', off).all('/rebuild/status.js', off).all('/metrics', metricsOff);
  }
  const figures = () =>
    readFigures({
      ...{ rebuilder: options.rebuilder, liveBuild: options.liveBuild },
      ...{ shopCounts: options.shopCounts, log: options.log },
    });
  const wrongPasswords = new FailureCounter(WRONG_PASSWORDS, {
    name: 'status-password',
    store: options.store,
  });
  const trusted = options.trustedProxies ?? trustedProxies([]);

  /** Lets an editor with the password through; 401 (asking the browser for it) or 429 otherwise. */
  const editorOnly: MiddlewareHandler = async (c, next) => {
    const client = clientAddress(c, trusted);
    const wait = await wrongPasswords.waitFor(client);
    if (wait > 0) throw tooManyAttempts('Too many wrong passwords.', wait);
    const given = givenPassword(c.req.header('authorization') ?? '');
    if (given === undefined || !samePassword(given, password)) {
      if (given !== undefined) await wrongPasswords.failed(client);
      throw new HttpError(401, ASK_FOR_PASSWORD, {
        'WWW-Authenticate': 'Basic realm="Site rebuilds", charset="UTF-8"',
      });
    }
    await next();
  };

  routes.get('/rebuild/status.js', () => textOf(STATUS_PAGE_SCRIPT, 'text/javascript', 'no-cache'));
  metricsRoute(routes, editorOnly, figures);
  routes.get('/rebuild/status', editorOnly, async (c) => {
    const current = options.rebuilder.status();
    const live = options.liveBuild();
    if (/\btext\/html\b/.test(c.req.header('accept') ?? ''))
      return textOf(
        renderStatusPage(current, live, runRequest(c.req.query('queued')), await figures()),
        'text/html',
        'no-store',
      );
    // The CSP hashes are of no interest to editors and only lengthen the answer.
    const summary = live
      ? Object.fromEntries(Object.entries(live).filter(([key]) => key !== 'scriptHashes'))
      : null;
    return jsonReply(200, { ...current, live: summary });
  });
  routes.post('/rebuild/status', sameOrigin(options.siteUrl), editorOnly, limitBody(1024), async (c) => {
    const form = await c.req.parseBody();
    const run = runRequest(form['run']);
    if (!run) return jsonReply(400, { message: 'Choose run=now, run=full, run=reconcile or run=reviews.' });
    // Kept before the editor is sent back; the page shows the run's progress.
    await options.rebuilder.queue(RUNS[run].reason, RUNS[run].options).catch(() => {
      throw new HttpError(503, 'The run could not be queued just now: please press the button again.', {
        'Retry-After': '5',
      });
    });
    return new Response(null, {
      status: 303,
      headers: {
        Location: `/rebuild/status?queued=${run}`,
        'Cache-Control': 'no-store',
        'Content-Length': '0',
      },
    });
  });
  routes.all('/rebuild/status', methodNotAllowed('GET, HEAD, POST', 'Use GET, or POST from the page.'));
  return routes;
}
