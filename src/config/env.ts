/**
 * The environment (src/config/): every setting the shop reads from it, declared once in sections (the
 * shop, Magento, payments, rebuilds, the shared store, the CDN, the embedded back ends) and validated at
 * start-up. A wrong value stops start-up with a message naming the variable, what was wrong and how to fix
 * it. This is the one file that reads `process.env` (eslint.config.js enforces it). The shop's entry points
 * (src/start.ts, scripts/serve.ts, scripts/sync.ts…) call `loadConfig` once and hand each module the
 * sections it reads, as values: `config.shop`, or `{ ...config.magento, ...config.embedded }` for a module
 * typed `MagentoSettings & EmbeddedSettings`, so each call site shows what the module is given, and no
 * module reads the environment behind its caller's back. `loadEnv` parses the same way into one flat `Env`,
 * for what parses a flat environment of its own (the site build, tests, benchmarks).
 */
import proxyAddr from 'proxy-addr';
import { z } from 'zod';

const port = (fallback: number) =>
  z.coerce
    .number({ error: 'must be a port number' })
    .int('must be a whole number')
    .min(1, 'must be between 1 and 65535')
    .max(65535, 'must be between 1 and 65535')
    .default(fallback);

const seconds = (fallback: number) =>
  z.coerce.number({ error: 'must be a number of seconds' }).int().positive().default(fallback);

const url = z
  .url({ error: 'must be an absolute URL such as https://shop.example.com' })
  .transform((value) => value.replace(/\/+$/, ''));

/** A comma-separated list of proxies, each as proxy-addr reads it (`loopback`, an address, a CIDR range). */
const proxyList = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean),
  )
  .refine(
    (list) => {
      try {
        proxyAddr.compile(list);
        return true;
      } catch {
        return false;
      }
    },
    { error: 'must list addresses or CIDR ranges, or loopback, linklocal, uniquelocal, separated by commas' },
  );

/**
 * A variable with its words for the docs: `npm run docs:env` writes docs/configuration.md's table from them
 * (src/config/env-table.ts). The description is the Meaning column, zod metadata on the field (`.meta()`),
 * so only documentation changes: `schema` validates and defaults exactly as before. The Default column
 * comes from the schema's default (or "unset"), or from `documentedDefault` for a default worked out at
 * start-up rather than declared here.
 */
function described<T extends z.ZodType>(
  description: string,
  schema: T,
  words: { documentedDefault?: string } = {},
): T {
  return schema.meta({ description, ...words });
}

/** The shop as shoppers see it, where it is served and the catalogue snapshot it is built from. */
const shopSection = z.object({
  SHOP_NAME: described(
    "The shop's name: in the header's logo, page titles, the footer, Open Graph and content files' `{provider}`, and in each payment's description sent to Opayo.",
    z.string().min(1).default('Clearwater Cleaning'),
  ),
  SHOP_PHONE: described(
    "Telephone number in the footer, the home page's call banner and content files' `{phone}`.",
    z.string().min(5).default('0800 123 4567'),
  ),
  SHOP_ORDER_PHONE: described(
    'The order-by-phone number on product pages.',
    z.string().min(5).default('0800 765 4321'),
  ),
  SHOP_EMAIL: described(
    "E-mail address in the footer and content files' `{email}`.",
    z.email({ error: 'must be an e-mail address' }).default('shop@example.com'),
  ),
  SHOP_ADDRESS: described(
    "Postal address in the footer and content files' `{address}`, and the seller's address on VAT invoices (split into lines at its commas).",
    z.string().min(1).default('Unit 4, Riverside Park, Leeds LS10 1AB, United Kingdom'),
  ),
  SHOP_VAT_NUMBER: described(
    "The seller's UK VAT registration number, printed on every VAT invoice (`GB` and 9 digits, or 12 for a branch).",
    z
      .string()
      .regex(/^\s*GB[\s\d]{9,16}$/i, 'a UK VAT number: GB followed by 9 or 12 digits')
      .default('GB123456782'),
  ),
  SHOP_COMPANY_NUMBER: described(
    "The seller's company registration number, printed on VAT invoices; unset: none is printed.",
    z.string().min(1).optional(),
  ),
  ANALYTICS_TAG: described(
    'A Google Tag Manager container (`GTM-…`) or a GA4 measurement ID (`G-…`): the pages load it only after the shopper allows analytics or marketing cookies, with Consent Mode v2 set first (`docs/analytics.md`). Unset: no tag loads, and the GA4 ecommerce events are still pushed to `dataLayer` for a tag manager the merchant adds.',
    z
      .string()
      .regex(/^(GTM-[A-Z0-9]{4,12}|G-[A-Z0-9]{4,16})$/, {
        error: 'must be a Tag Manager container id (GTM-XXXXXXX) or a GA4 measurement id (G-XXXXXXXXXX)',
      })
      .optional(),
  ),
  PRIVACY_POLICY_VERSION: described(
    'The version of the privacy and cookie policy shoppers give their consent to: change it when the policy changes, and every shopper is asked again.',
    z
      .string()
      .regex(/^[\w.-]{1,32}$/, { error: 'must be up to 32 letters, digits, dots, dashes or underscores' })
      .default('2022-02'),
  ),
  SITE_URL: described(
    'Public URL of the shop: canonical links, Open Graph, the sitemap and structured data, and the only origin the storefront accepts state-changing requests (sign-in, basket, checkout) from.',
    url.default('http://127.0.0.1:4321'),
  ),
  /**
   * Proxies in front of the storefront (a CDN, a load balancer) whose `X-Forwarded-For` names the client,
   * for the sign-in and status-page throttles. Unset: none; the connection's address is the client.
   * @example loopback,10.0.0.0/8
   */
  TRUSTED_PROXIES: described(
    "Proxies in front of the storefront (CDN, load balancer) whose `X-Forwarded-For` names the client for the sign-in and status-page throttles: `loopback`, `uniquelocal`, addresses or CIDR ranges, comma-separated. Unset: the connection's address is the client.",
    proxyList.default([]),
  ),
  HOST: described('Address the storefront server listens on.', z.string().min(1).default('127.0.0.1')),
  PORT: described('Its port.', port(4321)),
  IMAGE_CACHE_DIR: described(
    'Disk cache of resized pictures; delete it to re-create them from Magento.',
    z.string().min(1).default('var/image-cache'),
  ),
  CATALOGUE_SNAPSHOT: described(
    'The catalogue snapshot `npm run sync` writes and the build reads.',
    z.string().min(1).default('var/catalogue/catalogue.json'),
  ),
  CATALOGUE_STRICT: described(
    '`true`: the sync fails on an invalid product instead of leaving it out and reporting it (for CI).',
    z.stringbool({ error: 'must be true or false' }).default(false),
  ),
  /**
   * A file holding `{"offsetMs": n}` that moves the shop's clock (scheduled prices, in the embedded back end
   * too) by n ms, for tests and demos of a sale's first day (src/config/clock.ts). Unset: the system clock.
   */
  SHOP_CLOCK_FILE: described(
    'A file holding `{"offsetMs": n}` that moves the whole shop\'s clock (scheduled prices, the embedded back end\'s carts) by n ms, for tests and demos. Unset: the system clock.',
    z.string().min(1).optional(),
  ),
});

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
const magentoSection = z.object({
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

/** Card payments through Opayo Server (or the embedded sandbox) and the bridge's own records. */
const paymentsSection = z.object({
  OPAYO_VENDOR: described(
    'Opayo vendor name; the sandbox accepts this vendor only.',
    z
      .string()
      .regex(/^[A-Za-z0-9]{1,15}$/, 'must be 1 to 15 letters or digits, as Opayo issued it')
      .default('sandboxshop'),
  ),
  /**
   * Opayo Server's registration URL. Unset: the embedded sandbox's
   * `http://{PAYMENT_SANDBOX_HOST}:{PAYMENT_SANDBOX_PORT}/gateway/service/vspserver-register.vsp`.
   * @example https://sandbox.opayo.eu.elavon.com/gateway/service/vspserver-register.vsp
   */
  OPAYO_REGISTRATION_URL: described(
    'Opayo Server registration URL (e.g. `https://sandbox.opayo.eu.elavon.com/gateway/service/vspserver-register.vsp`). Unset: the embedded payment sandbox is started and used.',
    url.optional(),
  ),
  /**
   * Public base URL the payment provider posts its notifications to (`{base}/payments/opayo/notify`);
   * it must be reachable from the provider. Unset: SITE_URL.
   */
  PAYMENT_NOTIFICATION_BASE_URL: described(
    'Public base URL the payment provider posts notifications to (`{base}/payments/opayo/notify`); must be reachable from the provider.',
    url.optional(),
    { documentedDefault: '`SITE_URL`' },
  ),
  /**
   * SQLite file of the payment bridge's transactions (holds secrets: keep it private) when DATABASE_URL is
   * unset; with it they are in PostgreSQL, and this file's rows, if it exists, are copied there once.
   */
  PAYMENTS_DB: described(
    "The payment bridge's transactions (provider secrets, Magento quote ids, order ids) when `DATABASE_URL` is unset: keep it private. With `DATABASE_URL` they are in PostgreSQL, and this file's rows, if it exists, are copied there (the log says how many).",
    z.string().min(1).default('var/payments/payments.sqlite'),
  ),
  /**
   * How long a repeated notification waits for the replica placing its order before answering 503 (the
   * provider then sends it again). Keep it below the provider's own timeout for the notification.
   */
  PAYMENT_NOTIFY_WAIT_MS: described(
    "How long a repeated notification waits for the replica placing its order before answering 503 (Opayo then sends it again); keep it below Opayo's timeout.",
    z.coerce
      .number({ error: 'must be milliseconds' })
      .int('must be a whole number of milliseconds')
      .min(0, 'must be 0 or more milliseconds')
      .max(60_000, 'must be at most 60000 (a minute): the provider stops waiting long before')
      .default(8_000),
  ),
  /**
   * PayPal's REST host. Unset: the embedded PayPal sandbox
   * (`http://{PAYPAL_SANDBOX_HOST}:{PAYPAL_SANDBOX_PORT}`), started by `npm start` when PAYPAL_CLIENT_ID is unset.
   * @example https://api-m.sandbox.paypal.com
   */
  PAYPAL_API_URL: described(
    "PayPal's REST host: `https://api-m.sandbox.paypal.com` (PayPal's sandbox) or `https://api-m.paypal.com` (live). Unset: the embedded PayPal sandbox.",
    url.optional(),
  ),
  PAYPAL_CLIENT_ID: described(
    "The PayPal REST app's client id. Unset: the embedded sandbox is started and its own credentials are used.",
    z.string().min(1).optional(),
  ),
  PAYPAL_CLIENT_SECRET: described(
    "The app's secret (server side only; never shown).",
    z.string().min(1).optional(),
  ),
  PAYPAL_WEBHOOK_ID: described(
    'The id PayPal gave the webhook pointing at `{PAYMENT_NOTIFICATION_BASE_URL}/payments/paypal/webhook`; events are verified against it.',
    z.string().min(1).optional(),
  ),
});

/** Keeping the site in step with the catalogue: the signed hook, polling and the rebuild queue. */
const rebuildsSection = z.object({
  /**
   * Shared secret of the rebuild hook (`POST /rebuild`, HMAC-SHA256 signed). Unset: the hook is off, except with the embedded back end, which uses the demo
   * secret `embedded-demo-rebuild-secret`.
   */
  REBUILD_SECRET: described(
    'Shared secret of the signed rebuild hook (`POST /rebuild`); unset with `MAGENTO_URL`: the hook is off.',
    z.string().min(16, 'must be at least 16 characters').optional(),
    { documentedDefault: '`embedded-demo-rebuild-secret` with the embedded back end; unset otherwise' },
  ),
  /**
   * Password of the editors' status page (`/rebuild/status`, with its "Rebuild now" and "Full rebuild"
   * buttons): any user name and this password. Unset: the page is off, except with the embedded back end,
   * which uses the demo password `embedded-demo-status-password`.
   */
  REBUILD_STATUS_PASSWORD: described(
    'Password of the editors\' status page (`/rebuild/status`, with "Rebuild now" and "Full rebuild"); its own, not the hook\'s secret. Unset with `MAGENTO_URL`: the page is off.',
    z.string().min(12, 'must be at least 12 characters').optional(),
    { documentedDefault: '`embedded-demo-status-password` with the embedded back end; unset otherwise' },
  ),
  /**
   * Where the embedded back end posts the signed rebuild hook after an admin product save. Unset:
   * `{SITE_URL}/rebuild`, the storefront that `npm start` runs beside it.
   */
  REBUILD_HOOK_URL: described(
    'Where the embedded back end posts the hook after an admin product save.',
    url.optional(),
    { documentedDefault: '`{SITE_URL}/rebuild`' },
  ),
  REBUILD_POLL_MINUTES: described(
    'Sync every N minutes and rebuild when the catalogue changed (Magento Open Source has no webhooks); 0 is off.',
    z.coerce.number({ error: 'must be a number of minutes' }).min(0).default(0),
  ),
  /**
   * When, in the shop's time (Europe/London), the nightly job checks every published price against the
   * price Magento charges and republishes those that differ (catalogue price rules, imports that skip save
   * events); `off` turns it off. The status page runs it on demand.
   * @example 00:10
   */
  PRICE_RECONCILE_AT: described(
    'When (shop time, `HH:MM`) the nightly job compares every published price with what Magento charges and republishes those that differ; `off` turns it off (the status page still runs it).',
    z
      .string()
      .regex(/^(?:off|(?:[01]\d|2[0-3]):[0-5]\d)$/, 'must be a time of day as HH:MM (24-hour), or off')
      .default('00:10'),
  ),
  /**
   * How often the server asks Magento whether any product's rating changed: Magento Open Source sends no
   * event when a merchant approves a review, so an approved review goes live at the next check (a light
   * read of every product's rating and review count; the reviews of those that moved are read and their
   * pages republished). The nightly price reconciliation checks too; 0 leaves only that and the status page.
   */
  REVIEWS_CHECK_MINUTES: described(
    'Every N minutes, check Magento for reviews approved (or withdrawn) since and republish the pages concerned (Magento sends no event on approval); 0 leaves it to the nightly run and the status page.',
    z.coerce.number({ error: 'must be a number of minutes' }).min(0).default(10),
  ),
  REBUILD_DEBOUNCE_MS: described(
    'Quiet time after a rebuild trigger before the run starts; by default a save starts one at once, and saves during a run go into the next.',
    z.coerce.number({ error: 'must be milliseconds' }).int().min(0).default(0),
  ),
});

/**
 * Where the server keeps what it owns itself (payment records and claims, throttles, the hook's replay list,
 * the rebuild queue, lock and status, the live build), shared by every replica: PostgreSQL when DATABASE_URL
 * is set, an SQLite file on this host otherwise (any number of processes, one host).
 */
const storeSection = z.object({
  /**
   * PostgreSQL shared by every replica of the storefront server. Unset: STORE_FILE on this host, which is
   * right for one host only.
   * @example postgres://shop:secret@db.internal:5432/shop
   */
  DATABASE_URL: described(
    'PostgreSQL shared by every replica (payments, throttles, rebuild queue and lock, live build, purge queue). Unset: `STORE_FILE` on this host, for one host only.',
    z
      .url({ error: 'must be a PostgreSQL URL such as postgres://user:password@host:5432/database' })
      .refine((value) => /^postgres(ql)?:\/\//.test(value), {
        error: 'must be a PostgreSQL URL such as postgres://user:password@host:5432/database',
      })
      .optional(),
  ),
  STORE_FILE: described(
    'The shared store as an SQLite file when `DATABASE_URL` is unset (processes of one host share it; 0600).',
    z.string().min(1).default('var/store/shop.sqlite'),
  ),
  /**
   * The key that signs the "known browser" cookie of sign-in (at least 32 characters), the same on every
   * replica. Unset: one is created once in the shared store and read by every replica. Set
   * SIGN_IN_KEY_PREVIOUS to the old one while rotating, so cookies it signed stay valid.
   */
  SIGN_IN_KEY: described(
    'Key (32+ characters) signing the "known browser" cookie, the same on every replica; `SIGN_IN_KEY_PREVIOUS` keeps the old one valid while rotating.',
    z.string().min(32, 'must be at least 32 characters').optional(),
    { documentedDefault: 'created once in the store' },
  ),
  SIGN_IN_KEY_PREVIOUS: described(
    'The previous `SIGN_IN_KEY` while it is rotated: "known browser" cookies it signed stay valid.',
    z.string().min(32, 'must be at least 32 characters').optional(),
  ),
  REPLICA_ID: described(
    "This replica's name on the status page and in the publish barrier.",
    z
      .string()
      .regex(
        /^[A-Za-z0-9._:-]{1,64}$/,
        'must be 1 to 64 letters, digits, dots, colons, dashes or underscores',
      )
      .optional(),
    { documentedDefault: '`{hostname}:{PORT}`' },
  ),
});

/** The CDN in front of the replicas: how long it keeps pages and how it is told to drop them. */
const cdnSection = z.object({
  /**
   * How the CDN is purged after a publish, once every replica serves the new build: `none`, `varnish`
   * (PURGE with an `xkey` header to every CDN_PURGE_URLS host), `fastly` or `cloudflare` (their purge APIs).
   */
  CDN_PURGE: described(
    'How the CDN is purged once every replica serves a new build: `varnish` (`CDN_PURGE_URLS`), `fastly` (`FASTLY_SERVICE_ID`, `FASTLY_API_TOKEN`), `cloudflare` (`CLOUDFLARE_ZONE_ID`, `CLOUDFLARE_API_TOKEN`). `docs/cdn.md`.',
    z.enum(['none', 'varnish', 'fastly', 'cloudflare']).default('none'),
  ),
  CDN_PURGE_URLS: described(
    'Varnish (`CDN_PURGE=varnish`): every Varnish to purge, comma-separated (e.g. `http://10.0.0.5:6081,http://10.0.0.6:6081`).',
    z
      .string()
      .transform((value) =>
        value
          .split(',')
          .map((entry) => entry.trim().replace(/\/+$/, ''))
          .filter(Boolean),
      )
      .pipe(z.array(z.url({ error: 'must list absolute URLs separated by commas' })))
      .default([]),
  ),
  FASTLY_SERVICE_ID: described(
    'Fastly (`CDN_PURGE=fastly`): the service to purge.',
    z.string().min(1).optional(),
  ),
  FASTLY_API_TOKEN: described(
    'Fastly: an API token with the `purge_select` scope on that service. Server side only.',
    z.string().min(1).optional(),
  ),
  CLOUDFLARE_ZONE_ID: described(
    'Cloudflare (`CDN_PURGE=cloudflare`): the zone to purge.',
    z.string().min(1).optional(),
  ),
  CLOUDFLARE_API_TOKEN: described(
    'Cloudflare: an API token with the Zone › Cache Purge › Purge permission on that zone. Server side only.',
    z.string().min(1).optional(),
  ),
  CDN_MAX_AGE: described(
    'How long the CDN keeps pages and data files (`s-maxage`) when a purge is configured; purges end it sooner.',
    seconds(86_400),
  ),
});

/** The embedded Magento-compatible back end and payment sandbox that `npm start` runs on this machine. */
const embeddedSection = z.object({
  EMBEDDED_MAGENTO_HOST: described(
    'Address the embedded back end listens on.',
    z.string().min(1).default('127.0.0.1'),
  ),
  EMBEDDED_MAGENTO_PORT: described('Its port.', port(8080)),
  EMBEDDED_MAGENTO_DB: described('Its SQLite file.', z.string().min(1).default('var/magento/magento.sqlite')),
  EMBEDDED_MAGENTO_MEDIA: described(
    'Folder of its `catalog/product` pictures.',
    z.string().min(1).default('var/magento/media'),
  ),
  EMBEDDED_ADMIN_USERNAME: described(
    'Demo admin user name (set before the first start).',
    z.string().min(1).default('admin'),
  ),
  EMBEDDED_ADMIN_PASSWORD: described(
    'Demo admin password (set before the first start).',
    z.string().min(8, 'must be at least 8 characters').default('Admin123!'),
  ),
  EMBEDDED_INTEGRATION_TOKEN: described(
    'Integration token the embedded back end accepts.',
    z.string().min(16, 'must be at least 16 characters').default('embedded-demo-integration-token'),
  ),
  /**
   * The embedded back end's "Allow OAuth Access Tokens to be used as standalone Bearer tokens" (Magento's
   * `oauth/consumer/enable_integration_as_bearer`). `true`, the demo's default, lets the storefront send
   * EMBEDDED_INTEGRATION_TOKEN as a bearer token. `false` refuses integration tokens sent as bearer tokens,
   * as Magento 2.4.4+ does by default, and the storefront signs its calls with OAuth 1.0a instead: with the
   * four MAGENTO_CONSUMER_KEY… values when set, else the embedded integration's demo ones (README, "Demo
   * credentials").
   */
  EMBEDDED_INTEGRATION_AS_BEARER: described(
    "`false`: the embedded back end refuses integration tokens sent as bearer tokens, as a stock Magento 2.4.4+ does, and the shop signs its calls with OAuth 1.0a (the four values above, else the demo integration's).",
    z.stringbool({ error: 'must be true or false' }).default(true),
  ),
  EMBEDDED_MAGENTO_SMTP_URL: described(
    "Where the embedded back end sends the e-mails Magento would send (Mage-OS's returns module: a new return, a changed status), e.g. `smtp://127.0.0.1:1025`. Unset: it sends none.",
    z
      .string()
      .regex(/^smtps?:\/\/[^\s/]+/i, 'must be an SMTP URL such as smtp://127.0.0.1:1025')
      .optional(),
  ),
  CUSTOMER_TOKEN_LIFETIME: described(
    "Customer token lifetime in seconds (Magento's default 1 h).",
    seconds(3600),
  ),
  ADMIN_TOKEN_LIFETIME: described("Admin token lifetime in seconds (Magento's default 4 h).", seconds(14400)),
  DEMO_PRODUCT_COUNT: described(
    'Products in the demo catalogue (seeded on first start only).',
    z.coerce.number({ error: 'must be a number' }).int().min(1).max(100_000).default(250),
  ),
  DEMO_SEED: described(
    'Seed of the demo catalogue: same seed, same catalogue.',
    z.coerce.number({ error: 'must be a number' }).int().default(1),
  ),
  DEMO_BRAND: described('Neutral brand name of the demo products.', z.string().min(1).default('Clearwater')),

  PAYMENT_SANDBOX_HOST: described(
    'Address the payment sandbox listens on.',
    z.string().min(1).default('127.0.0.1'),
  ),
  PAYMENT_SANDBOX_PORT: described('Its port.', port(8090)),
  PAYMENT_SANDBOX_DB: described(
    'Its SQLite file (transactions and pending notifications survive restarts).',
    z.string().min(1).default('var/payment-sandbox/sandbox.sqlite'),
  ),
  PAYMENT_SANDBOX_TIMEOUT: described(
    'Seconds before its Transaction Monitor aborts a payment left open (Opayo: 15 minutes).',
    seconds(900),
  ),
  PAYMENT_SANDBOX_NOTIFY_TWICE: described(
    '`true`: post every notification twice (tests that the shop answers duplicates alike).',
    z.stringbool({ error: 'must be true or false' }).default(false),
  ),
  PAYMENT_SANDBOX_DROP_FIRST_REPLY: described(
    "`true`: ignore the shop's first reply to each notification and send it again.",
    z.stringbool({ error: 'must be true or false' }).default(false),
  ),
  PAYPAL_SANDBOX_HOST: described(
    'Address the embedded PayPal sandbox listens on.',
    z.string().min(1).default('127.0.0.1'),
  ),
  PAYPAL_SANDBOX_PORT: described('Its port.', port(8091)),
  PAYPAL_SANDBOX_DB: described(
    'Its SQLite file (orders, captures and webhook deliveries survive restarts).',
    z.string().min(1).default('var/paypal-sandbox/sandbox.sqlite'),
  ),
});

/** Every variable, the sections merged: `Env` is one flat object (`env.MAGENTO_URL`) with every section. */
export const envSchema = z.object({
  ...shopSection.shape,
  ...magentoSection.shape,
  ...paymentsSection.shape,
  ...rebuildsSection.shape,
  ...storeSection.shape,
  ...cdnSection.shape,
  ...embeddedSection.shape,
});

export type Env = z.infer<typeof envSchema>;

/** One section's settings: a module takes the sections it reads, never the whole `Env`. */
export type ShopSettings = z.infer<typeof shopSection>;
export type MagentoSettings = z.infer<typeof magentoSection>;
export type PaymentSettings = z.infer<typeof paymentsSection>;
export type PublishingSettings = z.infer<typeof rebuildsSection>;
export type StoreSettings = z.infer<typeof storeSection>;
export type CdnSettings = z.infer<typeof cdnSection>;
export type EmbeddedSettings = z.infer<typeof embeddedSection>;

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

/** The integration's four OAuth values, in the order Magento's admin shows them. */
export const OAUTH_VARIABLES = [
  'MAGENTO_CONSUMER_KEY',
  'MAGENTO_CONSUMER_SECRET',
  'MAGENTO_ACCESS_TOKEN',
  'MAGENTO_ACCESS_TOKEN_SECRET',
] as const;

/** Values a message must not repeat: a wrong one is described by its length. */
const SECRETS = new Set<string>([
  ...OAUTH_VARIABLES,
  'MAGENTO_TOKEN',
  'EMBEDDED_INTEGRATION_TOKEN',
  'EMBEDDED_ADMIN_PASSWORD',
  'REBUILD_SECRET',
  'REBUILD_STATUS_PASSWORD',
  'DATABASE_URL',
  'SIGN_IN_KEY',
  'SIGN_IN_KEY_PREVIOUS',
  'FASTLY_API_TOKEN',
  'CLOUDFLARE_API_TOKEN',
  'PAYPAL_CLIENT_SECRET',
]);

/** The integration's credentials: all four OAuth values or none, not both kinds, and some with MAGENTO_URL. */
function integrationProblems(env: MagentoSettings): string[] {
  const set = OAUTH_VARIABLES.filter((name) => env[name] !== undefined);
  const missing = OAUTH_VARIABLES.filter((name) => env[name] === undefined);
  if (set.length > 0 && missing.length > 0)
    return [
      `  ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} missing: an integration's OAuth credentials are four values (consumer key and secret, access token and secret), so set all of them, as Magento shows them in the integration's details, or none.`,
    ];
  if (set.length > 0 && env.MAGENTO_TOKEN)
    return [
      '  MAGENTO_TOKEN and the four OAuth values are both set: keep the OAuth values (Magento 2.4.4+ refuses integration tokens sent as bearer tokens by default) and unset MAGENTO_TOKEN.',
    ];
  if (env.MAGENTO_URL && set.length === 0 && !env.MAGENTO_TOKEN)
    return [
      `  MAGENTO_URL needs the integration's credentials: create an integration in Magento (docs/magento.md, "Connecting a real Magento") and set ${OAUTH_VARIABLES.join(', ')} to its four values (or MAGENTO_TOKEN to its access token where Magento allows integration tokens as bearer tokens).`,
    ];
  return [];
}

/** PayPal's app: its client id, secret and webhook id together, or none of them (the embedded sandbox). */
function payPalProblems(env: PaymentSettings): string[] {
  const names = ['PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET', 'PAYPAL_WEBHOOK_ID', 'PAYPAL_API_URL'] as const;
  const missing = names.filter((name) => env[name] === undefined);
  if (missing.length === 0 || missing.length === names.length) return [];
  return [
    `  ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} missing: a PayPal app is its REST host, client id, secret and webhook id (docs/payments.md, "PayPal"), so set all four, or none to use the embedded PayPal sandbox.`,
  ];
}

/** The purge the CDN_PURGE names has what it needs to reach the CDN. */
function cdnProblems(env: CdnSettings): string[] {
  const needs: Record<CdnSettings['CDN_PURGE'], readonly (keyof CdnSettings)[]> = {
    none: [],
    varnish: ['CDN_PURGE_URLS'],
    fastly: ['FASTLY_SERVICE_ID', 'FASTLY_API_TOKEN'],
    cloudflare: ['CLOUDFLARE_ZONE_ID', 'CLOUDFLARE_API_TOKEN'],
  };
  const missing = needs[env.CDN_PURGE].filter((name) => {
    const value = env[name];
    return value === undefined || (Array.isArray(value) && value.length === 0);
  });
  return missing.length === 0
    ? []
    : [
        `  CDN_PURGE=${env.CDN_PURGE} needs ${missing.join(' and ')}: set ${missing.length === 1 ? 'it' : 'them'}, or CDN_PURGE=none.`,
      ];
}

const HINTS: Readonly<Partial<Record<string, string>>> = {
  MAGENTO_URL: 'Unset it to use the embedded back end.',
  EMBEDDED_MAGENTO_PORT: 'Pick a free port, e.g. EMBEDDED_MAGENTO_PORT=8081.',
};

/**
 * This process's environment variables as they are, for the child processes that must inherit them
 * (`astro build`) and for `loadConfig`'s and `loadEnv`'s default. Everything else takes parsed sections.
 */
export const processEnvironment = (): NodeJS.ProcessEnv => process.env;

/** The variables `envSchema` reads: the only ones whose values decide what `loadEnv` returns. */
const ENV_NAMES = Object.keys(envSchema.shape);

/** The last environment parsed, by the values of ENV_NAMES (one string). */
let lastParsed: { key: string; env: Env } | undefined;

/**
 * Parses the environment; throws a ConfigError whose message lists every wrong variable. The last result
 * is kept and handed out again (as a copy) while the variables it reads hold the same values (a build's
 * settings are parsed by its publisher, its Astro config and its warm renderer alike). The shop's entry points call `loadConfig`, which parses through this and
 * returns the sections; the flat `Env` is for what parses an environment of its own (the site build, tests,
 * benchmarks).
 */
export function loadEnv(source: Readonly<Record<string, string | undefined>> = processEnvironment()): Env {
  const key = ENV_NAMES.map((name) => source[name] ?? '').join('\0');
  if (lastParsed?.key === key) return { ...lastParsed.env };
  const env = parseEnv(source);
  lastParsed = { key, env };
  return { ...env };
}

function parseEnv(source: Readonly<Record<string, string | undefined>>): Env {
  const cleaned = Object.fromEntries(
    Object.entries(source).filter(([, value]) => value !== undefined && value !== ''),
  );
  const result = envSchema.safeParse(cleaned);
  if (result.success) {
    const problems = [
      ...integrationProblems(result.data),
      ...payPalProblems(result.data),
      ...cdnProblems(result.data),
    ];
    if (problems.length > 0) throw new ConfigError(`Configuration error:\n${problems.join('\n')}`);
    return result.data;
  }
  const lines = result.error.issues.map((issue) => {
    const name = String(issue.path[0] ?? '');
    const got = source[name];
    const shown =
      got === undefined ? '' : SECRETS.has(name) ? ` (got ${got.length} characters)` : ` (got "${got}")`;
    return `  ${name} ${issue.message}${shown}. ${HINTS[name] ?? 'Fix or unset it to use the default.'}`;
  });
  throw new ConfigError(`Configuration error:\n${lines.join('\n')}`);
}

/** The settings by section, each holding only its own variables: what the entry points hand out. */
export interface Config {
  readonly shop: ShopSettings;
  readonly magento: MagentoSettings;
  readonly payments: PaymentSettings;
  readonly publishing: PublishingSettings;
  readonly store: StoreSettings;
  readonly cdn: CdnSettings;
  readonly embedded: EmbeddedSettings;
}

/**
 * One section of a parsed `Env`: the variables its schema declares, those the parse set. The cast is of
 * values `envSchema` has already parsed, whose shape is the sections' merged, so each key has its type.
 */
function sectionOf<S extends z.ZodObject>(section: S, env: Env): z.infer<S> {
  return Object.fromEntries(
    Object.entries(env).filter(([name]) => Object.hasOwn(section.shape, name)),
  ) as z.infer<S>;
}

/**
 * Parses the environment as `loadEnv` does (the same messages, cross-section checks and kept result) and
 * returns it by section. Called once by each entry point, which hands each module its sections.
 */
export function loadConfig(
  source: Readonly<Record<string, string | undefined>> = processEnvironment(),
): Config {
  const env = loadEnv(source);
  return {
    shop: sectionOf(shopSection, env),
    magento: sectionOf(magentoSection, env),
    payments: sectionOf(paymentsSection, env),
    publishing: sectionOf(rebuildsSection, env),
    store: sectionOf(storeSection, env),
    cdn: sectionOf(cdnSection, env),
    embedded: sectionOf(embeddedSection, env),
  };
}
