/**
 * Posts each webhook event to the shop's listener, signed as PayPal signs (PAYPAL-TRANSMISSION-ID,
 * -TIME, -SIG, PAYPAL-CERT-URL, PAYPAL-AUTH-ALGO), and retries on anything but a 2xx on the retry
 * schedule until it runs out (PayPal: up to 25 times over 3 days). One delivery per event runs at a time.
 * Paused, nothing is posted and due events wait: the tests' "PayPal is slow to tell the shop".
 */
import type { EventRecord, PayPalStore } from './db.ts';
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

interface Sent {
  readonly status?: number;
  /** Why it counts as not delivered; undefined for a 2xx. */
  readonly problem?: string;
}

/** One signed POST of the event's stored body; never throws. Undefined when the sandbox is stopping. */
async function send(
  options: DeliveryOptions,
  stopping: AbortSignal,
  event: EventRecord,
  url: string,
): Promise<Sent | undefined> {
  const transmissionId = newTransmissionId();
  const time = new Date(options.now()).toISOString().replace(/\.\d{3}Z$/, 'Z');
  try {
    const response = await fetch(url, {
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
      signal: AbortSignal.any([stopping, AbortSignal.timeout(options.timeoutMs)]),
    });
    await response.body?.cancel();
    return response.ok
      ? { status: response.status }
      : { status: response.status, problem: `HTTP ${response.status}` };
  } catch (error) {
    return stopping.aborted ? undefined : { problem: describeFailure(error) };
  }
}

/** Keeps the attempt: delivered, or the next try on the schedule, or failed once it runs out. */
function record(options: DeliveryOptions, event: EventRecord, sent: Sent): void {
  const now = options.now();
  const status = sent.status === undefined ? {} : { status: sent.status };
  if (sent.problem === undefined) {
    options.store.events.recordAttempt(event.id, { state: 'delivered', ...status }, now);
    options.log?.(`Webhook ${event.eventType} ${event.id} → ${sent.status}`);
    return;
  }
  const delay = options.retryScheduleMs[event.attempts];
  const next =
    delay === undefined
      ? ({ state: 'failed' } as const)
      : ({ state: 'pending', nextAt: now + delay } as const);
  options.store.events.recordAttempt(event.id, { ...next, ...status, problem: sent.problem }, now);
  options.log?.(
    `Webhook ${event.eventType} ${event.id}: ${sent.problem}${delay === undefined ? '; giving up' : ''}`,
  );
}

export function createDeliveries(options: DeliveryOptions): Deliveries {
  const { store } = options;
  const running = new Map<string, Promise<void>>();
  const stopping = new AbortController();
  let paused = false;

  async function post(eventId: string): Promise<void> {
    const event = store.events.event(eventId);
    if (event?.state !== 'pending' || !options.webhookUrl) return;
    const sent = await send(options, stopping.signal, event, options.webhookUrl);
    if (sent) record(options, event, sent);
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
