/**
 * Starts the mail catcher: opens its SQLite file, listens for SMTP, then serves its page and JSON API
 * (through the sandboxes' HTTP runner, packages/kit/sandbox-server.ts). Kept apart from the app so tests
 * start it on a throwaway file and free ports.
 */
import type { SMTPServer } from 'smtp-server';
import { startSandboxServer } from '@cleaning-shop/kit/sandbox-server.ts';
import { catcherRoutes } from './app.ts';
import { CaughtMail } from './db.ts';
import { catcherSmtpServer } from './smtp.ts';

export interface MailCatcherConfig {
  readonly host: string;
  /** The page's and API's port; 0 picks a free one. */
  readonly port: number;
  /** The SMTP port; 0 picks a free one. */
  readonly smtpPort: number;
  /** SQLite file: what was caught survives a restart. */
  readonly dbFile: string;
  readonly log?: ((message: string) => void) | undefined;
}

export interface RunningMailCatcher {
  /** The page of sent mail and the JSON API, e.g. `http://127.0.0.1:8025`. */
  readonly url: string;
  /** Where to send, e.g. `smtp://127.0.0.1:1025`. */
  readonly smtpUrl: string;
  close(): Promise<void>;
}

async function listenSmtp(server: SMTPServer, host: string, port: number): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(port, host, () => {
      server.server.off('error', reject);
      resolve();
    });
  });
  const address = server.server.address();
  if (address === null || typeof address === 'string')
    throw new Error('The mail catcher is not on a TCP port');
  return address.port;
}

export async function startMailCatcher(config: MailCatcherConfig): Promise<RunningMailCatcher> {
  const mail = new CaughtMail(config.dbFile);
  const smtp = catcherSmtpServer(mail, config.log);
  smtp.on('error', (error) => config.log?.(`Mail catcher: ${error.message}`));
  let smtpPort: number;
  try {
    smtpPort = await listenSmtp(smtp, config.host, config.smtpPort);
  } catch (error) {
    mail.close();
    throw new Error(
      `The mail catcher cannot listen for SMTP on ${config.host}:${config.smtpPort} (${error instanceof Error ? error.message : String(error)}): set MAIL_CATCHER_SMTP_PORT to a free port.`,
      { cause: error },
    );
  }
  const closeSmtp = () => new Promise<void>((resolve) => smtp.close(() => resolve()));
  const http = await startSandboxServer({
    name: 'mail catcher',
    host: config.host,
    port: config.port,
    tickMs: 60_000,
    log: config.log,
    closeLast: () => mail.close(),
    app: () => ({ routes: catcherRoutes(mail), runDueWork: () => Promise.resolve(), close: closeSmtp }),
  }).catch(async (error: unknown) => {
    await closeSmtp();
    throw error;
  });
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  return { url: http.url, smtpUrl: `smtp://${host}:${smtpPort}`, close: () => http.close() };
}
