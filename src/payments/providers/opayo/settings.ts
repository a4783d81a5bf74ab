/** Where the shop reaches Opayo Server and where Opayo posts back, from the validated environment. */
import type { EmbeddedSettings, PaymentSettings, ShopSettings } from '../../../config/env.ts';
import { NOTIFY_PATH } from './notify.ts';

/** OPAYO_REGISTRATION_URL, else the embedded sandbox's registration URL. */
export const opayoRegistrationUrl = (
  env: Pick<PaymentSettings, 'OPAYO_REGISTRATION_URL'> &
    Pick<EmbeddedSettings, 'PAYMENT_SANDBOX_HOST' | 'PAYMENT_SANDBOX_PORT'>,
): string =>
  env.OPAYO_REGISTRATION_URL ??
  `http://${env.PAYMENT_SANDBOX_HOST}:${env.PAYMENT_SANDBOX_PORT}/gateway/service/vspserver-register.vsp`;

/** `{PAYMENT_NOTIFICATION_BASE_URL or SITE_URL}/payments/opayo/notify`. */
export const notificationUrl = (
  env: Pick<PaymentSettings, 'PAYMENT_NOTIFICATION_BASE_URL'> & Pick<ShopSettings, 'SITE_URL'>,
): string => `${env.PAYMENT_NOTIFICATION_BASE_URL ?? env.SITE_URL}${NOTIFY_PATH}`;
