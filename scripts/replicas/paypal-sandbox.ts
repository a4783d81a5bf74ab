/**
 * The PayPal sandbox as `npm run paypal-sandbox` starts it (the same settings from the environment: its
 * host, port and file, and webhooks to `PAYMENT_NOTIFICATION_BASE_URL or SITE_URL`), with one difference,
 * as for the Opayo sandbox (payment-sandbox.ts): the retry clock of unanswered webhooks is compressed
 * (`--retry-ms`, default 1, 2, 3 then every 5 s). PayPal's own schedule (here 5 s, 15 s, 30 s, 1 min…)
 * would make a scenario that waits for a redelivery after a replica died last minutes.
 */
import { retryScheduleFromArgs } from './retry-schedule.ts';
import { ConfigError, loadConfig } from '../../src/config/env.ts';
import { payPalSandboxConfig } from '../../src/standins/settings.ts';
import { startPayPalSandbox } from '@cleaning-shop/paypal-sandbox';

try {
  const retryScheduleMs = retryScheduleFromArgs();
  const { embedded, payments, shop } = loadConfig();
  const config = payPalSandboxConfig({ ...embedded, ...payments, ...shop }, (message) =>
    console.info(message),
  );
  const sandbox = await startPayPalSandbox({ ...config, retryScheduleMs });
  console.info(
    `PayPal sandbox: ${sandbox.url}, webhooks to ${config.webhookUrl ?? '(none)'} (retries after ${retryScheduleMs.slice(0, 4).join(', ')}… ms)`,
  );
  const stop = () => void sandbox.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
} catch (error) {
  console.error(error instanceof ConfigError || error instanceof Error ? error.message : error);
  process.exit(1);
}
