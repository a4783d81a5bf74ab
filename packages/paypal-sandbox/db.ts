/**
 * The PayPal sandbox's storage: one SQLite file (node:sqlite) holding its signing key, access tokens,
 * orders, captures, refunds, the answers kept for PayPal-Request-Id replays and every webhook event with
 * its delivery state, so a restart forgets nothing and carries on delivering. State changes are
 * conditional updates (`WHERE status = 'APPROVED'`), so two captures racing complete an order once.
 */
import { DatabaseSync } from 'node:sqlite';
import { z } from 'zod';
import { preparePrivateFile } from '@cleaning-shop/kit/private-files.ts';
import type { OrderRequest } from './order-request.ts';
import { EventStore } from './event-store.ts';
import { Sql } from './sql.ts';
import {
  answerRow,
  captureRow,
  orderRow,
  refundRow,
  type CaptureRecord,
  type Choice,
  type OrderRecord,
  type OrderStatus,
  type RefundRecord,
  type StoredAnswer,
} from './records.ts';

export type * from './records.ts';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS settings (name TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS tokens (token TEXT PRIMARY KEY, expires_at INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS orders (
  id TEXT PRIMARY KEY, request TEXT NOT NULL, status TEXT NOT NULL, choice TEXT, payer_id TEXT,
  created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL, approved_at INTEGER, expires_at INTEGER NOT NULL,
  deny_capture INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS captures (
  id TEXT PRIMARY KEY, order_id TEXT NOT NULL UNIQUE REFERENCES orders (id), pence INTEGER NOT NULL,
  currency TEXT NOT NULL, refunded_pence INTEGER NOT NULL DEFAULT 0, declined INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS refunds (
  id TEXT PRIMARY KEY, capture_id TEXT NOT NULL REFERENCES captures (id), pence INTEGER NOT NULL,
  currency TEXT NOT NULL, note_to_payer TEXT, invoice_id TEXT, custom_id TEXT, created_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS refunds_capture ON refunds (capture_id, created_at);
CREATE TABLE IF NOT EXISTS answers (
  scope TEXT NOT NULL, request_id TEXT NOT NULL, status INTEGER NOT NULL, body TEXT NOT NULL,
  created_at INTEGER NOT NULL, PRIMARY KEY (scope, request_id)
);
CREATE TABLE IF NOT EXISTS events (
  id TEXT PRIMARY KEY, event_type TEXT NOT NULL, resource_id TEXT NOT NULL, body TEXT NOT NULL,
  state TEXT NOT NULL, attempts INTEGER NOT NULL DEFAULT 0, next_at INTEGER, last_status INTEGER,
  last_problem TEXT, created_at INTEGER NOT NULL, delivered_at INTEGER
);
CREATE INDEX IF NOT EXISTS events_due ON events (state, next_at);
`;

const valueRow = z.object({ value: z.string() });
const anyRow = z.object({});

export interface NewRefund {
  readonly id: string;
  readonly captureId: string;
  readonly pence: number;
  readonly currency: string;
  readonly noteToPayer?: string | undefined;
  readonly invoiceId?: string | undefined;
  readonly customId?: string | undefined;
}

export class PayPalStore extends Sql {
  /** The webhook events and their deliveries. */
  readonly events: EventStore;

  constructor(file: string) {
    preparePrivateFile(file);
    const db = new DatabaseSync(file);
    db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON;');
    db.exec(SCHEMA);
    super(db);
    this.events = new EventStore(db);
  }

  setting(name: string): string | undefined {
    return this.get(valueRow, 'SELECT value FROM settings WHERE name = ?', name)?.value;
  }

  /** Keeps the first value written under `name` (two starts racing keep one key) and returns it. */
  keepSetting(name: string, value: string): string {
    this.run('INSERT OR IGNORE INTO settings (name, value) VALUES (?, ?)', name, value);
    return this.setting(name) ?? value;
  }

  addToken(token: string, expiresAt: number): void {
    this.run('DELETE FROM tokens WHERE expires_at < ?', Date.now() - 86_400_000);
    this.run('INSERT INTO tokens (token, expires_at) VALUES (?, ?)', token, expiresAt);
  }

  isLiveToken(token: string, now: number): boolean {
    return (
      this.get(anyRow, 'SELECT 1 FROM tokens WHERE token = ? AND expires_at > ?', token, now) !== undefined
    );
  }

  answer(scope: string, requestId: string): StoredAnswer | undefined {
    return this.get(
      answerRow,
      'SELECT status, body FROM answers WHERE scope = ? AND request_id = ?',
      scope,
      requestId,
    );
  }

  keepAnswer(scope: string, requestId: string, answer: StoredAnswer, now: number): void {
    this.run(
      'INSERT OR IGNORE INTO answers (scope, request_id, status, body, created_at) VALUES (?, ?, ?, ?, ?)',
      scope,
      requestId,
      answer.status,
      answer.body,
      now,
    );
  }

  insertOrder(id: string, request: OrderRequest, status: OrderStatus, now: number, expiresAt: number): void {
    this.run(
      `INSERT INTO orders (id, request, status, created_at, updated_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)`,
      id,
      JSON.stringify(request),
      status,
      now,
      now,
      expiresAt,
    );
  }

  order(id: string): OrderRecord | undefined {
    return this.get(orderRow, 'SELECT * FROM orders WHERE id = ?', id);
  }

  orders(): OrderRecord[] {
    return this.all(orderRow, 'SELECT * FROM orders ORDER BY created_at, rowid');
  }

  /** The payer approved (or chose a declining instrument): false if the order was not awaiting the payer. */
  approve(id: string, choice: Choice, payerId: string, now: number, expiresAt: number): boolean {
    return (
      this.run(
        `UPDATE orders SET status = 'APPROVED', choice = ?, payer_id = ?, approved_at = ?, updated_at = ?,
           expires_at = ? WHERE id = ? AND status IN ('CREATED', 'PAYER_ACTION_REQUIRED') AND expires_at > ?`,
        choice,
        payerId,
        now,
        now,
        expiresAt,
        id,
        now,
      ) === 1
    );
  }

  /** After INSTRUMENT_DECLINED the payer is sent back to choose another way to pay. */
  reopen(id: string, now: number): void {
    this.run(
      `UPDATE orders SET status = 'PAYER_ACTION_REQUIRED', choice = NULL, updated_at = ?
       WHERE id = ? AND status = 'APPROVED'`,
      now,
      id,
    );
  }

  expire(id: string, now: number): boolean {
    return (
      this.run(`UPDATE orders SET expires_at = ? WHERE id = ? AND status != 'COMPLETED'`, now - 1, id) === 1
    );
  }

  /** The order's capture will be DECLINED (PAYMENT.CAPTURE.DENIED), as a risk decline after approval. */
  denyCapture(id: string): boolean {
    return this.run(`UPDATE orders SET deny_capture = 1 WHERE id = ? AND status != 'COMPLETED'`, id) === 1;
  }

  /** Completes an approved order with its capture, once: undefined when it was not (or no longer) approved. */
  capture(
    orderId: string,
    captureId: string,
    pence: number,
    currency: string,
    now: number,
  ): CaptureRecord | undefined {
    return this.transaction(() => {
      const changed = this.run(
        `UPDATE orders SET status = 'COMPLETED', updated_at = ? WHERE id = ? AND status = 'APPROVED'`,
        now,
        orderId,
      );
      if (changed !== 1) return undefined;
      // The capture is declined if a test asked for it (`denyCapture`).
      this.run(
        `INSERT INTO captures (id, order_id, pence, currency, declined, created_at, updated_at)
         SELECT ?, id, ?, ?, deny_capture, ?, ? FROM orders WHERE id = ?`,
        captureId,
        pence,
        currency,
        now,
        now,
        orderId,
      );
      return this.captureById(captureId);
    });
  }

  captureById(id: string): CaptureRecord | undefined {
    return this.get(captureRow, 'SELECT * FROM captures WHERE id = ?', id);
  }

  captureOf(orderId: string): CaptureRecord | undefined {
    return this.get(captureRow, 'SELECT * FROM captures WHERE order_id = ?', orderId);
  }

  /** Records a refund if the capture still has `refund.pence` unrefunded; false otherwise. */
  refund(refund: NewRefund, now: number): boolean {
    return this.transaction(() => {
      const changed = this.run(
        `UPDATE captures SET refunded_pence = refunded_pence + ?, updated_at = ?
         WHERE id = ? AND refunded_pence + ? <= pence`,
        refund.pence,
        now,
        refund.captureId,
        refund.pence,
      );
      if (changed !== 1) return false;
      this.run(
        `INSERT INTO refunds (id, capture_id, pence, currency, note_to_payer, invoice_id, custom_id, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
        refund.id,
        refund.captureId,
        refund.pence,
        refund.currency,
        refund.noteToPayer ?? null,
        refund.invoiceId ?? null,
        refund.customId ?? null,
        now,
      );
      return true;
    });
  }

  refundById(id: string): RefundRecord | undefined {
    return this.get(refundRow, 'SELECT * FROM refunds WHERE id = ?', id);
  }

  refundsOf(captureId: string): RefundRecord[] {
    return this.all(
      refundRow,
      'SELECT * FROM refunds WHERE capture_id = ? ORDER BY created_at, rowid',
      captureId,
    );
  }

  close(): void {
    this.db.close();
  }
}
