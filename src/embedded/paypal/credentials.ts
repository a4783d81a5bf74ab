/**
 * The embedded PayPal sandbox's one REST app: the credentials it accepts and the webhook it signs for,
 * which the shop uses when no PayPal app is configured (payments/providers/paypal/settings.ts). Not
 * secrets: the sandbox moves no money and listens on this machine.
 */
export const EMBEDDED_PAYPAL_APP = {
  clientId: 'embedded-sandbox-shop',
  clientSecret: 'embedded-sandbox-secret',
  webhookId: 'WH-EMBEDDED-SANDBOX',
} as const;
