/**
 * The payment providers, the one list: card payments through Opayo Server, PayPal and Pay in 3 through
 * PayPal. A provider is a folder here implementing `PaymentProvider` (provider.ts); adding one is its
 * folder and a line below.
 */
import type { EmbeddedSettings, PaymentSettings, ShopSettings } from '../../config/env.ts';
import type { PaymentProvider } from '../provider.ts';
import { createOpayoServerProvider } from './opayo/provider.ts';
import { notificationUrl, opayoRegistrationUrl } from './opayo/settings.ts';
import { createPayPalApi } from './paypal/api.ts';
import { createPayPalProvider } from './paypal/provider.ts';
import { payPalApp } from './paypal/settings.ts';

export type ProviderSettings = PaymentSettings &
  EmbeddedSettings &
  Pick<ShopSettings, 'SITE_URL' | 'SHOP_NAME'>;

export function providersFromEnv(env: ProviderSettings): PaymentProvider[] {
  return [
    createOpayoServerProvider({
      vendor: env.OPAYO_VENDOR,
      registrationUrl: opayoRegistrationUrl(env),
      notificationUrl: notificationUrl(env),
    }),
    createPayPalProvider({
      api: createPayPalApi(payPalApp(env)),
      siteUrl: env.SITE_URL,
      shopName: env.SHOP_NAME,
    }),
  ];
}
