/**
 * The webhook events the sandbox raises, in PayPal's envelope (`id` WH-…, `event_version`, `create_time`,
 * `resource_type`, `resource_version`, `event_type`, `summary`, `resource`, `links`): CHECKOUT.ORDER.APPROVED
 * with the order, PAYMENT.CAPTURE.COMPLETED (or .DENIED) with the capture (carrying `supplementary_data.related_ids.order_id`)
 * and PAYMENT.CAPTURE.REFUNDED with the refund (its `up` link names the capture). Each is stored as the
 * exact body that will be posted, `JSON.stringify(event)`, so the signature covers what the shop receives.
 */
import type { PayPalStore } from './db.ts';
import { newEventId } from './ids.ts';
import type { CaptureRecord, OrderRecord, RefundRecord } from './records.ts';
import { orderView, paypalTime, refundView, standaloneCaptureView } from './views.ts';

export type EventType =
  | 'CHECKOUT.ORDER.APPROVED'
  | 'PAYMENT.CAPTURE.COMPLETED'
  | 'PAYMENT.CAPTURE.DENIED'
  | 'PAYMENT.CAPTURE.REFUNDED';

export const EVENTS_PATH = '/v1/notifications/webhooks-events';

export interface EventContext {
  readonly store: PayPalStore;
  readonly baseUrl: string;
  readonly now: () => number;
  /** Called once an event is queued, to start its delivery. */
  readonly queued: (eventId: string) => void;
}

const amountText = (value: { currency_code: string; value: string }) =>
  `${value.currency_code} ${value.value} ${value.currency_code}`;

function raise(
  context: EventContext,
  eventType: EventType,
  resourceType: string,
  summary: string,
  resource: { id: string },
): string {
  const id = newEventId();
  const event = {
    id,
    event_version: '1.0',
    create_time: paypalTime(context.now()),
    resource_type: resourceType,
    resource_version: '2.0',
    event_type: eventType,
    summary,
    resource,
    links: [
      { href: `${context.baseUrl}${EVENTS_PATH}/${id}`, rel: 'self', method: 'GET' },
      { href: `${context.baseUrl}${EVENTS_PATH}/${id}/resend`, rel: 'resend', method: 'POST' },
    ],
  };
  context.store.events.addEvent(
    { id, eventType, resourceId: resource.id, body: JSON.stringify(event) },
    context.now(),
  );
  context.queued(id);
  return id;
}

export const orderApproved = (context: EventContext, order: OrderRecord): string =>
  raise(
    context,
    'CHECKOUT.ORDER.APPROVED',
    'checkout-order',
    'An order has been approved by buyer',
    orderView(context.baseUrl, { order }),
  );

/** PAYMENT.CAPTURE.COMPLETED, or PAYMENT.CAPTURE.DENIED for a declined capture. */
export function captureSettled(context: EventContext, capture: CaptureRecord, order: OrderRecord): string {
  const resource = standaloneCaptureView(context.baseUrl, capture, order);
  return capture.status === 'DECLINED'
    ? raise(
        context,
        'PAYMENT.CAPTURE.DENIED',
        'capture',
        `Payment denied for ${amountText(resource.amount)}`,
        resource,
      )
    : raise(
        context,
        'PAYMENT.CAPTURE.COMPLETED',
        'capture',
        `Payment completed for ${amountText(resource.amount)}`,
        resource,
      );
}

export function captureRefunded(context: EventContext, refund: RefundRecord, capture: CaptureRecord): string {
  const resource = refundView(context.baseUrl, refund, capture);
  return raise(
    context,
    'PAYMENT.CAPTURE.REFUNDED',
    'refund',
    `A ${amountText(resource.amount)} capture payment was refunded`,
    resource,
  );
}
