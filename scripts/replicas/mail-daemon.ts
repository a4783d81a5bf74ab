/**
 * The mail catcher as the topology runs it (one daemon for both replicas, as `npm run mail-catcher` starts
 * it), and what the replicas are told to send to it: the shop's e-mails from either replica land on one
 * page, so a scenario reads them through its JSON API.
 */
import { join } from 'node:path';
import { HOST, PORTS, urlOf } from './ports.ts';
import { Daemon, type PidBook } from './proc.ts';

export interface MailDaemonOptions {
  readonly root: string;
  readonly logDir: string;
  readonly dbFile: string;
  readonly base: NodeJS.ProcessEnv;
  readonly book: PidBook;
}

export const mailCatcherDaemon = (options: MailDaemonOptions): Daemon =>
  new Daemon(
    {
      name: 'mail-catcher',
      command: process.execPath,
      args: ['scripts/mail-catcher.ts'],
      env: {
        ...options.base,
        MAIL_CATCHER_HOST: HOST,
        MAIL_CATCHER_PORT: String(PORTS.mailCatcher),
        MAIL_CATCHER_SMTP_PORT: String(PORTS.mailCatcherSmtp),
        MAIL_CATCHER_DB: options.dbFile,
      },
      cwd: options.root,
      logFile: join(options.logDir, 'mail-catcher.log'),
    },
    options.book,
  );

/** Its page and JSON API. */
export const MAIL_CATCHER_URL = urlOf(PORTS.mailCatcher);

/** What the replicas are told: send through the catcher's SMTP server. */
export const mailShopEnvironment = (): NodeJS.ProcessEnv => ({
  SMTP_URL: `smtp://${HOST}:${PORTS.mailCatcherSmtp}`,
});
