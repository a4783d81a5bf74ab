/**
 * The sender: drains the outbox's table (queue.ts) over a MailTransport. Every replica runs one; each
 * message is claimed by one of them for a lease, sent, and marked sent. A failure (the SMTP server down,
 * a refusal) is logged in one line and the message is due again after a growing delay, 30 s doubling to
 * an hour; a message still unsent a day after it was queued is given up, logged, and kept with its error.
 *
 * It wakes at once for a message queued in this process, on a notification from another replica
 * (PostgreSQL's LISTEN), when a retry comes due, and every `pollMs` (SQLite has no notifications across
 * processes, so it polls briefly; PostgreSQL's senders poll rarely, for what a dead replica left).
 */
import { errorMessage } from '../http/index.ts';
import { doublingDelay, oneDrainAtATime, startDrainLoop } from '../store/drain-loop.ts';
import type { SharedStore } from '../store/shared-store.ts';
import {
  claimMail,
  MAIL_CHANNEL,
  markFailed,
  markSent,
  nextDue,
  pruneMail,
  type ClaimedMail,
} from './queue.ts';
import type { MailTransport } from './smtp.ts';

/** The sender's timings; tests pass their own. */
export const MAIL_TIMINGS = Object.freeze({
  /** How long a claimed message is its sender's: longer than the transport's timeouts allow a send. */
  leaseMs: 2 * 60_000,
  retryFirstMs: 30_000,
  retryMaxMs: 60 * 60_000,
  /** Unsent this long after it was queued: given up. */
  giveUpAfterMs: 24 * 60 * 60_000,
  /** How often an SQLite store is looked at for messages another process queued. */
  sqlitePollMs: 1_000,
  /** How often a PostgreSQL store is (notifications wake its senders at once). */
  postgresPollMs: 30_000,
  /** How long a sent or given-up row (its key only, or its error) is kept. */
  keepDoneMs: 30 * 24 * 60 * 60_000,
});

/** 30 s, 1 min, 2 min … up to an hour. */
export const defaultMailRetryDelay = doublingDelay(MAIL_TIMINGS.retryFirstMs, MAIL_TIMINGS.retryMaxMs);

export interface OutboxSenderOptions {
  readonly store: SharedStore;
  readonly transport: MailTransport;
  readonly log?: (message: string) => void;
  readonly leaseMs?: number;
  /** Delay before the next try after `attempts` failures (default `defaultMailRetryDelay`). */
  readonly retryDelayMs?: (attempts: number) => number;
  readonly giveUpAfterMs?: number;
  /** Default by the store: MAIL_TIMINGS.sqlitePollMs or postgresPollMs. */
  readonly pollMs?: number;
}

interface SenderState {
  readonly store: SharedStore;
  readonly transport: MailTransport;
  readonly log: (message: string) => void;
  readonly leaseMs: number;
  readonly retryDelay: (attempts: number) => number;
  readonly giveUpAfterMs: number;
}

const seconds = (ms: number): string =>
  ms >= 60_000 ? `${Math.round(ms / 60_000)} min` : `${Math.ceil(ms / 1000)} s`;

/** Sends one claimed message and says how it went: true when it went. */
async function sendOne(state: SenderState, claimed: ClaimedMail): Promise<boolean> {
  const { store, log } = state;
  try {
    await state.transport.send(claimed.key, claimed.mail);
  } catch (error) {
    // One line in the log, however the server put it.
    const said = errorMessage(error).replace(/\s+/g, ' ').trim();
    const delayMs = state.retryDelay(claimed.attempts);
    if (claimed.ageMs + delayMs > state.giveUpAfterMs) {
      log(
        `E-mail ${claimed.key} given up after ${claimed.attempts} tries over ${seconds(claimed.ageMs)}: ${said}`,
      );
      await markFailed(store, claimed, said, 'give-up');
    } else {
      log(`E-mail ${claimed.key} not sent (try ${claimed.attempts}), again in ${seconds(delayMs)}: ${said}`);
      await markFailed(store, claimed, said, { delayMs });
    }
    return false;
  }
  await markSent(store, claimed);
  return true;
}

/**
 * Sends what is due until none is, or until a send fails: the server is likely down for the rest too, and
 * the next round comes when the next retry is due.
 */
async function drainOnce(state: SenderState): Promise<void> {
  for (let claimed = await claimMail(state.store, state.leaseMs); claimed;) {
    if (!(await sendOne(state, claimed))) return;
    claimed = await claimMail(state.store, state.leaseMs);
  }
  await pruneMail(state.store, MAIL_TIMINGS.keepDoneMs);
}

export interface OutboxSender {
  /** Sends every message that is due, until none is or one fails; resolves when done. */
  drain(): Promise<void>;
}

/** The sender without a timer: `startOutboxSender` runs it, tests call `drain` themselves. */
export function createOutboxSender(options: OutboxSenderOptions): OutboxSender {
  const state: SenderState = {
    store: options.store,
    transport: options.transport,
    log: options.log ?? ((message: string) => console.warn(message)),
    leaseMs: options.leaseMs ?? MAIL_TIMINGS.leaseMs,
    retryDelay: options.retryDelayMs ?? defaultMailRetryDelay,
    giveUpAfterMs: options.giveUpAfterMs ?? MAIL_TIMINGS.giveUpAfterMs,
  };
  return { drain: oneDrainAtATime(() => drainOnce(state)) };
}

export interface RunningOutboxSender extends OutboxSender {
  /** Looks at once (a message was queued). */
  wake(): void;
  /** Stops looking, waits for a send under way, and closes the transport. */
  close(): Promise<void>;
}

/** Drains now, on every wake and notification, when a retry is due and every `pollMs`, until closed. */
export function startOutboxSender(options: OutboxSenderOptions): RunningOutboxSender {
  const { store } = options;
  const log = options.log ?? ((message: string) => console.warn(message));
  const pollMs =
    options.pollMs ?? (store.dialect === 'sqlite' ? MAIL_TIMINGS.sqlitePollMs : MAIL_TIMINGS.postgresPollMs);
  const sender = createOutboxSender({ ...options, log });
  const loop = startDrainLoop({
    drain: () => sender.drain(),
    nextDue: () => nextDue(store),
    pollMs,
    onError: (error) => log(`E-mail: the outbox could not be read: ${errorMessage(error)}`),
  });
  const listening = store
    .listen(MAIL_CHANNEL, () => loop.wake())
    .catch((error: unknown) => {
      log(`E-mail: not listening for other replicas' messages (polling instead): ${errorMessage(error)}`);
      return () => Promise.resolve();
    });

  return {
    drain: () => sender.drain(),
    wake: () => loop.wake(),
    async close() {
      // The store may be closing too: stopping the LISTEN then fails, and nothing is left to stop.
      await (await listening)().catch(() => undefined);
      await loop.close();
      options.transport.close();
    },
  };
}
