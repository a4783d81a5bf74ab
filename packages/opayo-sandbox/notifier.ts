/**
 * Delivers a completed transaction's signed notification to its NotificationURL, server to server, as
 * `SagePay-Notifier/1.0` (§3.1), records every POST with the reply, and decides what follows (§4.2–4.3):
 * a valid answer settles or voids; no answer schedules the next retry, until the schedule runs out. One
 * delivery per transaction runs at a time: a retry that falls due while the shopper's is running joins it.
 * The two test switches of §8.4 live here: send each notification twice, and ignore the first reply.
 */
import type { DeliveryTrigger, SandboxStore, TransactionRecord } from './db.ts';
import { readReply, type ReplyReading } from './notification.ts';

export interface NotifierOptions {
  readonly store: SandboxStore;
  /** Delay before each retry after an unanswered delivery, in ms; when it runs out the sandbox gives up. */
  readonly retryScheduleMs: readonly number[];
  /** How long to wait for the vendor's reply. */
  readonly timeoutMs: number;
  readonly sendTwice: boolean;
  readonly dropFirstReply: boolean;
  readonly now: () => number;
  readonly log?: ((message: string) => void) | undefined;
}

export type DeliveryResult =
  | { readonly answered: true; readonly status: string; readonly redirectUrl: string }
  | { readonly answered: false; readonly problem: string };

interface Post {
  readonly sentAt: number;
  readonly httpStatus?: number;
  readonly reply?: string;
  readonly reading: ReplyReading;
}

/** Replies are kept for inspection; a vendor that answers with a whole web page gets it cut short. */
const KEPT_REPLY_CHARS = 4000;
const USER_AGENT = 'SagePay-Notifier/1.0';

function describeFailure(error: unknown): string {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return `no answer: ${error.name === 'TimeoutError' ? 'timed out' : 'sandbox stopping'}`;
  }
  const cause = error instanceof Error ? error.cause : undefined;
  const code = cause instanceof Error ? ('code' in cause ? cause.code : cause.message) : undefined;
  return `no answer: ${String(code ?? (error instanceof Error ? error.message : error))}`;
}

export interface Notifier {
  /** Sends the transaction's pending notification (or joins the delivery already running). */
  deliver(vpsTxId: string, trigger: 'shopper' | 'retry' | 'monitor'): Promise<DeliveryResult>;
  /** Aborts running deliveries and waits for them; what they had not finished stays due. */
  close(): Promise<void>;
}

/** One POST of the notification; never throws: a failure is a reading without an answer. */
async function post(
  options: NotifierOptions,
  stopping: AbortSignal,
  tx: TransactionRecord,
  body: string,
): Promise<Post> {
  const sentAt = options.now();
  try {
    const response = await fetch(tx.notificationUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'User-Agent': USER_AGENT },
      body,
      redirect: 'manual',
      signal: AbortSignal.any([stopping, AbortSignal.timeout(options.timeoutMs)]),
    });
    const reply = await response.text();
    return {
      sentAt,
      httpStatus: response.status,
      reply: reply.slice(0, KEPT_REPLY_CHARS),
      reading: readReply(response.status, reply),
    };
  } catch (error) {
    return { sentAt, reading: { answered: false, problem: describeFailure(error) } };
  }
}

/** Keeps one send in the delivery log, and says what came of it. */
function record(
  options: NotifierOptions,
  tx: TransactionRecord,
  sent: Post,
  trigger: DeliveryTrigger,
  dropped: boolean,
): void {
  const { reading } = sent;
  options.store.addDelivery(tx.vpsTxId, {
    sentAt: sent.sentAt,
    trigger,
    httpStatus: sent.httpStatus,
    reply: sent.reply,
    outcome: dropped ? 'dropped' : reading.answered ? 'answered' : 'not-answered',
    problem: dropped
      ? 'reply ignored (drop-first-reply switch)'
      : reading.answered
        ? undefined
        : reading.problem,
    replyStatus: reading.answered ? reading.status : undefined,
    redirectUrl: reading.answered ? reading.redirectUrl : undefined,
  });
  options.log?.(
    `Notification ${tx.vpsTxId} (${tx.vendorTxCode}, ${trigger}) → ${dropped ? 'dropped' : reading.answered ? `${reading.status} ${reading.redirectUrl}` : reading.problem}`,
  );
}

export function createNotifier(options: NotifierOptions): Notifier {
  const { store } = options;
  const running = new Map<string, Promise<DeliveryResult>>();
  const stopping = new AbortController();

  async function run(vpsTxId: string, trigger: 'shopper' | 'retry' | 'monitor'): Promise<DeliveryResult> {
    const tx = store.get(vpsTxId);
    if (!tx?.notification) return { answered: false, problem: 'nothing to notify' };
    if (tx.notifyState === 'answered' && tx.redirectUrl && tx.replyStatus) {
      return { answered: true, status: tx.replyStatus, redirectUrl: tx.redirectUrl };
    }
    if (tx.notifyState !== 'pending') return { answered: false, problem: `notification ${tx.notifyState}` };
    const body = new URLSearchParams(tx.notification).toString();

    // After a dropped reply the gateway "did not get" an answer and sends again at once.
    const sends: { trigger: DeliveryTrigger; dropped: boolean }[] =
      options.dropFirstReply && store.deliveries(vpsTxId).length === 0
        ? [
            { trigger, dropped: true },
            { trigger: 'retry', dropped: false },
          ]
        : [{ trigger, dropped: false }];
    if (options.sendTwice) sends.push({ trigger: 'duplicate', dropped: false });

    let answer: DeliveryResult | undefined;
    let problem = 'no answer';
    for (const send of sends) {
      const sent = await post(options, stopping.signal, tx, body);
      if (stopping.signal.aborted) return { answered: false, problem: 'sandbox stopping' };
      record(options, tx, sent, send.trigger, send.dropped);
      if (send.dropped) continue;
      if (sent.reading.answered) {
        answer = { answered: true, status: sent.reading.status, redirectUrl: sent.reading.redirectUrl };
      } else {
        problem = sent.reading.problem;
      }
    }

    if (answer?.answered) {
      store.answered(vpsTxId, answer.status, answer.redirectUrl);
      return answer;
    }
    const delay = options.retryScheduleMs[tx.notifyRetries];
    if (delay === undefined) {
      store.giveUp(vpsTxId);
      options.log?.(`Notification ${vpsTxId}: no answer after ${tx.notifyRetries} retries; giving up`);
    } else {
      store.scheduleRetry(vpsTxId, options.now() + delay);
    }
    return { answered: false, problem };
  }

  return {
    deliver(vpsTxId, trigger) {
      const current = running.get(vpsTxId);
      if (current) return current;
      const delivery = run(vpsTxId, trigger).finally(() => running.delete(vpsTxId));
      running.set(vpsTxId, delivery);
      return delivery;
    },
    async close() {
      stopping.abort();
      await Promise.allSettled(running.values());
    },
  };
}
