/** The environment's variables for the embedded back ends: one section of `envSchema` (src/config/env.ts). */
import { z } from 'zod';
import { described, port, seconds } from './fields.ts';

/** The embedded Magento-compatible back end and payment sandbox that `npm start` runs on this machine. */
export const embeddedSection = z.object({
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
    "Where the embedded back end sends the e-mails Magento would send (Mage-OS's returns module: a new return, a changed status), e.g. `smtp://127.0.0.1:1025`. Unset: `npm start` sends them where the shop's own go (`SMTP_URL`, else the mail catcher); the back end started alone sends none.",
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
  MAIL_CATCHER_HOST: described(
    'Address the embedded mail catcher listens on (its SMTP server and its page of sent mail); keep it on loopback: it takes mail from anyone.',
    z.string().min(1).default('127.0.0.1'),
  ),
  MAIL_CATCHER_SMTP_PORT: described(
    'Its SMTP port, where the shop sends when `SMTP_URL` is unset.',
    port(1025),
  ),
  MAIL_CATCHER_PORT: described('The port of its page of sent mail and JSON API.', port(8025)),
  MAIL_CATCHER_DB: described(
    'Its SQLite file (what was sent survives restarts).',
    z.string().min(1).default('var/mail-catcher/mail.sqlite'),
  ),
});
