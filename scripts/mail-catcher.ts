/**
 * `npm run mail-catcher`: the embedded mail catcher on its own: an SMTP server on
 * MAIL_CATCHER_HOST:MAIL_CATCHER_SMTP_PORT that keeps every message (MAIL_CATCHER_DB), and its page of sent
 * mail and JSON API on MAIL_CATCHER_PORT.
 */
import { ConfigError, loadConfig } from '../src/config/env.ts';
import { mailCatcherConfig, usesMailCatcher } from '../src/standins/settings.ts';
import { startMailCatcher } from '@cleaning-shop/mail-catcher';

try {
  const { embedded, shop } = loadConfig();
  const catcher = await startMailCatcher(mailCatcherConfig(embedded, (message) => console.info(message)));
  console.info(`Mail catcher: ${catcher.url}/ (JSON: ${catcher.url}/messages)`);
  console.info(`  SMTP: ${catcher.smtpUrl}`);
  if (!usesMailCatcher(shop)) console.warn('  note: SMTP_URL is set, so the shop sends there, not here.');
  const stop = () => void catcher.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
} catch (error) {
  console.error(error instanceof ConfigError || error instanceof Error ? error.message : error);
  process.exit(1);
}
