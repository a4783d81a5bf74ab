/**
 * Starts the payment sandbox: opens its SQLite file, listens, and runs the Transaction Monitor and the
 * notification retries on a timer. Kept apart from the app so tests start it on a throwaway file and a
 * free port, with a compressed clock.
 */
import { startSandboxServer } from '@cleaning-shop/kit/sandbox-server.ts';
import { createPaymentSandbox, REGISTER_PATH, type PaymentSandboxApp } from './app.ts';
import { SandboxStore } from './db.ts';

const MINUTE = 60_000;

/**
 * ELV-TM's retry plan (5 × 5 min, 15 × 15 min, 13 × hourly, then daily), compressed: a few quick tries
 * first, so a vendor that was briefly down hears within seconds, then the real plan's shape.
 */
export const DEFAULT_RETRY_SCHEDULE_MS: readonly number[] = [
  2_000,
  5_000,
  15_000,
  MINUTE,
  ...Array<number>(5).fill(5 * MINUTE),
  ...Array<number>(15).fill(15 * MINUTE),
  ...Array<number>(13).fill(60 * MINUTE),
];

export interface PaymentSandboxConfig {
  readonly host: string;
  /** 0 picks a free port. */
  readonly port: number;
  /** SQLite file; transactions and pending notifications survive a restart. */
  readonly dbFile: string;
  /** Vendor name (case-insensitive) → whether its account is active. Default `{ sandboxshop: true }`. */
  readonly vendors?: Readonly<Record<string, boolean>>;
  /** Default `['GBP']`. */
  readonly currencies?: readonly string[];
  /** Transaction Monitor: open transactions are aborted this long after registration. Default 15 min. */
  readonly transactionTimeoutMs?: number;
  /** Default DEFAULT_RETRY_SCHEDULE_MS. */
  readonly retryScheduleMs?: readonly number[];
  /** How long a notification waits for the vendor's reply. Default 10 s. */
  readonly notificationTimeoutMs?: number;
  /** §8.4: post every notification twice. */
  readonly sendNotificationsTwice?: boolean;
  /** §8.4: ignore the reply to each transaction's first notification, and send it again. */
  readonly dropFirstReply?: boolean;
  /** Registration is refused (4020) from other addresses; unset accepts any. */
  readonly allowedIps?: readonly string[];
  /** `GET /sandbox/transactions`. Default on: the sandbox is a local development tool. */
  readonly inspection?: boolean;
  /** How often the monitor and the retry clock look for work. Default 1 s. */
  readonly tickMs?: number;
  /** Base URL browsers reach the sandbox at, when not `http://{host}:{port}` (e.g. behind a proxy). */
  readonly publicUrl?: string;
  readonly log?: (message: string) => void;
}

export interface RunningPaymentSandbox {
  /** Base URL, e.g. `http://127.0.0.1:8090`. */
  readonly url: string;
  /** The registration URL the vendor posts to. */
  readonly registrationUrl: string;
  readonly app: PaymentSandboxApp;
  close(): Promise<void>;
}

export async function startPaymentSandbox(config: PaymentSandboxConfig): Promise<RunningPaymentSandbox> {
  const store = new SandboxStore(config.dbFile);
  const running = await startSandboxServer({
    name: 'payment sandbox',
    host: config.host,
    port: config.port,
    publicUrl: config.publicUrl,
    tickMs: config.tickMs ?? 1000,
    log: config.log,
    closeLast: () => store.close(),
    app: (url) =>
      createPaymentSandbox({
        store,
        baseUrl: url,
        vendors: config.vendors ?? { sandboxshop: true },
        currencies: config.currencies ?? ['GBP'],
        transactionTimeoutMs: config.transactionTimeoutMs ?? 15 * MINUTE,
        retryScheduleMs: config.retryScheduleMs ?? DEFAULT_RETRY_SCHEDULE_MS,
        notificationTimeoutMs: config.notificationTimeoutMs ?? 10_000,
        sendNotificationsTwice: config.sendNotificationsTwice ?? false,
        dropFirstReply: config.dropFirstReply ?? false,
        allowedIps: config.allowedIps,
        inspection: config.inspection ?? true,
        log: config.log,
      }),
  });
  return { ...running, registrationUrl: `${running.url}${REGISTER_PATH}` };
}
