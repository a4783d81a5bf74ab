/**
 * The environment's Magento variables, the integration's credentials among them: one section of `envSchema`
 * (src/config/env.ts).
 */
import { z } from 'zod';
import { described, url } from './fields.ts';

/** One of an integration's OAuth values: Magento makes each 32 letters and digits. */
const oauthValue = z
  .string()
  .regex(/^[A-Za-z0-9]{32}$/, "must be the 32 letters and digits Magento shows in the integration's details");

/**
 * The real Magento 2.4 the shop reads and orders through; unset, the embedded back end stands in.
 *
 * How the shop signs in as the integration follows from what is set, with no switch of its own: the four
 * OAuth values (MAGENTO_CONSUMER_KEY…) sign every call with OAuth 1.0a, which Magento 2.4.4+ accepts by
 * default; MAGENTO_TOKEN alone sends the access token as a bearer token, which it refuses unless its admin
 * allows it. Setting both is an error, so there is never a doubt which one is used.
 */
export const magentoSection = z.object({
  MAGENTO_URL: described(
    'Base URL of a real Magento 2.4 (e.g. `https://magento.example.com`). Unset: the embedded back end is started and used.',
    url.optional(),
  ),
  /**
   * The integration's access token, sent as a bearer token for catalogue reads, orders and the payment
   * bridge: only for a Magento whose "Allow OAuth Access Tokens to be used as standalone Bearer tokens"
   * (Stores → Configuration → Services → OAuth → Consumer Settings) is Yes, off by default since 2.4.4.
   * Prefer the four OAuth values below. Server side only.
   */
  MAGENTO_TOKEN: described(
    "The integration's access token as a bearer token, only where Magento allows that (off by default since 2.4.4, `docs/magento.md`); prefer the four values below, never both. Server side only.",
    z.string().min(1, 'must not be empty').optional(),
  ),
  /**
   * The integration's OAuth 1.0a credentials, all four or none, as Magento's admin shows them under System
   * → Extensions → Integrations → the integration's Integration Details (docs/magento.md, "Connecting a
   * real Magento"). Set, every call the shop makes as the integration (catalogue sync, orders, the payment
   * bridge) is signed with them (HMAC-SHA256). With MAGENTO_URL unset they become the embedded back end's
   * integration's credentials, and the storefront signs its calls to it. Server side only.
   */
  MAGENTO_CONSUMER_KEY: described(
    "The integration's consumer key (32 letters and digits). With the next three, all four or none, every call as the integration is signed with OAuth 1.0a; with `MAGENTO_URL` unset they are the embedded back end's integration.",
    oauthValue.optional(),
  ),
  MAGENTO_CONSUMER_SECRET: described(
    'Its consumer secret. This and the next two are server side only: a build containing one is refused, and a wrong one is described by its length, never shown.',
    oauthValue.optional(),
  ),
  MAGENTO_ACCESS_TOKEN: described('Its access token.', oauthValue.optional()),
  MAGENTO_ACCESS_TOKEN_SECRET: described('Its access token secret.', oauthValue.optional()),
  /**
   * Base URL of Magento's product pictures, the sources of the image route. Unset:
   * `{Magento or embedded back end}/media/catalog/product`. The CMS blocks' pictures are read beside them:
   * this URL with a final `/catalog/product` replaced by `/wysiwyg` (or with `/wysiwyg` added).
   * @example https://media.example.com/pub/media/catalog/product
   */
  MAGENTO_MEDIA_URL: described(
    'Sources of the image route (e.g. `https://media.example.com/pub/media/catalog/product`). Unset: `{Magento}/media/catalog/product`.',
    url.optional(),
  ),
});
