/**
 * Payments v2 on a capture: `GET /v2/payments/captures/{id}`, `POST /v2/payments/captures/{id}/refund`
 * (empty body: what is left; `amount`: a partial refund) and `GET /v2/payments/refunds/{id}`. Refusals
 * as PayPal gives them: 404 INVALID_RESOURCE_ID; 422 CAPTURE_FULLY_REFUNDED, REFUND_AMOUNT_EXCEEDED,
 * REFUND_CAPTURE_CURRENCY_MISMATCH, REFUND_NOT_ALLOWED (a declined capture), DECIMAL_PRECISION, CANNOT_BE_ZERO_OR_NEGATIVE. `refundCapture` is
 * shared with the sandbox's dashboard refund. Each refund raises PAYMENT.CAPTURE.REFUNDED.
 */
import type { Context } from 'hono';
import { z } from 'zod';
import type { PayPalStore } from './db.ts';
import { notFound, payPalError, sendError, sendJson, type IssueDetail, type PayPalError } from './errors.ts';
import { answerOnce, readJson, replay, wantsRepresentation } from './http.ts';
import { newResourceId } from './ids.ts';
import { moneySchema, schemaDetails } from './order-request.ts';
import { toPence } from './order-rules.ts';
import type { CaptureRecord, RefundRecord } from './records.ts';
import { refundView, standaloneCaptureView } from './views.ts';

export const refundRequestSchema = z.object({
  amount: moneySchema.optional(),
  custom_id: z.string().min(1).max(127).optional(),
  invoice_id: z.string().min(1).max(127).optional(),
  note_to_payer: z.string().min(1).max(255).optional(),
});
export type RefundRequest = z.infer<typeof refundRequestSchema>;

export interface RefundOptions {
  readonly store: PayPalStore;
  readonly baseUrl: string;
  readonly now: () => number;
  readonly refunded: (refund: RefundRecord, capture: CaptureRecord) => void;
}

export type RefundOutcome =
  | { readonly ok: true; readonly refund: RefundRecord; readonly capture: CaptureRecord }
  | { readonly ok: false; readonly error: PayPalError };

const unprocessable = (detail: IssueDetail): RefundOutcome => ({
  ok: false,
  error: payPalError('UNPROCESSABLE_ENTITY', 'payments', [detail]),
});

/** How much to refund: the amount asked for, or all that is left; or why not. */
function refundPence(capture: CaptureRecord, request: RefundRequest): number | RefundOutcome {
  if (capture.status === 'DECLINED')
    return unprocessable({ issue: 'REFUND_NOT_ALLOWED', description: 'Capture cannot be refunded.' });
  const left = capture.pence - capture.refundedPence;
  if (left <= 0)
    return unprocessable({
      issue: 'CAPTURE_FULLY_REFUNDED',
      description: 'The capture has already been fully refunded',
    });
  const amount = request.amount;
  if (!amount) return left;
  const field = (name: string) => ({ field: `/amount/${name}`, location: 'body' as const });
  if (amount.currency_code !== capture.currency)
    return unprocessable({
      ...field('currency_code'),
      value: amount.currency_code,
      issue: 'REFUND_CAPTURE_CURRENCY_MISMATCH',
      description: 'Refund must be in the same currency as the capture',
    });
  const pence = toPence(amount.value);
  if (pence === undefined)
    return unprocessable({
      ...field('value'),
      value: amount.value,
      issue: 'DECIMAL_PRECISION',
      description: 'If the currency supports decimals, only two decimal place precision is supported.',
    });
  if (pence <= 0)
    return unprocessable({
      ...field('value'),
      value: amount.value,
      issue: 'CANNOT_BE_ZERO_OR_NEGATIVE',
      description:
        'Must be greater than zero. If the currency supports decimals, only two decimal place precision is supported.',
    });
  if (pence > left)
    return unprocessable({
      ...field('value'),
      value: amount.value,
      issue: 'REFUND_AMOUNT_EXCEEDED',
      description:
        'The refund amount must be less than or equal to the capture amount that has not yet been refunded.',
    });
  return pence;
}

export function refundCapture(
  options: RefundOptions,
  captureId: string,
  request: RefundRequest,
): RefundOutcome {
  const capture = options.store.captureById(captureId);
  if (!capture) return { ok: false, error: notFound('payments', captureId) };
  const pence = refundPence(capture, request);
  if (typeof pence !== 'number') return pence;
  const id = newResourceId();
  const stored = options.store.refund(
    {
      id,
      captureId,
      pence,
      currency: capture.currency,
      noteToPayer: request.note_to_payer,
      invoiceId: request.invoice_id,
      customId: request.custom_id,
    },
    options.now(),
  );
  const refund = options.store.refundById(id);
  const after = options.store.captureById(captureId);
  // A refund racing this one took what was left: answer as PayPal would now.
  if (!stored || !refund || !after) return refundCapture(options, captureId, request);
  options.refunded(refund, after);
  return { ok: true, refund, capture: after };
}

export function createRefundRoutes(options: RefundOptions) {
  const { store } = options;

  async function refund(c: Context): Promise<Response> {
    const id = c.req.param('id') ?? '';
    const scope = `refund-capture:${id}`;
    const replayed = replay(c, options, scope);
    if (replayed) return replayed;
    const read = await readJson(c, 'payments');
    if (!read.ok) return sendError(c, read.error);
    const parsed = refundRequestSchema.safeParse(read.body, { reportInput: true });
    if (!parsed.success)
      return sendError(c, payPalError('INVALID_REQUEST', 'payments', schemaDetails(parsed.error, read.body)));
    const outcome = refundCapture(options, id, parsed.data);
    if (!outcome.ok) return sendError(c, outcome.error);
    const view = refundView(options.baseUrl, outcome.refund, outcome.capture);
    const body = wantsRepresentation(c) ? view : { id: view.id, status: view.status, links: view.links };
    return answerOnce(c, options, scope, 201, body);
  }

  function getCapture(c: Context): Response {
    const id = c.req.param('id') ?? '';
    const capture = store.captureById(id);
    if (!capture) return sendError(c, notFound('payments', id));
    return sendJson(c, 200, standaloneCaptureView(options.baseUrl, capture, store.order(capture.orderId)));
  }

  function getRefund(c: Context): Response {
    const id = c.req.param('id') ?? '';
    const found = store.refundById(id);
    const capture = found && store.captureById(found.captureId);
    if (!found || !capture) return sendError(c, notFound('payments', id, 'refund_id'));
    return sendJson(c, 200, refundView(options.baseUrl, found, capture));
  }

  return { refund, getCapture, getRefund };
}
