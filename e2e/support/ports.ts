/**
 * The end-to-end shop's ports (scripts/e2e-server.ts, playwright.config.ts and the journeys that call the
 * back ends directly). `E2E_PORT_OFFSET` moves them all, so two checkouts can run their journeys at once.
 */
export const PORT_OFFSET = Number(process.env['E2E_PORT_OFFSET'] ?? 0) || 0;

export const SHOP_PORT = 14321 + PORT_OFFSET;
export const MAGENTO_PORT = 18081 + PORT_OFFSET;
export const SANDBOX_PORT = 18091 + PORT_OFFSET;
/** The embedded PayPal sandbox's: clear of the others' while offsets stay below 20. */
export const PAYPAL_SANDBOX_PORT = 18111 + PORT_OFFSET;
/** The mail catcher's page and JSON API, and its SMTP port: clear of the others' while offsets stay below 20. */
export const MAIL_CATCHER_PORT = 18131 + PORT_OFFSET;
export const MAIL_CATCHER_SMTP_PORT = 18151 + PORT_OFFSET;
export const SHOP_URL = `http://127.0.0.1:${SHOP_PORT}`;
export const MAGENTO_URL = `http://127.0.0.1:${MAGENTO_PORT}`;
export const SANDBOX_URL = `http://127.0.0.1:${SANDBOX_PORT}`;
export const PAYPAL_SANDBOX_URL = `http://127.0.0.1:${PAYPAL_SANDBOX_PORT}`;
/** What the shop sent: `GET ${MAIL_CATCHER_URL}/messages?to=…` (e2e/support/mail.ts). */
export const MAIL_CATCHER_URL = `http://127.0.0.1:${MAIL_CATCHER_PORT}`;

/** The end-to-end shop's folders: `E2E_DIR` moves them, so two runs in one checkout keep apart. */
export const E2E_DIR = process.env['E2E_DIR'] ?? 'var/e2e';
