/**
 * The payment sandbox as `npm run payment-sandbox` starts it (the same settings from the environment,
 * PAYMENT_SANDBOX_DROP_FIRST_REPLY and PAYMENT_SANDBOX_NOTIFY_TWICE included), with one difference: the
 * retry clock of unanswered notifications is compressed (`--retry-ms`, default 1, 2, 3 then every 5 s),
 * as the sandbox's own tests compress it. Opayo's schedule (2 s, 5 s, 15 s, 1 min, 5 min…) would make
 * each scenario that waits for a retry last minutes: a replica killed mid-payment, a store outage.
 */
import { retryScheduleFromArgs } from './retry-schedule.ts';
import { ConfigError, loadConfig } from '../../src/config/env.ts';
import { paymentSandboxConfig } from '../../src/standins/settings.ts';
import { startPaymentSandbox } from '@cleaning-shop/opayo-sandbox';

try {
  const retryScheduleMs = retryScheduleFromArgs();
  const { embedded, payments } = loadConfig();
  const sandbox = await startPaymentSandbox({
    ...paymentSandboxConfig({ ...embedded, ...payments }, (message) => console.info(message)),
    retryScheduleMs,
  });
  console.info(
    `Payment sandbox: ${sandbox.registrationUrl} (notify twice: ${embedded.PAYMENT_SANDBOX_NOTIFY_TWICE}, drop first reply: ${embedded.PAYMENT_SANDBOX_DROP_FIRST_REPLY}, retries after ${retryScheduleMs.slice(0, 4).join(', ')}… ms)`,
  );
  const stop = () => void sandbox.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
} catch (error) {
  console.error(error instanceof ConfigError || error instanceof Error ? error.message : error);
  process.exit(1);
}
