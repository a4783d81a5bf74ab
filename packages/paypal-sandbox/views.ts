/**
 * The JSON PayPal answers with, built from the stored records: the order (Orders v2 `order`), the
 * capture (Payments v2 `capture-2`, with `supplementary_data.related_ids.order_id`), the refund, and the
 * HATEOAS links each carries for its status. The payer is the sandbox's one buyer account.
 */
import type { Link } from './errors.ts';
import type { CaptureRecord, OrderRecord, RefundRecord } from './records.ts';
import { toValue } from './order-rules.ts';

/** The buyer who approves every order: a PayPal account in the UK. */
export const SANDBOX_PAYER = {
  payerId: 'SBXPAYER7QZ3K',
  givenName: 'Sandbox',
  surname: 'Shopper',
  email: 'shopper@paypal-sandbox.example',
} as const;

/** The merchant account the sandbox's app belongs to. */
export const SANDBOX_PAYEE = {
  email_address: 'merchant@paypal-sandbox.example',
  merchant_id: 'SBXMERCHANT01',
};

/** PayPal writes times to the second, in UTC. */
export const paypalTime = (time: number): string => new Date(time).toISOString().replace(/\.\d{3}Z$/, 'Z');

const money = (pence: number, currency: string) => ({ currency_code: currency, value: toValue(pence) });

/** Illustrative UK fee (2.9% + 30p): the sandbox moves no money, the shape is what matters. */
const feePence = (pence: number): number => Math.min(pence, Math.round(pence * 0.029) + 30);

export const orderPath = (id: string): string => `/v2/checkout/orders/${id}`;
export const capturePath = (id: string): string => `/v2/payments/captures/${id}`;
export const refundPath = (id: string): string => `/v2/payments/refunds/${id}`;
export const approvalUrl = (baseUrl: string, orderId: string): string =>
  `${baseUrl}/checkoutnow?token=${encodeURIComponent(orderId)}`;

export function orderLinks(baseUrl: string, order: OrderRecord): Link[] {
  const self = { href: `${baseUrl}${orderPath(order.id)}`, rel: 'self', method: 'GET' };
  const update = { href: `${baseUrl}${orderPath(order.id)}`, rel: 'update', method: 'PATCH' };
  const capture = { href: `${baseUrl}${orderPath(order.id)}/capture`, rel: 'capture', method: 'POST' };
  const approve = { href: approvalUrl(baseUrl, order.id), rel: 'approve', method: 'GET' };
  switch (order.status) {
    case 'CREATED':
      return [self, approve, update, capture];
    case 'PAYER_ACTION_REQUIRED':
      return [self, { ...approve, rel: 'payer-action' }];
    case 'APPROVED':
      return [self, update, capture];
    case 'COMPLETED':
      return [self];
  }
}

const payerName = { given_name: SANDBOX_PAYER.givenName, surname: SANDBOX_PAYER.surname };
const payerAddress = { country_code: 'GB' };

export const payerView = () => ({
  name: payerName,
  email_address: SANDBOX_PAYER.email,
  payer_id: SANDBOX_PAYER.payerId,
  address: payerAddress,
});

export function paymentSourceView(order: OrderRecord) {
  if (order.status === 'CREATED' || order.status === 'PAYER_ACTION_REQUIRED') return { paypal: {} };
  return {
    paypal: {
      email_address: SANDBOX_PAYER.email,
      account_id: SANDBOX_PAYER.payerId,
      account_status: 'VERIFIED',
      name: payerName,
      address: payerAddress,
    },
  };
}

export function captureView(baseUrl: string, capture: CaptureRecord, order: OrderRecord | undefined) {
  const unit = order?.request.purchase_units[0];
  const fee = feePence(capture.pence);
  return {
    id: capture.id,
    status: capture.status,
    amount: money(capture.pence, capture.currency),
    final_capture: true,
    seller_protection: {
      status: 'ELIGIBLE',
      dispute_categories: ['ITEM_NOT_RECEIVED', 'UNAUTHORIZED_TRANSACTION'],
    },
    // A declined capture moved no money: nothing to break down.
    ...(capture.status === 'DECLINED'
      ? {}
      : {
          seller_receivable_breakdown: {
            gross_amount: money(capture.pence, capture.currency),
            paypal_fee: money(fee, capture.currency),
            net_amount: money(capture.pence - fee, capture.currency),
          },
        }),
    ...(unit?.invoice_id ? { invoice_id: unit.invoice_id } : {}),
    ...(unit?.custom_id ? { custom_id: unit.custom_id } : {}),
    links: [
      { href: `${baseUrl}${capturePath(capture.id)}`, rel: 'self', method: 'GET' },
      ...(capture.status === 'DECLINED'
        ? []
        : [{ href: `${baseUrl}${capturePath(capture.id)}/refund`, rel: 'refund', method: 'POST' }]),
      { href: `${baseUrl}${orderPath(capture.orderId)}`, rel: 'up', method: 'GET' },
    ],
    create_time: paypalTime(capture.createdAt),
    update_time: paypalTime(capture.updatedAt),
  };
}

/** The capture as Payments v2 and the PAYMENT.CAPTURE.* events give it: with its order's id and payee. */
export const standaloneCaptureView = (
  baseUrl: string,
  capture: CaptureRecord,
  order: OrderRecord | undefined,
) => ({
  ...captureView(baseUrl, capture, order),
  payee: SANDBOX_PAYEE,
  supplementary_data: { related_ids: { order_id: capture.orderId } },
});

export function refundView(baseUrl: string, refund: RefundRecord, capture: CaptureRecord) {
  return {
    id: refund.id,
    amount: money(refund.pence, refund.currency),
    seller_payable_breakdown: {
      gross_amount: money(refund.pence, refund.currency),
      paypal_fee: money(0, refund.currency),
      net_amount: money(refund.pence, refund.currency),
      total_refunded_amount: money(capture.refundedPence, capture.currency),
    },
    ...(refund.invoiceId ? { invoice_id: refund.invoiceId } : {}),
    ...(refund.customId ? { custom_id: refund.customId } : {}),
    ...(refund.noteToPayer ? { note_to_payer: refund.noteToPayer } : {}),
    status: 'COMPLETED',
    payer: SANDBOX_PAYEE,
    links: [
      { href: `${baseUrl}${refundPath(refund.id)}`, rel: 'self', method: 'GET' },
      { href: `${baseUrl}${capturePath(refund.captureId)}`, rel: 'up', method: 'GET' },
    ],
    create_time: paypalTime(refund.createdAt),
    update_time: paypalTime(refund.createdAt),
  };
}

/** The shipping PayPal adds from the buyer's account when the shop let PayPal ask (GET_FROM_FILE). */
function shippingOf(order: OrderRecord): Record<string, unknown> | undefined {
  const unit = order.request.purchase_units[0];
  const preference = order.request.payment_source?.paypal.experience_context?.shipping_preference;
  if (preference === 'NO_SHIPPING') return undefined;
  if (unit?.shipping) return unit.shipping;
  if (order.status !== 'APPROVED' && order.status !== 'COMPLETED') return undefined;
  return {
    name: { full_name: `${SANDBOX_PAYER.givenName} ${SANDBOX_PAYER.surname}` },
    address: {
      address_line_1: '1 Sandbox Street',
      admin_area_2: 'London',
      postal_code: 'SW1A 1AA',
      country_code: 'GB',
    },
  };
}

export interface OrderWithPayments {
  readonly order: OrderRecord;
  readonly capture?: CaptureRecord | undefined;
  readonly refunds?: readonly RefundRecord[];
}

export function purchaseUnitView(baseUrl: string, { order, capture, refunds = [] }: OrderWithPayments) {
  const unit = order.request.purchase_units[0];
  const shipping = shippingOf(order);
  return {
    ...unit,
    reference_id: unit?.reference_id ?? 'default',
    payee: SANDBOX_PAYEE,
    ...(shipping ? { shipping } : {}),
    ...(capture
      ? {
          payments: {
            captures: [captureView(baseUrl, capture, order)],
            ...(refunds.length
              ? { refunds: refunds.map((refund) => refundView(baseUrl, refund, capture)) }
              : {}),
          },
        }
      : {}),
  };
}

export function orderView(baseUrl: string, payments: OrderWithPayments) {
  const { order } = payments;
  const approved = order.status === 'APPROVED' || order.status === 'COMPLETED';
  return {
    id: order.id,
    intent: order.request.intent,
    status: order.status,
    payment_source: paymentSourceView(order),
    purchase_units: [purchaseUnitView(baseUrl, payments)],
    ...(approved ? { payer: payerView() } : {}),
    create_time: paypalTime(order.createdAt),
    update_time: paypalTime(order.updatedAt),
    links: orderLinks(baseUrl, order),
  };
}
