/**
 * The `/rest/...` proxy (DESIGN.md §1, §3): exactly the Magento calls the islands need, nothing else.
 * It attaches the customer's token from the session cookie to `carts/mine` and `customers/me` calls,
 * never to guest calls; checks Origin on writes; accepts JSON only; bounds bodies and time. Magento's
 * answers (error bodies included) reach the island unchanged. Catalogue reads, orders, other customers,
 * admin tokens and order placement are refused: they happen at build time or inside the payment bridge.
 */
import { MASKED_CART_ID } from '../../magento/wire/shopper-cart.ts';
import { Hono, type Context } from 'hono';
import {
  clearSessionCookie,
  errorMessage,
  HttpError,
  jsonErrors,
  jsonOnly,
  limitBody,
  sameOrigin,
  sessionToken,
} from '../../http/index.ts';
import { rawPath } from '../static-site.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

interface AllowedCall {
  readonly methods: readonly Method[];
  /** Matched against the path after `/V1/`. */
  readonly path: RegExp;
  /** `customer`: the session's token is attached and required. */
  readonly as: 'guest' | 'customer';
}

const CART = MASKED_CART_ID;
/** A discount code as one path segment; never `.` or `..` (written or escaped), which URLs resolve away. */
const COUPON = '(?!(?:\\.|%2[eE]){1,2}$)[^/]+';
const UNAVAILABLE = 'The shop is temporarily unavailable. Please try again in a moment.';

/** The allow-list: the islands' calls (spec §7), minus order placement and anything privileged. */
export const ALLOWED_CALLS: readonly AllowedCall[] = [
  { methods: ['POST'], path: /^guest-carts$/, as: 'guest' },
  { methods: ['GET'], path: new RegExp(`^guest-carts/${CART}$`), as: 'guest' },
  { methods: ['GET'], path: new RegExp(`^guest-carts/${CART}/totals$`), as: 'guest' },
  { methods: ['POST'], path: new RegExp(`^guest-carts/${CART}/items$`), as: 'guest' },
  { methods: ['PUT', 'DELETE'], path: new RegExp(`^guest-carts/${CART}/items/\\d+$`), as: 'guest' },
  { methods: ['POST'], path: new RegExp(`^guest-carts/${CART}/shipping-information$`), as: 'guest' },
  // Discount codes: only PUT carries the code (COMMERCE-BASICS.md §1.1).
  { methods: ['GET', 'DELETE'], path: new RegExp(`^guest-carts/${CART}/coupons$`), as: 'guest' },
  { methods: ['PUT'], path: new RegExp(`^guest-carts/${CART}/coupons/${COUPON}$`), as: 'guest' },
  // Delivery: the methods for an address, and the totals with one, saving nothing (§2.1).
  { methods: ['POST'], path: new RegExp(`^guest-carts/${CART}/estimate-shipping-methods$`), as: 'guest' },
  { methods: ['POST'], path: new RegExp(`^guest-carts/${CART}/totals-information$`), as: 'guest' },
  { methods: ['GET', 'POST'], path: /^carts\/mine$/, as: 'customer' },
  { methods: ['GET'], path: /^carts\/mine\/totals$/, as: 'customer' },
  { methods: ['POST'], path: /^carts\/mine\/items$/, as: 'customer' },
  { methods: ['PUT', 'DELETE'], path: /^carts\/mine\/items\/\d+$/, as: 'customer' },
  { methods: ['POST'], path: /^carts\/mine\/shipping-information$/, as: 'customer' },
  { methods: ['GET', 'DELETE'], path: /^carts\/mine\/coupons$/, as: 'customer' },
  { methods: ['PUT'], path: new RegExp(`^carts/mine/coupons/${COUPON}$`), as: 'customer' },
  {
    methods: ['POST'],
    path: /^carts\/mine\/estimate-shipping-methods(?:-by-address-id)?$/,
    as: 'customer',
  },
  { methods: ['POST'], path: /^carts\/mine\/totals-information$/, as: 'customer' },
  // Which ways to pay Magento offers this customer (pay on account for the Trade group: issue 38).
  { methods: ['GET'], path: /^carts\/mine\/payment-methods$/, as: 'customer' },
  { methods: ['GET', 'PUT'], path: /^customers\/me$/, as: 'customer' },
  { methods: ['POST'], path: /^customers$/, as: 'guest' },
  { methods: ['GET'], path: /^directory\/countries$/, as: 'guest' },
];

export interface RestProxyConfig {
  /** Magento's base URL (without `/rest`). */
  readonly magentoBaseUrl: string;
  readonly siteUrl: string;
  readonly timeoutMs?: number;
  readonly maxBodyBytes?: number;
  readonly fetch?: typeof fetch;
  readonly log?: (message: string) => void;
}

interface Call {
  /** The path after `/V1/`. */
  readonly path: string;
  readonly method: Method;
  readonly allowed: AllowedCall;
}

/**
 * The allowed call a request makes: `/rest/V1/x` or `/rest/default/V1/x`; anything else (other store
 * codes, `all`, calls not on the list) is 404, a method the call does not take 405.
 */
function allowedCall(c: Context): Call {
  const path = /^\/rest(?:\/default)?\/V1\/(.+)$/.exec(rawPath(c))?.[1];
  const allowed = path === undefined ? undefined : ALLOWED_CALLS.find((call) => call.path.test(path));
  if (path === undefined || !allowed) throw new HttpError(404, 'This call is not available from the shop.');
  const method = allowed.methods.find((candidate) => candidate === c.req.method);
  if (!method) throw new HttpError(405, 'Method not allowed.');
  return { path, method, allowed };
}

const ROUTE = '/rest/:call{.*}';

export function createRestProxy(config: RestProxyConfig): Hono {
  const timeoutMs = config.timeoutMs ?? 15_000;
  const doFetch = config.fetch ?? fetch;
  const log = config.log ?? (() => undefined);
  const base = config.magentoBaseUrl.replace(/\/+$/, '');

  /** Magento's answer, or 502/504 when it cannot be reached in time. */
  async function send(call: Call, search: string, headers: Record<string, string>, body?: string) {
    try {
      return await doFetch(`${base}/rest/V1/${call.path}${search}`, {
        method: call.method,
        headers,
        ...(body === undefined ? {} : { body }),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      log(
        `Magento unreachable for ${call.method} /rest/V1/${call.path.replace(new RegExp(CART), '…')}: ${errorMessage(error)}`,
      );
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      throw new HttpError(timedOut ? 504 : 502, UNAVAILABLE);
    }
  }

  async function forward(c: Context): Promise<Response> {
    const call = allowedCall(c);
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (call.allowed.as === 'customer') {
      const token = sessionToken(c, config.siteUrl);
      if (!token) throw new HttpError(401, 'Please sign in again.');
      headers['Authorization'] = `Bearer ${token}`;
    }
    const text = call.method === 'POST' || call.method === 'PUT' ? await c.req.text() : '';
    if (text.trim() !== '') headers['Content-Type'] = 'application/json';
    const response = await send(
      call,
      new URL(c.req.url).search,
      headers,
      text.trim() === '' ? undefined : text,
    );
    const answer = await response.text();
    return new Response(answer, {
      status: response.status,
      headers: {
        'Content-Type': response.headers.get('content-type') ?? 'application/json; charset=utf-8',
        'Content-Length': String(Buffer.byteLength(answer)),
        'Cache-Control': 'no-store',
        // An expired or revoked customer token: the session is over, say so and drop the cookie.
        ...(call.allowed.as === 'customer' && response.status === 401
          ? { 'Set-Cookie': clearSessionCookie(config.siteUrl) }
          : {}),
      },
    });
  }

  const routes = new Hono();
  routes.onError(
    jsonErrors((error) => {
      log(`Proxy error: ${errorMessage(error)}`);
      return new HttpError(502, UNAVAILABLE);
    }),
  );
  // Refused calls and methods first, before any guard reads the body.
  routes.all(ROUTE, async (c, next) => {
    allowedCall(c);
    await next();
  });
  routes.on(['POST', 'PUT', 'DELETE'], ROUTE, sameOrigin(config.siteUrl));
  routes.on(['POST', 'PUT'], ROUTE, limitBody(config.maxBodyBytes ?? 32 * 1024), jsonOnly);
  routes.all(ROUTE, forward);
  return routes;
}

/** The search form without JavaScript submits `/search?q=…`: send it to the search route. */
export function createSearchFormRoutes(): Hono {
  return new Hono().get('/search', (c) => {
    const term = (new URL(c.req.url).searchParams.get('q') ?? '').trim();
    return new Response(null, {
      status: 303,
      headers: {
        Location: term ? `/search/${encodeURIComponent(term)}` : '/',
        'Cache-Control': 'no-store',
        'Content-Length': '0',
      },
    });
  });
}
