/**
 * Where PayPal sends the shopper and its events:
 * - `GET /payments/paypal/return?code=…&token=…&PayerID=…`: the payer approved; if the order can still
 *   be placed, it is captured and settled, and the shopper goes to `/paid` (or `/failed-payment`, told of
 *   the refund when Magento then refused the order); if not, nothing is taken and the shopper goes back
 *   to the payment step, told why (`?paypal=changed|stock|collection`). A declined instrument, an expired
 *   approval or another refusal goes back to the payment step with `?paypal=<why>` to choose again; a
 *   return whose code and token do not name one PayPal transaction changes nothing.
 * - `GET /payments/paypal/cancel?code=…&token=…`: the payer cancelled on PayPal; the transaction ends
 *   unless PayPal says it was approved after all, and the shopper chooses again.
 * - `POST /payments/paypal/webhook`: `webhook.ts`.
 * A return replayed after the payment ended is sent to its outcome again; PayPal being down sends the
 * shopper to `/paid`, which waits while recovery finishes it.
 */
import { Hono, type Context } from 'hono';
import { describeError, methodNotAllowed } from '../../../http/index.ts';
import type { PaymentRecord } from '../../payment-records.ts';
import type { PaymentSettlement, ProviderNotification } from '../../provider.ts';
import { OutcomeUnknownError } from '../../provider.ts';
import { PayPalUnavailable, type PayPalApi } from './api.ts';
import { captureIfOrderable, isRefusal, NOT_TAKEN, notification, orderNotice, refusedBy } from './capture.ts';
import { PAYPAL, PAYPAL_WEBHOOK_PATH } from './settings.ts';
import { webhook } from './webhook.ts';

export const RETURN_PATH = '/payments/paypal/return';
export const CANCEL_PATH = '/payments/paypal/cancel';

/**
 * Why the shopper is back at the payment step (`?paypal=`), as the payment step words it; a check that
 * refused the order is named by its own name (`collection`).
 */
export type BackReason =
  'declined' | 'cancelled' | 'expired' | 'unknown' | 'refused' | 'changed' | 'stock' | (string & {});

const noStore = { 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' };
const goTo = (url: string) => new Response(null, { status: 303, headers: { Location: url, ...noStore } });

function back(settlement: PaymentSettlement, reason: BackReason, issue?: string): Response {
  const url = new URL(settlement.pages.payment);
  url.searchParams.set('paypal', reason);
  if (issue) url.searchParams.set('issue', issue.replace(/[^A-Z_]/g, '').slice(0, 60));
  return goTo(url.href);
}

/** The PayPal transaction the query names by both our code and PayPal's token, else undefined. */
async function named(c: Context, settlement: PaymentSettlement): Promise<PaymentRecord | undefined> {
  const code = c.req.query('code') ?? '';
  const token = c.req.query('token') ?? '';
  const record = code && token ? await settlement.find(code) : undefined;
  return record?.provider === PAYPAL && record.providerRef === token ? record : undefined;
}

/** Ended without an order for a reason the payer can act on: back to choose again. */
const CHOOSE_AGAIN: Readonly<Record<string, BackReason>> = {
  INSTRUMENT_DECLINED: 'declined',
  EXPIRED: 'expired',
  CANCELLED: 'cancelled',
  [NOT_TAKEN.changed]: 'changed',
  [NOT_TAKEN.stock]: 'stock',
};

/** Where a return finds a payment already settled (by its webhook, or a replayed return). */
function outcomePage(settlement: PaymentSettlement, record: PaymentRecord): Response {
  // PLACING: the paid page waits for the order being placed.
  if (record.state === 'PAID' || record.state === 'PLACING') return goTo(settlement.pages.paid);
  const status = record.providerStatus ?? '';
  const reason = CHOOSE_AGAIN[status] ?? refusedBy(status);
  return reason ? back(settlement, reason) : goTo(settlement.pages.failed);
}

/**
 * Settles what PayPal said and sends the shopper on; a payment still being placed waits on `/paid`. The
 * payment's first answer stands: when the approval webhook placed the order while this return looked at
 * the basket (which it then found ordered, "changed"), the shopper has paid and is told so.
 */
async function settled(settlement: PaymentSettlement, record: PaymentRecord, said: ProviderNotification) {
  try {
    const ack = await settlement.settle(record, said);
    const now = await settlement.find(record.code);
    return now ? outcomePage(settlement, now) : goTo(ack.redirectUrl);
  } catch (error) {
    if (!(error instanceof OutcomeUnknownError)) throw error;
    return goTo(settlement.pages.paid);
  }
}

async function returned(c: Context, settlement: PaymentSettlement, api: PayPalApi): Promise<Response> {
  const record = await named(c, settlement);
  if (!record) return back(settlement, 'unknown');
  if (record.state !== 'REGISTERED') return outcomePage(settlement, record);
  try {
    const said = await captureIfOrderable(api, record, settlement);
    if (!isRefusal(said)) return await settled(settlement, record, said);
    // The approval webhook may have captured (or been declined) in between: its outcome, if it has one.
    const now = await settlement.find(record.code);
    if (now && now.state !== 'REGISTERED') return outcomePage(settlement, now);
    return back(settlement, 'refused', said.issue);
  } catch (error) {
    if (!(error instanceof PayPalUnavailable)) throw error;
    // Captured or not, PayPal will say (the webhook, recovery): the paid page waits for it.
    settlement.log(`Payment ${record.code}: PayPal did not answer the capture: ${error.message}`);
    return goTo(settlement.pages.paid);
  }
}

async function cancelled(c: Context, settlement: PaymentSettlement, api: PayPalApi): Promise<Response> {
  const record = await named(c, settlement);
  if (!record || record.state !== 'REGISTERED') return back(settlement, 'cancelled');
  try {
    // A cancel link opened after approving in another tab must not end a payment PayPal took.
    const order = await api.getOrder(record.providerRef);
    const said = order.ok ? orderNotice(record, order.value) : undefined;
    if (order.ok && (said || order.value.status === 'APPROVED')) return back(settlement, 'cancelled');
  } catch (error) {
    if (!(error instanceof PayPalUnavailable)) throw error;
    return back(settlement, 'cancelled');
  }
  await settlement
    .settle(record, notification(record, 'CANCELLED', 'cancelled', 'the payer cancelled on PayPal'))
    .catch((error: unknown) =>
      settlement.log(`Payment ${record.code}: cancel not recorded: ${describeError(error)}`),
    );
  return back(settlement, 'cancelled');
}

export function payPalRoutes(settlement: PaymentSettlement, api: PayPalApi): Hono {
  const routes = new Hono();
  routes.get(RETURN_PATH, (c) => returned(c, settlement, api));
  routes.all(RETURN_PATH, methodNotAllowed('GET, HEAD'));
  routes.get(CANCEL_PATH, (c) => cancelled(c, settlement, api));
  routes.all(CANCEL_PATH, methodNotAllowed('GET, HEAD'));
  routes.post(PAYPAL_WEBHOOK_PATH, (c) => webhook(c, settlement, api));
  routes.all(PAYPAL_WEBHOOK_PATH, methodNotAllowed('POST'));
  return routes;
}
