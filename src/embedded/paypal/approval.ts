/**
 * The approval page at the payer-action link, `GET /checkoutnow?token={order id}`, and its form post.
 * Pay (PayPal balance), Pay in 3 (Pay Later, offered for £30 to £2,000 as PayPal UK does) and Decline (a
 * card the bank will refuse at capture) approve the order, raise CHECKOUT.ORDER.APPROVED and send the
 * browser to the shop's return_url with `token` and `PayerID` added; Cancel sends it to cancel_url with
 * `token`. An expired, unknown, approved or paid order gets a page that says so.
 */
import type { Context } from 'hono';
import { z } from 'zod';
import { PAY_IN_3_PENCE } from '../../features/checkout/pay-in-3.ts';
import { sendPage, sendRedirect } from '../payment/http.ts';
import { redirectBody } from '../payment/pages.ts';
import type { PayPalStore } from './db.ts';
import { toPence } from './order-rules.ts';
import { approvalPage, messagePage } from './pages.ts';
import { CHOICES, type OrderRecord } from './records.ts';
import { SANDBOX_PAYER } from './views.ts';

export const APPROVAL_PATH = '/checkoutnow';

export interface ApprovalOptions {
  readonly store: PayPalStore;
  /** The approved order's new lifetime starts at approval: PayPal's 3 hours to capture. */
  readonly orderTtlMs: number;
  readonly now: () => number;
  readonly approved: (order: OrderRecord) => void;
}

const formSchema = z.object({ choice: z.enum([...CHOICES, 'cancel']) });

const withParams = (url: string, params: Readonly<Record<string, string>>): string => {
  const target = new URL(url);
  for (const [name, value] of Object.entries(params)) target.searchParams.append(name, value);
  return target.href;
};

function payIn3(order: OrderRecord) {
  const amount = order.request.purchase_units[0]?.amount;
  const pence = amount ? (toPence(amount.value) ?? 0) : 0;
  if (amount?.currency_code === 'GBP' && pence >= PAY_IN_3_PENCE.min && pence <= PAY_IN_3_PENCE.max)
    return { offered: true } as const;
  return { offered: false, why: 'Pay in 3 is available for purchases of £30 to £2,000.' } as const;
}

/** A page for an order the payer cannot act on, or undefined when it awaits the payer. */
function stateMessage(order: OrderRecord | undefined, now: number) {
  if (!order)
    return {
      status: 404 as const,
      title: 'We can’t find this payment',
      paragraphs: ['The link may be wrong. Go back to the shop and try again.'],
    };
  if (order.status === 'COMPLETED')
    return {
      status: 200 as const,
      title: 'This order is already paid',
      paragraphs: ['You have already paid for this order. There is nothing more to do here.'],
    };
  if (order.expiresAt <= now)
    return {
      status: 410 as const,
      title: 'This payment session has expired',
      paragraphs: ['It was not approved in time. Go back to the shop to start the payment again.'],
    };
  if (order.status === 'APPROVED')
    return {
      status: 200 as const,
      title: 'You have approved this payment',
      paragraphs: ['The shop will complete the payment. You can close this page.'],
    };
  return undefined;
}

export function createApprovalPages(options: ApprovalOptions) {
  const { store } = options;

  function show(c: Context): Response {
    const token = c.req.query('token') ?? '';
    const order = store.order(token);
    const message = stateMessage(order, options.now());
    if (message || !order)
      return sendPage(
        c,
        message?.status ?? 404,
        messagePage(message ?? { title: 'Not found', paragraphs: [] }),
      );
    const unit = order.request.purchase_units[0];
    const context = order.request.payment_source?.paypal.experience_context;
    return sendPage(
      c,
      200,
      approvalPage({
        brandName: context?.brand_name ?? 'Sandbox merchant',
        amount: unit?.amount.value ?? '0.00',
        currency: unit?.amount.currency_code ?? 'GBP',
        items: unit?.items ?? [],
        action: `${APPROVAL_PATH}?token=${encodeURIComponent(order.id)}`,
        payIn3: payIn3(order),
        payLabel: 'Pay',
      }),
    );
  }

  async function choose(c: Context): Promise<Response> {
    const token = c.req.query('token') ?? '';
    const now = options.now();
    const order = store.order(token);
    const form = formSchema.safeParse(await c.req.parseBody());
    const message = stateMessage(order, now);
    if (message || !order)
      return sendPage(
        c,
        message?.status ?? 404,
        messagePage(message ?? { title: 'Not found', paragraphs: [] }),
      );
    if (!form.success)
      return sendPage(
        c,
        400,
        messagePage({
          title: 'Choose how to pay',
          paragraphs: ['Pick one of the buttons on the payment page.'],
          link: {
            href: `${APPROVAL_PATH}?token=${encodeURIComponent(order.id)}`,
            text: 'Back to the payment page',
          },
        }),
      );
    const context = order.request.payment_source?.paypal.experience_context;
    if (form.data.choice === 'cancel') {
      if (!context?.cancel_url)
        return sendPage(
          c,
          200,
          messagePage({
            title: 'Payment cancelled',
            paragraphs: ['You cancelled the payment. You can close this page.'],
          }),
        );
      const location = withParams(context.cancel_url, { token: order.id });
      return sendRedirect(c, location, redirectBody(location));
    }
    if (form.data.choice === 'pay-in-3' && !payIn3(order).offered)
      return sendPage(
        c,
        400,
        messagePage({
          title: 'Pay in 3 is not available',
          paragraphs: ['Pay in 3 is available for purchases of £30 to £2,000.'],
          link: {
            href: `${APPROVAL_PATH}?token=${encodeURIComponent(order.id)}`,
            text: 'Choose another way to pay',
          },
        }),
      );
    if (!store.approve(order.id, form.data.choice, SANDBOX_PAYER.payerId, now, now + options.orderTtlMs))
      return show(c);
    const approved = store.order(order.id);
    if (approved) options.approved(approved);
    // Without a return_url PayPal has nowhere to send the payer and shows its own error.
    if (!context?.return_url)
      return sendPage(
        c,
        200,
        messagePage({
          title: 'Things don’t appear to be working at the moment',
          paragraphs: [
            'You approved the payment, but the shop gave PayPal no return_url to send you back to.',
          ],
        }),
      );
    const location = withParams(context.return_url, { token: order.id, PayerID: SANDBOX_PAYER.payerId });
    return sendRedirect(c, location, redirectBody(location));
  }

  return { show, choose };
}
