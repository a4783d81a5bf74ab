/**
 * The sandbox's records as the store hands them out: transactions and delivery attempts, each parsed from
 * its SQLite row once, where it is read, by the row schemas here (JSON columns parsed by their own schemas),
 * which turn the row into the camelCase record.
 */
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

/** A TEXT column holding JSON: parsed, then checked by `schema`. */
const jsonText = <S extends z.ZodType>(schema: S) =>
  z
    .string()
    .transform((text): unknown => JSON.parse(text))
    .pipe(schema);

/** A `transactions` row, turned into its record (NULL columns become undefined). */
export const transactionRow = z
  .object({
    vps_tx_id: z.string(),
    vendor: z.string(),
    vendor_tx_code: z.string(),
    security_key: z.string(),
    amount_pence: z.number(),
    currency: z.string(),
    description: z.string(),
    notification_url: z.string(),
    fields: jsonText(stringRecord).nullable(),
    status: z.enum(['REGISTERED', 'OK', 'NOTAUTHED', 'REJECTED', 'ABORT', 'ERROR']),
    status_detail: z.string(),
    failed_attempts: z.number(),
    challenge: jsonText(challengeSchema).nullable(),
    notification: jsonText(stringRecord).nullable(),
    settlement: z.enum(['pending', 'settled', 'void']).nullable(),
    notify_state: z.enum(['none', 'pending', 'answered', 'failed']),
    notify_retries: z.number(),
    next_notify_at: z.number().nullable(),
    reply_status: z.string().nullable(),
    redirect_url: z.string().nullable(),
    registered_at: z.number(),
    completed_at: z.number().nullable(),
  })
  .transform((row): TransactionRecord => ({
    vpsTxId: row.vps_tx_id,
    vendor: row.vendor,
    vendorTxCode: row.vendor_tx_code,
    securityKey: row.security_key,
    amountPence: row.amount_pence,
    currency: row.currency,
    description: row.description,
    notificationUrl: row.notification_url,
    fields: row.fields ?? {},
    status: row.status,
    statusDetail: row.status_detail,
    failedAttempts: row.failed_attempts,
    challenge: row.challenge ?? undefined,
    notification: row.notification ?? undefined,
    settlement: row.settlement ?? undefined,
    notifyState: row.notify_state,
    notifyRetries: row.notify_retries,
    nextNotifyAt: row.next_notify_at ?? undefined,
    replyStatus: row.reply_status ?? undefined,
    redirectUrl: row.redirect_url ?? undefined,
    registeredAt: row.registered_at,
    completedAt: row.completed_at ?? undefined,
  }));

/** A `deliveries` row, turned into its record (NULL columns become undefined). */
export const deliveryRow = z
  .object({
    id: z.number(),
    sent_at: z.number(),
    trigger: z.enum(['shopper', 'retry', 'monitor', 'duplicate']),
    http_status: z.number().nullable(),
    reply: z.string().nullable(),
    outcome: z.enum(['answered', 'not-answered', 'dropped']),
    problem: z.string().nullable(),
    reply_status: z.string().nullable(),
    redirect_url: z.string().nullable(),
  })
  .transform((row): DeliveryRecord => ({
    id: row.id,
    sentAt: row.sent_at,
    trigger: row.trigger,
    httpStatus: row.http_status ?? undefined,
    reply: row.reply ?? undefined,
    outcome: row.outcome,
    problem: row.problem ?? undefined,
    replyStatus: row.reply_status ?? undefined,
    redirectUrl: row.redirect_url ?? undefined,
  }));
