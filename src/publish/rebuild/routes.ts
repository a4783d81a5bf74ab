/**
 * The storefront server's rebuild routes, a Hono sub-app:
 * - `POST /rebuild`: the hook for back ends and CI, HMAC-signed (signature.ts). 202 when queued; 202 "already
 *   accepted", queuing nothing, for a signed request some replica accepted before (the replay list is in
 *   the shared store, replay-list.ts), so a hook sent to every replica runs once and a replay runs nothing;
 *   401 for a bad or stale signature, 404 when no secret is configured (the hook is off).
 * - `/rebuild/status`: the editors' status page and its buttons, behind its own password
 *   (status-routes.ts), and `/metrics`, the same figures for Prometheus, behind the same password.
 */
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import {
  describeError,
  HttpError,
  jsonErrors,
  jsonReply,
  limitBody,
  methodNotAllowed,
  type TrustedProxies,
} from '../../http/index.ts';
import type { SharedStore } from '../../store/shared-store.ts';
import type { BuildInfo } from '../releases/build-info.ts';
import type { ShopCounts } from './figures.ts';
import type { Rebuilder } from './rebuilder.ts';
import { MAX_SKEW_SECONDS, verifyRebuildRequest } from './signature.ts';
import { memoryReplayList, type ReplayList } from './replay-list.ts';
import { createStatusRoutes } from './status-routes.ts';

export interface RebuildRoutesOptions {
  readonly rebuilder: Rebuilder;
  /** The hook's shared secret; undefined turns the hook off. */
  readonly secret: string | undefined;
  /** The status page's own password; undefined turns the page off. */
  readonly statusPassword: string | undefined;
  /** The shop's public URL: the status page's buttons must post from it. */
  readonly siteUrl: string;
  /** The signatures accepted within the replay window, shared by every replica; unset: this process's memory. */
  readonly replayList?: ReplayList;
  /** The shared store, where the status page counts wrong passwords for every replica; unset: memory. */
  readonly store?: SharedStore;
  readonly trustedProxies?: TrustedProxies;
  /** The live build's info, read when the status is asked for. */
  readonly liveBuild: () => BuildInfo | undefined;
  /** The payment records and the e-mail outbox, counted for the status page's figures and /metrics. */
  readonly shopCounts?: () => Promise<ShopCounts>;
  readonly log?: (message: string) => void;
  readonly now?: () => number;
}

/** The hook's optional body: it only says why (shown on the status page) and may ask for a full build. */
const hookBody = z
  .object({
    /** Shown on the status page, e.g. `nightly CI`. */
    reason: z.string().max(200).optional(),
    /**
     * Skus the sender knows changed: the sync reads them again even when their updated_at did not move
     * (Magento's price storage, `POST /V1/products/special-price` and the like, saves without touching it).
     */
    skus: z.array(z.string().max(64)).max(1000).optional(),
    /** Read every product and render every page. */
    full: z.boolean().optional(),
    /**
     * The sender's name for this one event (a back end's save): two saves of one product within a second
     * sign two bodies, so the second is not taken for a replay of the first.
     */
    id: z.string().max(100).optional(),
  })
  .strict();

const MAX_BODY_BYTES = 16 * 1024;

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

export function createRebuildRoutes(options: RebuildRoutesOptions): Hono {
  const log = options.log ?? (() => undefined);
  const now = options.now ?? Date.now;
  const seen = options.replayList ?? memoryReplayList();

  async function hook(c: Context, secret: string): Promise<Response> {
    const body = await c.req.text();
    const verdict = verifyRebuildRequest(secret, body, c.req.header(), now());
    if (!verdict.ok) {
      log(`Rebuild hook refused: ${verdict.reason}`);
      return jsonReply(401, { message: verdict.reason });
    }
    const payload = parseHookBody(body);
    const reason =
      payload.reason ?? (payload.skus?.length ? `products ${payload.skus.join(', ')} changed` : 'hook');
    const time = now();
    if (!(await seen.first(verdict.signature, time + 2 * MAX_SKEW_SECONDS * 1000)))
      return jsonReply(202, {
        message:
          'This signed request was already accepted: its rebuild is queued once; nothing more was queued.',
        status: '/rebuild/status',
      });
    // Kept before answering (the sender learns the outcome from the status); if it cannot be, the signature
    // is given back, so the sender's retry is queued rather than "already accepted".
    try {
      await options.rebuilder.queue(reason, { full: payload.full === true, skus: payload.skus ?? [] });
    } catch (error) {
      log(`Rebuild hook: the rebuild could not be queued: ${describeError(error)}`);
      await seen.forget(verdict.signature).catch(() => undefined);
      return jsonReply(
        503,
        { message: 'The rebuild could not be queued just now: send the hook again.' },
        {
          'Retry-After': '5',
        },
      );
    }
    return jsonReply(202, { message: 'Rebuild queued.', status: '/rebuild/status' });
  }

  const routes = new Hono();
  routes.onError(
    jsonErrors((error) => {
      log(`Rebuild route failed: ${describeError(error)}`);
      return new HttpError(500, 'Internal Server Error');
    }),
  );
  routes.route(
    '/',
    createStatusRoutes({
      rebuilder: options.rebuilder,
      password: options.statusPassword,
      siteUrl: options.siteUrl,
      liveBuild: options.liveBuild,
      shopCounts: options.shopCounts,
      log,
      ...(options.store ? { store: options.store } : {}),
      ...(options.trustedProxies ? { trustedProxies: options.trustedProxies } : {}),
    }),
  );
  const { secret } = options;
  if (!secret)
    return routes.all('/rebuild', () =>
      jsonReply(404, { message: 'The rebuild hook is off: set REBUILD_SECRET to turn it on.' }),
    );
  routes.post('/rebuild', limitBody(MAX_BODY_BYTES), (c) => hook(c, secret));
  routes.all('/rebuild', methodNotAllowed('POST', 'Use POST.'));
  return routes;
}
