/**
 * The sandbox's records as the store hands them out: transactions and delivery attempts, each read from
 * its SQLite row once, here, with the JSON columns parsed by their zod schemas.
 */
import type { SQLInputValue } from 'node:sqlite';
import { z } from 'zod';
import type { TxStatus } from './authorise.ts';
import type { Fields } from './registration.ts';

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

export type Row = Record<string, SQLInputValue>;

const text = (value: SQLInputValue | undefined): string | undefined =>
  value === null || value === undefined ? undefined : String(value);
export const num = (value: SQLInputValue | undefined): number | undefined =>
  value === null || value === undefined ? undefined : Number(value);
const json = <T>(value: SQLInputValue | undefined, schema: z.ZodType<T>): T | undefined =>
  value === null || value === undefined ? undefined : schema.parse(JSON.parse(String(value)));

export function toTransaction(row: Row): TransactionRecord {
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

export function toDelivery(row: Row): DeliveryRecord {
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
