/**
 * `POST /v2/checkout/orders/{id}/capture`. Refusals as Orders v2 gives them: 404 for an unknown or expired
 * order; 422 ORDER_NOT_APPROVED before the payer approved; ORDER_ALREADY_CAPTURED once captured (a
 * repeat under the same PayPal-Request-Id replays the capture instead); INSTRUMENT_DECLINED when the payer
 * picked the declining instrument, with the `redirect` link back to PayPal to choose another way to pay
 * (the order awaits the payer again). A capture raises PAYMENT.CAPTURE.COMPLETED, or PAYMENT.CAPTURE.DENIED
 * when a test declined it (`/sandbox/orders/{id}/deny-capture`): the order is COMPLETED either way.
 */
import type { Context } from 'hono';
import { payPalError, sendError, notFound, type IssueDetail } from './errors.ts';
import { answerOnce, readJson, replay, wantsRepresentation } from './http.ts';
import { newResourceId } from './ids.ts';
import { toPence } from './order-rules.ts';
import { fullOrder, liveOrder, type OrderRouteOptions } from './orders.ts';
import type { CaptureRecord, OrderRecord } from './records.ts';
import { approvalUrl, orderLinks, payerView, paymentSourceView, purchaseUnitView } from './views.ts';

export interface CaptureRouteOptions extends OrderRouteOptions {
  /** Raises PAYMENT.CAPTURE.COMPLETED (or .DENIED) for a new capture. */
  readonly captured: (capture: CaptureRecord, order: OrderRecord) => void;
}

const refusal = (issue: string, description: string, id: string): IssueDetail => ({
  field: 'order_id',
  value: id,
  location: 'path',
  issue,
  description,
});

function refuse(options: CaptureRouteOptions, order: OrderRecord) {
  if (order.status === 'COMPLETED')
    return payPalError('UNPROCESSABLE_ENTITY', 'orders', [
      {
        issue: 'ORDER_ALREADY_CAPTURED',
        description: "Order already captured.If 'intent=CAPTURE' only one capture per order is allowed.",
      },
    ]);
  if (order.status !== 'APPROVED')
    return payPalError('UNPROCESSABLE_ENTITY', 'orders', [
      refusal(
        'ORDER_NOT_APPROVED',
        "Payer has not yet approved the Order for payment. Please redirect the payer to the 'rel':'approve' url returned as part of the HATEOAS links within the Create Order call or provide a valid payment_source in the request.",
        order.id,
      ),
    ]);
  if (order.choice === 'decline') {
    options.store.reopen(order.id, options.now());
    return payPalError(
      'UNPROCESSABLE_ENTITY',
      'orders',
      [
        {
          issue: 'INSTRUMENT_DECLINED',
          description:
            "The instrument presented  was either declined by the processor or bank, or it can't be used for this payment.",
        },
      ],
      [{ href: approvalUrl(options.baseUrl, order.id), rel: 'redirect', method: 'GET' }],
    );
  }
  return undefined;
}

export function createCaptureRoute(options: CaptureRouteOptions) {
  return async (c: Context): Promise<Response> => {
    const id = c.req.param('id') ?? '';
    const scope = `capture-order:${id}`;
    const replayed = replay(c, options, scope);
    if (replayed) return replayed;
    const read = await readJson(c, 'orders');
    if (!read.ok) return sendError(c, read.error);
    const order = liveOrder(options, id);
    if (!order) return sendError(c, notFound('orders', id));
    const refused = refuse(options, order);
    if (refused) return sendError(c, refused);
    const unit = order.request.purchase_units[0];
    const pence = unit ? toPence(unit.amount.value) : undefined;
    if (!unit || pence === undefined) throw new Error(`Order ${id} has no amount`);
    const capture = options.store.capture(
      id,
      newResourceId(),
      pence,
      unit.amount.currency_code,
      options.now(),
    );
    // Another request completed it in between: answer as for any captured order.
    const completed = options.store.order(id);
    if (!capture || !completed)
      return sendError(
        c,
        refuse(options, completed ?? order) ?? payPalError('UNPROCESSABLE_ENTITY', 'orders'),
      );
    options.captured(capture, completed);
    const body = wantsRepresentation(c)
      ? fullOrder(options, completed)
      : {
          id,
          status: completed.status,
          payment_source: paymentSourceView(completed),
          purchase_units: [purchaseUnitView(options.baseUrl, { order: completed, capture })],
          payer: payerView(),
          links: orderLinks(options.baseUrl, completed),
        };
    return answerOnce(c, options, scope, 201, body);
  };
}
