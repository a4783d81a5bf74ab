/**
 * Posts each webhook event to the shop's listener, signed as PayPal signs (PAYPAL-TRANSMISSION-ID,
 * -TIME, -SIG, PAYPAL-CERT-URL, PAYPAL-AUTH-ALGO), and retries on anything but a 2xx on the retry
 * schedule until it runs out (PayPal: up to 25 times over 3 days). One delivery per event runs at a time.
 * Paused, nothing is posted and due events wait: the tests' "PayPal is slow to tell the shop".
 */
import type { PayPalStore } from './db.ts';
import { newTransmissionId } from './ids.ts';
import { AUTH_ALGO, CERTS_PATH, type WebhookSigner } from './signing.ts';

export interface DeliveryOptions {
  readonly store: PayPalStore;
  readonly signer: WebhookSigner;
  readonly baseUrl: string;
  /** Where events are posted; unset keeps them undelivered (shown in the inspection). */
  readonly webhookUrl?: string | undefined;
  readonly webhookId: string;
  /** Delay before each retry after a failed delivery; after the last the event is failed. */
  readonly retryScheduleMs: readonly number[];
  readonly timeoutMs: number;
  readonly now: () => number;
  readonly log?: ((message: string) => void) | undefined;
}

export interface Deliveries {
  /** Posts a pending event now (or joins its delivery in flight), unless paused. */
  deliver(eventId: string): Promise<void>;
  /** Posts every event that is due. */
  runDue(): Promise<void>;
  pause(): void;
  resume(): Promise<void>;
  readonly paused: boolean;
  close(): Promise<void>;
}

function describeFailure(error: unknown): string {
  if (error instanceof Error && error.name === 'TimeoutError') return 'no answer: timed out';
  const cause = error instanceof Error ? error.cause : undefined;
  const code = cause instanceof Error ? ('code' in cause ? cause.code : cause.message) : undefined;
  return `no answer: ${String(code ?? (error instanceof Error ? error.message : error))}`;
}

export function createDeliveries(options: DeliveryOptions): Deliveries {
  const { store } = options;
  const running = new Map<string, Promise<void>>();
  const stopping = new AbortController();
  let paused = false;

  async function post(eventId: string): Promise<void> {
    const event = store.events.event(eventId);
    if (event?.state !== 'pending' || !options.webhookUrl) return;
    const transmissionId = newTransmissionId();
    const time = new Date(options.now()).toISOString().replace(/\.\d{3}Z$/, 'Z');
    let status: number | undefined;
    let problem: string | undefined;
    try {
      const response = await fetch(options.webhookUrl, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'User-Agent': 'PayPal/AUHD-214.0-sandbox',
          'PAYPAL-TRANSMISSION-ID': transmissionId,
          'PAYPAL-TRANSMISSION-TIME': time,
          'PAYPAL-TRANSMISSION-SIG': options.signer.sign(transmissionId, time, options.webhookId, event.body),
          'PAYPAL-CERT-URL': `${options.baseUrl}${CERTS_PATH}/${options.signer.certName}`,
          'PAYPAL-AUTH-ALGO': AUTH_ALGO,
        },
        body: event.body,
        redirect: 'manual',
        signal: AbortSignal.any([stopping.signal, AbortSignal.timeout(options.timeoutMs)]),
      });
      await response.body?.cancel();
      status = response.status;
      if (!response.ok) problem = `HTTP ${response.status}`;
    } catch (error) {
      if (stopping.signal.aborted) return;
      problem = describeFailure(error);
    }
    const now = options.now();
    if (problem === undefined) {
      store.events.recordAttempt(eventId, { state: 'delivered', ...(status ? { status } : {}) }, now);
      options.log?.(`Webhook ${event.eventType} ${eventId} → ${status}`);
      return;
    }
    const delay = options.retryScheduleMs[event.attempts];
    store.events.recordAttempt(
      eventId,
      {
        state: delay === undefined ? 'failed' : 'pending',
        ...(delay === undefined ? {} : { nextAt: now + delay }),
        ...(status ? { status } : {}),
        problem,
      },
      now,
    );
    options.log?.(
      `Webhook ${event.eventType} ${eventId}: ${problem}${delay === undefined ? '; giving up' : ''}`,
    );
  }

  const deliver = (eventId: string): Promise<void> => {
    if (paused || stopping.signal.aborted) return Promise.resolve();
    const current = running.get(eventId);
    if (current) return current;
    const delivery = post(eventId).finally(() => running.delete(eventId));
    running.set(eventId, delivery);
    return delivery;
  };

  const runDue = async (): Promise<void> => {
    if (paused) return;
    await Promise.all(store.events.dueEvents(options.now()).map(deliver));
  };

  return {
    deliver,
    runDue,
    pause: () => void (paused = true),
    async resume() {
      paused = false;
      await runDue();
    },
    get paused() {
      return paused;
    },
    async close() {
      stopping.abort();
      await Promise.allSettled(running.values());
    },
  };
}
