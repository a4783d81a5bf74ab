/**
 * PayPal's settings (src/config/env.ts, src/payments/providers/paypal/settings.ts): a real PayPal app is
 * its host, client id, secret and webhook id together, and the message names what is missing; none of
 * them means the embedded PayPal sandbox with its own app; the secret is never shown.
 */
import { describe, expect, it } from 'vitest';
import { ConfigError, loadEnv } from '../../src/config/env.ts';
import {
  EMBEDDED_PAYPAL_APP,
  payPalApp,
  payPalWebhookUrl,
  usesPayPalSandbox,
} from '../../src/payments/providers/paypal/settings.ts';

const APP = {
  PAYPAL_API_URL: 'https://api-m.sandbox.paypal.com/',
  PAYPAL_CLIENT_ID: 'AYSq3RDGsmBLJE-otTkBtM-jBRd1TCQwFf9RGfwddNXWz0uFU9ztymylOhRS',
  PAYPAL_CLIENT_SECRET: 'EGnHDxD_qRPdaLdZz8iCr8N7_MzF-YHPTkjs6NKYQvQSBngp4PTTVWkPZRbL',
  PAYPAL_WEBHOOK_ID: '8PT597110X687430LKGECATA',
};

function refusal(source: Record<string, string>): string {
  try {
    loadEnv(source);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error instanceof Error ? error.message : '';
  }
  throw new Error(`loaded: ${JSON.stringify(Object.keys(source))}`);
}

describe('PayPal’s settings', () => {
  it('are the four values together, and the message names the ones missing', () => {
    const message = refusal({
      PAYPAL_CLIENT_ID: APP.PAYPAL_CLIENT_ID,
      PAYPAL_CLIENT_SECRET: APP.PAYPAL_CLIENT_SECRET,
    });
    expect(message).toContain('PAYPAL_WEBHOOK_ID, PAYPAL_API_URL are missing');
    expect(message).not.toContain(APP.PAYPAL_CLIENT_SECRET);
  });

  it('reach PayPal with the app when set, and the embedded sandbox when not', () => {
    const real = loadEnv(APP);
    expect(usesPayPalSandbox(real)).toBe(false);
    expect(payPalApp(real)).toEqual({
      apiUrl: 'https://api-m.sandbox.paypal.com',
      clientId: APP.PAYPAL_CLIENT_ID,
      clientSecret: APP.PAYPAL_CLIENT_SECRET,
      webhookId: APP.PAYPAL_WEBHOOK_ID,
    });
    const none = loadEnv({ PAYPAL_SANDBOX_PORT: '18091' });
    expect(usesPayPalSandbox(none)).toBe(true);
    expect(payPalApp(none)).toEqual({ apiUrl: 'http://127.0.0.1:18091', ...EMBEDDED_PAYPAL_APP });
    expect(payPalWebhookUrl(loadEnv({ SITE_URL: 'https://shop.example' }))).toBe(
      'https://shop.example/payments/paypal/webhook',
    );
  });
});
