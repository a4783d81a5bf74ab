/**
 * The one dependencies object the bridge's steps share: the providers, Magento, the store, the shop's
 * return addresses, timings and the log.
 */
import type { PaymentCheck } from '../checks.ts';
import type { MagentoCheckout } from '../magento-checkout.ts';
import type { PaymentMethod, PaymentProvider } from '../provider.ts';
import type { PaymentRecord, PaymentStore } from '../payment-records.ts';
import { lineLog, warnLog } from '../../http/index.ts';
import { REPLICA_TIMINGS } from '../../store/replica-timings.ts';

export interface PaymentBridgeConfig {
  /** The providers, each taking its `methods` (providers/index.ts); one per method. */
  readonly providers: readonly PaymentProvider[];
  readonly magento: MagentoCheckout;
  /** The transactions (`openPaymentStore`; config.ts opens it on first use). */
  readonly store: PaymentStore;
  /** Public URL of the shop: the provider sends the shopper back to `{siteUrl}/paid` or `/failed-payment`. */
  readonly siteUrl: string;
  /** `{provider}` of the spec, named in the payment description. */
  readonly shopName: string;
  readonly currency?: string;
  /**
   * How long a claim holds a transaction without being renewed (default REPLICA_TIMINGS.claimLeaseMs,
   * 30 s): a replica that dies while placing an order has its claim taken over this long after its last
   * renewal.
   */
  readonly leaseMs?: number;
  /** How often the placing replica renews its claim (default a third of the lease, as claimRenewMs). */
  readonly renewMs?: number;
  /**
   * How long a repeated notification waits for the one placing the order before answering 503 (default
   * REPLICA_TIMINGS.notifyWaitMs); keep it below the provider's own timeout, so the 503 is read, not a
   * timeout.
   */
  readonly waitMs?: number;
  /**
   * How long a transaction waits REGISTERED before recovery asks its provider about it (default 10
   * minutes: the shopper may still be paying; PayPal's approval webhook normally comes first).
   */
  readonly askAfterMs?: number;
  /** What features check before any money is taken, and do once the order is placed (checks.ts). */
  readonly checks?: readonly PaymentCheck[] | undefined;
  readonly log?: (message: string) => void;
}

export interface BridgeDeps {
  readonly config: PaymentBridgeConfig;
  /** The provider taking `method`, or undefined when none does. */
  readonly providerFor: (method: PaymentMethod) => PaymentProvider | undefined;
  readonly magento: MagentoCheckout;
  readonly store: PaymentStore;
  readonly log: (message: string) => void;
  readonly currency: string;
  readonly leaseMs: number;
  readonly renewMs: number;
  readonly waitMs: number;
  readonly askAfterMs: number;
  readonly paidUrl: string;
  readonly failedUrl: string;
  /** The payment step, where a shopper chooses again. */
  readonly paymentUrl: string;
  readonly checks: readonly PaymentCheck[];
}

export function createDeps(config: PaymentBridgeConfig): BridgeDeps {
  const { claimLeaseMs, claimRenewMs, notifyWaitMs } = REPLICA_TIMINGS;
  const leaseMs = config.leaseMs ?? claimLeaseMs;
  return {
    config,
    providerFor: (method) => config.providers.find((provider) => provider.methods.includes(method)),
    magento: config.magento,
    store: config.store,
    // One line per message: webhooks and returns carry what their senders typed.
    log: config.log ? lineLog(config.log) : warnLog,
    currency: config.currency ?? 'GBP',
    leaseMs,
    // A lease given without its renewal is renewed at the defaults' ratio (a third).
    renewMs: config.renewMs ?? Math.round((leaseMs * claimRenewMs) / claimLeaseMs),
    waitMs: config.waitMs ?? notifyWaitMs,
    askAfterMs: config.askAfterMs ?? 10 * 60_000,
    paidUrl: `${config.siteUrl}/paid`,
    failedUrl: `${config.siteUrl}/failed-payment`,
    paymentUrl: `${config.siteUrl}/basket/shipping/payment`,
    checks: config.checks ?? [],
  };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
export const describe = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** Where the shopper goes after a final transaction. */
export const redirectFor = (deps: BridgeDeps, record: PaymentRecord): string =>
  record.state === 'PAID' ? deps.paidUrl : deps.failedUrl;

export { OutcomeUnknownError } from '../provider.ts';
