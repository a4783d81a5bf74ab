/**
 * The one dependencies object the bridge's steps share: the provider, Magento, the store (opened on first
 * use), the shop's return addresses, timings and the log.
 */
import type { MagentoCheckout } from '../magento-checkout.ts';
import type { Acknowledgement, HostedPaymentProvider } from '../provider.ts';
import type { PaymentRecord, PaymentStore } from '../store.ts';

export interface PaymentBridgeConfig {
  readonly provider: HostedPaymentProvider;
  readonly magento: MagentoCheckout;
  /** The store, or a function opening it on first use (the server starts without touching the disk). */
  readonly store: PaymentStore | (() => PaymentStore);
  /** Public URL of the shop: the provider sends the shopper back to `{siteUrl}/paid` or `/failed-payment`. */
  readonly siteUrl: string;
  /** Where the provider posts its notifications (fully qualified). */
  readonly notificationUrl: string;
  /** `{provider}` of the spec, named in the payment description. */
  readonly shopName: string;
  readonly currency?: string;
  /** How long one notification may hold a transaction while placing its order (default 2 minutes). */
  readonly leaseMs?: number;
  /** How long a repeated notification waits for the first one to finish (default 30 s). */
  readonly waitMs?: number;
  readonly log?: (message: string) => void;
}

export type Reply = { contentType: string; body: string };

/** How long a claim holds a transaction unless configured: 2 minutes. */
export const DEFAULT_LEASE_MS = 120_000;

export interface BridgeDeps {
  readonly config: PaymentBridgeConfig;
  readonly provider: HostedPaymentProvider;
  readonly magento: MagentoCheckout;
  readonly store: () => PaymentStore;
  readonly log: (message: string) => void;
  readonly currency: string;
  readonly leaseMs: number;
  readonly waitMs: number;
  readonly paidUrl: string;
  readonly failedUrl: string;
  readonly answer: (ack: Acknowledgement) => Reply;
}

export function createDeps(config: PaymentBridgeConfig): BridgeDeps {
  let opened: PaymentStore | undefined;
  return {
    config,
    provider: config.provider,
    magento: config.magento,
    store: () => (opened ??= typeof config.store === 'function' ? config.store() : config.store),
    log: config.log ?? ((message: string) => console.warn(message)),
    currency: config.currency ?? 'GBP',
    leaseMs: config.leaseMs ?? DEFAULT_LEASE_MS,
    waitMs: config.waitMs ?? 30_000,
    paidUrl: `${config.siteUrl}/paid`,
    failedUrl: `${config.siteUrl}/failed-payment`,
    answer: (ack) => config.provider.acknowledge(ack),
  };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
export const describe = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** Where the shopper goes after a final transaction. */
export const redirectFor = (deps: BridgeDeps, record: PaymentRecord): string =>
  record.state === 'PAID' ? deps.paidUrl : deps.failedUrl;
