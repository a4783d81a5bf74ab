/**
 * Starts the PayPal sandbox: opens its SQLite file, listens, and runs the webhook retry clock on a timer.
 * Kept apart from the app so tests start it on a throwaway file and a free port, with a compressed clock.
 */
import { startSandboxServer } from '@cleaning-shop/kit/sandbox-server.ts';
import { createPayPalSandbox, type PayPalSandboxApp } from './app.ts';
import { PayPalStore } from './db.ts';

const MINUTE = 60_000;

/** PayPal retries a webhook up to 25 times over 3 days; the same 25 tries, compressed into hours. */
export const DEFAULT_WEBHOOK_RETRY_MS: readonly number[] = [
  5_000,
  15_000,
  30_000,
  MINUTE,
  2 * MINUTE,
  5 * MINUTE,
  10 * MINUTE,
  15 * MINUTE,
  30 * MINUTE,
  ...Array<number>(16).fill(60 * MINUTE),
];

/** PayPal's default: 3 hours to approve an order, then 3 hours to capture it. */
export const DEFAULT_ORDER_TTL_MS = 3 * 60 * MINUTE;
/** PayPal's access tokens last about nine hours. */
export const DEFAULT_TOKEN_TTL_S = 32_400;

export interface PayPalSandboxConfig {
  readonly host: string;
  /** 0 picks a free port. */
  readonly port: number;
  /** SQLite file: orders, captures, tokens, the signing key and webhook deliveries survive a restart. */
  readonly dbFile: string;
  /** The one REST app it accepts (the shop's, as registered in PayPal's dashboard), and its webhook's id. */
  readonly clientId: string;
  readonly clientSecret: string;
  readonly webhookId: string;
  /** The shop's webhook listener; unset keeps events queued (see `/sandbox/webhooks`). */
  readonly webhookUrl?: string | undefined;
  /** Default ['GBP']. */
  readonly currencies?: readonly string[];
  /** Default DEFAULT_ORDER_TTL_MS. */
  readonly orderTtlMs?: number;
  /** Default DEFAULT_TOKEN_TTL_S. */
  readonly tokenTtlS?: number;
  /** Default DEFAULT_WEBHOOK_RETRY_MS. */
  readonly retryScheduleMs?: readonly number[];
  /** How long a webhook delivery waits for the shop. Default 10 s. */
  readonly webhookTimeoutMs?: number;
  /** How often the retry clock looks for due deliveries. Default 1 s. */
  readonly tickMs?: number;
  /** Base URL the shop and browsers reach the sandbox at, when not `http://{host}:{port}`. */
  readonly publicUrl?: string | undefined;
  readonly log?: ((message: string) => void) | undefined;
}

export interface RunningPayPalSandbox {
  /** Base URL, e.g. `http://127.0.0.1:8091`: the REST host the shop calls. */
  readonly url: string;
  readonly app: PayPalSandboxApp;
  close(): Promise<void>;
}

export async function startPayPalSandbox(config: PayPalSandboxConfig): Promise<RunningPayPalSandbox> {
  const store = new PayPalStore(config.dbFile);
  return startSandboxServer({
    name: 'PayPal sandbox',
    host: config.host,
    port: config.port,
    publicUrl: config.publicUrl,
    tickMs: config.tickMs ?? 1000,
    log: config.log,
    closeLast: () => store.close(),
    app: (url) =>
      createPayPalSandbox({
        store,
        baseUrl: url,
        clientId: config.clientId,
        clientSecret: config.clientSecret,
        webhookId: config.webhookId,
        webhookUrl: config.webhookUrl,
        currencies: config.currencies ?? ['GBP'],
        orderTtlMs: config.orderTtlMs ?? DEFAULT_ORDER_TTL_MS,
        tokenTtlS: config.tokenTtlS ?? DEFAULT_TOKEN_TTL_S,
        retryScheduleMs: config.retryScheduleMs ?? DEFAULT_WEBHOOK_RETRY_MS,
        webhookTimeoutMs: config.webhookTimeoutMs ?? 10_000,
        log: config.log,
      }),
  });
}
