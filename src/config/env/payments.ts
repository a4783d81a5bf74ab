/**
 * The environment's payment variables (Opayo, PayPal, the bridge's records): one section of `envSchema`
 * (src/config/env.ts).
 */
import { z } from 'zod';
import { described, url } from './fields.ts';

/** Card payments through Opayo Server (or the embedded sandbox) and the bridge's own records. */
export const paymentsSection = z.object({
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
