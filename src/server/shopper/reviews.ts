/**
 * Writing a review (COMMERCE-BASICS §7.1), as same-origin JSON routes in front of Magento's GraphQL
 * (features/reviews/reviews.server.ts). Reviews are written by signed-in customers with the session's token,
 * and by guests (no token) where the store allows them; Magento saves every review pending, to show once a
 * merchant approves it. Answers are never cached.
 *
 * - `GET /reviews/form` → `{enabled, guestsMayWrite, signedIn, ratings: [{id, name, values: [{id, value}]}],
 *   nickname?}`: the store's settings and ratings (kept a minute: reviews.server.ts), whether the session's
 *   token is one Magento accepts, and the customer's first name for the nickname. A token Magento refuses
 *   ends the session (the cookie goes) and the answer is a guest's.
 * - `POST /reviews` `{sku, nickname, summary, text, ratings: [{id, value_id}]}` → `{ok: true}`. A draft the
 *   form would refuse (features/reviews/review.ts) is 400 with what to change; the same when it names a
 *   rating the store does not have. Magento's refusals, in its words: a guest where guests may not write,
 *   401 (with a token: the session is over, 401 and the cookie goes); reviews turned off, 403; anything
 *   else Magento refuses (a product it no longer has), 422. Guests' reviews are counted per client: after
 *   GUEST_REVIEW_LIMIT in its window, 429 with the wait.
 *
 * Magento down or unreadable: 503 with a line that says so, and nothing the shopper typed is lost (the form
 * keeps it).
 */
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import {
  ratesOnlyTheStoresRatings,
  reviewProblems,
  type ReviewDraft,
  type ReviewForm,
} from '../../features/reviews/index.ts';
import {
  customerFirstName,
  reviewSettingsCache,
  writeReview,
  type ReviewSettingsCache,
} from '../../features/reviews/index.server.ts';
import { isSku } from '../../features/wishlist/index.ts';
import {
  clientAddress,
  customerSession,
  endSession,
  errorMessage,
  FailureCounter,
  HttpError,
  jsonBody,
  jsonErrors,
  jsonOnly,
  jsonReply,
  limitBody,
  methodNotAllowed,
  notCrossSite,
  sameOrigin,
  SessionEnded,
  tooManyAttempts,
  trustedProxies,
  type FailureLimit,
  type TrustedProxies,
} from '../../http/index.ts';
import type { MagentoClientConfig } from '../../magento/client.ts';
import { MagentoGraphqlError, type MagentoGraphqlConfig } from '../../magento/graphql.ts';
import type { SharedStore } from '../../store/shared-store.ts';
import { strings } from '../../strings.ts';

/**
 * Guest reviews Magento took from one client address before it must wait for the hour to end: far more than
 * a household or an office behind one address writes, far fewer than a script floods a moderation queue with.
 */
export const GUEST_REVIEW_LIMIT: FailureLimit = { failures: 10, windowSeconds: 60 * 60 };

export interface ReviewRoutesConfig {
  /** Magento's GraphQL: the settings are read, and guests' reviews sent, without a token. */
  readonly magento: MagentoGraphqlConfig;
  /**
   * Magento's REST, for the customer's first name (`customers/me` with their own token; never the
   * integration's credentials). By default at the GraphQL's base URL, bounded to a few seconds, once.
   */
  readonly customers?: MagentoClientConfig;
  readonly siteUrl: string;
  /** Proxies whose X-Forwarded-For names the client (TRUSTED_PROXIES); by default none. */
  readonly trustedProxies?: TrustedProxies;
  readonly guestLimit?: FailureLimit;
  /** Where guests' reviews are counted for every replica; without one, in this process. */
  readonly store?: SharedStore | undefined;
  /** How long the store's review settings are kept (reviews.server.ts's minute by default). */
  readonly settingsTtlMs?: number;
  readonly log?: (message: string) => void;
}

const t = strings.reviews;

/** Magento's messages (CreateProductReview.php) that say what the shopper meets, not what they did. */
const REVIEWS_OFF = 'Creating product reviews are not currently available.';

/** The longest review (10,000 characters) in any script, with room to spare: 4 bytes a character at most. */
const MAX_BODY = 64 * 1024;

/** The draft's shape; what it says is judged by features/reviews/review.ts, in the form's words. */
const reviewBody = z.object({
  sku: z.string().refine(isSku),
  nickname: z.string(),
  summary: z.string(),
  text: z.string(),
  ratings: z.array(z.object({ id: z.string().min(1).max(64), value_id: z.string().min(1).max(64) })).max(20),
}) satisfies z.ZodType<ReviewDraft>;

/** What the handlers use: Magento, the store's settings (kept a while) and the guests' counts. */
interface ReviewDeps {
  readonly magento: MagentoGraphqlConfig;
  readonly customers: MagentoClientConfig;
  readonly trusted: TrustedProxies;
  readonly settings: ReviewSettingsCache;
  readonly guests: FailureCounter;
  readonly log: (message: string) => void;
}

/** The store's settings, or 503 saying what the shopper cannot do just now. */
async function storeSettings(deps: ReviewDeps, unavailable: string) {
  try {
    return await deps.settings.read();
  } catch (error) {
    if (!(error instanceof MagentoGraphqlError)) throw error;
    deps.log(`Reviews: the store's settings could not be read: ${error.message}`);
    throw new HttpError(503, unavailable);
  }
}

/** Magento's refusal of a review, as the shopper reads it. */
function refusal(deps: ReviewDeps, error: MagentoGraphqlError, asCustomer: boolean): HttpError {
  if (error.kind === 'unauthorized') {
    if (error.magentoMessage === REVIEWS_OFF) return new HttpError(403, REVIEWS_OFF);
    // With a token, Magento ran the call as a guest: the token no longer counts (WISHLIST.md §5).
    if (asCustomer) return new SessionEnded(t.sessionEnded);
    return new HttpError(401, error.magentoMessage ?? t.signInWhy);
  }
  deps.log(`Reviews: ${error.message}`);
  if (error.kind === 'refused' && error.magentoMessage) return new HttpError(422, error.magentoMessage);
  return new HttpError(503, t.sendUnavailable);
}

/** `GET /reviews/form`: the store's settings, and whether (and as whom) the session may write. */
async function reviewForm(c: Context, deps: ReviewDeps, token: string | undefined): Promise<Response> {
  const store = await storeSettings(deps, t.formUnavailable);
  let answer: ReviewForm = { ...store, signedIn: false };
  if (token) {
    try {
      const nickname = await customerFirstName(deps.customers, token);
      answer = { ...answer, signedIn: true, ...(nickname ? { nickname } : {}) };
    } catch (error) {
      // A token Magento refuses ends the session, and the answer is a guest's.
      if (error instanceof SessionEnded) endSession(c);
      else {
        // The name is a courtesy: the review is still the customer's, and Magento judges the token.
        deps.log(`Reviews: the customer's first name could not be read: ${errorMessage(error)}`);
        answer = { ...answer, signedIn: true };
      }
    }
  }
  return jsonReply(200, answer);
}

/** `POST /reviews`: the draft checked as the form checks it, then sent to Magento (guests counted). */
async function sendReview(
  c: Context,
  deps: ReviewDeps,
  token: string | undefined,
  draft: ReviewDraft,
): Promise<Response> {
  const { ratings } = await storeSettings(deps, t.sendUnavailable);
  if (!ratesOnlyTheStoresRatings(draft, ratings)) throw new HttpError(400, t.badBody);
  const [problem] = reviewProblems(draft, ratings);
  if (problem) throw new HttpError(400, problem.message);
  const client = clientAddress(c, deps.trusted);
  if (!token) {
    const wait = await deps.guests.waitFor(client);
    if (wait > 0) throw tooManyAttempts(t.tooMany, wait);
  }
  try {
    await writeReview(deps.magento, token, draft);
  } catch (error) {
    if (error instanceof MagentoGraphqlError) throw refusal(deps, error, token !== undefined);
    throw error;
  }
  // The counter counts what it is told: here, each guest review Magento took.
  if (!token) await deps.guests.failed(client);
  return jsonReply(200, { ok: true });
}

function reviewDeps(config: ReviewRoutesConfig): ReviewDeps {
  const { magento } = config;
  return {
    magento,
    customers: config.customers ?? { baseUrl: magento.baseUrl, timeoutMs: 5_000, attempts: 1 },
    trusted: config.trustedProxies ?? trustedProxies([]),
    settings: reviewSettingsCache(magento, config.settingsTtlMs),
    guests: new FailureCounter(config.guestLimit ?? GUEST_REVIEW_LIMIT, {
      name: 'review-guest-client',
      store: config.store,
    }),
    log: config.log ?? (() => undefined),
  };
}

export function createReviewRoutes(config: ReviewRoutesConfig): Hono {
  const { siteUrl } = config;
  const deps = reviewDeps(config);
  const session = customerSession({ siteUrl });

  const routes = new Hono();
  routes.onError(
    jsonErrors((error, c) => {
      deps.log(`Reviews failed: ${errorMessage(error)}`);
      return new HttpError(503, c.req.method === 'GET' ? t.formUnavailable : t.sendUnavailable);
    }),
  );
  routes.get('/reviews/form', notCrossSite(siteUrl), session, (c) =>
    reviewForm(c, deps, c.var.customerToken),
  );
  routes.post(
    '/reviews',
    sameOrigin(siteUrl),
    limitBody(MAX_BODY),
    jsonOnly,
    jsonBody(reviewBody, t.badBody),
    session,
    (c) => sendReview(c, deps, c.var.customerToken, c.req.valid('json')),
  );
  routes.all('/reviews/form', methodNotAllowed('GET, HEAD'));
  routes.all('/reviews', methodNotAllowed('POST'));
  return routes;
}
