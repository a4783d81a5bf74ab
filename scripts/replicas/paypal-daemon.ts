/**
 * The PayPal sandbox as the topology runs it (one daemon for both replicas, its webhooks to the HAProxy
 * front), what the replicas are told to reach it, and its webhook switches: apart from the scenario's
 * helpers (paypal.ts), so the topology imports nothing that imports it.
 */
import { join } from 'node:path';
import { z } from 'zod';
import { http, json } from './http.ts';
import { HOST, PORTS } from './ports.ts';
import { Daemon, type PidBook } from './proc.ts';

export interface PayPalDaemonOptions {
  readonly root: string;
  readonly logDir: string;
  readonly dbFile: string;
  /** The shop's public URL (Varnish): where the approval page sends the shopper back. */
  readonly siteUrl: string;
  /** Where webhooks go, as PAYMENT_NOTIFICATION_BASE_URL: the HAProxy front. */
  readonly notifyBaseUrl: string;
  readonly base: NodeJS.ProcessEnv;
  readonly book: PidBook;
}

/** The sandbox's daemon, with the compressed retry clock of `paypal-sandbox.ts`. */
export const payPalSandboxDaemon = (options: PayPalDaemonOptions): Daemon =>
  new Daemon(
    {
      name: 'paypal-sandbox',
      command: process.execPath,
      args: ['scripts/replicas/paypal-sandbox.ts'],
      env: {
        ...options.base,
        PAYPAL_SANDBOX_HOST: HOST,
        PAYPAL_SANDBOX_PORT: String(PORTS.paypal),
        PAYPAL_SANDBOX_DB: options.dbFile,
        SITE_URL: options.siteUrl,
        PAYMENT_NOTIFICATION_BASE_URL: options.notifyBaseUrl,
      },
      cwd: options.root,
      logFile: join(options.logDir, 'paypal-sandbox.log'),
    },
    options.book,
  );

/** What the replicas are told, as `startShop` tells the shop: no PayPal app, so the embedded sandbox's. */
export const payPalShopEnvironment = (): NodeJS.ProcessEnv => ({
  PAYPAL_SANDBOX_HOST: HOST,
  PAYPAL_SANDBOX_PORT: String(PORTS.paypal),
});

const webhooksSchema = z.object({
  paused: z.boolean(),
  events: z.array(
    z.object({
      id: z.string(),
      eventType: z.string(),
      resourceId: z.string(),
      state: z.string(),
      attempts: z.number(),
      lastStatus: z.number().nullable(),
    }),
  ),
});
export type SandboxWebhooks = z.infer<typeof webhooksSchema>;

export async function sandboxWebhooks(payPalUrl: string): Promise<SandboxWebhooks> {
  const reply = await http(`${payPalUrl}/sandbox/webhooks`, { timeoutMs: 10_000 });
  if (reply.status !== 200) throw new Error(`The PayPal sandbox's webhooks answered ${reply.status}`);
  return webhooksSchema.parse(json(reply));
}

/** Holds webhook deliveries back (`pause`) or lets them go, the due ones at once (`resume`). */
export async function switchWebhooks(payPalUrl: string, to: 'pause' | 'resume'): Promise<void> {
  const reply = await http(`${payPalUrl}/sandbox/webhooks/${to}`, { method: 'POST', timeoutMs: 10_000 });
  if (reply.status !== 200) throw new Error(`The PayPal sandbox's webhooks/${to} answered ${reply.status}`);
}
