/**
 * The `/rest/...` proxy (DESIGN.md §1, §3): exactly the Magento calls the islands need, nothing else.
 * It attaches the customer's token from the session cookie to `carts/mine` and `customers/me` calls,
 * never to guest calls; checks Origin on writes; accepts JSON only; bounds bodies and time. Magento's
 * answers (error bodies included) reach the island unchanged. Catalogue reads, orders, other customers,
 * admin tokens and order placement are refused: they happen at build time or inside the payment bridge.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RouteHandler } from '../http.ts';
import { HttpError, isSameOrigin, readBody, sendJson } from './http-json.ts';
import { clearSessionCookie, customerToken } from './session.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

interface AllowedCall {
  readonly methods: readonly Method[];
  /** Matched against the path after `/V1/`. */
  readonly path: RegExp;
  /** `customer`: the session's token is attached and required. */
  readonly as: 'guest' | 'customer';
}

const CART = '[A-Za-z0-9]{32}';

/** The allow-list: the islands' calls (spec §7), minus order placement and anything privileged. */
export const ALLOWED_CALLS: readonly AllowedCall[] = [
  { methods: ['POST'], path: /^guest-carts$/, as: 'guest' },
  { methods: ['GET'], path: new RegExp(`^guest-carts/${CART}$`), as: 'guest' },
  { methods: ['GET'], path: new RegExp(`^guest-carts/${CART}/totals$`), as: 'guest' },
  { methods: ['POST'], path: new RegExp(`^guest-carts/${CART}/items$`), as: 'guest' },
  { methods: ['PUT', 'DELETE'], path: new RegExp(`^guest-carts/${CART}/items/\\d+$`), as: 'guest' },
  { methods: ['POST'], path: new RegExp(`^guest-carts/${CART}/shipping-information$`), as: 'guest' },
  { methods: ['GET', 'POST'], path: /^carts\/mine$/, as: 'customer' },
  { methods: ['GET'], path: /^carts\/mine\/totals$/, as: 'customer' },
  { methods: ['POST'], path: /^carts\/mine\/items$/, as: 'customer' },
  { methods: ['PUT', 'DELETE'], path: /^carts\/mine\/items\/\d+$/, as: 'customer' },
  { methods: ['POST'], path: /^carts\/mine\/shipping-information$/, as: 'customer' },
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

/** `/rest/V1/x` or `/rest/default/V1/x` → `x`; anything else (other store codes, `all`) is not ours. */
function callPath(pathname: string): string | undefined {
  const match = /^\/rest(?:\/default)?\/V1\/(.+)$/.exec(pathname);
  return match?.[1];
}

export function createRestProxy(config: RestProxyConfig): RouteHandler {
  const timeoutMs = config.timeoutMs ?? 15_000;
  const maxBodyBytes = config.maxBodyBytes ?? 32 * 1024;
  const doFetch = config.fetch ?? fetch;
  const log = config.log ?? (() => undefined);
  const base = config.magentoBaseUrl.replace(/\/+$/, '');

  async function forward(
    req: IncomingMessage,
    res: ServerResponse,
    url: URL,
    path: string,
    call: AllowedCall,
  ) {
    const method = req.method as Method;
    if (method !== 'GET' && !isSameOrigin(req, config.siteUrl))
      throw new HttpError(403, 'Cross-site requests are not allowed.');
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (call.as === 'customer') {
      const token = customerToken(req);
      if (!token) throw new HttpError(401, 'Please sign in again.');
      headers['Authorization'] = `Bearer ${token}`;
    }
    let body: string | undefined;
    if (method === 'POST' || method === 'PUT') {
      body = await readBody(req, maxBodyBytes);
      if (body.trim() !== '') {
        const type = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
        if (type !== 'application/json')
          throw new HttpError(415, 'Send JSON (Content-Type: application/json).');
        headers['Content-Type'] = 'application/json';
      } else body = undefined;
    }
    let response: Response;
    try {
      response = await doFetch(`${base}/rest/V1/${path}${url.search}`, {
        method,
        headers,
        ...(body === undefined ? {} : { body }),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      log(
        `Magento unreachable for ${method} /rest/V1/${path.replace(new RegExp(CART), '…')}: ${error instanceof Error ? error.message : String(error)}`,
      );
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      throw new HttpError(
        timedOut ? 504 : 502,
        'The shop is temporarily unavailable. Please try again in a moment.',
      );
    }
    const text = await response.text();
    const extra: Record<string, string> = {};
    // An expired or revoked customer token: the session is over, say so and drop the cookie.
    if (call.as === 'customer' && response.status === 401)
      extra['Set-Cookie'] = clearSessionCookie(config.siteUrl);
    res.writeHead(response.status, {
      'Content-Type': response.headers.get('content-type') ?? 'application/json; charset=utf-8',
      'Content-Length': Buffer.byteLength(text),
      'Cache-Control': 'no-store',
      ...extra,
    });
    res.end(text);
  }

  return async (req, res, url) => {
    if (!url.pathname.startsWith('/rest/')) return false;
    try {
      const path = callPath(url.pathname);
      const call =
        path === undefined ? undefined : ALLOWED_CALLS.find((candidate) => candidate.path.test(path));
      if (path === undefined || !call) throw new HttpError(404, 'This call is not available from the shop.');
      if (!call.methods.includes(req.method as Method)) throw new HttpError(405, 'Method not allowed.');
      await forward(req, res, url, path, call);
    } catch (error) {
      if (error instanceof HttpError) sendJson(res, error.status, { message: error.message });
      else {
        log(`Proxy error: ${error instanceof Error ? error.message : String(error)}`);
        sendJson(res, 502, { message: 'The shop is temporarily unavailable. Please try again in a moment.' });
      }
    }
    return true;
  };
}

/** The search form without JavaScript submits `/search?q=…`: send it to the search route. */
export const searchFormRoute: RouteHandler = (req, res, url) => {
  if (url.pathname !== '/search' || (req.method !== 'GET' && req.method !== 'HEAD')) return false;
  const term = (url.searchParams.get('q') ?? '').trim();
  res.writeHead(303, {
    Location: term ? `/search/${encodeURIComponent(term)}` : '/',
    'Cache-Control': 'no-store',
  });
  res.end();
  return true;
};
