/**
 * The storefront server's calls to Magento for writing a review: the store's review settings (read through
 * a short cache, so the first click on "Write a review" costs the shopper no round trip to Magento most of
 * the time), the signed-in customer's first name for the nickname, and `createProductReview`, with the
 * customer's token or as a guest.
 */
import { shellTexts } from '../shell/index.ts';
import { SessionEnded } from '../../http/index.ts';
import type { ReviewSettings } from '../../catalogue/types.ts';
import { magentoFetch, MagentoApiError, type MagentoClientConfig } from '../../magento/client.ts';
import { magentoGraphql, type MagentoGraphqlConfig } from '../../magento/graphql.ts';
import { customerSchema } from '../../magento/wire/customer.ts';
import { reviewSettingsOf } from '../../catalogue/reviews.ts';
import { CREATE_PRODUCT_REVIEW, REVIEW_SETTINGS } from '../../magento/wire/reviews.ts';
import { trimmedDraft, type ReviewDraft } from './review.ts';

/** How long the store's review settings are used before Magento is asked again. */
export const REVIEW_SETTINGS_TTL_MS = 60_000;

export interface ReviewSettingsCache {
  /** The settings, from the cache while fresh; a failure is not kept, so the next call asks again. */
  read(): Promise<ReviewSettings>;
}

/**
 * The store's review settings, kept `ttlMs`. Callers arriving while Magento is asked share the one call.
 * A merchant's change (reviews off, guests refused, a rating added) shows within `ttlMs`; until then
 * Magento itself still refuses what it no longer allows, with its own message.
 */
export function reviewSettingsCache(
  magento: MagentoGraphqlConfig,
  ttlMs = REVIEW_SETTINGS_TTL_MS,
  now: () => number = Date.now,
): ReviewSettingsCache {
  let kept: { settings: ReviewSettings; until: number } | undefined;
  let asking: Promise<ReviewSettings> | undefined;
  return {
    read() {
      if (kept && now() < kept.until) return Promise.resolve(kept.settings);
      asking ??= magentoGraphql(magento, REVIEW_SETTINGS, {})
        .then((data) => {
          const settings = reviewSettingsOf(data);
          kept = { settings, until: now() + ttlMs };
          return settings;
        })
        .finally(() => (asking = undefined));
      return asking;
    },
  };
}

/**
 * The customer's first name (`customers/me` with their own token), for the review's nickname: what Magento's
 * own form puts there. SessionEnded when Magento refuses the token; undefined when it has no first name.
 */
export async function customerFirstName(
  magento: MagentoClientConfig,
  token: string,
): Promise<string | undefined> {
  try {
    const customer = await magentoFetch(magento, { path: '/customers/me', schema: customerSchema, token });
    return customer.firstname?.trim() || undefined;
  } catch (error) {
    if (error instanceof MagentoApiError && error.status === 401)
      throw new SessionEnded(shellTexts.sessionEnded);
    throw error;
  }
}

/**
 * Sends the review to Magento, trimmed: as the customer when `token` is given, else as a guest. Magento
 * saves it pending. Its refusals come back as MagentoGraphqlError (graphql.ts says which kind).
 */
export async function writeReview(
  magento: MagentoGraphqlConfig,
  token: string | undefined,
  draft: ReviewDraft,
): Promise<void> {
  const { sku, nickname, summary, text, ratings } = trimmedDraft(draft);
  await magentoGraphql(magento, CREATE_PRODUCT_REVIEW, {
    token,
    variables: { input: { sku, nickname, summary, text, ratings } },
  });
}
