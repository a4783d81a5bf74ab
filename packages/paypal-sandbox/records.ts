/**
 * What the PayPal sandbox keeps, one zod schema per table row (snake_case as stored) and the record the
 * code reads (camelCase), so a row that does not fit fails where it is read.
 */
import { z } from 'zod';
import { orderRequestSchema } from './order-request.ts';

/** The payer's choice on the approval page: PayPal balance, Pay Later (Pay in 3), or a declined instrument. */
export const CHOICES = ['pay', 'pay-in-3', 'decline'] as const;
export type Choice = (typeof CHOICES)[number];

export type OrderStatus = 'CREATED' | 'PAYER_ACTION_REQUIRED' | 'APPROVED' | 'COMPLETED';

const optional = <T extends z.ZodType>(schema: T) =>
  schema.nullable().transform((value) => value ?? undefined);

const json = z.string().transform((text, ctx) => {
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed;
  } catch {
    ctx.addIssue({ code: 'custom', message: 'not JSON' });
    return z.NEVER;
  }
});

export const orderRow = z
  .object({
    id: z.string(),
    request: json.pipe(orderRequestSchema),
    status: z.enum(['CREATED', 'PAYER_ACTION_REQUIRED', 'APPROVED', 'COMPLETED']),
    choice: optional(z.enum(CHOICES)),
    payer_id: optional(z.string()),
    created_at: z.number(),
    updated_at: z.number(),
    approved_at: optional(z.number()),
    expires_at: z.number(),
  })
  .transform((row) => ({
    id: row.id,
    request: row.request,
    status: row.status,
    choice: row.choice,
    payerId: row.payer_id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    approvedAt: row.approved_at,
    expiresAt: row.expires_at,
  }));
export type OrderRecord = z.output<typeof orderRow>;

export type CaptureStatus = 'COMPLETED' | 'DECLINED' | 'PARTIALLY_REFUNDED' | 'REFUNDED';

function captureStatus(pence: number, refunded: number, declined: boolean): CaptureStatus {
  if (declined) return 'DECLINED';
  return refunded === 0 ? 'COMPLETED' : refunded < pence ? 'PARTIALLY_REFUNDED' : 'REFUNDED';
}

export const captureRow = z
  .object({
    id: z.string(),
    order_id: z.string(),
    pence: z.number(),
    currency: z.string(),
    refunded_pence: z.number(),
    declined: z.number(),
    created_at: z.number(),
    updated_at: z.number(),
  })
  .transform((row) => ({
    id: row.id,
    orderId: row.order_id,
    pence: row.pence,
    currency: row.currency,
    refundedPence: row.refunded_pence,
    status: captureStatus(row.pence, row.refunded_pence, row.declined === 1),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  }));
export type CaptureRecord = z.output<typeof captureRow>;

export const refundRow = z
  .object({
    id: z.string(),
    capture_id: z.string(),
    pence: z.number(),
    currency: z.string(),
    note_to_payer: optional(z.string()),
    invoice_id: optional(z.string()),
    custom_id: optional(z.string()),
    created_at: z.number(),
  })
  .transform((row) => ({
    id: row.id,
    captureId: row.capture_id,
    pence: row.pence,
    currency: row.currency,
    noteToPayer: row.note_to_payer,
    invoiceId: row.invoice_id,
    customId: row.custom_id,
    createdAt: row.created_at,
  }));
export type RefundRecord = z.output<typeof refundRow>;

export type EventState = 'pending' | 'delivered' | 'failed';

export const eventRow = z
  .object({
    id: z.string(),
    event_type: z.string(),
    resource_id: z.string(),
    body: z.string(),
    state: z.enum(['pending', 'delivered', 'failed']),
    attempts: z.number(),
    next_at: optional(z.number()),
    last_status: optional(z.number()),
    last_problem: optional(z.string()),
    created_at: z.number(),
    delivered_at: optional(z.number()),
  })
  .transform((row) => ({
    id: row.id,
    eventType: row.event_type,
    resourceId: row.resource_id,
    body: row.body,
    state: row.state,
    attempts: row.attempts,
    nextAt: row.next_at,
    lastStatus: row.last_status,
    lastProblem: row.last_problem,
    createdAt: row.created_at,
    deliveredAt: row.delivered_at,
  }));
export type EventRecord = z.output<typeof eventRow>;

export const answerRow = z.object({ status: z.number(), body: z.string() });
export type StoredAnswer = z.output<typeof answerRow>;
