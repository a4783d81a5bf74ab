/** The mail catcher's settings, taken from the validated environment, and where a sender reaches it. */
import { resolve } from 'node:path';
import type { EmbeddedSettings, ShopSettings } from '../../config/env.ts';
import type { MailCatcherConfig } from './server.ts';

type CatcherSettings = Pick<
  EmbeddedSettings,
  'MAIL_CATCHER_HOST' | 'MAIL_CATCHER_SMTP_PORT' | 'MAIL_CATCHER_PORT' | 'MAIL_CATCHER_DB'
>;

/** The embedded mail catcher runs only when no SMTP server is configured. */
export const usesMailCatcher = (env: Pick<ShopSettings, 'SMTP_URL'>): boolean => env.SMTP_URL === undefined;

export function mailCatcherConfig(env: CatcherSettings, log?: (message: string) => void): MailCatcherConfig {
  return {
    host: env.MAIL_CATCHER_HOST,
    smtpPort: env.MAIL_CATCHER_SMTP_PORT,
    port: env.MAIL_CATCHER_PORT,
    dbFile: resolve(env.MAIL_CATCHER_DB),
    ...(log ? { log } : {}),
  };
}
