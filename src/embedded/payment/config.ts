/** The payment sandbox's settings, taken from the validated environment. */
import { resolve } from 'node:path';
import type { EmbeddedSettings, PaymentSettings } from '../../config/env.ts';
import type { PaymentSandboxConfig } from './server.ts';

/** The embedded sandbox runs only when no real provider is configured. */
export const usesPaymentSandbox = (env: Pick<PaymentSettings, 'OPAYO_REGISTRATION_URL'>): boolean =>
  env.OPAYO_REGISTRATION_URL === undefined;

export function paymentSandboxConfig(
  env: EmbeddedSettings & Pick<PaymentSettings, 'OPAYO_VENDOR'>,
  log?: (message: string) => void,
): PaymentSandboxConfig {
  return {
    host: env.PAYMENT_SANDBOX_HOST,
    port: env.PAYMENT_SANDBOX_PORT,
    dbFile: resolve(env.PAYMENT_SANDBOX_DB),
    vendors: { [env.OPAYO_VENDOR]: true },
    currencies: ['GBP'],
    transactionTimeoutMs: env.PAYMENT_SANDBOX_TIMEOUT * 1000,
    sendNotificationsTwice: env.PAYMENT_SANDBOX_NOTIFY_TWICE,
    dropFirstReply: env.PAYMENT_SANDBOX_DROP_FIRST_REPLY,
    inspection: true,
    ...(log ? { log } : {}),
  };
}
