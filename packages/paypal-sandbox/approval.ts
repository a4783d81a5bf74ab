/**
 * The approval page at the payer-action link, `GET /checkoutnow?token={order id}`, and its form post.
 * Pay (PayPal balance), Pay in 3 (Pay Later, offered for £30 to £2,000 as PayPal UK does) and Decline (a
 * card the bank will refuse at capture) approve the order, raise CHECKOUT.ORDER.APPROVED and send the
 * browser to the shop's return_url with `token` and `PayerID` added; Cancel sends it to cancel_url with
 * `token`. An expired, unknown, approved or paid order gets a page that says so.
 */
import type { Context } from 'hono';
import { z } from 'zod';
import { sendPage, sendRedirect } from '@cleaning-shop/kit/sandbox-pages.ts';
import type { PayPalStore } from './db.ts';
import { toPence } from './order-rules.ts';
import { approvalPage, messagePage, redirectBody } from './pages.ts';
import { CHOICES, type OrderRecord } from './records.ts';
import { MESSAGES, type Message } from './texts.ts';
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

/**
 * PayPal UK's own range for Pay in 3 (its Pay Later terms: purchases of £30 to £2,000, both included), in
 * pence: the sandbox holds the shop to PayPal's rule, never to the shop's reading of it.
 */
const PAY_IN_3_RANGE_PENCE = { min: 3_000, max: 200_000 } as const;

function payIn3(order: OrderRecord) {
  const amount = order.request.purchase_units[0]?.amount;
  const pence = amount ? (toPence(amount.value) ?? 0) : 0;
  if (
    amount?.currency_code === 'GBP' &&
    pence >= PAY_IN_3_RANGE_PENCE.min &&
    pence <= PAY_IN_3_RANGE_PENCE.max
  )
    return { offered: true } as const;
  return { offered: false, why: MESSAGES.payIn3Range } as const;
}

/** A page for an order the payer cannot act on, or undefined when it awaits the payer. */
function stateMessage(order: OrderRecord | undefined, now: number): Message | undefined {
  if (!order) return MESSAGES.notFound;
  if (order.status === 'COMPLETED') return MESSAGES.paid;
  if (order.expiresAt <= now) return MESSAGES.expired;
  if (order.status === 'APPROVED') return MESSAGES.approved;
  return undefined;
}

const pagePath = (order: OrderRecord): string => `${APPROVAL_PATH}?token=${encodeURIComponent(order.id)}`;

const sendMessage = (c: Context, message: Message): Response =>
  sendPage(c, message.status, messagePage(message));

function redirect(c: Context, url: string, params: Readonly<Record<string, string>>): Response {
  const location = withParams(url, params);
  return sendRedirect(c, location, redirectBody(location));
}

export function createApprovalPages(options: ApprovalOptions) {
  const { store } = options;

  function show(c: Context): Response {
    const order = store.order(c.req.query('token') ?? '');
    const message = stateMessage(order, options.now());
    if (message || !order) return sendMessage(c, message ?? MESSAGES.notFound);
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
        action: pagePath(order),
        payIn3: payIn3(order),
        payLabel: 'Pay',
      }),
    );
  }

  async function choose(c: Context): Promise<Response> {
    const now = options.now();
    const order = store.order(c.req.query('token') ?? '');
    const form = formSchema.safeParse(await c.req.parseBody());
    const message = stateMessage(order, now);
    if (message || !order) return sendMessage(c, message ?? MESSAGES.notFound);
    if (!form.success) return sendMessage(c, MESSAGES.chooseAgain(pagePath(order)));
    const { choice } = form.data;
    const context = order.request.payment_source?.paypal.experience_context;
    if (choice === 'cancel')
      return context?.cancel_url
        ? redirect(c, context.cancel_url, { token: order.id })
        : sendMessage(c, MESSAGES.cancelled);
    if (choice === 'pay-in-3' && !payIn3(order).offered)
      return sendMessage(c, MESSAGES.payIn3Unavailable(pagePath(order)));
    if (!store.approve(order.id, choice, SANDBOX_PAYER.payerId, now, now + options.orderTtlMs))
      return show(c);
    const approved = store.order(order.id);
    if (approved) options.approved(approved);
    return context?.return_url
      ? redirect(c, context.return_url, { token: order.id, PayerID: SANDBOX_PAYER.payerId })
      : sendMessage(c, MESSAGES.noReturnUrl);
  }

  return { show, choose };
}
