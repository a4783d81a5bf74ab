/**
 * `npm run paypal-sandbox`: the embedded PayPal REST sandbox on its own (token, Orders v2, captures and
 * refunds, the approval page, signed webhooks to the shop's listener), on
 * PAYPAL_SANDBOX_HOST:PAYPAL_SANDBOX_PORT.
 */
import { ConfigError, loadConfig } from '../src/config/env.ts';
import { INSPECTION_PATH } from '@cleaning-shop/paypal-sandbox';
import { payPalSandboxConfig } from '../src/standins/settings.ts';
import { startPayPalSandbox } from '@cleaning-shop/paypal-sandbox';
import { usesPayPalSandbox } from '../src/payments/providers/paypal/settings.ts';

try {
  const { embedded, payments, shop } = loadConfig();
  const config = payPalSandboxConfig({ ...embedded, ...payments, ...shop }, (message) =>
    console.info(message),
  );
  const sandbox = await startPayPalSandbox(config);
  console.info(`PayPal sandbox (REST, Orders v2): ${sandbox.url}`);
  console.info(`  webhooks to:   ${config.webhookUrl ?? '(none)'}`);
  console.info(
    `  test controls: ${sandbox.url}${INSPECTION_PATH}/orders, ${sandbox.url}${INSPECTION_PATH}/webhooks`,
  );
  if (!usesPayPalSandbox(payments)) {
    console.warn(
      `  note: PAYPAL_CLIENT_ID is set, so the shop calls ${payments.PAYPAL_API_URL ?? 'PayPal'}, not here.`,
    );
  }
  const stop = () => void sandbox.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
