/**
 * The outbox's table in the shared store (PostgreSQL or SQLite): one row per key, so queuing is "insert or
 * nothing" and a retried request or a second replica never queues a message twice. A sender claims the
 * oldest due row for a lease on the store's clock (`UPDATE … RETURNING`, one winner among every replica),
 * so one message goes out once while its sender lives; one killed mid-send leaves the row to come due
 * again when the lease runs out, and another sends it.
 *
 * A sent message's content (the address with it) is cleared at once: the row keeps its key only, so the
 * key still says "sent", and the row itself goes after MAIL_TIMINGS.keepDoneMs.
 */
import { randomUUID } from 'node:crypto';
import { errorMessage } from '../http/index.ts';
import type { SharedStore } from '../store/shared-store.ts';
import { parseStoredMail, storedMail } from './stored-mail.ts';
import type { OutgoingMail } from './outbox.ts';

export const MAIL_QUEUE_SCHEMA = [
  `CREATE TABLE IF NOT EXISTS mail_outbox (
    mail_key TEXT PRIMARY KEY,
    message TEXT,
    created_ms BIGINT NOT NULL,
    due_ms BIGINT NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0,
    claim TEXT,
    sent_ms BIGINT,
    failed_ms BIGINT,
    last_error TEXT
  )`,
  'CREATE INDEX IF NOT EXISTS mail_outbox_due ON mail_outbox (sent_ms, failed_ms, due_ms)',
];

/** The notification channel that wakes every replica's sender (PostgreSQL; SQLite senders poll). */
export const MAIL_CHANNEL = 'mail_outbox';

/** A row a sender holds for its lease: send it, then say how it went with the same `claim`. */
export interface ClaimedMail {
  readonly key: string;
  readonly mail: OutgoingMail;
  /** Tries so far, this one included. */
  readonly attempts: number;
  /** How long ago it was queued, by the store's clock. */
  readonly ageMs: number;
  readonly claim: string;
}

/** What saying how a send went needs: the row and the claim it was sent under. */
type Held = Pick<ClaimedMail, 'key' | 'claim'>;

type ClaimRow = {
  readonly mail_key: string;
  readonly message: string | null;
  readonly attempts: number | string;
  readonly age_ms: number | string;
  readonly claim: string;
};

/** Queues `mail` under `key` unless the key is there already (queued, sent or given up); true when queued. */
export async function insertMail(store: SharedStore, key: string, mail: OutgoingMail): Promise<boolean> {
  await store.ensure(MAIL_QUEUE_SCHEMA);
  const inserted = await store.run(
    `INSERT INTO mail_outbox (mail_key, message, created_ms, due_ms)
     VALUES (?, ?, ${store.clock}, ${store.clock}) ON CONFLICT (mail_key) DO NOTHING`,
    [key, storedMail(mail)],
  );
  return inserted > 0;
}

/**
 * The oldest due row, now this sender's for `leaseMs`; undefined when none is due. The due condition is
 * checked again on the row itself: of two senders picking the same row, the second updates nothing.
 */
export async function claimMail(store: SharedStore, leaseMs: number): Promise<ClaimedMail | undefined> {
  await store.ensure(MAIL_QUEUE_SCHEMA);
  const waiting = `sent_ms IS NULL AND failed_ms IS NULL AND due_ms <= ${store.clock}`;
  const [row] = await store.query<ClaimRow>(
    `UPDATE mail_outbox SET claim = ?, due_ms = ${store.clock} + ?, attempts = attempts + 1
     WHERE mail_key = (SELECT mail_key FROM mail_outbox WHERE ${waiting} ORDER BY due_ms, created_ms LIMIT 1)
       AND ${waiting}
     RETURNING mail_key, message, attempts, ${store.clock} - created_ms AS age_ms, claim`,
    [randomUUID(), leaseMs],
  );
  if (!row) return undefined;
  const held = {
    key: row.mail_key,
    attempts: Number(row.attempts),
    ageMs: Number(row.age_ms),
    claim: row.claim,
  };
  try {
    return { ...held, mail: parseStoredMail(row.mail_key, row.message) };
  } catch (error) {
    // Never sendable: given up at once rather than claimed again after every lease.
    await markFailed(store, held, errorMessage(error), 'give-up');
    throw error;
  }
}

/** Sent: the content goes, the key stays. */
export async function markSent(store: SharedStore, claimed: Held): Promise<void> {
  await store.run(
    `UPDATE mail_outbox SET sent_ms = ${store.clock}, claim = NULL, message = NULL, last_error = NULL
     WHERE mail_key = ? AND claim = ?`,
    [claimed.key, claimed.claim],
  );
}

/**
 * Not sent this time: due again in `delayMs`, or given up when `giveUp` (its key and error kept, its content,
 * the address with it, cleared as a sent one's is).
 */
export async function markFailed(
  store: SharedStore,
  claimed: Held,
  error: string,
  next: { readonly delayMs: number } | 'give-up',
): Promise<void> {
  const outcome =
    next === 'give-up'
      ? { set: `failed_ms = ${store.clock}, message = NULL`, params: [] }
      : { set: `due_ms = ${store.clock} + ?`, params: [next.delayMs] };
  await store.run(
    `UPDATE mail_outbox SET ${outcome.set}, claim = NULL, last_error = ? WHERE mail_key = ? AND claim = ?`,
    [...outcome.params, error.slice(0, 1000), claimed.key, claimed.claim],
  );
}

/** Milliseconds until the next message is due (0: now), or undefined when none is waiting. */
export async function nextDue(store: SharedStore): Promise<number | undefined> {
  await store.ensure(MAIL_QUEUE_SCHEMA);
  const [row] = await store.query<{ wait: number | string | null }>(
    `SELECT MIN(due_ms) - ${store.clock} AS wait FROM mail_outbox WHERE sent_ms IS NULL AND failed_ms IS NULL`,
  );
  return row?.wait === null || row?.wait === undefined ? undefined : Math.max(0, Number(row.wait));
}

/** Forgets rows sent or given up more than `keepMs` ago. */
export async function pruneMail(store: SharedStore, keepMs: number): Promise<void> {
  await store.run(`DELETE FROM mail_outbox WHERE COALESCE(sent_ms, failed_ms) < ${store.clock} - ?`, [
    keepMs,
  ]);
}

/** A row as an operator or a test sees it: where it stands. */
export interface MailState {
  readonly key: string;
  readonly state: 'queued' | 'sent' | 'failed';
  readonly attempts: number;
  readonly lastError: string | null;
}

/** Where the message queued under `key` stands; undefined when there is none. */
export async function mailState(store: SharedStore, key: string): Promise<MailState | undefined> {
  await store.ensure(MAIL_QUEUE_SCHEMA);
  const [row] = await store.query<{
    sent_ms: unknown;
    failed_ms: unknown;
    attempts: number | string;
    last_error: string | null;
  }>('SELECT sent_ms, failed_ms, attempts, last_error FROM mail_outbox WHERE mail_key = ?', [key]);
  if (!row) return undefined;
  const state = row.sent_ms !== null ? 'sent' : row.failed_ms !== null ? 'failed' : 'queued';
  return { key, state, attempts: Number(row.attempts), lastError: row.last_error };
}

/** How many messages are queued (waiting or being retried), sent, and given up, by the rule `mailState` follows. */
export type MailCounts = Readonly<Record<MailState['state'], number>>;

/** The outbox's rows by state; sent and given-up rows are kept MAIL_TIMINGS.keepDoneMs, then pruned. */
export async function countMail(store: SharedStore): Promise<MailCounts> {
  await store.ensure(MAIL_QUEUE_SCHEMA);
  const [row] = await store.query<Record<'queued' | 'sent' | 'failed', number | string | null>>(
    `SELECT SUM(CASE WHEN sent_ms IS NULL AND failed_ms IS NULL THEN 1 ELSE 0 END) AS queued,
       SUM(CASE WHEN sent_ms IS NOT NULL THEN 1 ELSE 0 END) AS sent,
       SUM(CASE WHEN sent_ms IS NULL AND failed_ms IS NOT NULL THEN 1 ELSE 0 END) AS failed
     FROM mail_outbox`,
  );
  return { queued: Number(row?.queued ?? 0), sent: Number(row?.sent ?? 0), failed: Number(row?.failed ?? 0) };
}
