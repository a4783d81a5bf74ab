/**
 * The sandbox's storage: one SQLite file (node:sqlite), the single source of truth for transactions, their
 * signed notification and every delivery attempt, so a restart keeps them all and carries on retrying.
 * State changes are conditional updates (`WHERE status = 'REGISTERED'`), so a double-clicked "Pay now"
 * or a card payment racing the Transaction Monitor completes a transaction once.
 */
import { DatabaseSync, type SQLInputValue } from 'node:sqlite';
import { z } from 'zod';
import {
  deliveryRow,
  transactionRow,
  type DeliveryRecord,
  type NewTransaction,
  type PendingChallenge,
  type TransactionRecord,
} from './records.ts';
import type { FinalStatus } from './authorise.ts';
import { preparePrivateFile } from '@cleaning-shop/kit/private-files.ts';

export type * from './records.ts';

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

/** Any row at all, for `SELECT 1 …` existence checks. */
const anyRow = z.object({});
const failedAttemptsRow = z.object({ failed_attempts: z.number() });
const vpsTxIdRow = z.object({ vps_tx_id: z.string() });

/** Settlement of an authorised payment: only an OK reply to its OK notification settles it (§4.2, KIT). */

export class SandboxStore {
  readonly #db: DatabaseSync;

  constructor(file: string) {
    preparePrivateFile(file);
    this.#db = new DatabaseSync(file);
    this.#db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON;');
    this.#db.exec(SCHEMA);
  }

  /** The first row, parsed by `schema`; a row that does not fit throws. */
  #get<S extends z.ZodType>(schema: S, sql: string, ...params: SQLInputValue[]): z.output<S> | undefined {
    const row = this.#db.prepare(sql).get(...params);
    return row === undefined ? undefined : schema.parse(row);
  }

  /** Every row, each parsed by `schema`; a row that does not fit throws. */
  #all<S extends z.ZodType>(schema: S, sql: string, ...params: SQLInputValue[]): z.output<S>[] {
    return this.#db
      .prepare(sql)
      .all(...params)
      .map((row) => schema.parse(row));
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
    return this.#get(transactionRow, 'SELECT * FROM transactions WHERE vps_tx_id = ?', vpsTxId);
  }

  /** The vendor's latest transaction with this VendorTxCode (vendor names are case-insensitive). */
  latest(vendor: string, vendorTxCode: string): TransactionRecord | undefined {
    return this.#get(
      transactionRow,
      `SELECT * FROM transactions WHERE vendor_tx_code = ? AND lower(vendor) = lower(?)
       ORDER BY registered_at DESC, rowid DESC LIMIT 1`,
      vendorTxCode,
      vendor,
    );
  }

  /** Whether the vendor already has a successful transaction with this code (4042). */
  hasSucceeded(vendor: string, vendorTxCode: string): boolean {
    return (
      this.#get(
        anyRow,
        `SELECT 1 FROM transactions WHERE vendor_tx_code = ? AND lower(vendor) = lower(?) AND status = 'OK'`,
        vendorTxCode,
        vendor,
      ) !== undefined
    );
  }

  /** Counts a failed card entry on an open transaction; the new count, or undefined if it is not open. */
  failAttempt(vpsTxId: string): number | undefined {
    const row = this.#get(
      failedAttemptsRow,
      `UPDATE transactions SET failed_attempts = failed_attempts + 1
       WHERE vps_tx_id = ? AND status = 'REGISTERED' RETURNING failed_attempts`,
      vpsTxId,
    );
    return row?.failed_attempts;
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
    return this.#all(deliveryRow, 'SELECT * FROM deliveries WHERE vps_tx_id = ? ORDER BY id', vpsTxId);
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
      vpsTxIdRow,
      `SELECT vps_tx_id FROM transactions WHERE notify_state = 'pending' AND next_notify_at <= ?
       ORDER BY next_notify_at`,
      now,
    ).map((row) => row.vps_tx_id);
  }

  /** Open transactions registered before `before`, for the Transaction Monitor. */
  expired(before: number): string[] {
    return this.#all(
      vpsTxIdRow,
      `SELECT vps_tx_id FROM transactions WHERE status = 'REGISTERED' AND registered_at <= ?`,
      before,
    ).map((row) => row.vps_tx_id);
  }

  list(filter: { vendorTxCode?: string | undefined; vpsTxId?: string | undefined }): TransactionRecord[] {
    return this.#all(
      transactionRow,
      `SELECT * FROM transactions WHERE (?1 IS NULL OR vendor_tx_code = ?1) AND (?2 IS NULL OR vps_tx_id = ?2)
       ORDER BY registered_at, rowid`,
      filter.vendorTxCode ?? null,
      filter.vpsTxId ?? null,
    );
  }

  close(): void {
    this.#db.close();
  }
}
