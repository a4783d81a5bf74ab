/**
 * The shop for the end-to-end tests (Playwright's webServer): `startShop` on its own ports and folders
 * under var/e2e, with a fresh back-end database and payment sandbox each run (the generated pictures are
 * kept), so journeys never see a developer's carts, customers or payments, and always the embedded
 * Magento and payment sandbox, never a configured real one. The mail catcher starts empty too, and the shop
 * always sends to it (SMTP_URL is ignored), so a journey reads the e-mails it caused (e2e/support/mail.ts).
 */
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  E2E_DIR,
  MAGENTO_PORT,
  MAIL_CATCHER_PORT,
  MAIL_CATCHER_SMTP_PORT,
  PAYPAL_SANDBOX_PORT,
  SANDBOX_PORT,
  SHOP_PORT,
  SHOP_URL,
} from '../e2e/support/ports.ts';
import { processEnvironment } from '../src/config/env.ts';
import { runShop } from '../src/start.ts';

const DIR = E2E_DIR;
for (const file of ['magento.sqlite', 'magento.sqlite-wal', 'magento.sqlite-shm'])
  rmSync(`${DIR}/${file}`, { force: true });
rmSync(`${DIR}/payments`, { recursive: true, force: true });
// The shared store (throttle counts, the rebuild queue) starts empty too.
rmSync(`${DIR}/store`, { recursive: true, force: true });
rmSync(`${DIR}/payment-sandbox`, { recursive: true, force: true });
rmSync(`${DIR}/paypal-sandbox`, { recursive: true, force: true });
rmSync(`${DIR}/mail-catcher`, { recursive: true, force: true });
// The shop's clock starts as the system's: only the journeys of the `clock` project move it (e2e/support/clock.ts).
rmSync(`${DIR}/clock.json`, { force: true });

await runShop({
  root: fileURLToPath(new URL('..', import.meta.url)),
  distDir: `${DIR}/dist`,
  environment: processEnvironment(),
  embeddedOnly: true,
  settings: {
    EMBEDDED_MAGENTO_PORT: String(MAGENTO_PORT),
    EMBEDDED_MAGENTO_DB: `${DIR}/magento.sqlite`,
    EMBEDDED_MAGENTO_MEDIA: `${DIR}/media`,
    // More than the default 250, so the largest listings run to three pages and past 24 products.
    DEMO_PRODUCT_COUNT: '400',
    CATALOGUE_SNAPSHOT: `${DIR}/catalogue.db`,
    IMAGE_CACHE_DIR: `${DIR}/image-cache`,
    PAYMENT_SANDBOX_PORT: String(SANDBOX_PORT),
    PAYMENT_SANDBOX_DB: `${DIR}/payment-sandbox/sandbox.sqlite`,
    PAYPAL_SANDBOX_PORT: String(PAYPAL_SANDBOX_PORT),
    PAYPAL_SANDBOX_DB: `${DIR}/paypal-sandbox/sandbox.sqlite`,
    MAIL_CATCHER_PORT: String(MAIL_CATCHER_PORT),
    MAIL_CATCHER_SMTP_PORT: String(MAIL_CATCHER_SMTP_PORT),
    MAIL_CATCHER_DB: `${DIR}/mail-catcher/mail.sqlite`,
    PAYMENTS_DB: `${DIR}/payments/payments.sqlite`,
    STORE_FILE: `${DIR}/store/shop.sqlite`,
    SHOP_CLOCK_FILE: `${DIR}/clock.json`,
    // As Magento 2.4.4+ by default: integration tokens are refused as bearer tokens, so the sync, orders and
    // the payment bridge prove they work signed with OAuth 1.0a (the demo integration's values).
    EMBEDDED_INTEGRATION_AS_BEARER: 'false',
    // A Tag Manager container, so the journeys prove it loads only after consent: Playwright answers for
    // Google's script (e2e/consent-analytics.spec.ts), and nothing leaves the machine.
    ANALYTICS_TAG: 'GTM-E2ETEST',
    // The journeys are the shop's clients: each may name itself in X-Forwarded-For, so a throttle counting per
    // client (guests' reviews) counts each journey apart, however often they run against one server.
    TRUSTED_PROXIES: 'loopback',
    PORT: String(SHOP_PORT),
    SITE_URL: SHOP_URL,
  },
});
