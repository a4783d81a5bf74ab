/**
 * `npm run payment-sandbox`: the embedded Opayo Server 4.00 sandbox on its own (registration, hosted
 * card page, signed notifications, Transaction Monitor), on PAYMENT_SANDBOX_HOST:PAYMENT_SANDBOX_PORT.
 */
import { ConfigError, loadConfig } from '../src/config/env.ts';
import { paymentSandboxConfig } from '../src/standins/settings.ts';
import { INSPECTION_PATH } from '@cleaning-shop/opayo-sandbox';
import { startPaymentSandbox } from '@cleaning-shop/opayo-sandbox';

try {
  const { embedded, payments } = loadConfig();
  const sandbox = await startPaymentSandbox(
    paymentSandboxConfig({ ...embedded, ...payments }, (message) => console.info(message)),
  );
  console.info(
    `Payment sandbox (Opayo Server 4.00, vendor "${payments.OPAYO_VENDOR}"): ${sandbox.registrationUrl}`,
  );
  console.info(`  transactions: ${sandbox.url}${INSPECTION_PATH}`);
  if (payments.OPAYO_REGISTRATION_URL) {
    console.warn(
      `  note: OPAYO_REGISTRATION_URL is set, so the shop posts to ${payments.OPAYO_REGISTRATION_URL}, not here.`,
    );
  }
  const stop = () => void sandbox.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
