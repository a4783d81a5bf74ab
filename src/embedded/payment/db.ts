/**
 * The sandbox's storage: one SQLite file (node:sqlite), the single source of truth for transactions, their
 * signed notification and every delivery attempt, so a restart keeps them all and carries on retrying.
 * State changes are conditional updates (`WHERE status = 'REGISTERED'`), so a double-clicked "Pay now"
 * or a card payment racing the Transaction Monitor completes a transaction once.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync, type SQLInputValue } from 'node:sqlite';
import { z } from 'zod';
import type { FinalStatus, TxStatus } from './authorise.ts';
import type { Fields } from './registration.ts';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS transactions (
  vps_tx_id TEXT PRIMARY KEY,
  vendor TEXT NOT NULL,
  vendor_tx_code TEXT NOT NULL,
  security_key TEXT NOT NULL,
  amount_pence INTEGER NOT NULL,
  currency TEXT NOT NULL,
  description TEXT NOT NULL,
  notification_url TEXT NOT NULL,
  fields TEXT NOT NULL,
  status TEXT NOT NULL,
  status_detail TEXT NOT NULL,
  failed_attempts INTEGER NOT NULL DEFAULT 0,
  challenge TEXT,
  notification TEXT,
  settlement TEXT,
  notify_state TEXT NOT NULL DEFAULT 'none',
  notify_retries INTEGER NOT NULL DEFAULT 0,
  next_notify_at INTEGER,
  reply_status TEXT,
  redirect_url TEXT,
  registered_at INTEGER NOT NULL,
  completed_at INTEGER
);
CREATE INDEX IF NOT EXISTS transactions_code ON transactions (vendor_tx_code COLLATE NOCASE, registered_at);
CREATE INDEX IF NOT EXISTS transactions_open ON transactions (status, registered_at);
CREATE INDEX IF NOT EXISTS transactions_due ON transactions (notify_state, next_notify_at);

CREATE TABLE IF NOT EXISTS deliveries (
  id INTEGER PRIMARY KEY,
  vps_tx_id TEXT NOT NULL REFERENCES transactions (vps_tx_id),
  sent_at INTEGER NOT NULL,
  trigger TEXT NOT NULL,
  http_status INTEGER,
  reply TEXT,
  outcome TEXT NOT NULL,
  problem TEXT,
  reply_status TEXT,
  redirect_url TEXT
);
CREATE INDEX IF NOT EXISTS deliveries_tx ON deliveries (vps_tx_id, id);
`;

/** Settlement of an authorised payment: only an OK reply to its OK notification settles it (§4.2, KIT). */
export type Settlement = 'pending' | 'settled' | 'void';
/** none: nothing to send yet; pending: waiting for an answer; answered; failed: retries ran out. */
export type NotifyState = 'none' | 'pending' | 'answered' | 'failed';
/** Why a notification was posted: the shopper's payment, a scheduled retry, the Transaction Monitor's ABORT, or the duplicate switch. */
export type DeliveryTrigger = 'shopper' | 'retry' | 'monitor' | 'duplicate';
/** answered: a valid reply; not-answered: none or an unusable one; dropped: read and ignored (the drop-first-reply switch). */
export type DeliveryOutcome = 'answered' | 'not-answered' | 'dropped';

const stringRecord = z.record(z.string(), z.string());
const challengeSchema = z.object({ number: z.string(), expiry: z.string(), cardHolder: z.string() });
/** A card waiting for its 3-D Secure challenge to be answered. */
export type PendingChallenge = z.infer<typeof challengeSchema>;

export interface TransactionRecord {
  readonly vpsTxId: string;
  readonly vendor: string;
  readonly vendorTxCode: string;
  readonly securityKey: string;
  readonly amountPence: number;
  readonly currency: string;
  readonly description: string;
  readonly notificationUrl: string;
  readonly fields: Fields;
  readonly status: TxStatus;
  readonly statusDetail: string;
  readonly failedAttempts: number;
  readonly challenge: PendingChallenge | undefined;
  /** The signed notification body, fixed when the transaction completes. */
  readonly notification: Readonly<Record<string, string>> | undefined;
  readonly settlement: Settlement | undefined;
  readonly notifyState: NotifyState;
  readonly notifyRetries: number;
  readonly nextNotifyAt: number | undefined;
  readonly replyStatus: string | undefined;
  readonly redirectUrl: string | undefined;
  readonly registeredAt: number;
  readonly completedAt: number | undefined;
}

export interface DeliveryRecord {
  readonly id: number;
  readonly sentAt: number;
  readonly trigger: DeliveryTrigger;
  readonly httpStatus: number | undefined;
  readonly reply: string | undefined;
  readonly outcome: DeliveryOutcome;
  readonly problem: string | undefined;
  readonly replyStatus: string | undefined;
  readonly redirectUrl: string | undefined;
}

export type NewTransaction = Pick<
  TransactionRecord,
  | 'vpsTxId'
  | 'vendor'
  | 'vendorTxCode'
  | 'securityKey'
  | 'amountPence'
  | 'currency'
  | 'description'
  | 'notificationUrl'
  | 'fields'
  | 'registeredAt'
>;

type Row = Record<string, SQLInputValue>;

const text = (value: SQLInputValue | undefined): string | undefined =>
  value === null || value === undefined ? undefined : String(value);
const num = (value: SQLInputValue | undefined): number | undefined =>
  value === null || value === undefined ? undefined : Number(value);
const json = <T>(value: SQLInputValue | undefined, schema: z.ZodType<T>): T | undefined =>
  value === null || value === undefined ? undefined : schema.parse(JSON.parse(String(value)));

function toTransaction(row: Row): TransactionRecord {
  return {
    vpsTxId: String(row['vps_tx_id']),
    vendor: String(row['vendor']),
    vendorTxCode: String(row['vendor_tx_code']),
    securityKey: String(row['security_key']),
    amountPence: Number(row['amount_pence']),
    currency: String(row['currency']),
    description: String(row['description']),
    notificationUrl: String(row['notification_url']),
    fields: json(row['fields'], stringRecord) ?? {},
    status: z.enum(['REGISTERED', 'OK', 'NOTAUTHED', 'REJECTED', 'ABORT', 'ERROR']).parse(row['status']),
    statusDetail: String(row['status_detail']),
    failedAttempts: Number(row['failed_attempts']),
    challenge: json(row['challenge'], challengeSchema),
    notification: json(row['notification'], stringRecord),
    settlement: z.enum(['pending', 'settled', 'void']).optional().parse(text(row['settlement'])),
    notifyState: z.enum(['none', 'pending', 'answered', 'failed']).parse(row['notify_state']),
    notifyRetries: Number(row['notify_retries']),
    nextNotifyAt: num(row['next_notify_at']),
    replyStatus: text(row['reply_status']),
    redirectUrl: text(row['redirect_url']),
    registeredAt: Number(row['registered_at']),
    completedAt: num(row['completed_at']),
  };
}

function toDelivery(row: Row): DeliveryRecord {
  return {
    id: Number(row['id']),
    sentAt: Number(row['sent_at']),
    trigger: z.enum(['shopper', 'retry', 'monitor', 'duplicate']).parse(row['trigger']),
    httpStatus: num(row['http_status']),
    reply: text(row['reply']),
    outcome: z.enum(['answered', 'not-answered', 'dropped']).parse(row['outcome']),
    problem: text(row['problem']),
    replyStatus: text(row['reply_status']),
    redirectUrl: text(row['redirect_url']),
  };
}

export class SandboxStore {
  readonly #db: DatabaseSync;

  constructor(file: string) {
    if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
    this.#db = new DatabaseSync(file);
    this.#db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON;');
    this.#db.exec(SCHEMA);
  }

  #get(sql: string, ...params: SQLInputValue[]): Row | undefined {
    return this.#db.prepare(sql).get(...params);
  }

  #all(sql: string, ...params: SQLInputValue[]): Row[] {
    return this.#db.prepare(sql).all(...params);
  }

  #run(sql: string, ...params: SQLInputValue[]): number {
    return Number(this.#db.prepare(sql).run(...params).changes);
  }

  insert(tx: NewTransaction): void {
    this.#run(
      `INSERT INTO transactions (vps_tx_id, vendor, vendor_tx_code, security_key, amount_pence, currency,
         description, notification_url, fields, status, status_detail, registered_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'REGISTERED', '', ?)`,
      tx.vpsTxId,
      tx.vendor,
      tx.vendorTxCode,
      tx.securityKey,
      tx.amountPence,
      tx.currency,
      tx.description,
      tx.notificationUrl,
      JSON.stringify(tx.fields),
      tx.registeredAt,
    );
  }

  get(vpsTxId: string): TransactionRecord | undefined {
    const row = this.#get('SELECT * FROM transactions WHERE vps_tx_id = ?', vpsTxId);
    return row && toTransaction(row);
  }

  /** The vendor's latest transaction with this VendorTxCode (vendor names are case-insensitive). */
  latest(vendor: string, vendorTxCode: string): TransactionRecord | undefined {
    const row = this.#get(
      `SELECT * FROM transactions WHERE vendor_tx_code = ? AND lower(vendor) = lower(?)
       ORDER BY registered_at DESC, rowid DESC LIMIT 1`,
      vendorTxCode,
      vendor,
    );
    return row && toTransaction(row);
  }

  /** Whether the vendor already has a successful transaction with this code (4042). */
  hasSucceeded(vendor: string, vendorTxCode: string): boolean {
    return (
      this.#get(
        `SELECT 1 FROM transactions WHERE vendor_tx_code = ? AND lower(vendor) = lower(?) AND status = 'OK'`,
        vendorTxCode,
        vendor,
      ) !== undefined
    );
  }

  /** Counts a failed card entry on an open transaction; the new count, or undefined if it is not open. */
  failAttempt(vpsTxId: string): number | undefined {
    const row = this.#get(
      `UPDATE transactions SET failed_attempts = failed_attempts + 1
       WHERE vps_tx_id = ? AND status = 'REGISTERED' RETURNING failed_attempts`,
      vpsTxId,
    );
    return num(row?.['failed_attempts']);
  }

  setChallenge(vpsTxId: string, challenge: PendingChallenge | undefined): void {
    this.#run(
      `UPDATE transactions SET challenge = ? WHERE vps_tx_id = ? AND status = 'REGISTERED'`,
      challenge ? JSON.stringify(challenge) : null,
      vpsTxId,
    );
  }

  /**
   * Completes an open transaction with its outcome and signed notification, ready to send. False when it
   * was no longer open (completed meanwhile by another request or the monitor).
   */
  complete(
    vpsTxId: string,
    status: FinalStatus,
    statusDetail: string,
    notification: Readonly<Record<string, string>>,
    now: number,
  ): boolean {
    return (
      this.#run(
        `UPDATE transactions SET status = ?, status_detail = ?, notification = ?, challenge = NULL,
           settlement = ?, notify_state = 'pending', next_notify_at = ?, completed_at = ?
         WHERE vps_tx_id = ? AND status = 'REGISTERED'`,
        status,
        statusDetail,
        JSON.stringify(notification),
        status === 'OK' ? 'pending' : null,
        now,
        now,
        vpsTxId,
      ) === 1
    );
  }

  addDelivery(vpsTxId: string, delivery: Omit<DeliveryRecord, 'id'>): void {
    this.#run(
      `INSERT INTO deliveries (vps_tx_id, sent_at, trigger, http_status, reply, outcome, problem,
         reply_status, redirect_url) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      vpsTxId,
      delivery.sentAt,
      delivery.trigger,
      delivery.httpStatus ?? null,
      delivery.reply ?? null,
      delivery.outcome,
      delivery.problem ?? null,
      delivery.replyStatus ?? null,
      delivery.redirectUrl ?? null,
    );
  }

  deliveries(vpsTxId: string): DeliveryRecord[] {
    return this.#all('SELECT * FROM deliveries WHERE vps_tx_id = ? ORDER BY id', vpsTxId).map(toDelivery);
  }

  /** The vendor answered: settle an authorised payment on OK, void it on INVALID/ERROR (§4.2). */
  answered(vpsTxId: string, replyStatus: string, redirectUrl: string): void {
    this.#run(
      `UPDATE transactions SET notify_state = 'answered', next_notify_at = NULL, reply_status = ?,
         redirect_url = ?,
         settlement = CASE WHEN settlement IS NULL THEN NULL WHEN ? = 'OK' THEN 'settled' ELSE 'void' END
       WHERE vps_tx_id = ?`,
      replyStatus,
      redirectUrl,
      replyStatus,
      vpsTxId,
    );
  }

  scheduleRetry(vpsTxId: string, at: number): void {
    this.#run(
      `UPDATE transactions SET next_notify_at = ?, notify_retries = notify_retries + 1
       WHERE vps_tx_id = ? AND notify_state = 'pending'`,
      at,
      vpsTxId,
    );
  }

  /** Retries ran out: the Transaction Monitor cancels an authorised payment that was never acknowledged. */
  giveUp(vpsTxId: string): void {
    this.#run(
      `UPDATE transactions SET notify_state = 'failed', next_notify_at = NULL,
         settlement = CASE WHEN settlement IS NULL THEN NULL ELSE 'void' END
       WHERE vps_tx_id = ? AND notify_state = 'pending'`,
      vpsTxId,
    );
  }

  /** Transactions whose notification is due to be (re-)sent. */
  due(now: number): string[] {
    return this.#all(
      `SELECT vps_tx_id FROM transactions WHERE notify_state = 'pending' AND next_notify_at <= ?
       ORDER BY next_notify_at`,
      now,
    ).map((row) => String(row['vps_tx_id']));
  }

  /** Open transactions registered before `before`, for the Transaction Monitor. */
  expired(before: number): string[] {
    return this.#all(
      `SELECT vps_tx_id FROM transactions WHERE status = 'REGISTERED' AND registered_at <= ?`,
      before,
    ).map((row) => String(row['vps_tx_id']));
  }

  list(filter: { vendorTxCode?: string | undefined; vpsTxId?: string | undefined }): TransactionRecord[] {
    return this.#all(
      `SELECT * FROM transactions WHERE (?1 IS NULL OR vendor_tx_code = ?1) AND (?2 IS NULL OR vps_tx_id = ?2)
       ORDER BY registered_at, rowid`,
      filter.vendorTxCode ?? null,
      filter.vpsTxId ?? null,
    ).map(toTransaction);
  }

  close(): void {
    this.#db.close();
  }
}
