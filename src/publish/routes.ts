/**
 * The storefront server's rebuild routes, a Hono sub-app:
 * - `POST /rebuild`: the hook for back ends and CI, HMAC-signed (signature.ts). 202 when queued, 401 for a
 *   bad, stale or replayed signature, 404 when no secret is configured (the hook is off).
 * - `GET /rebuild/status`: the rebuild status as JSON, or as a page for editors when the browser asks for
 *   HTML. Authorised by `Authorization: Bearer <secret>`, or HTTP Basic with the secret as the password
 *   (any user name), so a browser can open it.
 */
import { timingSafeEqual } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import {
  describeError,
  HttpError,
  jsonErrors,
  jsonReply,
  limitBody,
  methodNotAllowed,
} from '../http/index.ts';
import type { BuildInfo } from './build-info.ts';
import type { Rebuilder } from './rebuilder.ts';
import { MAX_SKEW_SECONDS, verifyRebuildRequest } from './signature.ts';
import { renderStatusPage } from './status-page.ts';

export interface RebuildRoutesOptions {
  readonly rebuilder: Rebuilder;
  /** The shared secret; undefined turns the hook and the status page off. */
  readonly secret: string | undefined;
  /** The live build's info, read when the status is asked for. */
  readonly liveBuild: () => BuildInfo | undefined;
  readonly log?: (message: string) => void;
  readonly now?: () => number;
}

/** The hook's optional body: it only says why (shown on the status page) and may ask for a full build. */
const hookBody = z
  .object({
    /** Shown on the status page, e.g. `nightly CI`. */
    reason: z.string().max(200).optional(),
    /** Skus the sender knows changed (informational: the sync finds the changes itself). */
    skus: z.array(z.string().max(64)).max(1000).optional(),
    /** Read every product and render every page. */
    full: z.boolean().optional(),
  })
  .strict();

const MAX_BODY_BYTES = 16 * 1024;
/** Signatures seen within the replay window, refused the second time. */
const MAX_REMEMBERED = 10_000;

function sameSecret(given: string, secret: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(secret);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The secret from `Authorization: Bearer …` or `Basic base64(user:secret)`. */
function authorised(header: string, secret: string): boolean {
  const bearer = /^Bearer\s+(.+)$/i.exec(header)?.[1];
  if (bearer !== undefined) return sameSecret(bearer.trim(), secret);
  const basic = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(header)?.[1];
  if (basic === undefined) return false;
  const decoded = Buffer.from(basic, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon !== -1 && sameSecret(decoded.slice(colon + 1), secret);
}

/** The hook's body: empty, or JSON that `hookBody` accepts (the signature covers the raw text). */
function parseHookBody(body: string): z.infer<typeof hookBody> {
  if (body.trim() === '') return {};
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    throw new HttpError(400, 'The body must be JSON, e.g. {"reason":"nightly"}, or empty.');
  }
  const parsed = hookBody.safeParse(json);
  if (!parsed.success)
    throw new HttpError(400, `The body is not understood: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

const ASK_FOR_SECRET =
  'Send the rebuild secret: Authorization: Bearer <secret>, or any user name and the secret as password.';

/** The status as JSON, or as the editors' page when the browser asks for HTML; 401 without the secret. */
function statusReply(c: Context, options: RebuildRoutesOptions, secret: string): Response {
  if (!authorised(c.req.header('authorization') ?? '', secret))
    return jsonReply(
      401,
      { message: ASK_FOR_SECRET },
      { 'WWW-Authenticate': 'Basic realm="Site rebuilds", charset="UTF-8"' },
    );
  const current = options.rebuilder.status();
  const live = options.liveBuild();
  if (/\btext\/html\b/.test(c.req.header('accept') ?? '')) {
    const html = Buffer.from(renderStatusPage(current, live));
    return new Response(html, {
      headers: {
        'Content-Type': 'text/html; charset=utf-8',
        'Content-Length': String(html.length),
        'Cache-Control': 'no-store',
      },
    });
  }
  // The CSP hashes are of no interest to editors and only lengthen the answer.
  const summary = live
    ? Object.fromEntries(Object.entries(live).filter(([key]) => key !== 'scriptHashes'))
    : null;
  return jsonReply(200, { ...current, live: summary });
}

export function createRebuildRoutes(options: RebuildRoutesOptions): Hono {
  const log = options.log ?? (() => undefined);
  const now = options.now ?? Date.now;
  const seen = new Map<string, number>();

  function replayed(signature: string): boolean {
    const time = now();
    for (const [key, expires] of seen) if (expires < time || seen.size > MAX_REMEMBERED) seen.delete(key);
    if (seen.has(signature)) return true;
    seen.set(signature, time + 2 * MAX_SKEW_SECONDS * 1000);
    return false;
  }

  async function hook(c: Context, secret: string): Promise<Response> {
    const body = await c.req.text();
    const verdict = verifyRebuildRequest(secret, body, c.req.header(), now());
    if (!verdict.ok) {
      log(`Rebuild hook refused: ${verdict.reason}`);
      return jsonReply(401, { message: verdict.reason });
    }
    if (replayed(verdict.signature))
      return jsonReply(401, { message: 'This signed request was already used: sign each request afresh.' });
    const payload = parseHookBody(body);
    const reason =
      payload.reason ?? (payload.skus?.length ? `products ${payload.skus.join(', ')} changed` : 'hook');
    // Queued, not awaited: the sender learns the outcome from the status. A closing server drops it.
    options.rebuilder.trigger(reason, { full: payload.full === true }).catch(() => undefined);
    return jsonReply(202, { message: 'Rebuild queued.', status: '/rebuild/status' });
  }

  const routes = new Hono();
  routes.onError(
    jsonErrors((error) => {
      log(`Rebuild route failed: ${describeError(error)}`);
      return new HttpError(500, 'Internal Server Error');
    }),
  );
  const { secret } = options;
  if (!secret) {
    const off = () =>
      jsonReply(404, { message: 'The rebuild hook is off: set REBUILD_SECRET to turn it on.' });
    return routes.all('/rebuild', off).all('/rebuild/status', off);
  }
  routes.post('/rebuild', limitBody(MAX_BODY_BYTES), (c) => hook(c, secret));
  routes.all('/rebuild', methodNotAllowed('POST', 'Use POST.'));
  routes.get('/rebuild/status', (c) => statusReply(c, options, secret));
  routes.all('/rebuild/status', methodNotAllowed('GET, HEAD', 'Use GET.'));
  return routes;
}
