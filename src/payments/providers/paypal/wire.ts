/**
 * PayPal's REST answers as the shop reads them (developer.paypal.com: Orders v2, Payments v2, OAuth 2.0
 * and Webhooks v1 references). Only the fields the shop acts on are required; the rest pass through.
 */
import { z } from 'zod';

/** `POST /v1/oauth2/token` (client credentials). */
export const tokenSchema = z
  .object({
    access_token: z.string().min(1),
    token_type: z.string(),
    expires_in: z.number().int().positive(),
  })
  .loose();

const money = z.object({ currency_code: z.string(), value: z.string() }).loose();

export const linkSchema = z
  .object({ href: z.string(), rel: z.string(), method: z.string().optional() })
  .loose();

/** A capture (`purchase_units[].payments.captures[]`, `GET /v2/payments/captures/{id}`, webhook resources). */
export const captureSchema = z
  .object({
    id: z.string(),
    status: z.enum(['COMPLETED', 'DECLINED', 'PARTIALLY_REFUNDED', 'PENDING', 'REFUNDED', 'FAILED']),
    amount: money.optional(),
    /** The purchase unit's `custom_id`: the shop's transaction code. */
    custom_id: z.string().optional(),
    status_details: z.object({ reason: z.string() }).loose().optional(),
    supplementary_data: z
      .object({ related_ids: z.object({ order_id: z.string().optional() }).loose().optional() })
      .loose()
      .optional(),
  })
  .loose();
export type Capture = z.infer<typeof captureSchema>;

export const ORDER_STATUSES = [
  'CREATED',
  'SAVED',
  'APPROVED',
  'VOIDED',
  'COMPLETED',
  'PAYER_ACTION_REQUIRED',
] as const;

/** An order (`POST /v2/checkout/orders`, `GET …/{id}`, `POST …/{id}/capture`, CHECKOUT.ORDER.APPROVED). */
export const orderSchema = z
  .object({
    id: z.string().min(1),
    status: z.enum(ORDER_STATUSES),
    links: z.array(linkSchema).optional(),
    purchase_units: z
      .array(
        z
          .object({
            payments: z
              .object({ captures: z.array(captureSchema).optional() })
              .loose()
              .optional(),
          })
          .loose(),
      )
      .optional(),
  })
  .loose();
export type PayPalOrder = z.infer<typeof orderSchema>;

/** A refund (`PAYMENT.CAPTURE.REFUNDED`'s resource): its amount, and its `up` link to the capture. */
export const refundSchema = z
  .object({
    id: z.string(),
    status: z.string(),
    amount: money,
    /** The order's `invoice_id`: the shop's transaction code. */
    invoice_id: z.string().optional(),
    seller_payable_breakdown: z.object({ total_refunded_amount: money.optional() }).loose().optional(),
    links: z.array(linkSchema).optional(),
  })
  .loose();
export type Refund = z.infer<typeof refundSchema>;

/** PayPal's error body: `name` (UNPROCESSABLE_ENTITY…), `details[].issue` (INSTRUMENT_DECLINED…). */
export const errorSchema = z
  .object({
    name: z.string(),
    message: z.string().optional(),
    debug_id: z.string().optional(),
    details: z
      .array(
        z
          .object({ issue: z.string(), description: z.string().optional(), field: z.string().optional() })
          .loose(),
      )
      .optional(),
  })
  .loose();
export type PayPalError = z.infer<typeof errorSchema>;

/** A webhook event's envelope; its resource is read by event type. */
export const eventSchema = z
  .object({ id: z.string().min(1), event_type: z.string(), resource: z.record(z.string(), z.unknown()) })
  .loose();
export type WebhookEvent = z.infer<typeof eventSchema>;

/** `POST /v1/notifications/verify-webhook-signature`. */
export const verificationSchema = z.object({ verification_status: z.enum(['SUCCESS', 'FAILURE']) }).loose();

/** The headers PayPal signs a webhook delivery with, as verify-webhook-signature takes them. */
export const WEBHOOK_HEADERS = {
  auth_algo: 'paypal-auth-algo',
  cert_url: 'paypal-cert-url',
  transmission_id: 'paypal-transmission-id',
  transmission_sig: 'paypal-transmission-sig',
  transmission_time: 'paypal-transmission-time',
} as const;

/** The first link with `rel`, e.g. `payer-action`. */
export const linkOf = (links: readonly z.infer<typeof linkSchema>[] | undefined, rel: string) =>
  links?.find((link) => link.rel === rel)?.href;

/** The first capture of an order's first purchase unit. */
export const captureOf = (order: PayPalOrder): Capture | undefined =>
  order.purchase_units?.[0]?.payments?.captures?.[0];
