/**
 * Where the shop reaches PayPal and with what, from the validated environment: a real app's host,
 * client id, secret and webhook id (config/env.ts checks they come together), else the embedded PayPal
 * sandbox with its own credentials.
 */
import type { EmbeddedSettings, PaymentSettings, ShopSettings } from '../../../config/env.ts';

/**
 * The embedded PayPal sandbox's one REST app: the credentials it accepts and the webhook it signs for,
 * used by the shop when no PayPal app is configured. Not secrets: the sandbox moves no money and listens
 * on this machine.
 */
export const EMBEDDED_PAYPAL_APP = {
  clientId: 'embedded-sandbox-shop',
  clientSecret: 'embedded-sandbox-secret',
  webhookId: 'WH-EMBEDDED-SANDBOX',
} as const;

/** The provider's name, stored with each of its transactions. */
export const PAYPAL = 'paypal';

/** The shop's route PayPal posts its webhook events to. */
export const PAYPAL_WEBHOOK_PATH = '/payments/paypal/webhook';

export interface PayPalApp {
  /** REST host, no trailing slash: `https://api-m.sandbox.paypal.com`, or the embedded sandbox. */
  readonly apiUrl: string;
  readonly clientId: string;
  readonly clientSecret: string;
  readonly webhookId: string;
}

/** The embedded sandbox runs when no PayPal app is configured. */
export const usesPayPalSandbox = (env: Pick<PaymentSettings, 'PAYPAL_CLIENT_ID'>): boolean =>
  env.PAYPAL_CLIENT_ID === undefined;

export function payPalApp(
  env: PaymentSettings & Pick<EmbeddedSettings, 'PAYPAL_SANDBOX_HOST' | 'PAYPAL_SANDBOX_PORT'>,
): PayPalApp {
  const { PAYPAL_API_URL, PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET, PAYPAL_WEBHOOK_ID } = env;
  if (PAYPAL_API_URL && PAYPAL_CLIENT_ID && PAYPAL_CLIENT_SECRET && PAYPAL_WEBHOOK_ID)
    return {
      apiUrl: PAYPAL_API_URL.replace(/\/+$/, ''),
      clientId: PAYPAL_CLIENT_ID,
      clientSecret: PAYPAL_CLIENT_SECRET,
      webhookId: PAYPAL_WEBHOOK_ID,
    };
  const host = env.PAYPAL_SANDBOX_HOST.includes(':')
    ? `[${env.PAYPAL_SANDBOX_HOST}]`
    : env.PAYPAL_SANDBOX_HOST;
  return { apiUrl: `http://${host}:${env.PAYPAL_SANDBOX_PORT}`, ...EMBEDDED_PAYPAL_APP };
}

/** `{PAYMENT_NOTIFICATION_BASE_URL or SITE_URL}/payments/paypal/webhook`: where webhook events are posted. */
export const payPalWebhookUrl = (
  env: Pick<PaymentSettings, 'PAYMENT_NOTIFICATION_BASE_URL'> & Pick<ShopSettings, 'SITE_URL'>,
): string => `${env.PAYMENT_NOTIFICATION_BASE_URL ?? env.SITE_URL}${PAYPAL_WEBHOOK_PATH}`;
